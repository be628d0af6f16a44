import LocSimExplorer
import LocSimModel
import Testing

@Suite("C11: app models react to didBecomeActive and willResignActive")
struct ActivityEventTests {
    func explore(_ reactions: String, waiting: String = "[]") throws -> ExplorationResult {
        let text = """
            name: activity
            device: {platforms: [iOS 18.0]}
            app:
              name: Runner
              screens: [home, covered]
              waiting: \(waiting)
              on:
            \(reactions)
            explore:
              depth: 6
              taps: [locate]
            """
        return Explorer.explore(try AppModelParser.parse(text, file: "activity.yml"))
    }

    @Test("the scene and UIApplication spellings parse to the app-model events")
    func spellings() throws {
        #expect(AppEventPattern(parsing: "didBecomeActive") == .didBecomeActive)
        #expect(AppEventPattern(parsing: "sceneDidBecomeActive") == .didBecomeActive)
        #expect(AppEventPattern(parsing: "sceneWillResignActive") == .willResignActive)
        #expect(AppEventPattern(parsing: "willEnterForeground") == .foreground)
        #expect(AppEventPattern(parsing: "sceneDidEnterBackground") == .background)
        #expect(AppEventPattern.didBecomeActive.description == "didBecomeActive")
    }

    @Test("asking in didBecomeActive prompts right after launch: a promptOnForeground finding")
    func askingWhenActive() throws {
        let result = try explore("    - {event: didBecomeActive, when: home, do: [requestWhenInUse]}")
        let paths = result.findings.filter { $0.kind == .promptOnForeground }.map(\.path)
        #expect(paths.contains(["launch"]), "\(paths)")
        let quiet = try explore("    - {event: tap(locate), when: home, do: [requestWhenInUse]}")
        #expect(!quiet.findings.contains { $0.kind == .promptOnForeground })
    }

    @Test("a screen left on didBecomeActive after a prompt covered the app is no hang; without that reaction it is")
    func resignAndBecomeActive() throws {
        let reactions = """
                - {event: tap(locate), when: home, do: [requestWhenInUse]}
                - {event: willResignActive, when: home, goto: covered}
            """
        let stuck = try explore(reactions, waiting: "[covered]")
        #expect(stuck.findings.contains { $0.kind == .hang })
        let clean = try explore(reactions + "\n    - {event: sceneDidBecomeActive, when: covered, goto: home}", waiting: "[covered]")
        #expect(!clean.findings.contains { $0.kind == .hang }, "\(clean.findings.map { "\($0.kind) \($0.key)" })")
    }
}
