import LocSimModel

/// The bookkeeping of an app-code exploration on one platform, breadth first: the states reached
/// (by fingerprint), the first path to each finding, the edges out of waiting states.
///
/// It changes only through ``start(root:)`` and ``apply(_:from:choice:)``, so two processes that
/// apply the same outcomes in the same order hold the same search — which is how a process that
/// runs no app code mirrors the executor that does, and carries the search on when it crashes.
package struct AppCodeSearch {
    package struct Node {
        package var path: [ExplorerChoice]
        package var facts: AppStateFacts
        package var depth: Int
        /// The state's fingerprint.
        package var state: AppStateFingerprint
        /// The node `path` reached it from (-1 for the initial state).
        package var parent: Int32
        /// Every choice of the node was applied.
        package var expanded = false
    }

    package private(set) var nodes: [Node] = []
    private var index: [AppStateFingerprint: Int32] = [:]
    /// The app's screens in the order first reached (a hang's key names its screen's index).
    package private(set) var screens: [String] = []
    /// The first observation of each finding key (`kind.key`), with its path, in the order found.
    package private(set) var found: [(observation: AppCodeObservation, path: [ExplorerChoice])] = []
    private var foundKeys: Set<String> = []
    private var edges: [HangAnalysis.Edge] = []
    private var awaitingEdges: [HangAnalysis.Edge] = []
    /// The app made a manager (or one of the iOS 17/18 objects) on the explored device on some path.
    package private(set) var createdManager = false
    /// Core Location calls app code made outside the simulated app, once each, in order.
    package private(set) var escapes: [String] = []
    /// The first call on an object an earlier path made (a singleton's manager), if any.
    package private(set) var staleObject: String?
    /// Transitions applied.
    package private(set) var transitions = 0

    package init() {}

    /// Records the initial state (nothing launched yet).
    package mutating func start(root: AppCodeOutcome) {
        precondition(nodes.isEmpty)
        addNode(root.facts, path: [], depth: 0, fingerprint: root.target, parent: -1)
        absorb(root, path: [])
    }

    /// Applies the outcome of `choice` from node `n`; returns the index of the state reached when
    /// it is new.
    @discardableResult
    package mutating func apply(_ outcome: AppCodeOutcome, from n: Int32, choice: ExplorerChoice) -> Int32? {
        transitions += 1
        let source = nodes[Int(n)]
        let path = source.path + [choice]
        absorb(outcome, path: path)
        var created: Int32?
        let target: Int32
        if let t = index[outcome.target] {
            target = t
        } else {
            target = addNode(outcome.facts, path: path, depth: source.depth + 1, fingerprint: outcome.target, parent: n)
            created = target
        }
        let reached = nodes[Int(target)].facts
        if source.facts.waiting {
            // Leaving by a crash counts as leaving: the crash is a finding of its own.
            let crashed = !reached.running && source.facts.running
            edges.append(HangAnalysis.Edge(
                from: n, to: target,
                exit: choice.isInApp && (crashed || (reached.running && reached.screen != source.facts.screen)),
                stay: choice.isInApp && reached.running && reached.screen == source.facts.screen))
        }
        if source.facts.awaitsUpdates {
            // An update the app sees, or the app done with updates (its own doing), ends the wait.
            awaitingEdges.append(HangAnalysis.Edge(
                from: n, to: target,
                exit: choice.isInApp && (outcome.updatesArrived || (reached.running && !reached.awaitsUpdates) || (!reached.running && source.facts.running && outcome.target == .crashed)),
                stay: choice.isInApp && reached.awaitsUpdates))
        }
        return created
    }

    /// The states node `n`'s path goes through, from the initial state to `n`'s.
    package func states(to n: Int32) -> [AppStateFingerprint] {
        var states: [AppStateFingerprint] = []
        var i = n
        while i >= 0 {
            states.append(nodes[Int(i)].state)
            i = nodes[Int(i)].parent
        }
        return states.reversed()
    }

    /// Marks node `n` expanded: every one of its choices was applied.
    package mutating func markExpanded(_ n: Int32) { nodes[Int(n)].expanded = true }

    @discardableResult
    private mutating func addNode(_ facts: AppStateFacts, path: [ExplorerChoice], depth: Int, fingerprint: AppStateFingerprint, parent: Int32) -> Int32 {
        let i = Int32(nodes.count)
        index[fingerprint] = i
        nodes.append(Node(path: path, facts: facts, depth: depth, state: fingerprint, parent: parent))
        if !screens.contains(facts.screen) { screens.append(facts.screen) }
        return i
    }

    private mutating func absorb(_ outcome: AppCodeOutcome, path: [ExplorerChoice]) {
        if outcome.createdManager { createdManager = true }
        for e in outcome.escapes where !escapes.contains(e) { escapes.append(e) }
        if staleObject == nil, let s = outcome.staleObject { staleObject = s }
        for o in outcome.observations {
            let k = "\(o.kind.rawValue) \(o.key)"
            if foundKeys.insert(k).inserted { found.append((o, path)) }
        }
    }

    // MARK: Analysis

    /// States on waiting screens that no in-app path leaves (``FindingKind/hang``): the first of
    /// each screen and way of being stuck, with the waiting states the search left undecided
    /// (never expanded, or only able to leave through states never expanded: their future is
    /// unknown, and they count as able to leave).
    package func hangs() -> (found: [Int32], undecided: [Int32]) {
        analyse(isWaiting: { nodes[$0].facts.waiting && nodes[$0].facts.running }, edges: edges)
    }

    /// States that await live updates no in-app path makes come (``FindingKind/updatesNeverCome``).
    package func updatesNeverCome() -> (found: [Int32], undecided: [Int32]) {
        analyse(isWaiting: { nodes[$0].facts.awaitsUpdates }, edges: awaitingEdges)
    }

    /// The waiting states (of either analysis) whose future the search has not decided.
    package var undecided: Set<Int32> { Set(hangs().undecided).union(updatesNeverCome().undecided) }

    /// The states of `candidates` that can still decide an undecided waiting state: those reached
    /// from one by steps that stay on its waiting screen. A step that leaves the screen decides
    /// its source at once, and steps outside the app do not count, so nothing else needs
    /// expanding to decide what a depth limit left open.
    package func deciding(_ candidates: [Int32]) -> [Int32] {
        let reached = HangAnalysis.reachedByStaying(from: Array(undecided), count: nodes.count, edges: edges, awaitingEdges)
        return candidates.filter { reached[Int($0)] }
    }

    private func analyse(isWaiting: (Int) -> Bool, edges: [HangAnalysis.Edge]) -> (found: [Int32], undecided: [Int32]) {
        let (canLeave, pessimistic) = HangAnalysis.canLeaveBothWays(count: nodes.count, isWaiting: isWaiting, expanded: nodes.map(\.expanded), edges: edges)
        var first: [String: Int32] = [:]
        var order: [String] = []
        var undecided: [Int32] = []
        for i in 0..<nodes.count where isWaiting(i) {
            if canLeave[i] && !pessimistic[i] { undecided.append(Int32(i)) }
            guard !canLeave[i] else { continue }
            let key = "\(nodes[i].facts.screen)\u{0}\(nodes[i].facts.stuck)"
            if first[key] == nil { first[key] = Int32(i); order.append(key) }
        }
        return (order.map { first[$0]! }, undecided)
    }
}
