import LocSimExplorer
import LocSimModel

/// `locsim graph`'s state machine of each platform asked for, built once: its nodes, SVG when
/// Graphviz's `dot` is present, and Mermaid text otherwise.
actor GraphCache {
    /// What `GET /api/graph` answers.
    struct GraphView: Encodable, Sendable {
        var platform: String
        /// The node labels; node `i` is `n<i>` in the DOT and SVG.
        var nodes: [String]
        var svg: String?
        var mermaid: String
    }

    private var graphs: [Platform: GraphView] = [:]

    func graph(for platform: Platform) -> GraphView {
        if let g = graphs[platform] { return g }
        let graph = AuthorizationGraph(platform: platform)
        let view = GraphView(platform: platform.description, nodes: graph.nodes, svg: graph.svg, mermaid: graph.mermaid)
        graphs[platform] = view
        return view
    }
}
