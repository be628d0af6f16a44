import Foundation
import LocSim
import LocSimCommand
import LocSimModel

/// `locsim benchmark sessions`: the model's transitions with section-O objects in play, and live
/// updates delivered through the simulator's async API.
enum SessionBenchmark {
    /// Applies a cycle that creates a `.always` service session, a background activity session and
    /// a live-updates stream, answers the prompts, moves the device, goes to the background and
    /// back, monitors a condition, and tears it all down. Only `handle` is timed.
    static func runModel(iterations: Int) -> String {
        let here = Location(coordinate: Coordinate(latitude: 37.33, longitude: -122.0))
        let there = Location(coordinate: Coordinate(latitude: 37.34, longitude: -122.0))
        let home = Region(name: "home", center: here.coordinate, radius: 200)
        let cyclesPerPass = 10_000
        var events: [Event] = []
        events.reserveCapacity(cyclesPerPass * 18)
        for i in 1...cyclesPerPass {
            let base = 4 * i
            let (session, activity, updates) = (SessionID(base), SessionID(base + 1), SessionID(base + 2))
            events += [
                .appCreatedServiceSession(session, .always, fullAccuracyPurposeKey: nil), .appStartedBackgroundActivitySession(activity),
                .appStartedLiveUpdates(updates), .userChoseButton(.allowWhileUsing, precise: nil), .userChoseButton(.changeToAlwaysAllow, precise: nil),
                .deviceMoved(there), .deviceMoved(here), .appEnteredBackground, .clockAdvanced(to: .seconds(11 * i)), .deviceMoved(there),
                .appEnteredForeground, .appOpenedMonitor("m"), .appAddedMonitorCondition(monitor: "m", home, assuming: .unknown),
                .deviceMoved(here), .appStoppedLiveUpdates(updates), .appInvalidatedBackgroundActivitySession(activity),
                .appInvalidatedServiceSession(session), .userResetLocationAndPrivacy,
            ]
        }
        let (count, effects, elapsed) = timeTransitions(events, iterations: iterations) {
            var model = AuthorizationModel(platform: Platform(.iOS, 18), app: AppDescription(backgroundModes: ["location"]))
            model.device.location = here
            _ = model.handle(.appLaunched)
            return model
        }
        let seconds = seconds(elapsed)
        return "sessions model: \(count) transitions in \(format(seconds)) s = \(format(Double(count) / seconds / 1e6)) million transitions/s (\(effects) effects)"
    }

    /// Plays a track of `iterations` one-second fixes and reads them through
    /// `SimulatedApp.liveUpdates()`: each `next()` turns the run loop, lets virtual time reach the
    /// next fix, and delivers it.
    static func runLiveUpdates(iterations: Int) -> String {
        final class Result: @unchecked Sendable {
            // @unchecked: written by the task before the semaphore is signalled, read after.
            var text = ""
        }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        Task {
            result.text = await measureLiveUpdates(iterations: iterations)
            done.signal()
        }
        done.wait()
        return result.text
    }

    private static func measureLiveUpdates(iterations: Int) async -> String {
        let start = Coordinate(latitude: 37.33, longitude: -122.0)
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: start)
        device.recordsTimeline = false
        let app = device.install()
        app.launch()
        app.changeSetting(.whileUsing)
        let points = (0..<iterations).map { GPXTrack.Point(coordinate: Coordinate(latitude: 37.33 + Double($0) * 1e-5, longitude: -122.0), time: .seconds($0 + 1)) }
        var updates = app.liveUpdates().makeAsyncIterator()
        _ = try? await updates.next() // the fix the device has when the iteration starts
        device.play(GPXTrack(points: points))
        let clock = ContinuousClock()
        let begin = clock.now
        var received = 0
        while received < iterations, let update = (try? await updates.next()) ?? nil {
            if update.location != nil { received += 1 }
        }
        let seconds = seconds(clock.now - begin)
        return "live updates: \(received) updates through the async API in \(format(seconds)) s = \(format(Double(received) / seconds / 1e6)) million updates/s"
    }
}
