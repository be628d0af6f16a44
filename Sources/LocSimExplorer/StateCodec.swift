import Foundation
import LocSimModel

/// An ``ExplorerState`` packed into eight words: what the search stores, hashes and compares.
///
/// A key holds no references, so copying, comparing and dropping one costs no reference counting;
/// that is most of what made a search slow when it stored whole models. Every field of the state
/// is in the key, directly or through ``StateCodec/Extras``: the model packs itself
/// (`AuthorizationModel.Packed`, beside the model's fields), leaving the low bits of its flags to
/// the screen and `alwaysAsked`; the codec then narrows those words to the widths their values
/// take in an exploration (counters to 16 bits, instants to 32-bit milliseconds), and a state
/// whose words do not narrow (an instant off the millisecond, a counter past 65,534) is stored
/// whole, once, and named by number, as are its rare parts. Equal keys mean equal states and back.
struct StateKey: Equatable, Sendable {
    /// The model's flags; bits 0…7 are the screen, bit 8 is `alwaysAsked`, bits 52…54 are
    /// ``ExplorerState/recreated`` (the model's own flags are bits 9…51 and 55), bit 63 says the words are
    /// stored whole (``StateCodec/wideBit``).
    var flags: UInt64 = 0
    /// The model's manager word (the manager, the regions the device is in, the held event).
    var manager: UInt64 = 0
    /// The manager's number, the next manager number, the background use count and the prompt's
    /// manager, 16 bits each; when the words are stored whole, their number.
    var counters: UInt64 = 0
    /// The grace period's end and the time the prompt was shown, then the first background use
    /// and the four timers: 32-bit signed milliseconds, two per word.
    var instants0: UInt64 = 0
    var instants1: UInt64 = 0
    var instants2: UInt64 = 0
    var instants3: UInt64 = 0
    /// The number of the state's ``StateCodec/Extras`` (0 for the initial state's) in bits 0…31,
    /// and the app model's storage flags (``ExplorerState/flags``) in bits 32…63: one word for both.
    var extras: UInt64 = 0

    /// The number of the state's ``StateCodec/Extras``.
    var extrasNumber: Int { Int(extras & 0xFFFF_FFFF) }

    /// Where ``ExplorerState/recreated`` sits in the flags word.
    static let recreatedShift: UInt64 = 52

    /// A hash of the key, over its eight words.
    ///
    /// Four lanes take every fourth word each, so their multiplications overlap instead of
    /// waiting on one another; the lanes are then folded and the result mixed.
    var hash: Int {
        @inline(__always) func round(_ x: UInt64, _ w: UInt64) -> UInt64 {
            let y = (x ^ w) &* 0x9E37_79B9_7F4A_7C15
            return (y << 29) | (y >> 35)
        }
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        var c: UInt64 = 0xA409_3822_299F_31D0, d: UInt64 = 0x082E_FA98_EC4E_6C89
        a = round(a, flags)
        b = round(b, manager)
        c = round(c, counters)
        d = round(d, instants0)
        a = round(a, instants1)
        b = round(b, instants2)
        c = round(c, instants3)
        d = round(d, extras)
        var x = round(round(round(a, b), c), d)
        x ^= x >> 31
        x &*= 0xBF58_476D_1CE4_E5B9
        x ^= x >> 29
        return Int(truncatingIfNeeded: x)
    }
}

/// Packs explorer states into ``StateKey``s and unpacks them, for one app model on one platform.
///
/// The model packs and unpacks its own fields (`AuthorizationModel+Packing`); the codec adds the
/// screen and `alwaysAsked`, narrows the model's words into the key's, and numbers the model's
/// rare parts and the words that do not narrow.
///
/// Shared by the threads of a search: the tables of extras and of whole words are the only
/// mutable parts, behind one lock, taken to number (or look up) a state's rare parts when they
/// differ from its source's, and on every encode and decode of a state whose words do not narrow.
final class StateCodec: @unchecked Sendable {
    /// The fields of a state that rarely differ from the initial state's. Stored whole, once.
    typealias Extras = AuthorizationModel.Packed.Extras
    typealias Words = AuthorizationModel.Packed

    /// The initial state: its configuration and world are every state's.
    let initial: ExplorerState
    /// The initial state's world, read without copying the whole state.
    private let baseline: AuthorizationModel.Packed.Baseline
    /// The prompts a key names by code (1…4).
    private let standardPrompts: [Prompt]
    private let lock = NSLock()
    private var extrasNumbers: [Extras: Int] = [:]
    /// The extras by number, boxed: unpacking passes a reference, not a 200-byte value.
    private var extrasList: [Box] = []
    /// The model's words of states whose words do not narrow into a key, by number.
    private var wideNumbers: [Words: Int] = [:]
    private var wideList: [Words] = []

    /// The extras of one number, boxed.
    typealias Box = AuthorizationModel.Packed.Box

    /// The bit of ``StateKey/flags`` that says the model's words are stored whole: the key's
    /// ``StateKey/counters`` is then their number, and its instants are zero.
    static let wideBit: UInt64 = 1 << 63

    init(initial: ExplorerState) {
        self.initial = initial
        baseline = AuthorizationModel.Packed.Baseline(initial.model)
        standardPrompts = Self.standardPrompts(of: initial)
        let base = Extras(baseline: baseline)
        extrasNumbers[base] = 0
        extrasList.append(Box(base))
    }

    /// The bytes each distinct extras value takes at least: its box (with the object header), its
    /// copy as the dictionary's key, its number and the list's reference. What its arrays hold
    /// (regions' names, sessions) is not counted.
    static let bytesPerExtras = 16 + 2 * MemoryLayout<Extras>.stride + 2 * MemoryLayout<Int>.stride

    /// The bytes each state stored whole takes: its words in the list and as the dictionary's key,
    /// and its number.
    static let bytesPerWide = 2 * MemoryLayout<Words>.stride + MemoryLayout<Int>.stride

    /// How many distinct extras the search has met (the initial state's included).
    var extrasCount: Int { lock.withLock { extrasList.count } }

    /// How many distinct states the search has stored whole (their words did not narrow).
    var wideCount: Int { lock.withLock { wideList.count } }

    /// The bytes the codec holds for the search's states: the extras and the words stored whole.
    var storedBytes: Int { lock.withLock { extrasList.count * Self.bytesPerExtras + wideList.count * Self.bytesPerWide } }

    // MARK: Packing

    /// The key of `state`.
    func encode(_ state: inout ExplorerState) -> StateKey {
        encode(&state, prompts: standardPrompts)
    }

    /// ``encode(_:)`` comparing the prompt on screen with `prompts` (``standardPrompts(of:)`` of the
    /// copy of the initial state that `state` comes from, whose prompts share their text with it).
    func encode(_ state: inout ExplorerState, prompts: [Prompt]) -> StateKey {
        encode(&state, prompts: prompts, source: nil)
    }

    /// ``encode(_:prompts:)`` for a state reached from one whose extras are `source` (number
    /// and box, as ``extras(_:)`` gave them): when the state's extras are still those — most
    /// transitions leave the rare parts alone, and their lists then still share storage with the
    /// box's, so comparing is quick — their number is reused without hashing them or taking the lock.
    func encode(_ state: inout ExplorerState, prompts: [Prompt], source: (number: Int, box: Box?)?) -> StateKey {
        var w = Words()
        w.flags = UInt64(state.screen) | UInt64(unsafeBitCast(state.alwaysAsked, to: UInt8.self)) << 8
            | UInt64(state.recreated) << StateKey.recreatedShift
        var k = StateKey()
        if state.model.pack(into: &w, prompts: prompts, baseline: baseline) {
            if let source, let box = source.box, state.model.packedExtras(w, equal: box) {
                // The in-place comparison must agree with building the value (a field added to
                // the extras but not to `packedExtras(_:equal:)` would merge different states).
                assert(state.model.packedExtras(w) == box.extras, "packedExtras(_:equal:) disagrees with packedExtras(_:)")
                k.extras = UInt64(source.number)
            } else {
                k.extras = UInt64(number(of: state.model.packedExtras(w)))
            }
        }
        k.extras |= UInt64(state.flags) << 32
        narrow(w, into: &k)
        return k
    }

    /// Sets the key's words from the model's: narrowed when every value fits, else stored whole.
    @inline(__always)
    private func narrow(_ w: Words, into k: inout StateKey) {
        k.flags = w.flags
        k.manager = w.manager
        var fits = true
        @inline(__always) func counter(_ n: Int) -> UInt64 {
            if n < 0 || n >= 0xFFFF { fits = false }
            return UInt64(truncatingIfNeeded: n) & 0xFFFF
        }
        @inline(__always) func instant(_ d: DurationBits) -> UInt64 {
            guard let ms = d.milliseconds else { fits = false; return 0 }
            return UInt64(UInt32(bitPattern: ms))
        }
        let promptManager = w.promptManager == Words.noPromptManager ? 0xFFFF : counter(w.promptManager)
        k.counters = counter(w.managerID) | counter(w.nextManagerNumber) << 16 | counter(w.backgroundUseCount) << 32 | promptManager << 48
        k.instants0 = instant(w.graceEndsAt) | instant(w.promptShownAt) << 32
        k.instants1 = instant(w.firstBackgroundUseAt) | instant(w.timer0) << 32
        k.instants2 = instant(w.timer1) | instant(w.timer2) << 32
        k.instants3 = instant(w.timer3)
        if !fits {
            k.flags |= Self.wideBit
            k.counters = UInt64(wideNumber(of: w))
            k.instants0 = 0
            k.instants1 = 0
            k.instants2 = 0
            k.instants3 = 0
        }
    }

    /// The model's words of `k` (without the codec's bits 0…8 and 52…54 of the flags, which the
    /// model ignores).
    @inline(__always)
    private func widen(_ k: StateKey) -> Words {
        if k.flags & Self.wideBit != 0 { return lock.withLock { wideList[Int(k.counters)] } }
        var w = Words()
        w.flags = k.flags
        w.manager = k.manager
        @inline(__always) func counter(_ shift: UInt64) -> Int { Int(k.counters >> shift & 0xFFFF) }
        @inline(__always) func instant(_ word: UInt64, _ shift: UInt64) -> DurationBits {
            DurationBits(milliseconds: Int32(bitPattern: UInt32(truncatingIfNeeded: word >> shift)))
        }
        w.managerID = counter(0)
        w.nextManagerNumber = counter(16)
        w.backgroundUseCount = counter(32)
        let promptManager = counter(48)
        w.promptManager = promptManager == 0xFFFF ? Words.noPromptManager : promptManager
        w.graceEndsAt = instant(k.instants0, 0)
        w.promptShownAt = instant(k.instants0, 32)
        w.firstBackgroundUseAt = instant(k.instants1, 0)
        w.timer0 = instant(k.instants1, 32)
        w.timer1 = instant(k.instants2, 0)
        w.timer2 = instant(k.instants2, 32)
        w.timer3 = instant(k.instants3, 0)
        return w
    }

    private func number(of extras: Extras) -> Int {
        lock.withLock {
            if let n = extrasNumbers[extras] { return n }
            extrasList.append(Box(extras))
            extrasNumbers[extras] = extrasList.count - 1
            return extrasList.count - 1
        }
    }

    private func wideNumber(of words: Words) -> Int {
        lock.withLock {
            if let n = wideNumbers[words] { return n }
            wideList.append(words)
            wideNumbers[words] = wideList.count - 1
            return wideList.count - 1
        }
    }

    // MARK: Unpacking

    /// Overwrites every field of `state` with the state `key` names. `state` must come from this
    /// codec's initial state (it keeps its configuration). Storage `state` owns is reused.
    func decode(_ k: StateKey, into state: inout ExplorerState) {
        decode(k, into: &state, prompts: standardPrompts)
    }

    /// The prompts a key names by code, for ``decode(_:into:prompts:)``.
    static func standardPrompts(of state: ExplorerState) -> [Prompt] {
        state.model.packingPrompts
    }

    /// ``decode(_:into:)`` with the prompts taken from `prompts` (``standardPrompts(of:)`` of a
    /// copy of the initial state): a thread that unpacks from its own copies never touches the
    /// reference counts of strings that other threads use.
    func decode(_ k: StateKey, into state: inout ExplorerState, prompts: [Prompt]) {
        decode(k, into: &state, prompts: prompts, extras: extras(k.extrasNumber))
    }

    /// The extras of number `n`, boxed (nil for the initial state's, number 0).
    func extras(_ n: Int) -> Box? {
        n == 0 ? nil : lock.withLock { extrasList[n] }
    }

    /// ``decode(_:into:prompts:)`` with the key's extras given (``extras(_:)`` of its number): a
    /// worker that unpacks one state for each of its choices looks them up once.
    func decode(_ k: StateKey, into state: inout ExplorerState, prompts: [Prompt], extras box: Box?) {
        var regionSets = AuthorizationModel.Packed.RegionSets()
        decode(k, into: &state, prompts: prompts, extras: box, regionSets: &regionSets)
    }

    /// ``decode(_:into:prompts:extras:)`` with the caller's sets of region names, so a worker
    /// that unpacks a state for each of its choices builds each set once (`Packed.RegionSets`).
    func decode(_ k: StateKey, into state: inout ExplorerState, prompts: [Prompt], extras box: Box?,
                regionSets: inout AuthorizationModel.Packed.RegionSets) {
        state.screen = UInt8(truncatingIfNeeded: k.flags)
        state.alwaysAsked = k.flags & (1 << 8) != 0
        state.recreated = UInt8(truncatingIfNeeded: k.flags >> StateKey.recreatedShift) & 7
        state.flags = UInt32(truncatingIfNeeded: k.extras >> 32)
        state.model.unpack(widen(k), extras: box, prompts: prompts, baseline: baseline, regionSets: &regionSets)
    }

    /// The state `key` names, built afresh.
    func state(_ key: StateKey) -> ExplorerState {
        var s = initial
        decode(key, into: &s)
        return s
    }
}
