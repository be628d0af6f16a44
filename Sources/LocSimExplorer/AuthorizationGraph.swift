import Foundation
import LocSimModel

/// The authorization state machine of one platform, as states and labelled transitions, drawn as
/// DOT, Mermaid or (with Graphviz) SVG.
///
/// Built by exploring the model with an app that may make either request at any time in the
/// foreground, monitors one region, and whose user may answer prompts, change Settings, leave the
/// app long enough for Allow Once to lapse and come back. Each node is what Settings stores (and the
/// once-only Always record), or a prompt on screen; transitions that change nothing are left out.
///
/// With `sessions`, the app may also create a `CLServiceSession` in the foreground (`.whenInUse`
/// or `.always`, where the platform has them) and invalidate it: the states where it holds one say
/// so, with the session's diagnostic (`authorizedWhenInUse · .always session [alwaysAuthorizationDenied]`),
/// and a prompt a session shows is labelled with the session (section O).
public struct AuthorizationGraph: Hashable, Sendable {
    /// Output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Graphviz DOT.
        case dot
        /// A Mermaid `stateDiagram-v2`.
        case mermaid
        /// SVG, rendered by Graphviz's `dot`.
        case svg
    }

    /// A labelled transition between two node indices.
    public struct Edge: Hashable, Sendable {
        /// The source node.
        public var from: Int
        /// The target node.
        public var to: Int
        /// What happened, one label per way of getting there (`requestAlways`, `Allow Once`).
        public var labels: [String]
    }

    /// The platform.
    public var platform: Platform
    /// The node labels, in discovery order (the first is where every app starts).
    public var nodes: [String]
    /// The transitions, sorted by source, target.
    public var edges: [Edge]

    /// Builds the graph of `platform` with default device parameters; with `sessions`, the app
    /// may also hold a service session (O3–O8).
    public init(platform: Platform, sessions: Bool = false) {
        self.platform = platform
        var start = AuthorizationModel(platform: platform, app: AppDescription(name: "App", backgroundModes: []))
        start.device.location = Location(coordinate: Coordinate(latitude: 37.3349, longitude: -122.009))
        let main = ManagerID(0)
        let model = Self.applying([.appLaunched, .appCreatedManager(main, hasDelegate: true),
                                   .appStartedMonitoringRegion(main, Region(name: "home"))], to: start)
        var seen: [AuthorizationModel: Int] = [model: 0]
        var states = [model]
        var nodeIndex: [String: Int] = [Self.label(model): 0]
        var nodes = [Self.label(model)]
        var edgeLabels: [[Int]: [String]] = [:]
        var i = 0
        while i < states.count && states.count < 20_000 {
            let s = states[i]
            i += 1
            for (label, events) in Self.choices(s, sessions: sessions) {
                let t = Self.applying(events, to: s)
                let a = Self.label(s), b = Self.label(t)
                if a != b {
                    if nodeIndex[b] == nil { nodeIndex[b] = nodes.count; nodes.append(b) }
                    let key = [nodeIndex[a]!, nodeIndex[b]!]
                    if !(edgeLabels[key]?.contains(label) ?? false) { edgeLabels[key, default: []].append(label) }
                }
                if seen[t] == nil { seen[t] = states.count; states.append(t) }
            }
        }
        self.nodes = nodes
        self.edges = edgeLabels.map { Edge(from: $0.key[0], to: $0.key[1], labels: $0.value.sorted()) }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// The model after `events`, applied by an interpreter (what they make happen is not
    /// drawn, only where they lead), with time made relative.
    private static func applying(_ events: [Event], to model: AuthorizationModel) -> AuthorizationModel {
        var interpreter = AuthorizationInterpreter(model: model)
        var occurrences: [Occurrence] = []
        for e in events { interpreter.send(e, into: &occurrences) }
        interpreter.model.canonicalizeTime()
        return interpreter.model
    }

    /// The one service session the graph's app may hold.
    private static let session = SessionID(1)

    private static func choices(_ m: AuthorizationModel, sessions: Bool) -> [(String, [Event])] {
        let main = ManagerID(0)
        var out: [(String, [Event])] = []
        if let p = m.prompts.onScreen {
            for b in p.prompt.buttons { out.append((b.label, [.userChoseButton(b, precise: nil)])) }
            return out
        }
        if m.lifecycle.state == .foreground {
            out.append(("requestWhenInUse", [.appRequestedWhenInUseAuthorization(main)]))
            out.append(("requestAlways", [.appRequestedAlwaysAuthorization(main)]))
            if sessions, m.serviceSessionsAvailable {
                if m.sessions.service.isEmpty {
                    for r in [SessionRequirement.whenInUse, .always] where r != .always || m.platform.os != .tvOS {
                        out.append(("create \(r.swiftName) session", [.appCreatedServiceSession(session, r, fullAccuracyPurposeKey: nil)]))
                    }
                } else {
                    out.append(("invalidate the session", [.appInvalidatedServiceSession(session)]))
                }
            }
            out.append(("leave the app", [.appEnteredBackground, .clockAdvanced(to: m.clock.now + .seconds(86_400))]))
        } else {
            out.append(("return to the app", [.appEnteredForeground]))
            out.append((m.services.insideRegions.contains("home") ? "region exit" : "region entry",
                        [m.services.insideRegions.contains("home") ? .deviceExitedRegion("home") : .deviceEnteredRegion("home")]))
        }
        for o in m.settingsOptions { out.append(("Settings › \(o.rawValue)", [.userChangedSetting(o)])) }
        return out
    }

    /// The node of the graph drawn without sessions that `model` is in: what Settings stores (and
    /// the once-only Always record), or the prompt on screen; for tools that light the current
    /// state (`locsim serve`).
    public static func nodeLabel(of model: AuthorizationModel) -> String { authorizationLabel(model) }

    private static func label(_ m: AuthorizationModel) -> String {
        guard let s = m.sessions.service.first else { return authorizationLabel(m) }
        // The session held, and its diagnostic (O12): what Core Location last reported.
        return authorizationLabel(m) + " · \(s.requirement.swiftName) session \(s.reported ?? [])"
    }

    private static func authorizationLabel(_ m: AuthorizationModel) -> String {
        if let p = m.prompts.onScreen {
            // A prompt without a manager is a session's (O4): it asks when possible.
            let asker = p.manager == nil && !m.sessions.service.isEmpty ? "session" : p.prompt.request == .always ? "requestAlways" : "requestWhenInUse"
            let request = p.prompt.kind == .initial ? " (\(asker))" : ""
            let asked = p.prompt.kind == .initial && p.prompt.request == .whenInUse && m.record.alwaysRequestSpent ? ", Always asked" : ""
            return "\(p.prompt.kind.rawValue) prompt\(request)\(asked)"
        }
        let base: String
        switch m.record.authorization {
        case .notDetermined: base = "notDetermined"
        case .denied: base = "denied"
        case .whenInUse(let temporary): base = temporary ? "authorizedWhenInUse (Allow Once)" : "authorizedWhenInUse"
        case .always(let provisional): base = provisional ? "authorizedAlways (provisional)" : "authorizedAlways"
        }
        let spent = m.record.alwaysRequestSpent && !m.isProvisional
        return spent ? base + ", Always asked" : base
    }

    // MARK: Output

    /// Graphviz DOT.
    public var dot: String {
        var out = "digraph \"\(platform)\" {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n"
        for (i, n) in nodes.enumerated() { out += "  n\(i) [label=\"\(Self.escape(n))\"\(i == 0 ? ", penwidth=2" : "")];\n" }
        for e in edges { out += "  n\(e.from) -> n\(e.to) [label=\"\(Self.escape(e.labels.joined(separator: "\n")))\"];\n" }
        return out + "}\n"
    }

    /// A Mermaid state diagram.
    public var mermaid: String {
        var out = "stateDiagram-v2\n  direction LR\n"
        for (i, n) in nodes.enumerated() { out += "  state \"\(Self.mermaidText(n))\" as s\(i)\n" }
        out += "  [*] --> s0\n"
        for e in edges { out += "  s\(e.from) --> s\(e.to): \(Self.mermaidText(e.labels.joined(separator: ", ")))\n" }
        return out
    }

    /// SVG from Graphviz's `dot` (found on `PATH`); `nil` when `dot` is not installed or fails.
    public var svg: String? {
        GraphvizDot(candidates: GraphvizDot.pathCandidates)?.svg(dot)
    }

    /// What `locsim graph` prints, and its exit status (2 for a bad platform or a missing `dot`);
    /// `sessions` draws the states of an app that may hold a service session.
    public static func commandLine(platform text: String, format: Format, sessions: Bool = false) -> ExploreCommandLine.Output {
        guard let platform = Platform(parsing: text) else {
            return .init(stdout: "", stderr: "error: --platform '\(text)' is not \"<OS> <major>[.<minor>]\" with OS one of iOS, macOS, watchOS, tvOS, visionOS\n", status: 2)
        }
        guard platform.isKnownRelease else {
            return .init(stdout: "", stderr: "error: --platform '\(text)' is not a release LocSim knows (\(Platform.knownReleasesDescription))\n", status: 2)
        }
        let graph = AuthorizationGraph(platform: platform, sessions: sessions)
        switch format {
        case .dot: return .init(stdout: graph.dot, stderr: "", status: 0)
        case .mermaid: return .init(stdout: graph.mermaid, stderr: "", status: 0)
        case .svg:
            guard let svg = graph.svg else {
                return .init(stdout: "", stderr: "error: SVG needs Graphviz's dot on the PATH (try --format dot or mermaid)\n", status: 2)
            }
            return .init(stdout: svg, stderr: "", status: 0)
        }
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func mermaidText(_ s: String) -> String {
        s.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: ":", with: " –").replacingOccurrences(of: ";", with: ",")
    }
}
