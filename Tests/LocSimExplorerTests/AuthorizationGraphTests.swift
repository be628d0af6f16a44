import LocSimExplorer
import LocSimModel
import Testing
import Foundation

@Suite("locsim graph: the authorization state machine")
struct AuthorizationGraphTests {
    @Test("iOS 18: Allow Once, provisional Always and the confirmation prompt are states")
    func iOS18Graph() {
        let g = AuthorizationGraph(platform: Platform(.iOS, 18))
        #expect(g.nodes.first == "notDetermined")
        for node in ["authorizedWhenInUse (Allow Once)", "authorizedAlways (provisional)", "alwaysConfirmation prompt",
                     "initial prompt (requestAlways)", "alwaysUpgrade prompt", "denied", "authorizedAlways"] {
            #expect(g.nodes.contains(node), "missing \(node) in \(g.nodes)")
        }
        #expect(g.dot.hasPrefix("digraph \"iOS 18.0\" {"))
        #expect(g.dot.contains("label=\"Allow Once\""))
        #expect(g.mermaid.hasPrefix("stateDiagram-v2"))
        #expect(g == AuthorizationGraph(platform: Platform(.iOS, 18)))
    }

    @Test("iOS 12: no Allow Once, no provisional Always")
    func iOS12Graph() {
        let g = AuthorizationGraph(platform: Platform(.iOS, 12, 4))
        #expect(!g.nodes.contains { $0.contains("Allow Once") || $0.contains("provisional") })
    }

    @Test("SVG comes from Graphviz's dot when it is installed, and is a clear error when it is not")
    func svgOutput() {
        let out = AuthorizationGraph.commandLine(platform: "iOS 18.0", format: .svg)
        let hasDot = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/dot") }
        if hasDot {
            #expect(out.status == 0)
            #expect(out.stdout.contains("<svg"))
            #expect(out.stdout.contains("Allow Once"))
        } else {
            #expect(out.status == 2)
            #expect(out.stderr.contains("Graphviz"))
            #expect(out.stdout.isEmpty)
        }
    }

    @Test func commandLineRejectsABadPlatform() {
        let out = AuthorizationGraph.commandLine(platform: "iOS eighteen", format: .dot)
        #expect(out.status == 2)
        #expect(out.stderr.contains("--platform"))
    }
}
