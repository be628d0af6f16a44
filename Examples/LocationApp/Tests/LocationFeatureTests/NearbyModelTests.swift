#if !canImport(CoreLocation) || LOCSIM
import LocSimCoreLocation
import LocSimTesting
import LocationFeature
import Observation
import Testing

/// The Observation view model as the explorer drives it: "openNearby" is the user opening the
/// screen, and SwiftUI starting its `.task {}`: a task of the app's own, where the service session
/// and the live updates are made. After a relaunch the app shows its first screen again.
@available(iOS 18.0, macOS 15.0, *)
@MainActor final class ExploredNearby: @preconcurrency ExplorationApp {
    let model = NearbyModel()
    var task: Task<Void, Never>?
    var screen: String { model.screen.rawValue }
    var isWaiting: Bool { model.screen == .locating }
    func canTap(_ name: String) -> Bool { task == nil }
    func tap(_ name: String) {
        task = Task { await model.follow() }
    }
}

/// Set by Observation's change handler, which runs where the property changes: on the main actor.
final class Flag: @unchecked Sendable {
    var isSet = false
}

@Suite("The @Observable view model: a service session and live updates made in the view's task")
@MainActor struct NearbyModelTests {
    @available(iOS 18.0, macOS 15.0, *)
    @Test("O1, O2: the view redraws when the first location arrives", .simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))
    func redrawsOnLocation() async throws {
        let device = try #require(SimulatedDevice.current)
        device.awaitsSuspend = true
        let model = NearbyModel()
        let redrawn = Flag()
        withObservationTracking { _ = model.screen } onChange: { redrawn.isSet = true }
        let task = Task { await model.follow() }             // SwiftUI's .task {}
        await device.settle()
        #expect(model.screen == .located)
        #expect(model.coordinate != nil)
        #expect(redrawn.isSet)
        #expect(device.apps.first?.model.sessions.service.count == 1, "the session made inside the task is the app's")
        task.cancel()
        await task.value
    }

    @available(iOS 18.0, macOS 15.0, *)
    @Test("every path on iOS 18: no finding; the user's answers reach the screen")
    func exploreEveryPath() async throws {
        let outcome = try await ExplorationRun(platforms: [Platform(.iOS, 18)], taps: ["openNearby"]) { _ in ExploredNearby() }.outcome()
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(Set(outcome.screensReached).isSuperset(of: ["idle", "locating", "located", "denied"]), "\(outcome.screensReached)")
        #expect(outcome.verdicts.allSatisfy { $0.isDecided }, "\(outcome.verdicts)")
    }
}
#endif
