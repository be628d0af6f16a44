import LocSim
import LocSimModel
import LocSimScenario
import Testing
@testable import LocSimServe

/// The work of one request does not grow with the session: a failed `expect` is not replayed
/// from the first step, and an opened file's steps are taken by index.
@Suite struct SessionCostTests {
    /// A small seeded generator (SplitMix64), so the random sessions are the same every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func session(steps: Int) throws -> PlaygroundSession {
        let session = PlaygroundSession(name: "long", device: DeviceSpec(), app: AppDescription(name: "Trails"))
        try session.perform(Step(.lifecycle(.launch), line: 0))
        for _ in 0..<steps { try session.perform(Step(.wait(.seconds(1)), line: 0)) }
        return session
    }

    /// The step of scenario text `step` (`expect: {status: notDetermined}`).
    static func step(_ step: String) throws -> Step {
        let text = "name: s\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n  - \(step)\n"
        return try #require(try ScenarioParser.parse(text, file: "s.yml").steps.first)
    }

    @Test("a failed expect after 2,000 recorded steps replays nothing and changes nothing; the next step applies")
    func failedExpectDoesNotReplay() throws {
        let session = try Self.session(steps: 2_000)
        let entries = session.device.timeline.entries.count
        let expect = try Self.step("expect: {status: authorizedAlways}")
        let outcome = try session.perform(expect)
        #expect(outcome.result == .failed)
        #expect(session.rebuilds == 0)
        #expect(session.device.timeline.entries.count == entries)
        #expect(session.scenario.steps.count == 2_001)
        // The expectation's window did not move: one that holds still sees the launch's callback.
        let held = try Self.step("expect: {status: notDetermined}")
        #expect(try session.perform(held).result == .held)
        #expect(try session.perform(Step(.wait(.seconds(1)), line: 0)).result == .applied)
        #expect(session.rebuilds == 0)
    }

    @Test("a step that cannot apply is undone, not replayed: after 2,000 steps nothing is rebuilt and the device is as before")
    func invalidStepIsUndone() throws {
        let session = try Self.session(steps: 2_000)
        let entries = session.device.timeline.entries
        let outcome = try session.perform(Step(.lifecycle(.launch), line: 0))
        #expect(outcome.result == .invalid)
        #expect(session.rebuilds == 0 && session.replayedSteps == 0)
        #expect(session.device.timeline.entries == entries)
    }

    /// Steps of every kind, many of which cannot apply in many states.
    static let mixedSteps = [
        "launch", "launchInBackground", "foreground", "background", "suspend", "terminate", "forceQuit", "crash",
        "requestWhenInUse", "requestAlways", "requestLocation", "startUpdating", "stopUpdating", "startVisits",
        "startSignificantChanges", "requestFullAccuracy: Navigation", "set: {allowsBackgroundLocationUpdates: true}",
        "choose: allowOnce", "choose: allowWhileUsing", "choose: dontAllow", "choose: allow", "choose: changeToAlwaysAllow",
        "choose: keepOnlyWhileUsing", "settings: never", "settings: always", "settings: whileUsing",
        "locationServices: off", "locationServices: on", "airplaneMode: on", "airplaneMode: off", "lock", "unlock",
        "wait: 1m", "wait: 10m", "wait: 1h", "visit", "tapLocationButton", "addWidget", "viewWidget", "reinstall",
        "resetLocationAndPrivacy", "createManager: second", "requestWhenInUse: {on: second}", "checkLocationServices: background",
        "moveTo: {latitude: 37.3318, longitude: -122.0312}", "monitorRegion: {name: trailhead, latitude: 37.3318, longitude: -122.0312, radius: 200}",
        "enterRegion: trailhead", "exitRegion: trailhead",
        "createServiceSession: {name: nav, authorization: whenInUse}", "invalidateServiceSession: nav",
        "startBackgroundActivity: run", "invalidateBackgroundActivity: run", "startLiveUpdates: live", "stopLiveUpdates: live",
        "openMonitor: places", "addCondition: {monitor: places, identifier: home, center: {latitude: 37.3318, longitude: -122.0312}, radius: 100}",
        "confirmLocation: {latitude: 37.3350, longitude: -122.009, radius: 200}",
        "expect: {refused: not running}", "expect: {status: notDetermined}",
    ]

    /// What a session shows, without the request's own work.
    static func shown(_ session: PlaygroundSession) -> SessionView {
        var view = SessionView(id: "s", session: session, range: .init(since: 0, stepsSince: 0))
        view.lastOutcome = nil
        return view
    }

    @Test("undoing a step that cannot apply leaves what replaying the recorded steps would: random sessions of every kind of step, on three platforms")
    func undoEqualsReplay() throws {
        var steps: [String: Step] = [:]
        for text in Self.mixedSteps { steps[text] = try Self.step(text) }
        var generator = SplitMix(seed: 31)
        var invalid = 0
        for platform in ["iOS 18.0", "iOS 17.0", "macOS 15.0"] {
            var device = DeviceSpec()
            device.platform = try #require(Platform(parsing: platform))
            let app = AppDescription(name: "Trails", backgroundModes: ["location"])
            let session = PlaygroundSession(name: "mixed", device: device, app: app)
            for _ in 0..<300 {
                let text = Self.mixedSteps[Int(generator.next() % UInt64(Self.mixedSteps.count))]
                let outcome = try session.perform(try #require(steps[text]))
                guard outcome.result == .invalid else { continue }
                invalid += 1
                let replayed = PlaygroundSession(name: "mixed", device: device, app: app)
                for step in session.scenario.steps { try replayed.perform(step) }
                #expect(Self.shown(session) == Self.shown(replayed), "after \(text) on \(platform) at step \(session.scenario.steps.count)")
                #expect(session.device.timeline.entries == replayed.device.timeline.entries)
                #expect(session.app.model == replayed.app.model, "after \(text) on \(platform)")
                if Self.shown(session) != Self.shown(replayed) { return }
            }
            #expect(session.rebuilds == 0)
        }
        #expect(invalid > 100)
    }

    @Test("an opened file's steps are applied in order by index, a failed one kept for the next try")
    func openedStepsByIndex() throws {
        let session = PlaygroundSession(name: "x", device: DeviceSpec(), app: AppDescription(name: "Trails"))
        let text = "name: o\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n  - launch\n  - expect: {status: authorizedAlways}\n  - wait: 1s\n"
        try session.open(try ScenarioParser.parse(text, file: "o.yml"))
        #expect(session.pending.count == 3)
        #expect(try session.next().result == .applied)
        #expect(try session.next().result == .failed)
        #expect(session.pending.count == 2)
        #expect(try session.next().result == .failed)
    }
}
