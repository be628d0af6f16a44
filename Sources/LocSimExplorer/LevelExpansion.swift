import LocSimModel

/// One breadth-first level's worth of work, done before any of its results enter the state table:
/// every choice applied to every state of the frontier, and each result looked up among the states
/// of earlier levels.
///
/// This is where almost all of a search's time goes, and it only reads the table, so slices of the
/// frontier run on separate threads. The search then takes the results in frontier order, which
/// keeps its output independent of the schedule.
struct LevelExpansion: Sendable {
    /// What one choice from one state led to. Plain data: a level has tens of thousands.
    struct Successor: Sendable {
        /// The state's ``StateKey/hash``.
        var hash: Int
        /// The position of the state when an earlier level has it; otherwise `-1 - i`, where `i`
        /// is the state's index in ``Slice/candidates``.
        var known: Int32
        /// The choice's position in the source state's ``AppModelSystem/choices(in:into:)``.
        var choice: UInt16
        /// ``exit``, ``stay``, ``awaitExit`` and ``awaitStay`` as bits 0…3 (one byte keeps a successor in 16).
        private var bits: UInt8

        /// The step left a waiting screen by the app's own doing (or a crash).
        var exit: Bool { bits & 1 != 0 }
        /// The step stayed on the screen, in the app, with the app still running.
        var stay: Bool { bits & 2 != 0 }
        /// In the app, the step made a live-updates stream yield, or the app stopped waiting for
        /// updates (``StateSearch``'s `updatesNeverCome` analysis).
        var awaitExit: Bool { bits & 4 != 0 }
        /// In the app, the step led to a state that still awaits live updates.
        var awaitStay: Bool { bits & 8 != 0 }

        init(hash: Int, known: Int32, choice: UInt16, exit: Bool, stay: Bool, awaitExit: Bool = false, awaitStay: Bool = false) {
            self.hash = hash
            self.known = known
            self.choice = choice
            bits = (exit ? 1 : 0) | (stay ? 2 : 0) | (awaitExit ? 4 : 0) | (awaitStay ? 8 : 0)
        }
    }

    /// The results for a run of consecutive frontier states.
    struct Slice: Sendable {
        /// Successors per frontier state, in order.
        var counts: [Int32] = []
        /// Per frontier state, whether it awaits live updates (only for models that start them).
        var awaiting: [Bool] = []
        var successors: [Successor] = []
        /// Problems steps showed (few): the successor's index in ``successors``, and the problem.
        var findings: [(successor: Int32, key: FindingKey)] = []
        /// States no earlier level has, in the order their successors name them.
        var candidates: [StateKey] = []
        /// States whose key did not unpack to the same state, fresh or in place over another
        /// state (only counted when checking).
        var codecMismatches = 0
    }

    /// Frontier states per slice; slices are the unit of parallel work.
    static let sliceSize = 48

    /// How many slices `count` frontier states make.
    static func sliceCount(_ count: Int) -> Int { (count + sliceSize - 1) / sliceSize }

    /// The frontier positions of slice `i`.
    static func slice(_ i: Int, of count: Int) -> Range<Int> { i * sliceSize..<min(count, (i + 1) * sliceSize) }

    /// Applies choices with one reusable ``StepRun``, unpacking the source state into it before
    /// each choice (its storage is never shared, so the model changes in place).
    struct Worker {
        let system: AppModelSystem
        let codec: StateCodec
        let check: Bool
        var run: StepRun
        var choices: [ExplorerChoice] = []
        /// The codec's prompts, from this worker's own system (they share their text with the
        /// prompts its model shows, so comparing them is quick).
        let prompts: [Prompt]
        /// The extras of the state being expanded, looked up once for all its choices.
        private var sourceExtras: (number: Int, box: StateCodec.Box?) = (0, nil)
        /// The sets of region names this worker's decoding assigns (one per mask).
        private var regionSets = AuthorizationModel.Packed.RegionSets()
        /// With symmetry: the signatures of the state being expanded, and storage for its successors'.
        private var sourceSignatures = RegionSymmetry.Scratch()
        private var successorSignatures = RegionSymmetry.Scratch()

        init(system: AppModelSystem, codec: StateCodec, check: Bool) {
            self.system = system
            self.codec = codec
            self.check = check
            run = StepRun(system: system, state: system.initial, choice: .lock, record: false)
            prompts = StateCodec.standardPrompts(of: system.initial)
        }

        /// Applies every choice to every state of `sources` (part of a frontier) and looks each
        /// result up in `table`, which only the caller's search writes, and never meanwhile.
        mutating func expand(_ sources: ArraySlice<Int32>, table: StateTable) -> Slice {
            var out = Slice()
            out.counts.reserveCapacity(sources.count)
            out.successors.reserveCapacity(sources.count * 5)
            out.candidates.reserveCapacity(sources.count * 4)
            for s in sources {
                out.counts.append(Int32(expand(table[s], table: table, into: &out)))
            }
            return out
        }

        private mutating func expand(_ source: StateKey, table: StateTable, into out: inout Slice) -> Int {
            if source.extrasNumber != sourceExtras.number { sourceExtras = (source.extrasNumber, codec.extras(source.extrasNumber)) }
            unpack(source, into: &out)
            system.choices(in: run.state, into: &choices)
            let sourceRunning = run.state.model.lifecycle.state != .notRunning
            let sourceScreen = run.state.screen
            let tracksUpdates = system.startsLiveUpdates
            let sourceAwaits = tracksUpdates && run.state.model.awaitsLiveUpdates
            if tracksUpdates { out.awaiting.append(sourceAwaits) }
            // With symmetry, a choice that renames an earlier one of the same state (the same step
            // on another region of equal signature) is not taken: it leads to the same stored state.
            let symmetry = system.symmetry
            let prunes = symmetry?.signatures(of: run.state.model, into: &sourceSignatures) ?? false
            // A successor that leaves every region as the canonical source had it is canonical.
            let sourceRegions = prunes && symmetry!.isCanonical(sourceSignatures) ? symmetry!.fields(of: run.state.model) : nil
            var taken = 0
            for (n, choice) in choices.enumerated() {
                if prunes, symmetry!.repeats(choice, sourceSignatures) { continue }
                if taken > 0 { unpack(source, into: &out) }
                taken += 1
                run.restart(choice: choice)
                run.execute()
                // Leaving by a crash counts as leaving: the crash is a finding of its own.
                let running = run.state.model.lifecycle.state != .notRunning
                let exit = choice.isInApp && (run.leftScreenInApp || (!running && sourceRunning))
                let stay = choice.isInApp && run.state.screen == sourceScreen && running
                var awaitExit = false, awaitStay = false
                if sourceAwaits && choice.isInApp {
                    // Stopping its streams itself ends the app's wait as surely as an update does.
                    awaitExit = run.yieldedLiveUpdate || (running && run.state.model.sessions.liveUpdates.isEmpty)
                    awaitStay = run.state.model.awaitsLiveUpdates
                }
                if let symmetry, !(sourceRegions?.same(run.state.model) ?? false) { symmetry.canonicalize(&run.state, &successorSignatures) }
                let key = codec.encode(&run.state, prompts: prompts, source: sourceExtras)
                if check && codec.state(key) != run.state { out.codecMismatches += 1 }
                let hash = key.hash
                var known: Int32
                if let position = table.find(key, hash: hash) {
                    known = position
                } else {
                    known = -1 - Int32(out.candidates.count)
                    out.candidates.append(key)
                }
                for o in run.observations { out.findings.append((Int32(out.successors.count), symmetry?.orbitKey(o.key) ?? o.key)) }
                out.successors.append(Successor(hash: hash, known: known, choice: UInt16(n), exit: exit, stay: stay,
                                                awaitExit: awaitExit, awaitStay: awaitStay))
            }
            return taken
        }

        /// Unpacks `source` in place, over the last choice's result: a field decoding failed to
        /// overwrite would leak from one choice into the next (counted when checking).
        private mutating func unpack(_ source: StateKey, into out: inout Slice) {
            codec.decode(source, into: &run.state, prompts: prompts, extras: sourceExtras.box, regionSets: &regionSets)
            if check && run.state != codec.state(source) { out.codecMismatches += 1 }
        }
    }
}
