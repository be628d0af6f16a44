import LocSimModel

/// What exploring one app model on one platform found.
public struct PlatformExploration: Sendable {
    /// The platform.
    public var platform: Platform
    /// Distinct states reached.
    public var states: Int
    /// Transitions followed (choices applied), including those to states already seen.
    public var transitions: Int
    /// The depth reached (events per path).
    public var depth: Int
    /// Whether every reachable state was explored (no state at the depth limit had new successors
    /// left unexplored, and the state limit was not hit).
    public var exhaustive: Bool
    /// Whether the state limit or the memory bound stopped the search.
    public var truncated: Bool
    /// Wall-clock seconds spent (not part of any deterministic output).
    public var seconds: Double
    /// The findings, sorted (without those the model's `explore.accept` accepts).
    public var findings: [Finding]
    /// The findings the model's `explore.accept` accepts, sorted.
    public var acceptedFindings: [Finding] = []
    /// The bytes the search held for its states (the state table, the search's bookkeeping and
    /// an estimate for the rare parts stored once each); like ``seconds``, not part of any
    /// deterministic output.
    public var storedBytes: Int = 0
    /// Whether it was the memory bound (``ExplorationOptions/maxMemory``) that stopped the search.
    public var stoppedAtMemoryBound = false
    /// At the depth limit: waiting states (screens that wait, or live updates awaited) whose
    /// future lies past the limit. They count as able to leave, so a hang there is not reported.
    public var undecided = 0
    /// The depth by which a search past the limit, expanding only what decides those states,
    /// decided them; nil when none was left undecided, or that search stopped first (at the state
    /// limit, or ``ExplorationVerdict/decidingExtraDepth`` levels past the limit). Waiting states
    /// at the limit itself (never expanded) count; so do states that await live updates, once
    /// expanded.
    public var decidingDepth: Int?
    /// The hangs and `updatesNeverCome` of those states that the search past the limit found and
    /// the search within it does not report (`hang asking.prompt-initial`). Unlike an app-code
    /// exploration's hidden findings, findings of other kinds that the deeper search met on its
    /// way are not listed: it expands only what decides the waiting states, so it would meet them
    /// by chance.
    public var hiddenFindings: [String] = []
    /// The platform whose search this report comes from, when it is another: the model's rules
    /// read nothing that tells the two apart (``ExplorationOptions/searchesAlikePlatformsOnce``),
    /// so the states, transitions and depth are that search's, and each finding's path was
    /// replayed on this platform for its counterexample. `nil` when this platform was searched.
    public var sharedSearch: Platform?
    /// The classes of regions the app model treats alike (each in order of name), when the search
    /// stored one state per renaming of them (``ExplorationOptions/reducesSymmetry``): its states
    /// and transitions count those, and each finding stands for the same finding about the other
    /// regions of its class. Empty when the model has no such regions, or the reduction is off.
    public var symmetricRegions: [[String]] = []
    /// The classes of a monitor's conditions the app model treats alike (O15; each in order of
    /// identifier), as ``symmetricRegions`` are for regions. Empty when there are none, or the
    /// reduction is off.
    public var symmetricConditions: [[String]] = []
    /// The classes of service sessions, background activity sessions or live-updates streams the
    /// app model treats alike (section O; each in order of first use in the model file, by the
    /// names its actions give them), as ``symmetricRegions`` are for regions. Empty when there
    /// are none, or the reduction is off.
    public var symmetricSessions: [[String]] = []
}

/// What exploring one app model found, on every platform it lists.
public struct ExplorationResult: Sendable {
    /// The app model.
    public var model: AppModel
    /// One entry per platform, in the model's order.
    public var platforms: [PlatformExploration]

    /// Every finding, sorted by kind, key and platform.
    public var findings: [Finding] { platforms.flatMap(\.findings).sorted(by: Finding.ordered) }
    /// Distinct states over all platforms.
    public var states: Int { platforms.reduce(0) { $0 + $1.states } }
    /// The accepted findings of every platform, sorted.
    public var acceptedFindings: [Finding] { platforms.flatMap(\.acceptedFindings).sorted(by: Finding.ordered) }
    /// The entries of `explore.accept` that accepted no finding on any platform (stale).
    public var unusedAcceptances: [AcceptedFinding] {
        let accepted = acceptedFindings
        return model.accepted.filter { a in !accepted.contains { a.accepts(kind: $0.kind, key: $0.key) } }
    }

    /// Moves the findings an entry of `accepting` accepts from each platform's ``PlatformExploration/findings``
    /// to its ``PlatformExploration/acceptedFindings``.
    mutating func accept(_ accepting: [AcceptedFinding]) {
        guard !accepting.isEmpty else { return }
        for i in platforms.indices {
            let all = platforms[i].findings
            let isAccepted = { (f: Finding) in accepting.contains { $0.accepts(kind: f.kind, key: f.key) } }
            platforms[i].findings = all.filter { !isAccepted($0) }
            platforms[i].acceptedFindings = all.filter(isAccepted)
        }
    }
}

/// A snapshot of a running exploration, for progress reports on stderr.
public struct ExplorationProgress: Sendable {
    /// The model's name.
    public var model: String
    /// The platform being explored.
    public var platform: Platform
    /// The depth just finished.
    public var depth: Int
    /// Distinct states so far.
    public var states: Int
    /// States per second so far.
    public var statesPerSecond: Double
    /// The bytes the search holds for its states (``PlatformExploration/storedBytes``).
    public var storedBytes: Int = 0
    /// The state limit and the memory bound of this search (`nil`: none).
    public var maxStates: Int? = nil
    public var maxBytes: Int? = nil

    /// `tracker.yml iOS 18.0: depth 7, 12345 states in 10 s (1.2k states/s)`; with a state
    /// limit or a memory bound, how much of each is used (`, 3.1 MB stored; 12% of the
    /// 100000-state limit`). No time left is guessed: how many states a space holds is not known
    /// until it closes.
    public var line: String {
        let rate = statesPerSecond >= 1_000_000 ? String(format: "%.2fM", statesPerSecond / 1_000_000)
            : statesPerSecond >= 1_000 ? String(format: "%.1fk", statesPerSecond / 1_000) : String(format: "%.0f", statesPerSecond)
        let elapsed = statesPerSecond > 0 ? String(format: " in %.0f s", (Double(states) / statesPerSecond).rounded()) : ""
        var line = "\(model) \(platform): depth \(depth), \(states) states\(elapsed) (\(rate) states/s)"
        guard maxStates != nil || maxBytes != nil else { return line }
        line += ", \(Self.megabytes(storedBytes)) stored"
        var used: [String] = []
        if let maxStates, maxStates > 0 { used.append("\(Self.percent(states, of: maxStates)) of the \(maxStates)-state limit") }
        if let maxBytes, maxBytes > 0 { used.append("\(Self.percent(storedBytes, of: maxBytes)) of the \(Self.megabytes(maxBytes)) memory bound") }
        return line + "; " + used.joined(separator: ", ")
    }

    /// `12%`: `part` of `whole`, rounded down.
    static func percent(_ part: Int, of whole: Int) -> String { "\(Int(Double(part) / Double(whole) * 100))%" }

    /// `12.3 MB`.
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}

/// How to explore.
public struct ExplorationOptions: Sendable {
    /// Events per path; `nil` uses the model's `explore.depth`.
    public var depth: Int?
    /// Use every core: platforms side by side, and each level of a search in slices (deterministic
    /// either way).
    public var parallel: Bool
    /// Called after each BFS level (from any thread).
    public var progress: (@Sendable (ExplorationProgress) -> Void)?
    /// The most states per platform; `nil` uses the model's `explore.maxStates`.
    public var maxStates: Int?
    /// The most bytes the searches may hold for their states together (``PlatformExploration/storedBytes``),
    /// shared equally by the model's searches (one per platform, or per group of platforms that
    /// behave alike); a search that reaches its share stops with a
    /// partial report, as at the state limit. `nil`: no bound.
    public var maxMemory: Int?
    /// Search once for every group of platforms on which the model's rules read the same answers
    /// (the same OS, prompt generation and version comparisons, with the model's parameters and
    /// Info.plist), and report each platform of the group from that search
    /// (``PlatformExploration/sharedSearch``); and let a search serve a later platform whose
    /// answers differ only in questions it never asked (``Explorer``). On by default; the findings
    /// are the same either way.
    public var searchesAlikePlatformsOnce: Bool
    /// Store one state per renaming of the regions, monitor conditions and sessions the app model
    /// treats alike (symmetry reduction, ``PlatformExploration/symmetricRegions``,
    /// ``PlatformExploration/symmetricConditions``, ``PlatformExploration/symmetricSessions``):
    /// found by checking the model, so a model with none searches as without it. On by default; the findings are the
    /// same either way, up to the renaming (a finding about one region of a class stands for the
    /// same finding about the others).
    public var reducesSymmetry: Bool

    /// Creates options.
    public init(depth: Int? = nil, parallel: Bool = true, progress: (@Sendable (ExplorationProgress) -> Void)? = nil,
                maxStates: Int? = nil, maxMemory: Int? = nil, searchesAlikePlatformsOnce: Bool = true, reducesSymmetry: Bool = true) {
        self.depth = depth
        self.parallel = parallel
        self.progress = progress
        self.maxStates = maxStates
        self.maxMemory = maxMemory
        self.searchesAlikePlatformsOnce = searchesAlikePlatformsOnce
        self.reducesSymmetry = reducesSymmetry
    }
}
