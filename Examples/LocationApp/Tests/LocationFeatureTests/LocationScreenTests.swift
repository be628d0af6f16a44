#if !canImport(CoreLocation) || LOCSIM
import LocSimCoreLocation
import LocSimTesting
import LocationFeature
import Testing

/// The screen as the explorer drives it: its screen name, whether it waits, the two buttons and
/// the return to the foreground.
final class ExploredScreen: ExplorationApp {
    let model: LocationScreenModel
    init(_ app: SimulatedApp) { model = LocationScreenModel() }   // CLLocationManager() attaches to `app`
    var screen: String { model.screen.rawValue }
    var isWaiting: Bool { model.screen == .asking }
    func tap(_ name: String) { name == "useMyLocation" ? model.useMyLocationTapped() : model.findRunsTapped() }
    func willEnterForeground() { model.willEnterForeground() }
}

/// The broken copy, driven the same way.
final class ExploredBrokenScreen: ExplorationApp {
    let model: BrokenLocationScreenModel
    init(_ app: SimulatedApp) { model = BrokenLocationScreenModel(manager: CLLocationManager(app: app)) }
    var screen: String { model.screen }
    var isWaiting: Bool { model.screen == "asking" }
    func tap(_ name: String) { name == "useMyLocation" ? model.useMyLocationTapped() : model.findRunsTapped() }
}

@Suite("The location screen, on every path a user can take")
struct LocationScreenTests {
    static let platforms = [Platform(.iOS, 12, 4), Platform(.iOS, 13, 4), Platform(.iOS, 18)]
    static let taps = ["useMyLocation", "findRuns"]

    @Test("Allow While Using: the screen is ready, then tracking gets a fix")
    func allowWhileUsing() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Coordinate(latitude: 48.8566, longitude: 2.3522))
        let app = device.install(AppDescription(name: "Runs"))
        app.launch()
        let model = LocationScreenModel(manager: CLLocationManager(app: app))
        device.run()
        #expect(model.screen == .intro)
        model.useMyLocationTapped()
        #expect(model.screen == .asking)
        try device.choose(.allowWhileUsing)
        #expect(model.screen == .ready)
        model.findRunsTapped()
        device.run()
        #expect(model.screen == .tracking)
        #expect(model.lastLocation?.coordinate.latitude == 48.8566)
    }

    @Test("with the trait, CLLocationManager() attaches to the simulated app and the user answers",
          .simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))
    func traitFlow() throws {
        let device = try #require(SimulatedDevice.current)
        let model = LocationScreenModel()                 // the real app's way: CLLocationManager()
        device.run()
        model.useMyLocationTapped()
        device.run()
        #expect(model.screen == .ready)
        #expect(SimulatedApp.current?.authorizationStatus == .authorizedWhenInUse)
    }

    @Test("every first answer on iOS 18 leaves a screen the user can act on",
          .simulatedDevice(.iOS(18)), arguments: UserChoice.initialChoices(on: .iOS(18)))
    func everyFirstAnswer(_ choice: UserChoice) throws {
        let device = try #require(SimulatedDevice.current)
        device.user.queuedAnswers.append(PromptChoice(choice))
        let model = LocationScreenModel()
        device.run()
        model.useMyLocationTapped()
        device.run()
        #expect(model.screen == (choice == .dontAllow ? .blocked : .ready), "\(choice)")
    }

    @Test("explored on iOS 12.4, 13.4 and 18: no finding on any path")
    func exploreEveryPath() async {
        await ExplorationRun(platforms: Self.platforms, depth: 8, taps: Self.taps) { ExploredScreen($0) }.expectNoFindings()
    }

    @Test("the broken copy fails its exploration with the two mistakes it makes")
    func brokenCopyFails() async throws {
        let findings = try await ExplorationRun(platforms: Self.platforms, depth: 8, taps: Self.taps) { ExploredBrokenScreen($0) }.findings()
        let keys = Set(findings.map { "\($0.kind.rawValue) \($0.key)" })
        // Mistake 1: asking after a denial does nothing, and the screen waits for an answer.
        #expect(keys.contains("ignoredRequest requestWhenInUse.denied"), "\(keys.sorted())")
        #expect(keys.contains("hang asking.denied"), "\(keys.sorted())")
        // Mistake 2: a prompt that went away unanswered leaves the screen waiting.
        #expect(keys.contains("hang asking.notDetermined"), "\(keys.sorted())")
        #expect(keys.allSatisfy { $0.hasPrefix("hang asking.") || $0.hasPrefix("ignoredRequest requestWhenInUse.") }, "\(keys.sorted())")
    }
}
#endif
