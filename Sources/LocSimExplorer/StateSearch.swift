import Foundation
import LocSimModel
import LocSimScenario

/// Breadth-first search over the deduplicated states of one app model on one platform, with the
/// backward analysis that finds hangs and the replay that writes counterexamples.
struct StateSearch {
    let system: AppModelSystem
    let maxDepth: Int
    let maxStates: Int
    let progress: (@Sendable (ExplorationProgress) -> Void)?

    private(set) var table = StateTable()
    var states: [ExplorerState] { table.states }
    private var parent: [Int32] = []
    private var via: [ExplorerChoice?] = []
    private var depthOf: [UInt8] = []
    private var expanded: [Bool] = []
    private var transitions = 0
    private var truncated = false
    private var depthReached = 0
    private var frontierLeft = false
    /// The first path to each problem: the state it starts from and the choice that shows it.
    private var firstSeen: [FindingKey: (source: Int32, choice: ExplorerChoice)] = [:]
    /// Edges out of waiting screens: (from, to, left the screen in the app, stayed on it in the app).
    private var waitingEdges: [(from: Int32, to: Int32, exit: Bool, stay: Bool)] = []
    private var seconds = 0.0
    /// Working storage reused by every step of the search.
    private var buffers = StepBuffers()
    private var choices: [ExplorerChoice] = []

    init(system: AppModelSystem, depth: Int, maxStates: Int, progress: (@Sendable (ExplorationProgress) -> Void)?) {
        self.system = system
        self.maxDepth = depth
        self.maxStates = maxStates
        self.progress = progress
    }

    // MARK: Search

    mutating func run() {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = table.insert(system.initial)
        record(parent: -1, via: nil, depth: 0)
        var frontier: [Int32] = [0]
        var depth = 0
        while depth < maxDepth && !frontier.isEmpty && !truncated {
            var next: [Int32] = []
            for s in frontier {
                expand(s, depth: depth, into: &next)
                if states.count >= maxStates { truncated = true; break }
            }
            depth += 1
            depthReached = depth
            frontier = next
            if let progress {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                progress(ExplorationProgress(model: system.appModel.name, platform: system.platform, depth: depth,
                                             states: states.count, statesPerSecond: elapsed > 0 ? Double(states.count) / elapsed : 0))
            }
        }
        frontierLeft = !frontier.isEmpty
        seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private mutating func record(parent p: Int32, via c: ExplorerChoice?, depth: Int) {
        parent.append(p)
        via.append(c)
        depthOf.append(UInt8(depth))
        expanded.append(false)
    }

    private mutating func expand(_ s: Int32, depth: Int, into next: inout [Int32]) {
        let state = table[s]
        expanded[Int(s)] = true
        let waiting = system.isWaiting[Int(state.screen)]
        system.appendChoices(state, to: &choices)
        var buffers = StepBuffers()
        swap(&buffers, &self.buffers)
        defer { swap(&buffers, &self.buffers) }
        for choice in choices {
            var run = StepRun(system: system, state: state, choice: choice, record: false, buffers: consume buffers)
            run.execute()
            transitions += 1
            for o in run.observations where firstSeen[o.key] == nil {
                firstSeen[o.key] = (s, choice)
            }
            // Leaving by a crash counts as leaving: the crash is a finding of its own.
            let running = run.state.model.appState != .notRunning
            let exit = choice.isInApp && (run.leftScreenInApp || (!running && state.model.appState != .notRunning))
            let stay = choice.isInApp && run.state.screen == state.screen && running
            let after: ExplorerState
            (after, buffers) = run.end()
            let (target, inserted) = table.insert(after)
            if inserted {
                record(parent: s, via: choice, depth: depth + 1)
                next.append(target)
            }
            if waiting {
                waitingEdges.append((s, target, exit, stay))
            }
        }
    }

    // MARK: Hangs

    /// States on waiting screens from which no in-app sequence of events leaves the screen.
    /// States at the depth limit count as able to leave (their future is unknown).
    private func hangs() -> [Int32] {
        var canLeave = [Bool](repeating: false, count: states.count)
        var reverse: [Int32: [Int32]] = [:]
        var work: [Int32] = []
        for i in states.indices where system.isWaiting[Int(states[i].screen)] && !expanded[i] {
            canLeave[i] = true
            work.append(Int32(i))
        }
        for e in waitingEdges {
            if e.exit, !canLeave[Int(e.from)] { canLeave[Int(e.from)] = true; work.append(e.from) }
            if e.stay && e.from != e.to { reverse[e.to, default: []].append(e.from) }
        }
        while let t = work.popLast() {
            for f in reverse[t] ?? [] where !canLeave[Int(f)] {
                canLeave[Int(f)] = true
                work.append(f)
            }
        }
        // One hang per screen and per way of being stuck (status, its flavour, the prompt on
        // screen): different causes on one screen are different findings. BFS order makes the
        // first state of each the one with the shortest path.
        var first: [String: Int32] = [:]
        for i in states.indices {
            let st = states[i]
            guard system.isWaiting[Int(st.screen)], !canLeave[i], st.model.appState != .notRunning else { continue }
            let key = "\(st.screen) \(Self.stuckText(st.model))"
            if first[key] == nil { first[key] = Int32(i) }
        }
        return first.values.sorted()
    }

    // MARK: Report

    func report() -> PlatformExploration {
        var findings: [Finding] = []
        for (key, seen) in firstSeen {
            if let f = counterexample(for: key, source: seen.source, choice: seen.choice) { findings.append(f) }
        }
        for h in hangs() {
            findings.append(hangFinding(h))
        }
        findings.sort(by: Finding.ordered)
        return PlatformExploration(platform: system.platform, states: states.count, transitions: transitions, depth: depthReached,
                                   exhaustive: !frontierLeft && !truncated, truncated: truncated, seconds: seconds, findings: findings)
    }

    /// The choices from the initial state to `s`.
    private func path(to s: Int32) -> [ExplorerChoice] {
        var out: [ExplorerChoice] = []
        var i = s
        while i > 0 {
            out.append(via[Int(i)]!)
            i = parent[Int(i)]
        }
        return out.reversed()
    }

    /// Replays a path with recording on: the steps of each transition and the final run.
    private func replay(_ choices: [ExplorerChoice]) -> (steps: [RecordedStep], callbacks: [[String]], last: StepResult, lastOffset: Int, screens: [String]) {
        var state = system.initial
        var steps: [RecordedStep] = []
        var callbacks: [[String]] = []
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

    private func counterexample(for key: FindingKey, source: Int32, choice: ExplorerChoice) -> Finding? {
        let choices = path(to: source) + [choice]
        let replayed = replay(choices)
        guard let o = replayed.last.observations.first(where: { $0.key == key }) else { return nil }
        let cut = replayed.lastOffset + o.stepIndex
        let steps = Array(replayed.steps[...cut])
        var expect = o.expect
        if let i = expect.firstIndex(where: { $0.1 == Observation.stepCallbacks }) {
            expect[i].1 = "[" + replayed.callbacks[cut].joined(separator: ", ") + "]"
        }
        let (explanation, rules) = describe(key, detail: o.detail)
        return makeFinding(key: key, explanation: explanation, rules: rules, choices: choices, screens: replayed.screens,
                           steps: steps, markerBefore: o.marker.map { (cut, $0) }, expect: expect)
    }

    private func hangFinding(_ s: Int32) -> Finding {
        let choices = path(to: s)
        let replayed = replay(choices)
        let m = states[Int(s)].model
        let key = FindingKey.hang(screen: Int(states[Int(s)].screen), stuck: Self.stuckText(m))
        let (explanation, rules) = describe(key, detail: "")
        let expect = [("prompt", m.prompt?.prompt.kind.rawValue ?? "none"), ("status", m.status.description), ("appState", m.appState.rawValue)]
        return makeFinding(key: key, explanation: explanation, rules: rules, choices: choices, screens: replayed.screens,
                           steps: replayed.steps, markerBefore: nil, expect: expect)
    }

    /// How the app is stuck, for the hang's key: the prompt on screen, or the status and its flavour.
    static func stuckText(_ m: AuthorizationModel) -> String {
        if let p = m.prompt { return "prompt-\(p.prompt.kind.rawValue)" }
        var text = m.status.description
        if m.status.isAuthorized, m.isTemporary { text += "-allowOnce" }
        if m.status.isAuthorized, m.isProvisional { text += "-provisional" }
        return text
    }

    private func describe(_ key: FindingKey, detail: String) -> (String, [String]) {
        let screens = system.appModel.screens
        switch key {
        case .hang(let s, let stuck):
            return ("screen '\(screens[s])' waits for an answer that can no longer come (stuck at \(stuck)): only Settings or killing the app gets it out", ["C4", "C10", "C12"])
        case .ignored(_, let reason):
            return (detail, reason.ruleIDs + ["C12"])
        case .promptOnForeground(let p, let c):
            return ("the app showed the \(p.rawValue) prompt on its own after \(c.description); ask when the user needs location", ["D1", "D6", "seed 002"])
        case .backgroundStart(let call):
            return ("\(call.word) was called while the app is not in use: no background session starts, and a When In Use app gets nothing until it is in use again", ["I6", "I9", "D8"])
        case .terminated(let text):
            let rules = text.contains("Delegate must respond") ? ["N4"] : ["I8"]
            return ("the app crashed: \(text.replacingOccurrences(of: "*** ", with: ""))", rules)
        case .privacy(let r):
            return ("LocSim bug: \(r.explanation)", r.rules)
        }
    }

    private func makeFinding(key: FindingKey, explanation: String, rules: [String], choices: [ExplorerChoice], screens: [String],
                             steps: [RecordedStep], markerBefore: (Int, [(String, String)])?, expect: [(String, String)]) -> Finding {
        let keyText = key.text(screens: system.appModel.screens)
        let pathText = zip(choices, screens).map { "\($0.0.description) [\($0.1)]" }
        let scenario = CounterexampleWriter.scenario(
            model: system.appModel, platform: system.platform, kind: key.kind, key: keyText, explanation: explanation, rules: rules,
            path: pathText, steps: steps, markerBefore: markerBefore, expect: expect)
        return Finding(kind: key.kind, key: keyText, explanation: explanation, rules: rules, platform: system.platform,
                       model: system.appModel.file, depth: choices.count, path: choices.map(\.description), scenario: scenario)
    }
}
