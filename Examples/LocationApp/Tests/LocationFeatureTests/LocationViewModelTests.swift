#if !canImport(CoreLocation) || LOCSIM
import LocSimCoreLocation
import LocSimTesting
import LocationFeature
import Testing
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The SwiftUI view model as the explorer drives it: the view shows the button, the location, or
/// "Open Settings".
@MainActor final class ExploredLocationView: @preconcurrency ExplorationApp {
    let model = LocationViewModel()
    var screen: String {
        switch model.status {
        case .notDetermined: "button"
        case .authorizedWhenInUse, .authorizedAlways: model.coordinate == nil ? "locating" : "map"
        default: "openSettings"
        }
    }
    var isWaiting: Bool { false }                        // the view never blocks on an answer
    var fingerprint: String { model.wantsLocation ? "wants" : "" }
    func tap(_ name: String) { model.showMyLocationTapped() }
    func didEnterBackground() { model.movedToBackground() }
}

/// A broken copy that asks in `init`, as many SwiftUI samples do: the prompt comes up as soon as
/// the view is made, at launch, before the user asked for anything.
@MainActor final class AsksAtLaunchViewModel: NSObject, ObservableObject, @preconcurrency CLLocationManagerDelegate {
    @Published private(set) var status: CLAuthorizationStatus = .notDetermined
    private let manager = CLLocationManager()

    override init() {
        super.init()
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        status = manager.authorizationStatus
    }
}

@MainActor final class ExploredAsksAtLaunch: @preconcurrency ExplorationApp {
    let model = AsksAtLaunchViewModel()
    var screen: String { model.status == .notDetermined ? "button" : "map" }
    var isWaiting: Bool { false }
    func tap(_ name: String) {}
}

@Suite("The SwiftUI ObservableObject view model")
@MainActor struct LocationViewModelTests {
    @Test("the view hears every change: the answer, then the location", .simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))
    func publishesChanges() throws {
        let device = try #require(SimulatedDevice.current)
        let model = LocationViewModel()
        var published: [String] = []
        let watching = model.objectWillChange.sink { published.append("change") }
        device.run()                                      // iOS 14+ calls the delegate once at creation
        #expect(model.status == .notDetermined)
        let beforeTap = published.count
        model.showMyLocationTapped()
        device.run()
        #expect(model.status == .authorizedWhenInUse)
        #expect(model.coordinate != nil)
        #expect(published.count >= beforeTap + 2, "the status and the location: \(published)")
        watching.cancel()
    }

    @Test("every path on iOS 16 and 18: no finding")
    func exploreEveryPath() async throws {
        let outcome = try await ExplorationRun(platforms: [Platform(.iOS, 16), Platform(.iOS, 18)], taps: ["showMyLocation"]) { _ in ExploredLocationView() }.outcome()
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(Set(outcome.screensReached).isSuperset(of: ["button", "map", "openSettings"]), "\(outcome.screensReached)")
        #expect(outcome.verdicts.allSatisfy { $0.isDecided }, "\(outcome.verdicts)")
    }

    @Test("the copy that asks in init prompts at launch, before the user asked: promptOnForeground")
    func asksInInit() async throws {
        let findings = try await ExplorationRun(platforms: [Platform(.iOS, 18)], depth: 3, taps: ["nothing"]) { _ in ExploredAsksAtLaunch() }.findings()
        let prompt = try #require(findings.first { $0.kind == .promptOnForeground }, "\(findings)")
        #expect(prompt.path == ["launch"], "\(prompt.path)")
    }
}
#endif
