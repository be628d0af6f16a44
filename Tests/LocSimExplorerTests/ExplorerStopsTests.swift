import LocSim
import LocSimExplorer
import LocSimModel
import LocSimScenario
import Testing

/// `explore.stops` (O17), the `launchedForLocation` event (O18) and the iOS 27 scene requirement
/// in app models.
@Suite("App models: how the app stops, the launch key, scenes")
struct ExplorerStopsTests {
    static func model(_ extra: String = "", app: String = "", platform: String = "iOS 18.0") throws -> AppModel {
        try AppModelParser.parse("""
            device: {platforms: [\(platform)]}
            app:
              screens: [home]\(app)
              on:
                - {event: tap(go), do: [startUpdating]}
            explore: {depth: 4, taps: [go]\(extra)}
            """, file: "stops.yml")
    }

    @Test("O17: by default the explorer stops the app only as the system does; explore.stops adds forceQuit and crash, offered where they apply")
    func stopsAreOffered() throws {
        #expect(try Self.model().stops == [.terminate])
        let all = try Self.model(", stops: [crash, forceQuit, terminate]")
        #expect(all.stops == [.terminate, .forceQuit, .crash], "in the explorer's order")
        var m = AuthorizationModel(platform: Platform(.iOS, 18))
        _ = m.handle(.appLaunched)
        #expect(ExplorerChoice.available(in: m, taps: [], stops: all.stops).filter { ExplorerChoice.stops.contains($0) } == [.crash])
        _ = m.handle(.appEnteredBackground)
        #expect(ExplorerChoice.available(in: m, taps: [], stops: all.stops).filter { ExplorerChoice.stops.contains($0) } == [.terminate, .forceQuit, .crash])
        #expect(ExplorerChoice.available(in: m, taps: []).filter { ExplorerChoice.stops.contains($0) } == [.terminate])
        _ = m.handle(.appSuspended)
        #expect(ExplorerChoice.available(in: m, taps: [], stops: all.stops).filter { ExplorerChoice.stops.contains($0) } == [.terminate, .forceQuit])
        #expect(ExplorerChoice.forceQuit.stepAction == .lifecycle(.forceQuit) && ExplorerChoice.crash.stepAction == .lifecycle(.crash))
        #expect(!ExplorerChoice.forceQuit.isInApp && !ExplorerChoice.crash.isInApp, "stopping the app never answers a waiting screen")
        // Explored with them, the model has more states and the same (here: no) app findings.
        let result = Explorer.explore(all, on: Platform(.iOS, 18))
        #expect(result.states > Explorer.explore(try Self.model(), on: Platform(.iOS, 18)).states)
        #expect(throws: InputError.self) { try Self.model(", stops: [quit]") }
    }

    @Test("O18: launchedForLocation (also launchOptions(location)) is an app-model event, after launch")
    func launchedForLocationParses() throws {
        #expect(AppEventPattern(parsing: "launchedForLocation") == .launchedForLocation)
        #expect(AppEventPattern(parsing: "launchOptions(location)") == .launchedForLocation)
        #expect(AppEventPattern.launchedForLocation.description == "launchedForLocation")
    }

    @Test("O18: an app model with an iOS 27 platform needs scenes: true (TN3187)")
    func ios27AppModelNeedsScenes() throws {
        #expect {
            try Self.model(platform: "iOS 27.0")
        } throws: { ($0 as? InputError)?.message.contains("TN3187") == true }
        #expect(try Self.model(app: "\n  scenes: true", platform: "iOS 27.0").app.scenes)
    }
}
