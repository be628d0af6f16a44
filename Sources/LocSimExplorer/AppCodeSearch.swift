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
    /// The transitions seen so far into a state (none into a crash), in the order applied:
    /// routes from a kept session's state to a step's. Each node's list is linked through
    /// `edgeNext`, from `firstIncoming` to `lastIncoming` (-1: none).
    private var edgeFrom: [Int32] = []
    private var edgeTo: [Int32] = []
    private var edgeChoice: [ExplorerChoice] = []
    private var edgeNext: [Int32] = []
    private var firstIncoming: [Int32] = []
    private var lastIncoming: [Int32] = []
    /// How many sessions the search runner keeps in each node's state, as this search knows it:
    /// every step's session is kept where it led, and ``start(for:)`` takes one. (A runner that
    /// lost one — its process ended, or it let the session go — replays the path instead.)
    private var kept: [Int32] = []
    private var keptTotal = 0
    /// ``start(for:)``'s working space, one entry per node.
    private var seen: [UInt32] = []
    /// For a state seen by ``start(for:)``: the transition out of it towards the step's state.
    private var towards: [Int32] = []
    private var generation: UInt32 = 0

    package init() {}

    /// Records the initial state (nothing launched yet).
    package mutating func start(root: AppCodeOutcome) {
        precondition(nodes.isEmpty)
        addNode(root.facts, path: [], depth: 0, fingerprint: root.target)
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
            target = addNode(outcome.facts, path: path, depth: source.depth + 1, fingerprint: outcome.target)
            created = target
        }
        if outcome.target == .crashed {
            // The process that ran app code ended, and its sessions with it.
            for i in kept.indices { kept[i] = 0 }
            keptTotal = 0
        } else {
            let e = Int32(edgeFrom.count)
            edgeFrom.append(n)
            edgeTo.append(target)
            edgeChoice.append(choice)
            edgeNext.append(-1)
            if lastIncoming[Int(target)] < 0 { firstIncoming[Int(target)] = e } else { edgeNext[Int(lastIncoming[Int(target)])] = e }
            lastIncoming[Int(target)] = e
            kept[Int(target)] += 1
            keptTotal += 1
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

    /// Where a step from node `n` starts: the kept session nearest to `n` along the transitions
    /// seen (its own state first, then states one transition away, and so on), no further than
    /// ``startSearchDistance`` nor than a fresh device's replay of `n`'s path — which is what
    /// `nil` means. The session counts as
    /// taken. Deterministic: the same transitions, in the same order, give the same start.
    package mutating func start(for n: Int32) -> AppCodeStart? {
        guard keptTotal > 0 else { return nil }
        let limit = min(nodes[Int(n)].depth, Self.startSearchDistance)
        // Backwards from `n`, breadth first: for a state x seen on the way, `towards[x]` is the
        // transition out of it that goes on towards `n`; `seen[x] == generation` marks it seen.
        generation &+= 1
        if generation == 0 { for i in seen.indices { seen[i] = 0 }; generation = 1 }
        seen[Int(n)] = generation
        var level: [Int32] = [n]
        var distance = 0
        var visited = 1
        while !level.isEmpty {
            for x in level where kept[Int(x)] > 0 {
                kept[Int(x)] -= 1
                keptTotal -= 1
                var route: [ExplorerChoice] = []
                var at = x
                while at != n {
                    let e = Int(towards[Int(at)])
                    route.append(edgeChoice[e])
                    at = edgeTo[e]
                }
                return AppCodeStart(state: nodes[Int(x)].state, route: route)
            }
            guard distance < limit, visited < Self.startSearchLimit else { break }
            var previous: [Int32] = []
            for x in level {
                var e = firstIncoming[Int(x)]
                while e >= 0 {
                    let from = edgeFrom[Int(e)]
                    if seen[Int(from)] != generation {
                        seen[Int(from)] = generation
                        towards[Int(from)] = e
                        previous.append(from)
                        visited += 1
                    }
                    e = edgeNext[Int(e)]
                }
            }
            level = previous
            distance += 1
        }
        return nil
    }

    /// How far back ``start(for:)`` looks for a kept session, at most (a longer route costs
    /// about what a fresh replay does).
    static var startSearchDistance: Int { 6 }
    /// How many states ``start(for:)`` looks at, at most, for one step.
    static var startSearchLimit: Int { 128 }

    /// Marks node `n` expanded: every one of its choices was applied.
    package mutating func markExpanded(_ n: Int32) { nodes[Int(n)].expanded = true }

    @discardableResult
    private mutating func addNode(_ facts: AppStateFacts, path: [ExplorerChoice], depth: Int, fingerprint: AppStateFingerprint) -> Int32 {
        let i = Int32(nodes.count)
        index[fingerprint] = i
        firstIncoming.append(-1)
        lastIncoming.append(-1)
        kept.append(0)
        seen.append(0)
        towards.append(-1)
        nodes.append(Node(path: path, facts: facts, depth: depth, state: fingerprint))
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
