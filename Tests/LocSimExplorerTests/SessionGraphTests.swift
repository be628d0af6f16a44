import LocSimExplorer
import LocSimModel
import Testing

@Suite("locsim graph --sessions: states that hold a service session say so")
struct SessionGraphTests {
    @Test("iOS 18: the session held and its diagnostic are in the state; creating it is an edge")
    func sessionsGraph() throws {
        let g = AuthorizationGraph(platform: Platform(.iOS, 18), sessions: true)
        for node in ["initial prompt (session) · .always session [authorizationRequestInProgress]",
                     "authorizedWhenInUse, Always asked · .always session [alwaysAuthorizationDenied]",
                     "authorizedAlways · .always session []", "denied · .whenInUse session [authorizationDenied]"] {
            #expect(g.nodes.contains(node), "missing \(node)")
        }
        let notDetermined = try #require(g.nodes.firstIndex(of: "notDetermined"))
        let asking = try #require(g.nodes.firstIndex(of: "initial prompt (session) · .always session [authorizationRequestInProgress]"))
        #expect(g.edges.contains { $0.from == notDetermined && $0.to == asking && $0.labels == ["create .always session"] })
        #expect(g.mermaid.contains("invalidate the session"))
        // Without sessions, no state holds one.
        let plain = AuthorizationGraph(platform: Platform(.iOS, 18))
        #expect(!plain.nodes.contains { $0.contains("session") })
        #expect(Set(plain.nodes).isSubset(of: Set(g.nodes)))
    }

    @Test("where CLServiceSession does not exist, --sessions draws the same graph")
    func noSessionsBefore18() {
        #expect(AuthorizationGraph(platform: Platform(.iOS, 17), sessions: true) == AuthorizationGraph(platform: Platform(.iOS, 17)))
        let out = AuthorizationGraph.commandLine(platform: "iOS 18.0", format: .dot, sessions: true)
        #expect(out.status == 0)
        #expect(out.stdout.contains("create .whenInUse session"))
    }
}
