import Foundation
import LocSimModel
import LocSimScenario

/// Breadth-first search over the deduplicated states of one app model on one platform, with the
/// backward analysis that finds hangs and the replay that writes counterexamples.
struct StateSearch {
    /// The app model on the platform searched, or (``reporting(for:)``) on a platform that
    /// behaves alike, for which this search's findings are written.
    private(set) var system: AppModelSystem
    /// The system searched (``system`` until ``reporting(for:)``): with symmetry, paths are given
    /// concrete names on it (``concretePath(to:)``).
    private let searched: AppModelSystem
    let maxDepth: Int
    let maxStates: Int
    /// The memory bound of this search (``storedBytes``), if any.
    let maxBytes: Int?
    let progress: (@Sendable (ExplorationProgress) -> Void)?

    private(set) var table = StateTable()
    /// Packs states into the table's keys.
    let codec: StateCodec
    /// Unpack every key the search makes and count those that differ from their state (tests).
    var checkCodec = false
    private(set) var codecMismatches = 0
    private var parent: [Int32] = []
    /// The choice that first reached each state: its position among its parent's choices.
    private var via: [UInt16] = []
    private var expanded: [Bool] = []
    private var transitions = 0
    private var truncated = false
    private var stoppedAtMemoryBound = false
    private var depthReached = 0
    /// The states the next level expands: those the last level found.
    private(set) var frontier: [Int32] = []
    private var started: UInt64 = 0
    /// The first path to each problem: the state it starts from and the choice that shows it.
    private var firstSeen: [FindingKey: (source: Int32, choice: UInt16)] = [:]
    /// Edges out of waiting screens: (from, to, left the screen in the app, stayed on it in the app).
    private var waitingEdges: [HangAnalysis.Edge] = []
    /// Whether each state awaits live updates (``AuthorizationModel/awaitsLiveUpdates``; known
    /// for expanded states of models that start live updates), and the edges out of those that do.
    private var awaitsUpdates: [Bool] = []
    private var awaitingEdges: [HangAnalysis.Edge] = []
    private var seconds = 0.0

    init(system: AppModelSystem, depth: Int, maxStates: Int, maxBytes: Int? = nil, progress: (@Sendable (ExplorationProgress) -> Void)?) {
        self.maxBytes = maxBytes
        self.system = system
        searched = system
        self.codec = StateCodec(initial: system.initial)
        self.maxDepth = depth
        self.maxStates = maxStates
        self.progress = progress
    }

    // MARK: Search
    //
    // ``SearchScheduler`` runs a search: `start()`, then, while `hasNextLevel`, the slices of
    // `frontier` (``LevelExpansion``) and `finishLevel(_:)`; then `problems()` and a `finding` each.

    /// Enters the initial state: the first level's frontier.
    mutating func start() {
        started = DispatchTime.now().uptimeNanoseconds
        var initial = system.initial
        if let symmetry = system.symmetry {
            var scratch = RegionSymmetry.Scratch()
            symmetry.canonicalize(&initial, &scratch)
        }
        _ = table.insert(codec.encode(&initial))
        record(parent: -1, via: 0)
        frontier = [0]
        finishIfDone()
    }

    /// Whether ``frontier`` is a level to expand (else the search is over).
    var hasNextLevel: Bool { depthReached < maxDepth && !frontier.isEmpty && !truncated }

    /// Takes the expansion of ``frontier`` (its slices in order) into the table; the states it
    /// found for the first time become the next frontier.
    mutating func finishLevel(_ slices: consuming [LevelExpansion.Slice]) {
        frontier = merge(slices)
        depthReached += 1
        if let progress {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            progress(ExplorationProgress(model: system.appModel.name, platform: system.platform, depth: depthReached,
                                         states: table.count, statesPerSecond: elapsed > 0 ? Double(table.count) / elapsed : 0,
                                         storedBytes: storedBytes, maxStates: maxStates, maxBytes: maxBytes))
        }
        finishIfDone()
    }

    private mutating func finishIfDone() {
        if !hasNextLevel { seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
    }

    private mutating func record(parent p: Int32, via c: UInt16) {
        parent.append(p)
        via.append(c)
        expanded.append(false)
        if system.startsLiveUpdates { awaitsUpdates.append(false) }
    }

    /// Takes one level's successors into the table in frontier order (the order a one-thread
    /// search would find them) and returns the next frontier: the states seen for the first time.
    private mutating func merge(_ slices: consuming [LevelExpansion.Slice]) -> [Int32] {
        var next: [Int32] = []
        var f = 0
        for i in slices.indices {
            codecMismatches += slices[i].codecMismatches
            var k = 0
            var nextFinding = 0
            for (j, count) in slices[i].counts.enumerated() {
                let s = frontier[f]
                f += 1
                expanded[Int(s)] = true
                let waiting = system.isWaiting[Int(table.screen(s))]
                let awaits = !slices[i].awaiting.isEmpty && slices[i].awaiting[j]
                if awaits { awaitsUpdates[Int(s)] = true }
                for _ in 0..<count {
                    defer { k += 1 }
                    transitions += 1
                    let successor = slices[i].successors[k]
                    while nextFinding < slices[i].findings.count && slices[i].findings[nextFinding].successor == k {
                        let key = slices[i].findings[nextFinding].key
                        if firstSeen[key] == nil { firstSeen[key] = (s, successor.choice) }
                        nextFinding += 1
                    }
                    var target = successor.known
                    if target < 0 {
                        let inserted: Bool
                        (target, inserted) = table.insert(slices[i].candidates[Int(-1 - target)], hash: successor.hash)
                        if inserted {
                            record(parent: s, via: successor.choice)
                            next.append(target)
                        }
                    }
                    if waiting {
                        waitingEdges.append(HangAnalysis.Edge(from: s, to: target, exit: successor.exit, stay: successor.stay))
                    }
                    if awaits {
                        awaitingEdges.append(HangAnalysis.Edge(from: s, to: target, exit: successor.awaitExit, stay: successor.awaitStay))
                    }
                }
                if table.count >= maxStates { truncated = true; return next }
            }
            // Checked once a slice (48 states): the figure is a sum over the search's arrays.
            if let maxBytes, storedBytes + next.capacity * 4 >= maxBytes {
                truncated = true
                stoppedAtMemoryBound = true
                return next
            }
        }
        return next
    }

    // MARK: Hangs

    /// States on waiting screens from which no in-app sequence of events leaves the screen
    /// (``HangAnalysis``), the first of each screen and way of being stuck.
    private func hangs() -> [Int32] {
        let canLeave = HangAnalysis.canLeave(count: table.count, isWaiting: { system.isWaiting[Int(table.screen(Int32($0)))] },
                                             expanded: expanded, edges: waitingEdges)
        // One hang per screen and per way of being stuck (status, its flavour, the prompt on
        // screen): different causes on one screen are different findings. BFS order makes the
        // first state of each the one with the shortest path.
        struct Key: Hashable { var screen: UInt8, stuck: HangAnalysis.Stuck }
        var first: [Key: Int32] = [:]
        for i in 0..<table.count where !canLeave[i] && system.isWaiting[Int(table.screen(Int32(i)))] {
            let st = codec.state(table[Int32(i)])
            guard st.model.lifecycle.state != .notRunning else { continue }
            let key = Key(screen: st.screen, stuck: HangAnalysis.Stuck(st.model))
            if first[key] == nil { first[key] = Int32(i) }
        }
        return first.values.sorted()
    }

    // MARK: Updates awaited in vain

    /// States that await live updates from which no in-app sequence of events makes a stream
    /// yield (or has the app stop waiting): the ``HangAnalysis`` over the wait for updates
    /// instead of a waiting screen, the first of each way of being stuck.
    private func updatesNeverCome() -> [Int32] {
        guard system.startsLiveUpdates else { return [] }
        let canLeave = HangAnalysis.canLeave(count: table.count, isWaiting: { waits($0, updates: true) }, expanded: expanded, edges: awaitingEdges)
        var first: [HangAnalysis.Stuck: Int32] = [:]
        for i in 0..<table.count where awaitsUpdates[i] && !canLeave[i] {
            let key = HangAnalysis.Stuck(codec.state(table[Int32(i)]).model)
            if first[key] == nil { first[key] = Int32(i) }
        }
        return first.values.sorted()
    }

    // MARK: What the depth limit cut

    /// The waiting states (screens that wait, or live updates awaited) the depth limit left
    /// undecided, the depth that decides them and what it finds there; set by ``decideCutStates()``.
    private(set) var cut = CutStates()

    /// What a depth limit left open. Core Location has no such type.
    struct CutStates: Sendable {
        /// Waiting states whose verdict depends on states past the limit.
        var undecided = 0
        /// The depth by which a deeper search decided them; nil if it stopped first (the state
        /// limit, or ``ExplorationVerdict/decidingExtraDepth`` levels past the limit).
        var decidingDepth: Int?
        /// What that deeper search found among them and the search within the limit does not
        /// report (`hang asking.prompt-initial`), sorted.
        var hidden: [String] = []
    }

    /// Whether a state waits: on a waiting screen (`updates: false`), or awaiting live updates.
    /// A state never expanded may await updates (that is known once it is expanded): it counts,
    /// so that a step to it that keeps awaiting leads to a future the search does not know.
    private func waits(_ i: Int, updates: Bool) -> Bool {
        updates ? awaitsUpdates[i] || !expanded[i] : system.isWaiting[Int(table.screen(Int32(i)))]
    }

    /// Whether a state is known to wait: ``waits(_:updates:)`` without the states never expanded.
    private func knownToWait(_ i: Int, updates: Bool) -> Bool {
        updates ? awaitsUpdates[i] : system.isWaiting[Int(table.screen(Int32(i)))]
    }

    /// ``HangAnalysis/canLeaveBothWays(count:isWaiting:expanded:edges:)`` for waiting screens or
    /// for the wait for updates.
    private func leaves(updates: Bool) -> (hopeful: [Bool], stuck: [Bool]) {
        HangAnalysis.canLeaveBothWays(count: table.count, isWaiting: { waits($0, updates: updates) }, expanded: expanded,
                                      edges: updates ? awaitingEdges : waitingEdges)
    }

    /// The running waiting states whose verdict the depth limit left open (counted as able to leave).
    private func undecidedStates() -> [Int32] {
        var out = Set<Int32>()
        for updates in system.startsLiveUpdates ? [false, true] : [false] {
            let (hopeful, stuck) = leaves(updates: updates)
            for i in 0..<table.count where hopeful[i] && !stuck[i] && knownToWait(i, updates: updates) {
                if codec.state(table[Int32(i)]).model.lifecycle.state != .notRunning { out.insert(Int32(i)) }
            }
        }
        return out.sorted()
    }

    /// When the depth limit cut the search, counts the waiting states it left undecided and goes
    /// on past the limit, expanding only what can decide them (the states reached from them by
    /// steps that stay on their screen, or keep awaiting updates), to the depth that does, within
    /// the state limit and ``ExplorationVerdict/decidingExtraDepth`` levels, as the app-code
    /// explorer does. The search's own figures and findings stay those of the limit.
    mutating func decideCutStates() {
        guard !frontier.isEmpty, !truncated else { return }
        let undecided = undecidedStates()
        cut = CutStates(undecided: undecided.count)
        guard !undecided.isEmpty else { return }
        var deeper = self
        var worker = LevelExpansion.Worker(system: system, codec: codec, check: false)
        while true {
            // The states the undecided ones reach by staying; those not expanded are the next level.
            let reached = HangAnalysis.reachedByStaying(from: undecided, count: deeper.table.count, edges: deeper.waitingEdges, deeper.awaitingEdges)
            let open = (0..<Int32(deeper.table.count)).filter { reached[Int($0)] && !deeper.expanded[Int($0)] }
            if open.isEmpty { break }
            if deeper.table.count >= maxStates || deeper.depthReached >= maxDepth + ExplorationVerdict.decidingExtraDepth { return }
            deeper.frontier = open
            let slice = worker.expand(deeper.frontier[...], table: deeper.table)
            _ = deeper.merge([slice])
            if deeper.truncated { return }
            deeper.depthReached += 1
        }
        cut.decidingDepth = deeper.depthReached
        let screens = system.appModel.screens
        // What the search within the limit already reports is not hidden.
        let text = { (key: FindingKey) in "\(key.kind.rawValue) \(key.text(screens: screens))" }
        let known = Set(hangs().map { text(waitKey($0, updates: false)) } + updatesNeverCome().map { text(waitKey($0, updates: true)) })
        var hidden = Set<String>()
        for updates in system.startsLiveUpdates ? [false, true] : [false] {
            let leaves = deeper.leaves(updates: updates).hopeful
            for s in undecided where !leaves[Int(s)] && deeper.knownToWait(Int(s), updates: updates) {
                hidden.insert(text(deeper.waitKey(s, updates: updates)))
            }
        }
        cut.hidden = hidden.subtracting(known).sorted()
    }

    /// The key of a hang (`updates: false`) or of updates awaited in vain, at state `s`: its
    /// screen (for a hang) and how it is stuck.
    private func waitKey(_ s: Int32, updates: Bool) -> FindingKey {
        let state = codec.state(table[s])
        let stuck = HangAnalysis.stuckText(state.model)
        return updates ? .updatesNeverCome(stuck: stuck) : .hang(screen: Int(state.screen), stuck: stuck)
    }

    // MARK: Report

    /// A problem the search found, before its counterexample is written.
    enum Problem: Sendable {
        /// A step from `source` showed `key`; `choice` is the step's position among the choices.
        case step(FindingKey, source: Int32, choice: UInt16)
        /// The state is stuck on a waiting screen.
        case hang(Int32)
        /// The state awaits live updates that can no longer come.
        case updatesNeverCome(Int32)
    }

    /// Every problem found, hangs included (each one's counterexample is independent work), in a
    /// fixed order: by key, then hangs by state.
    func problems() -> [Problem] {
        // Sorted by each key's finding text, made once per key; keys that share a text fall back
        // to ``FindingKey/<``. (The report sorts the findings again: this order only fixes the
        // order the work is done in.)
        struct Entry { var key: FindingKey, kind: FindingKind, text: String, source: Int32, choice: UInt16 }
        let screens = system.appModel.screens
        var entries: [Entry] = firstSeen.map { Entry(key: $0.key, kind: $0.key.kind, text: $0.key.text(screens: screens), source: $0.value.source, choice: $0.value.choice) }
        entries.sort { (a: Entry, b: Entry) -> Bool in
            if a.kind != b.kind { return a.kind < b.kind }
            if a.text != b.text { return a.text < b.text }
            return a.key < b.key
        }
        return entries.map { Problem.step($0.key, source: $0.source, choice: $0.choice) } + hangs().map(Problem.hang)
            + updatesNeverCome().map(Problem.updatesNeverCome)
    }

    /// The finding for `problem`, with its counterexample; `setup` is
    /// ``CounterexampleWriter/setup(model:platform:)``'s text.
    func finding(_ problem: Problem, setup: String) -> Finding? {
        switch problem {
        case .step(let key, let source, let index):
            if let symmetry = searched.symmetry {
                symmetricCounterexample(for: key, source: source, choice: choice(index, from: source), setup: setup, symmetry)
            } else {
                counterexample(for: key, choices: path(to: source) + [choice(index, from: source)], setup: setup)
            }
        case .hang(let s):
            hangFinding(s, setup: setup)
        case .updatesNeverCome(let s):
            updatesFinding(s, setup: setup)
        }
    }

    /// This search, once over, as the search of `system`'s platform, which behaves as the one
    /// searched (equal ``PlatformBehavior``s): its findings are written by replaying their paths
    /// on `system`, so each counterexample is that platform's own.
    func reporting(for system: AppModelSystem) -> StateSearch {
        var copy = self
        copy.system = system
        return copy
    }

    /// The search's figures with `findings`, in their sorted order.
    func report(findings: [Finding]) -> PlatformExploration {
        var report = PlatformExploration(platform: system.platform, states: table.count, transitions: transitions, depth: depthReached,
                                         exhaustive: frontier.isEmpty && !truncated, truncated: truncated, seconds: seconds,
                                         findings: findings.sorted(by: Finding.ordered), storedBytes: storedBytes, stoppedAtMemoryBound: stoppedAtMemoryBound,
                                         undecided: cut.undecided, decidingDepth: cut.decidingDepth, hiddenFindings: cut.hidden)
        report.symmetricRegions = searched.symmetry?.classNames ?? []
        report.symmetricConditions = searched.symmetry?.conditionClassNames ?? []
        report.symmetricSessions = searched.symmetry?.sessionClassNames ?? []
        return report
    }

    /// The bytes the search holds for its states: the table, each state's parent, choice and
    /// flags, the edges kept for the hang analysis, and the codec's extras (counted by number, as
    /// their size varies: a box and an index entry each) and states stored whole.
    var storedBytes: Int {
        let edge = MemoryLayout<HangAnalysis.Edge>.stride
        return table.storedBytes + parent.capacity * 4 + via.capacity * 2 + expanded.capacity + awaitsUpdates.capacity
            + (waitingEdges.capacity + awaitingEdges.capacity) * edge + codec.storedBytes
    }

    /// The choices from the initial state to `s`.
    private func path(to s: Int32) -> [ExplorerChoice] {
        var out: [ExplorerChoice] = []
        var i = s
        while i > 0 {
            out.append(choice(via[Int(i)], from: parent[Int(i)]))
            i = parent[Int(i)]
        }
        return out.reversed()
    }

    /// The choices from the initial state to `s`, with the names a run meets: with symmetry the
    /// stored states are canonical forms, each reached from the one before by a choice up to a
    /// renaming, so the path is walked again from the initial state (``concreteWalk(to:_:)``).
    private func concretePath(to s: Int32) -> [ExplorerChoice] {
        guard let symmetry = searched.symmetry else { return path(to: s) }
        return concreteWalk(to: s, symmetry).choices
    }

    /// Walks the stored path to `s` from the initial state with concrete names: in each state, the
    /// first choice (the stored one first, then in order) whose result has the next stored state
    /// as its canonical form. Returns the choices and the state they reach (a renaming of `s`'s).
    private func concreteWalk(to s: Int32, _ symmetry: RegionSymmetry) -> (choices: [ExplorerChoice], state: ExplorerState) {
        var chain: [Int32] = []
        var i = s
        while i > 0 {
            chain.append(i)
            i = parent[Int(i)]
        }
        var state = searched.initial
        var from: Int32 = 0
        var out: [ExplorerChoice] = []
        var scratch = RegionSymmetry.Scratch()
        var choices: [ExplorerChoice] = []
        for next in chain.reversed() {
            let target = codec.state(table[next])
            let stored = choice(via[Int(next)], from: from)
            searched.choices(in: state, into: &choices)
            var step: (ExplorerChoice, ExplorerState)?
            for d in Self.storedFirst(stored, choices) {
                let result = searched.apply(d, to: state).state
                var canonical = result
                symmetry.canonicalize(&canonical, &scratch)
                if canonical == target {
                    step = (d, result)
                    break
                }
            }
            // The check of the model (``RegionRenaming/maps(_:commuting:)``) makes every stored
            // step a renaming of a concrete one.
            assert(step != nil, "no choice of the concrete state reaches a renaming of stored state \(next)")
            let (d, result) = step ?? (stored, searched.apply(stored, to: state).state)
            out.append(d)
            state = result
            from = next
        }
        return (out, state)
    }

    /// `choices` with `stored` first, when it is one of them.
    private static func storedFirst(_ stored: ExplorerChoice, _ choices: [ExplorerChoice]) -> [ExplorerChoice] {
        choices.contains(stored) ? [stored] + choices.filter { $0 != stored } : choices
    }

    /// The counterexample of a problem a step showed, with symmetry: the stored path to `source`
    /// with concrete names, then the first choice there (the stored one first) that shows a
    /// finding of `key`'s orbit, which names the finding (``RegionSymmetry/orbitKey(_:)``).
    private func symmetricCounterexample(for key: FindingKey, source: Int32, choice stored: ExplorerChoice, setup: String,
                                         _ symmetry: RegionSymmetry) -> Finding? {
        let (prefix, state) = concreteWalk(to: source, symmetry)
        var choices: [ExplorerChoice] = []
        searched.choices(in: state, into: &choices)
        for d in Self.storedFirst(stored, choices) {
            let result = searched.apply(d, to: state)
            if let o = result.observations.first(where: { symmetry.orbitKey($0.key) == key }) {
                return counterexample(for: o.key, choices: prefix + [d], setup: setup)
            }
        }
        return nil
    }

    /// The choice at `index` among those open in state `s`.
    private func choice(_ index: UInt16, from s: Int32) -> ExplorerChoice {
        var choices: [ExplorerChoice] = []
        system.choices(in: codec.state(table[s]), into: &choices)
        return choices[Int(index)]
    }

    /// Replays a path with recording on: the steps of each transition and the final run.
    private func replay(_ choices: [ExplorerChoice]) -> (steps: [RecordedStep], callbacks: [[DelegateCall]], last: StepResult, lastOffset: Int, screens: [String]) {
        var state = system.initial
        var steps: [RecordedStep] = []
        var callbacks: [[DelegateCall]] = []
        var screens: [String] = []
        var last: StepResult?
        var offset = 0
        for c in choices {
            var run = StepRun(system: system, state: state, choice: c, record: true)
            run.execute()
            callbacks += run.stepCallbacks
            let r = run.result()
            offset = steps.count
            steps += r.steps
            screens.append(system.appModel.screens[Int(r.state.screen)])
            state = r.state
            last = r
        }
        return (steps, callbacks, last!, offset, screens)
    }

    private func counterexample(for key: FindingKey, choices: [ExplorerChoice], setup: String) -> Finding? {
        let replayed = replay(choices)
        guard let o = replayed.last.observations.first(where: { $0.key == key })?.story else { return nil }
        let cut = replayed.lastOffset + o.stepIndex
        let steps = Array(replayed.steps[...cut])
        var expect = o.expect
        if expect.keys.contains(.callbacks), expect.expectation.callbacks == nil {
            expect.expectation.callbacks = replayed.callbacks[cut].map(CallbackPattern.init(exactly:))
        }
        let (explanation, rules) = describe(key, detail: o.detail)
        return makeFinding(key: key, explanation: explanation, rules: rules, choices: choices, screens: replayed.screens,
                           steps: steps, markerBefore: o.marker.map { (cut, $0) }, expect: expect, setup: setup)
    }

    private func hangFinding(_ s: Int32, setup: String) -> Finding {
        let choices = concretePath(to: s)
        let replayed = replay(choices)
        let m = codec.state(table[s]).model
        let key = waitKey(s, updates: false)
        let (explanation, rules) = describe(key, detail: "")
        let expect = ExpectStep([.prompt, .status, .appState]) {
            $0.prompt = m.prompts.onScreen?.prompt.kind.rawValue ?? "none"
            $0.status = m.status
            $0.appState = m.lifecycle.state
        }
        return makeFinding(key: key, explanation: explanation, rules: rules, choices: choices, screens: replayed.screens,
                           steps: replayed.steps, markerBefore: nil, expect: expect, setup: setup)
    }

    private func updatesFinding(_ s: Int32, setup: String) -> Finding {
        let choices = concretePath(to: s)
        let replayed = replay(choices)
        let m = codec.state(table[s]).model
        let key = waitKey(s, updates: true)
        let (explanation, rules) = describe(key, detail: "")
        let expect = ExpectStep([.prompt, .status, .inUse, .appState]) {
            $0.prompt = m.prompts.onScreen?.prompt.kind.rawValue ?? "none"
            $0.status = m.status
            $0.inUse = m.isInUse
            $0.appState = m.lifecycle.state
        }
        return makeFinding(key: key, explanation: explanation, rules: rules, choices: choices, screens: replayed.screens,
                           steps: replayed.steps, markerBefore: nil, expect: expect, setup: setup)
    }

    private func describe(_ key: FindingKey, detail: String) -> (String, [String]) {
        Observation.describe(key, screens: system.appModel.screens, detail: detail)
    }

    private func makeFinding(key: FindingKey, explanation: String, rules: [String], choices: [ExplorerChoice], screens: [String],
                             steps: [RecordedStep], markerBefore: (Int, ExpectStep)?, expect: ExpectStep,
                             setup: String) -> Finding {
        let keyText = key.text(screens: system.appModel.screens)
        let pathText = zip(choices, screens).map { "\($0.0.description) [\($0.1)]" }
        let scenario = CounterexampleWriter.scenario(
            model: system.appModel, platform: system.platform, kind: key.kind, key: keyText, explanation: explanation, rules: rules,
            path: pathText, setup: setup, steps: steps, markerBefore: markerBefore, expect: expect)
        return Finding(kind: key.kind, key: keyText, explanation: explanation, rules: rules, platform: system.platform,
                       model: system.appModel.file, depth: choices.count, path: choices.map(\.description), scenario: scenario)
    }
}
