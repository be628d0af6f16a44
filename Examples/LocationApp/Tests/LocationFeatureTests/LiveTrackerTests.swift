#if !canImport(CoreLocation) || LOCSIM
import LocSimCoreLocation
import LocSimTesting
import LocationFeature
import Testing

/// The tracker as the explorer drives it: its screen, whether it waits, and its two buttons.
@available(iOS 18.0, macOS 15.0, *)
@MainActor final class ExploredTracker: @preconcurrency ExplorationApp {
    let model: LiveTrackerModel
    nonisolated init(keepsRunningInBackground: Bool) { model = LiveTrackerModel(keepsRunningInBackground: keepsRunningInBackground) }
    var screen: String { model.screen.rawValue }
    var isWaiting: Bool { model.screen == .asking }
    func tap(_ name: String) { name == "start" ? model.startTapped() : model.stopTapped() }
}

@Suite("The iOS 18 run tracker, on every path a user can take")
@MainActor struct LiveTrackerTests {
    @available(iOS 18.0, macOS 15.0, *)
    @Test("Allow While Using: the tracker tracks, and keeps tracking in the background")
    func tracksInBackground() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Coordinate(latitude: 48.8566, longitude: 2.3522))
        device.awaitsSuspend = true
        let app = device.install(AppDescription(name: "Runs", backgroundModes: ["location"])) // the activity session needs it (O16)
        app.launch()
        device.user.willChoose(.allowWhileUsing)
        let model = LiveTrackerModel()
        withAttachedApp(app) { model.startTapped() }
        await device.settle()
        #expect(model.screen == .tracking)
        app.enterBackground()
        device.advance(by: .seconds(60))
        device.move(to: Coordinate(latitude: 48.86, longitude: 2.36))
        await device.settle()
        #expect(model.screen == .tracking)
        #expect(model.fixes.count == 2)
        model.stopTapped()
        await device.settle()
        #expect(app.model.sessions.service.isEmpty && app.model.sessions.backgroundActivity.isEmpty)
    }

    @available(iOS 18.0, macOS 15.0, *)
    @Test("every path: the tracker is never told it is out of use; the broken copy is")
    func exploreEveryPath() async throws {
        let taps = ["start", "stop"]
        let app = AppDescription(name: "Runs", backgroundModes: ["location"]) // the activity session needs it (O16)
        let kept = try await ExplorationRun(app: app, platforms: [Platform(.iOS, 18)], depth: 6, taps: taps) { _ in ExploredTracker(keepsRunningInBackground: true) }.outcome()
        #expect(kept.findings.isEmpty, "\(kept.findings)")
        #expect(kept.screensReached == ["", "asking", "denied", "idle", "tracking"])
        let broken = try await ExplorationRun(app: app, platforms: [Platform(.iOS, 18)], depth: 6, taps: taps) { _ in ExploredTracker(keepsRunningInBackground: false) }.outcome()
        #expect(broken.screensReached.contains("paused"))
    }
}
#endif
