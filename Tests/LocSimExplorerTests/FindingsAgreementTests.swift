import LocSim
import LocSimExplorer
import LocSimModel
import LocSimTesting
import Testing

/// The CLI explorer (an app model) and the test-support exploration (the same app as Swift code)
/// compute findings in one place, so one app gives the same findings both ways.
@Suite("Findings agree between app models and Swift apps")
struct FindingsAgreementTests {
    /// Examples/explore/buggy-tracker.yml, written against `LocationManager`.
    final class BuggyTracker: ExplorationApp, LocationManagerDelegate {
        let manager: LocationManager
        var screen = "home"
        var isWaiting: Bool { screen == "asking" }
        init(_ app: SimulatedApp) {
            manager = LocationManager(app: app)
            manager.delegate = self
        }
        func tap(_ name: String) {
            guard name == "track", screen == "home" else { return }
            screen = "asking"
            manager.requestAlwaysAuthorization()
        }
        func willEnterForeground() { manager.requestWhenInUseAuthorization() }
        // Before iOS 14 Core Location calls only the deprecated method (C1): the app handles both.
        func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) { changed(manager) }
        func locationManagerDidChangeAuthorization(_ manager: LocationManager) { changed(manager) }
        func changed(_ manager: LocationManager) {
            switch (manager.authorizationStatus, screen) {
            case (.authorizedAlways, "asking"):
                screen = "tracking"
                manager.startUpdatingLocation()
                manager.allowsBackgroundLocationUpdates = true
            case (.denied, "asking"):
                screen = "blocked"
            case (.authorizedWhenInUse, "home"):
                manager.startUpdatingLocation()
            default:
                break
            }
        }
    }

    struct Found: Hashable, CustomStringConvertible {
        var kind: FindingKind
        var key: String
        var platform: String
        var description: String { "\(kind.rawValue) \(key) on \(platform)" }
    }

    @Test("C12, D1, I6, I8: the buggy tracker's findings are the same as an app model and as Swift code",
          arguments: [Platform(.iOS, 12, 4), Platform(.iOS, 13, 2), Platform(.iOS, 18)])
    func buggyTrackerAgrees(_ platform: Platform) async throws {
        let depth = 7
        var model = try ExampleModels.load("buggy-tracker.yml")
        model.depth = depth
        let fromModel = Explorer.explore(model, on: platform).findings.map {
            Found(kind: $0.kind, key: $0.key, platform: $0.platform.description)
        }
        // A request that did nothing is a finding of the Swift exploration only where a screen
        // waits on it, a note otherwise; the app model's explorer reports every one.
        let outcome = try await ExplorationRun(app: model.app, platforms: [platform], depth: depth, timeBudget: .seconds(1200), taps: model.taps) { BuggyTracker($0) }.outcome()
        let fromSwift = (outcome.findings + outcome.notes).map { Found(kind: $0.kind, key: $0.key, platform: $0.platform.description) }
        #expect(outcome.notes.allSatisfy { $0.kind == .ignoredRequest }, "\(outcome.notes)")
        #expect(outcome.findings.filter { $0.kind == .terminated }.allSatisfy { $0.key == "allowsBackgroundLocationUpdates" }, "\(outcome.findings)")
        #expect(!fromModel.isEmpty)
        #expect(Set(fromModel.map(\.kind)).isSuperset(of: [.hang, .ignoredRequest, .promptOnForeground, .backgroundStart, .terminated])
                || platform.major < 13)
        #expect(Set(fromSwift) == Set(fromModel), "only as Swift: \(Set(fromSwift).subtracting(fromModel)); only as a model: \(Set(fromModel).subtracting(fromSwift))")
    }
}
