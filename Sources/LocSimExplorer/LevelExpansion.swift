import Dispatch

/// One breadth-first level's worth of work, done before any of its results enter the state table:
/// every choice applied to every state of the frontier, and each result looked up among the states
/// of earlier levels.
///
/// This is where almost all of a search's time goes, and it only reads the table, so slices of the
/// frontier run on separate threads. The search then takes the results in frontier order, which
/// keeps its output independent of the schedule.
struct LevelExpansion: Sendable {
    /// What one choice from one state led to.
    struct Successor: Sendable {
        var choice: ExplorerChoice
        /// The state's ``StateKey/hash``.
        var hash: Int
        /// The position of the state when an earlier level has it; otherwise `-1 - i`, where `i`
        /// is the state's index in ``Slice/candidates``.
        var known: Int32
        /// Problems this step showed (usually none).
        var findings: [FindingKey]
        /// The step left a waiting screen by the app's own doing (or a crash).
        var exit: Bool
        /// The step stayed on the screen, in the app, with the app still running.
        var stay: Bool
    }

    /// The results for a run of consecutive frontier states.
    struct Slice: Sendable {
        /// Successors per frontier state, in order.
        var counts: [Int32] = []
        var successors: [Successor] = []
        /// States no earlier level has, in the order their successors name them.
        var candidates: [StateKey] = []
        /// States whose key did not unpack to the same state (only counted when checking).
        var codecMismatches = 0
    }

    /// Frontier states per slice; slices are the unit of parallel work.
    static let sliceSize = 48

    /// Expands `frontier`, on every core when `parallel` and the frontier is large enough.
    static func expand(_ frontier: [Int32], table: StateTable, system: AppModelSystem, codec: StateCodec, parallel: Bool,
                       checkCodec: Bool = false) -> [Slice] {
        let sliceCount = (frontier.count + sliceSize - 1) / sliceSize
        if !parallel || sliceCount < 2 {
            var worker = Worker(system: system, codec: codec, check: checkCodec)
            return [worker.expand(frontier[...], table: table)]
        }
        let results = ParallelResults<Slice>(count: sliceCount)
        DispatchQueue.concurrentPerform(iterations: sliceCount) { i in
            var worker = Worker(system: system, codec: codec, check: checkCodec)
            let range = i * sliceSize..<min(frontier.count, (i + 1) * sliceSize)
            results.set(i, worker.expand(frontier[range], table: table))
        }
        return results.values
    }

    /// Applies choices with one reusable ``StepRun``, unpacking the source state into it before
    /// each choice (its storage is never shared, so the model changes in place).
    private struct Worker {
        let system: AppModelSystem
        let codec: StateCodec
        let check: Bool
        var run: StepRun
        var choices: [ExplorerChoice] = []

        init(system: AppModelSystem, codec: StateCodec, check: Bool) {
            self.system = system
            self.codec = codec
            self.check = check
            run = StepRun(system: system, state: codec.initial, choice: .lock, record: false)
        }

        mutating func expand(_ sources: ArraySlice<Int32>, table: StateTable) -> Slice {
            var out = Slice()
            out.counts.reserveCapacity(sources.count)
            out.successors.reserveCapacity(sources.count * 5)
            for s in sources {
                out.counts.append(Int32(expand(table[s], table: table, into: &out)))
            }
            return out
        }

        private mutating func expand(_ source: StateKey, table: StateTable, into out: inout Slice) -> Int {
            codec.decode(source, into: &run.state)
            system.choices(in: run.state, into: &choices)
            let sourceRunning = run.state.model.appState != .notRunning
            let sourceScreen = run.state.screen
            for (n, choice) in choices.enumerated() {
                if n > 0 { codec.decode(source, into: &run.state) }
                run.restart(choice: choice)
                run.execute()
                // Leaving by a crash counts as leaving: the crash is a finding of its own.
                let running = run.state.model.appState != .notRunning
                let exit = choice.isInApp && (run.leftScreenInApp || (!running && sourceRunning))
                let stay = choice.isInApp && run.state.screen == sourceScreen && running
                let key = codec.encode(&run.state)
                if check && codec.state(key) != run.state { out.codecMismatches += 1 }
                let hash = key.hash
                var known: Int32
                if let position = table.find(key, hash: hash) {
                    known = position
                } else {
                    known = -1 - Int32(out.candidates.count)
                    out.candidates.append(key)
                }
                let findings = run.observations.isEmpty ? [] : run.observations.map(\.key)
                out.successors.append(Successor(choice: choice, hash: hash, known: known, findings: findings, exit: exit, stay: stay))
            }
            return choices.count
        }
    }
}
