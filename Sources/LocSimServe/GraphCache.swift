import Foundation
import LocSimExplorer
import LocSimModel

/// `locsim graph`'s state machine of each platform asked for, built once: its nodes and edges
/// (which the page lays out and draws as inline SVG itself, with DOM calls), Mermaid text, and
/// Graphviz's SVG when `dot` is at one of its fixed paths (``GraphvizDot``).
///
/// Graphviz's SVG is never put into the page's document: `GET /api/graph.svg` serves it as an
/// image, in which no script runs.
actor GraphCache {
    /// What `GET /api/graph` answers.
    struct GraphView: Encodable, Sendable {
        var platform: String
        /// The node labels; node `i` is `n<i>` in the DOT and SVG.
        var nodes: [String]
        /// The address of the SVG image (`/api/graph.svg?platform=…`; add `&current=<i>` to
        /// highlight node `i`), or `nil` without `dot`.
        var image: String?
        var mermaid: String
        /// The transitions, for the page to draw the graph itself (no Graphviz needed).
        var edges: [EdgeView]
    }

    /// A transition of ``GraphView``: node indices and what leads from one to the other.
    struct EdgeView: Encodable, Sendable {
        var from: Int
        var to: Int
        var labels: [String]
    }

    /// What a query value keeps as it is (RFC 3986's unreserved characters).
    private static let queryValue = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private let dot: GraphvizDot?
    private var graphs: [Platform: (view: GraphView, svg: String?)] = [:]

    /// A cache drawing with `dot` (`nil`: Mermaid only).
    init(dot: GraphvizDot? = GraphvizDot()) {
        self.dot = dot
    }

    /// The graph of `platform`.
    func graph(for platform: Platform) async throws -> GraphView {
        try await entry(for: platform).view
    }

    /// The SVG of `platform`'s graph with node `current` highlighted; `nil` without `dot`.
    func svg(for platform: Platform, current: Int?) async throws -> String? {
        guard let svg = try await entry(for: platform).svg else { return nil }
        return current.map { GraphSVG.highlighting(node: $0, in: svg) } ?? svg
    }

    /// The graph of `platform`, built (and drawn by `dot`) off the cooperative pool the first
    /// time (``ServeWork``).
    private func entry(for platform: Platform) async throws -> (view: GraphView, svg: String?) {
        if let g = graphs[platform] { return g }
        let dot = self.dot
        let built = try await ServeWork.run { Self.build(platform, dot: dot) }
        if let g = graphs[platform] { return g }  // built meanwhile by another request
        graphs[platform] = built
        return built
    }

    private static func build(_ platform: Platform, dot: GraphvizDot?) -> (view: GraphView, svg: String?) {
        let graph = AuthorizationGraph(platform: platform)
        let svg = dot?.svg(graph.dot)
        let query = platform.description.addingPercentEncoding(withAllowedCharacters: Self.queryValue) ?? ""
        let view = GraphView(platform: platform.description, nodes: graph.nodes,
                             image: svg == nil ? nil : "/api/graph.svg?platform=\(query)", mermaid: graph.mermaid,
                             edges: graph.edges.map { EdgeView(from: $0.from, to: $0.to, labels: $0.labels) })
        return (view, svg)
    }
}

/// Marks a node of Graphviz's SVG as the current one, by a style the SVG carries itself (an image
/// takes no style from the page).
enum GraphSVG {
    /// The style of the current node's shape.
    static let currentStyle = "fill: #ffd54f; stroke: #e65100; stroke-width: 3;"

    /// `svg` with the node titled `n<node>` highlighted; `svg` as it was when there is no such node.
    static func highlighting(node: Int, in svg: String) -> String {
        // dot writes each node as `<g id="nodeK" class="node">\n<title>n<i></title>`.
        guard let title = svg.range(of: "<title>n\(node)</title>"),
              let group = svg[..<title.lowerBound].range(of: "<g id=\"", options: .backwards) else { return svg }
        let id = svg[group.upperBound...].prefix { $0 != "\"" }
        guard id.hasPrefix("node"), id.count > 4, id.dropFirst(4).allSatisfy({ $0.isASCII && $0.isNumber }),
              let open = svg.range(of: "<svg"), let end = svg[open.upperBound...].firstIndex(of: ">") else { return svg }
        let style = "\n<style>#\(id) polygon, #\(id) path, #\(id) ellipse { \(currentStyle) }</style>"
        var out = svg
        out.insert(contentsOf: style, at: out.index(after: end))
        return out
    }
}
