import LocSimModel

/// Two words that stand for a state of an app-code exploration: two hashes of its key (the
/// authorization model, the screen, the app's fingerprint and the explorer's own records), the
/// second finalized from a copy of the first's whole state with one more word — so two keys whose
/// first words collide (one chance in 2⁶⁴ per pair) still differ in the second unless the hasher's
/// 256-bit state collided. An exploration's worker processes hash deterministically
/// (`SWIFT_DETERMINISTIC_HASHING`), so one that carries on after a crash agrees with the one
/// before it.
package struct AppStateFingerprint: Hashable, Sendable {
    package var a: UInt64
    package var b: UInt64

    /// The fingerprint of `key`.
    package init(_ key: some Hashable) {
        var h1 = Hasher()
        h1.combine(0x5EED_A11C_E000_0001 as UInt64)
        key.hash(into: &h1)
        var h2 = h1
        h2.combine(0x0B0E_5EED_0000_0002 as UInt64)
        a = UInt64(bitPattern: Int64(h1.finalize()))
        b = UInt64(bitPattern: Int64(h2.finalize()))
    }

    package init(a: UInt64, b: UInt64) {
        self.a = a
        self.b = b
    }

    /// The state after the app crashed: the path ends there.
    package static let crashed = AppStateFingerprint(a: 0xC4A5_4ED0_0000_0000, b: 0xC4A5_4ED0_0000_0001)
}

/// What an app-code exploration knows of a state once it reached it: enough to expand it and to
/// analyse hangs without the objects that reached it.
package struct AppStateFacts: Sendable, Equatable {
    /// The screen waits for an answer (``ExplorationApp/isWaiting``).
    package var waiting: Bool
    /// The app awaits live updates that told it nothing it can act on (``FindingKind/updatesNeverCome``).
    package var awaitsUpdates: Bool
    /// The app's screen (empty when it is not running).
    package var screen: String
    /// The app's process is running.
    package var running: Bool
    /// How the app would be stuck here (``HangAnalysis/stuckText(_:)``).
    package var stuck: String
    /// What the user (and the world) may do here.
    package var choices: [ExplorerChoice]

    package init(waiting: Bool, awaitsUpdates: Bool, screen: String, running: Bool, stuck: String, choices: [ExplorerChoice]) {
        self.waiting = waiting
        self.awaitsUpdates = awaitsUpdates
        self.screen = screen
        self.running = running
        self.stuck = stuck
        self.choices = choices
    }

    /// The facts of the state after a crash: not running, nothing to do (the path ends).
    package static let crashed = AppStateFacts(waiting: false, awaitsUpdates: false, screen: "", running: false, stuck: "", choices: [])
}

/// A problem one transition showed, as reported: its kind, key and explanation.
package struct AppCodeObservation: Sendable, Equatable {
    package var kind: FindingKind
    package var key: String
    package var explanation: String
    /// Worth knowing, but nothing waits on it: reported as a note, not a finding.
    package var isNote = false

    package init(kind: FindingKind, key: String, explanation: String) {
        self.kind = kind
        self.key = key
        self.explanation = explanation
    }
}

/// Everything one transition of an app-code exploration produced: the search applies it the
/// same way whether it ran the app's code itself or read it from the process that did.
package struct AppCodeOutcome: Sendable, Equatable {
    /// The state reached.
    package var target: AppStateFingerprint
    /// What is known of it.
    package var facts: AppStateFacts
    /// The problems the step showed.
    package var observations: [AppCodeObservation] = []
    /// The app made a manager (or a session, live updates, a monitor) on the explored device.
    package var createdManager = false
    /// The Core Location calls app code made outside the simulated app (a detached task, a
    /// thread of its own): they reached a device of their own.
    package var escapes: [String] = []
    /// The first use of an object made on an earlier path (a singleton's manager), if any.
    package var staleObject: String?
    /// The step made a live-updates stream yield something the app can see, or the app stopped
    /// waiting for updates (the `updatesNeverCome` analysis).
    package var updatesArrived = false
    /// The step started on a session kept for it (statistics: the search is the same either way).
    package var startedOnKeptSession = false
    /// The choices the step applied, its replay's included (statistics).
    package var appliedChoices = 0

    package init(target: AppStateFingerprint, facts: AppStateFacts) {
        self.target = target
        self.facts = facts
    }

    /// The outcome of a transition whose app code crashed with `trap`.
    package static func crash(_ trap: AppTrap) -> AppCodeOutcome {
        var o = AppCodeOutcome(target: .crashed, facts: .crashed)
        o.observations = [AppCodeObservation(kind: .terminated, key: trap.key, explanation: trap.explanation)]
        return o
    }
}

// MARK: Bytes

/// The outcome as bytes, for the pipe between an executor and the process that mirrors it.
extension AppCodeOutcome {
    package func encoded() -> [UInt8] {
        var w = ByteWriter()
        encode(into: &w)
        return w.bytes
    }

    /// Appends ``encoded()``'s bytes to `w`.
    package func encode(into w: inout ByteWriter) {
        w.word(target.a)
        w.word(target.b)
        w.flag(facts.waiting)
        w.flag(facts.awaitsUpdates)
        w.string(facts.screen)
        w.flag(facts.running)
        w.string(facts.stuck)
        w.count(facts.choices.count)
        for c in facts.choices { w.choice(c) }
        w.count(observations.count)
        for o in observations {
            w.string(o.kind.rawValue)
            w.string(o.key)
            w.string(o.explanation)
            w.flag(o.isNote)
        }
        w.flag(createdManager)
        w.count(escapes.count)
        for e in escapes { w.string(e) }
        w.flag(staleObject != nil)
        if let staleObject { w.string(staleObject) }
        w.flag(updatesArrived)
        w.flag(startedOnKeptSession)
        w.number(appliedChoices)
    }

    /// Reads ``encoded()``; `nil` for bytes it did not write.
    package init?(decoding bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard let a = r.word(), let b = r.word(), let waiting = r.flag(), let awaits = r.flag(), let screen = r.string(),
              let running = r.flag(), let stuck = r.string(), let choiceCount = r.count() else { return nil }
        var choices: [ExplorerChoice] = []
        for _ in 0..<choiceCount {
            guard let c = r.choice() else { return nil }
            choices.append(c)
        }
        self.init(target: AppStateFingerprint(a: a, b: b),
                  facts: AppStateFacts(waiting: waiting, awaitsUpdates: awaits, screen: screen, running: running, stuck: stuck, choices: choices))
        guard let observationCount = r.count() else { return nil }
        for _ in 0..<observationCount {
            guard let kindText = r.string(), let kind = FindingKind(rawValue: kindText), let key = r.string(), let explanation = r.string(),
                  let note = r.flag() else { return nil }
            var o = AppCodeObservation(kind: kind, key: key, explanation: explanation)
            o.isNote = note
            observations.append(o)
        }
        guard let created = r.flag(), let escapeCount = r.count() else { return nil }
        createdManager = created
        for _ in 0..<escapeCount {
            guard let e = r.string() else { return nil }
            escapes.append(e)
        }
        guard let hasStale = r.flag() else { return nil }
        if hasStale {
            guard let s = r.string() else { return nil }
            staleObject = s
        }
        guard let arrived = r.flag(), let kept = r.flag(), let applied = r.number(), r.atEnd else { return nil }
        updatesArrived = arrived
        startedOnKeptSession = kept
        appliedChoices = applied
    }
}

/// Little-endian words, flags and length-prefixed UTF-8 strings.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func word(_ w: UInt64) {
        withUnsafeBytes(of: w.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A length or a number of items (read back with ``ByteReader/count()``, which checks it).
    package mutating func count(_ n: Int) { word(UInt64(n)) }

    /// A number.
    package mutating func number(_ n: Int) { word(UInt64(bitPattern: Int64(n))) }

    package mutating func flag(_ f: Bool) { bytes.append(f ? 1 : 0) }

    /// One byte (a tag).
    package mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// Bytes as they are, with no length before them.
    package mutating func bytes(_ b: [UInt8]) { bytes += b }

    package mutating func string(_ s: String) {
        count(s.utf8.count)
        // A native string's bytes in one copy; others byte by byte.
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: s.utf8) }
    }

    /// Empties the bytes, keeping their storage, to write the next message in it.
    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Overwrites the word written at `offset` (a length known only once what follows it is written).
    package mutating func overwriteWord(at offset: Int, with w: UInt64) {
        withUnsafeBytes(of: w.littleEndian) { new in
            for i in 0..<8 { bytes[offset + i] = new[i] }
        }
    }

    /// Bytes of their own, after their length.
    package mutating func blob(_ b: [UInt8]) {
        count(b.count)
        bytes += b
    }
}

extension ByteWriter {
    /// A choice: a tag, then what the case carries.
    package mutating func choice(_ c: ExplorerChoice) {
        switch c {
        case .launch: bytes.append(0)
        case .foreground: bytes.append(1)
        case .background: bytes.append(2)
        case .suspend: bytes.append(3)
        case .terminate: bytes.append(4)
        case .forceQuit: bytes.append(5)
        case .crash: bytes.append(6)
        case .lock: bytes.append(7)
        case .unlock: bytes.append(8)
        case .visit: bytes.append(9)
        case .choose(let b): bytes.append(10); string(b.rawValue)
        case .settings(let o): bytes.append(11); string(o.rawValue)
        case .precise(let on): bytes.append(12); flag(on)
        case .locationServices(let on): bytes.append(13); flag(on)
        case .tap(let name): bytes.append(14); string(name)
        case .enterRegion(let name): bytes.append(15); string(name)
        case .exitRegion(let name): bytes.append(16); string(name)
        case .wait(let d):
            bytes.append(17)
            number(Int(d.components.seconds))
            word(UInt64(bitPattern: d.components.attoseconds))
        }
    }
}

extension ByteWriter {
    /// A platform: its system's index and its version.
    package mutating func platform(_ p: Platform) {
        bytes.append(UInt8(Platform.OS.allCases.firstIndex(of: p.os)!))
        number(p.major)
        number(p.minor)
    }
}

extension ByteReader {
    /// A platform written by ``ByteWriter/platform(_:)``.
    package mutating func platform() -> Platform? {
        guard let os = byte(), Int(os) < Platform.OS.allCases.count, let major = number(), let minor = number() else { return nil }
        return Platform(Platform.OS.allCases[Int(os)], major, minor)
    }

    /// A choice written by ``ByteWriter/choice(_:)``.
    package mutating func choice() -> ExplorerChoice? {
        guard let tag = byte() else { return nil }
        switch tag {
        case 0: return .launch
        case 1: return .foreground
        case 2: return .background
        case 3: return .suspend
        case 4: return .terminate
        case 5: return .forceQuit
        case 6: return .crash
        case 7: return .lock
        case 8: return .unlock
        case 9: return .visit
        case 10: return string().flatMap(PromptButton.init(rawValue:)).map { .choose($0) }
        case 11: return string().flatMap(SettingsOption.init(rawValue:)).map { .settings($0) }
        case 12: return flag().map { .precise($0) }
        case 13: return flag().map { .locationServices($0) }
        case 14: return string().map { .tap($0) }
        case 15: return string().map { .enterRegion($0) }
        case 16: return string().map { .exitRegion($0) }
        case 17:
            guard let seconds = number(), let atto = word() else { return nil }
            return .wait(Duration(secondsComponent: Int64(seconds), attosecondsComponent: Int64(bitPattern: atto)))
        default: return nil
        }
    }
}

/// Reads what ``ByteWriter`` wrote; every read is `nil` past the end.
package struct ByteReader {
    private let bytes: [UInt8]
    private var at = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var atEnd: Bool { at == bytes.count }

    package mutating func word() -> UInt64? {
        guard bytes.count - at >= 8 else { return nil }
        var w: UInt64 = 0
        let from = at
        bytes.withUnsafeBytes { source in
            withUnsafeMutableBytes(of: &w) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[from..<(from + 8)])) }
        }
        at += 8
        return UInt64(littleEndian: w)
    }

    /// A number written by ``ByteWriter/number(_:)``.
    package mutating func number() -> Int? { word().map { Int(Int64(bitPattern: $0)) } }

    /// A length or a number of items: at most the bytes there are.
    package mutating func count() -> Int? {
        guard let w = word(), w <= UInt64(bytes.count) else { return nil }
        return Int(w)
    }

    /// One byte.
    package mutating func byte() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    package mutating func flag() -> Bool? {
        guard at < bytes.count, bytes[at] <= 1 else { return nil }
        defer { at += 1 }
        return bytes[at] == 1
    }

    package mutating func string() -> String? {
        guard let n = count(), bytes.count - at >= n else { return nil }
        defer { at += n }
        return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
    }

    /// Bytes written by ``ByteWriter/blob(_:)``.
    package mutating func blob() -> [UInt8]? {
        guard let n = count(), bytes.count - at >= n else { return nil }
        defer { at += n }
        return Array(bytes[at..<(at + n)])
    }
}

// MARK: Results as bytes

extension AppCodePlatformResult {
    /// The result as bytes, for an exploration's worker process to hand to the test that started it.
    package static func encode(_ results: [AppCodePlatformResult]) -> [UInt8] {
        var w = ByteWriter()
        func finding(_ f: ExplorationFinding) {
            w.string(f.kind.rawValue)
            w.string(f.key)
            w.string(f.explanation)
            w.string(f.platform.description)
            w.count(f.path.count)
            for p in f.path { w.string(p) }
        }
        func findings(_ fs: [ExplorationFinding]) {
            w.count(fs.count)
            for f in fs { finding(f) }
        }
        func strings(_ ss: [String]) {
            w.count(ss.count)
            for s in ss { w.string(s) }
        }
        w.count(results.count)
        for r in results {
            w.string(r.platform.description)
            findings(r.findings)
            findings(r.notes)
            strings(r.screens)
            let v = r.verdict
            w.number(r.stepsOnKeptSessions)
            w.number(r.appliedChoices)
            w.number(v.states)
            w.number(v.transitions)
            w.number(v.depth)
            w.string(v.end.rawValue)
            w.number(v.undecided)
            w.flag(v.decidingDepth != nil)
            w.number(v.decidingDepth ?? 0)
            findings(v.hiddenFindings)
            w.flag(r.createdManager)
            strings(r.escapes)
            w.flag(r.staleObject != nil)
            w.string(r.staleObject ?? "")
        }
        return w.bytes
    }

    /// Reads ``encode(_:)``; `nil` for bytes it did not write.
    package static func decode(_ bytes: [UInt8]) -> [AppCodePlatformResult]? {
        var r = ByteReader(bytes)
        func platform() -> Platform? { r.string().flatMap { Platform(parsing: $0) } }
        func finding() -> ExplorationFinding? {
            guard let kindText = r.string(), let kind = FindingKind(rawValue: kindText), let key = r.string(), let explanation = r.string(),
                  let p = platform(), let n = r.count() else { return nil }
            var path: [String] = []
            for _ in 0..<n { guard let s = r.string() else { return nil }; path.append(s) }
            return ExplorationFinding(kind: kind, key: key, explanation: explanation, platform: p, path: path)
        }
        func findings() -> [ExplorationFinding]? {
            guard let n = r.count() else { return nil }
            var out: [ExplorationFinding] = []
            for _ in 0..<n { guard let f = finding() else { return nil }; out.append(f) }
            return out
        }
        func strings() -> [String]? {
            guard let n = r.count() else { return nil }
            var out: [String] = []
            for _ in 0..<n { guard let s = r.string() else { return nil }; out.append(s) }
            return out
        }
        guard let count = r.count() else { return nil }
        var results: [AppCodePlatformResult] = []
        for _ in 0..<count {
            guard let p = platform(), let fs = findings(), let notes = findings(), let screens = strings(),
                  let kept = r.number(), let applied = r.number(), let states = r.number(), let transitions = r.number(), let depth = r.number(),
                  let endText = r.string(), let end = ExplorationVerdict.End(rawValue: endText), let undecided = r.number(),
                  let hasDeciding = r.flag(), let deciding = r.number(), let hidden = findings(),
                  let created = r.flag(), let escapes = strings(), let hasStale = r.flag(), let stale = r.string() else { return nil }
            let verdict = ExplorationVerdict(platform: p, states: states, transitions: transitions, depth: depth, end: end, undecided: undecided,
                                             decidingDepth: hasDeciding ? deciding : nil, hiddenFindings: hidden)
            var result = AppCodePlatformResult(platform: p, findings: fs, notes: notes, screens: screens, verdict: verdict,
                                               createdManager: created, escapes: escapes, staleObject: hasStale ? stale : nil)
            result.stepsOnKeptSessions = kept
            result.appliedChoices = applied
            results.append(result)
        }
        guard r.atEnd else { return nil }
        return results
    }
}
