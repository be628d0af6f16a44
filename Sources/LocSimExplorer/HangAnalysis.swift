import LocSimModel

/// The one computation of ``FindingKind/hang``: states on waiting screens from which no in-app
/// sequence of events leaves the screen, and how each is stuck.
///
/// `locsim explore` and the test-support `ExplorationRun` both record the edges out of waiting
/// states as they search, then ask this. Core Location has no such type.
package enum HangAnalysis {
    /// A transition out of a state on a waiting screen.
    package struct Edge: Sendable {
        /// The source state.
        package var from: Int32
        /// The target state.
        package var to: Int32
        /// The step left the screen by the app's own doing (or a crash), inside the app.
        package var exit: Bool
        /// The step stayed on the screen, inside the app, with the app still running.
        package var stay: Bool

        /// An edge.
        package init(from: Int32, to: Int32, exit: Bool, stay: Bool) {
            self.from = from
            self.to = to
            self.exit = exit
            self.stay = stay
        }
    }

    /// For each of `count` states, whether an in-app path leaves its waiting screen. Waiting states
    /// that were never expanded (at the depth limit) count as able to leave: their future is unknown.
    package static func canLeave(count: Int, isWaiting: (Int) -> Bool, expanded: [Bool], edges: [Edge]) -> [Bool] {
        var canLeave = [Bool](repeating: false, count: count)
        var work: [Int32] = []
        for i in 0..<count where isWaiting(i) && !expanded[i] {
            canLeave[i] = true
            work.append(Int32(i))
        }
        // The reverse edges that stay on a waiting screen, grouped by target (counting sort).
        var start = [Int32](repeating: 0, count: count + 1)
        for e in edges {
            if e.exit, !canLeave[Int(e.from)] { canLeave[Int(e.from)] = true; work.append(e.from) }
            if e.stay && e.from != e.to { start[Int(e.to) + 1] += 1 }
        }
        for i in 0..<count { start[i + 1] += start[i] }
        var fill = start
        var sources = [Int32](repeating: 0, count: Int(start[count]))
        for e in edges where e.stay && e.from != e.to {
            sources[Int(fill[Int(e.to)])] = e.from
            fill[Int(e.to)] += 1
        }
        while let t = work.popLast() {
            for j in Int(start[Int(t)])..<Int(start[Int(t) + 1]) where !canLeave[Int(sources[j])] {
                canLeave[Int(sources[j])] = true
                work.append(sources[j])
            }
        }
        return canLeave
    }

    /// ``canLeave(count:isWaiting:expanded:edges:)`` twice: with the states never expanded taken
    /// as able to leave (`hopeful`, what findings go by), and as stuck. A waiting state that can
    /// leave only in the first is one the search left undecided.
    package static func canLeaveBothWays(count: Int, isWaiting: (Int) -> Bool, expanded: [Bool], edges: [Edge]) -> (hopeful: [Bool], stuck: [Bool]) {
        (canLeave(count: count, isWaiting: isWaiting, expanded: expanded, edges: edges),
         canLeave(count: count, isWaiting: isWaiting, expanded: [Bool](repeating: true, count: count), edges: edges))
    }

    /// The states reached from `sources` by steps that stay (on a waiting screen, or awaiting
    /// updates) along `edges`: all that can still decide whether the sources leave. A step that
    /// leaves decides its source at once, and steps outside the app do not count.
    package static func reachedByStaying(from sources: [Int32], count: Int, edges: [Edge]...) -> [Bool] {
        var reached = [Bool](repeating: false, count: count)
        var work = sources
        for n in work { reached[Int(n)] = true }
        var next: [Int32: [Int32]] = [:]
        for list in edges { for e in list where e.stay { next[e.from, default: []].append(e.to) } }
        while let n = work.popLast() {
            for t in next[n] ?? [] where !reached[Int(t)] {
                reached[Int(t)] = true
                work.append(t)
            }
        }
        return reached
    }

    /// How the app is stuck, for the hang's key: the prompt on screen, or the status and its flavour.
    package enum Stuck: Hashable, Sendable {
        case prompt(PromptKind)
        case status(AuthorizationStatus, allowOnce: Bool, provisional: Bool)

        /// How `m` is stuck.
        package init(_ m: AuthorizationModel) {
            if let p = m.prompts.onScreen {
                self = .prompt(p.prompt.kind)
            } else {
                self = .status(m.status, allowOnce: m.status.isAuthorized && m.isTemporary, provisional: m.status.isAuthorized && m.isProvisional)
            }
        }

        /// The key's text: `prompt-initial`, `authorizedWhenInUse-allowOnce`.
        package var text: String {
            switch self {
            case .prompt(let kind): return "prompt-\(kind.rawValue)"
            case .status(let status, let allowOnce, let provisional):
                var text = status.description
                if allowOnce { text += "-allowOnce" }
                if provisional { text += "-provisional" }
                return text
            }
        }
    }

    /// How the app is stuck, for the hang's key: the prompt on screen, or the status and its flavour.
    package static func stuckText(_ m: AuthorizationModel) -> String { Stuck(m).text }
}
