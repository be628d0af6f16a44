import Foundation
import Testing
import LocSim
import LocSimModel
import LocSimCoreLocation

/// A tracker written the iOS 18 way, against Core Location's names: a service session says what it
/// needs, live updates deliver, a background activity session keeps it in use in the background,
/// a monitor watches home. The same source compiles against Core Location on Apple platforms.
final class IOS18Tracker {
    var session: CLServiceSession?
    var activity: CLBackgroundActivitySession?
    var fixes: [CLLocationCoordinate2D] = []
    var notes: [String] = []

    func start() {
        session = CLServiceSession(authorization: .whenInUse)
        activity = CLBackgroundActivitySession()
    }

    /// Reads updates until `count` fixes arrived, or the updates say why none can come.
    func track(count: Int) async throws {
        for try await update in CLLocationUpdate.liveUpdates(.fitness) {
            if update.authorizationDenied || update.authorizationDeniedGlobally { notes.append("denied"); return }
            if update.insufficientlyInUse { notes.append("insufficientlyInUse"); return }
            if update.authorizationRequestInProgress { notes.append("asking"); continue }
            if let location = update.location {
                fixes.append(location.coordinate)
                if fixes.count == count { return }
            }
        }
    }
}

@Suite("O: Core Location's iOS 17/18 names on a simulated device")
struct ServiceSessionNamesTests {
    static let home = CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522)
    static let away = CLLocationCoordinate2D(latitude: 48.9, longitude: 2.4)

    @Test("O1, O5, O13: an iOS 18 tracker asks through its session, gets fixes, and keeps them in the background with its activity session")
    func tracker() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.home)
        let app = device.install(AppDescription(backgroundModes: ["location"])) // the activity session needs it (O16)
        device.user.willChoose(PromptButton.allowWhileUsing)
        try await withSimulatedApp(app) {
            let tracker = IOS18Tracker()
            tracker.start()
            device.play(GPXTrack(points: [GPXTrack.Point(coordinate: Self.home, time: .zero), GPXTrack.Point(coordinate: Self.away, time: .seconds(60))]))
            app.enterBackground()
            try await tracker.track(count: 2)
            #expect(tracker.notes == ["asking"] || tracker.notes.isEmpty)
            #expect(tracker.fixes == [Self.home, Self.away])
            #expect(app.model.indicatorShowing)
            #expect(tracker.session?.diagnostic == [])
        }
    }

    @Test("O6, O10: without the activity session, a When In Use tracker in the background is told it is insufficiently in use")
    func trackerWithoutActivity() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.home)
        let app = device.install()
        app.launch()
        app.changeSetting(.whileUsing)
        try await withSimulatedApp(app) {
            let tracker = IOS18Tracker()
            tracker.session = CLServiceSession(authorization: .whenInUse)
            app.enterBackground()
            device.advance(by: .seconds(30))
            try await tracker.track(count: 1)
            #expect(tracker.notes == ["insufficientlyInUse"])
            #expect(tracker.fixes.isEmpty)
        }
    }

    @Test("O15: CLMonitor's circular condition reports satisfied then unsatisfied as the device moves")
    func monitor() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.away)
        let app = device.install()
        app.launch()
        app.changeSetting(.whileUsing)
        try await withSimulatedApp(app) {
            let monitor = await CLMonitor("places")
            await monitor.add(CLMonitor.CircularGeographicCondition(center: Self.home, radius: 200), identifier: "home")
            var events = await monitor.events.makeAsyncIterator()
            let first = try await events.next()
            #expect(first?.identifier == "home" && first?.state == .unsatisfied)
            device.move(to: Self.home)
            let second = try await events.next()
            #expect(second?.state == .satisfied)
            #expect(second?.date == VirtualDate.date(at: device.now))
            #expect(await monitor.identifiers == ["home"])
            #expect(await monitor.record(for: "home")?.lastEvent.state == .satisfied)
        }
    }

    @Test("O3: CLServiceSession.session(authorization:) and the full-accuracy key ask for temporary full accuracy once (K5)")
    func fullAccuracySession() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.home)
        var description = AppDescription(temporaryPurposeKeys: ["Nav": "Turn-by-turn needs your precise location."])
        description.defaultAccuracyReduced = true
        let app = device.install(description)
        app.launch()
        app.changeSetting(.whileUsing)
        try await withSimulatedApp(app) {
            let session = CLServiceSession.session(authorization: .whenInUse, fullAccuracyPurposeKey: "Nav")
            var diagnostics = session.diagnostics.makeAsyncIterator()
            let asking = try await diagnostics.next()
            #expect(asking?.authorizationRequestInProgress == true)
            #expect(device.promptOnScreen?.prompt.kind == .fullAccuracy)
            try device.choose(.dontAllow)
            let refused = try await diagnostics.next()
            #expect(refused?.fullAccuracyDenied == true)
        }
    }
}
