import Foundation
import LocSimModel

/// An ``ExplorerState`` packed into plain numbers: what the search stores, hashes and compares.
///
/// A key holds no references, so copying, comparing and dropping one costs no reference counting;
/// that is most of what made a search slow when it stored whole models. Every field of the state
/// is in the key, directly or through ``StateCodec/Extras``: the model packs itself
/// (`AuthorizationModel.Packed`, beside the model's fields), leaving the low bits of its flags to
/// the screen and `alwaysAsked`; its rare parts are stored once per distinct value and named by
/// number. Equal keys mean equal states and back.
struct StateKey: Equatable, Sendable {
    /// The model's words; bits 0…7 of their flags are the screen, bit 8 is `alwaysAsked`, bits
    /// 52…54 are ``ExplorerState/recreated`` (the model's own flags end at bit 51).
    var words = AuthorizationModel.Packed()
    /// The number of the state's ``StateCodec/Extras`` (0 for the initial state's) in bits 0…31,
    /// and the app model's storage flags (``ExplorerState/flags``) in bits 32…63: one word for both.
    var extras = 0

    /// The number of the state's ``StateCodec/Extras``.
    var extrasNumber: Int { extras & 0xFFFF_FFFF }

    /// Where ``ExplorerState/recreated`` sits in the flags word.
    static let recreatedShift: UInt64 = 52

    var flags: UInt64 { words.flags }

    /// A hash of the key: every word, except that the high words of the instants (mostly 0 or
    /// -1: a high word counts steps of 2⁶⁴ attoseconds, about 18 s) are folded into one.
    ///
    /// Four lanes take every fourth word each, so their multiplications overlap instead of
    /// waiting on one another; the lanes are then folded and the result mixed.
    var hash: Int {
        @inline(__always) func round(_ x: UInt64, _ w: UInt64) -> UInt64 {
            let y = (x ^ w) &* 0x9E37_79B9_7F4A_7C15
            return (y << 29) | (y >> 35)
        }
        let highs = words.graceEndsAt.highWord ^ words.promptShownAt.highWord &<< 8 ^ words.firstBackgroundUseAt.highWord &<< 16
            ^ words.timer0.highWord &<< 24 ^ words.timer1.highWord &<< 32 ^ words.timer2.highWord &<< 40 ^ words.timer3.highWord &<< 48
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        var c: UInt64 = 0xA409_3822_299F_31D0, d: UInt64 = 0x082E_FA98_EC4E_6C89
        a = round(a, words.flags)
        b = round(b, words.manager)
        c = round(c, UInt64(bitPattern: Int64(words.managerID)))
        d = round(d, UInt64(bitPattern: Int64(words.nextManagerNumber)))
        a = round(a, UInt64(bitPattern: Int64(words.backgroundUseCount)))
        b = round(b, UInt64(bitPattern: Int64(words.promptManager)))
        c = round(c, UInt64(bitPattern: Int64(extras)))
        d = round(d, highs)
        a = round(a, words.graceEndsAt.lowWord)
        b = round(b, words.promptShownAt.lowWord)
        c = round(c, words.firstBackgroundUseAt.lowWord)
        d = round(d, words.timer0.lowWord)
        a = round(a, words.timer1.lowWord)
        b = round(b, words.timer2.lowWord)
        c = round(c, words.timer3.lowWord)
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
/// screen and `alwaysAsked`, and numbers the model's rare parts.
///
/// Shared by the threads of a search: the table of extras is the only mutable part, behind a lock
/// that only states with such rare parts ever take.
final class StateCodec: @unchecked Sendable {
    /// The fields of a state that rarely differ from the initial state's. Stored whole, once.
    typealias Extras = AuthorizationModel.Packed.Extras

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

    /// The extras of one number, boxed.
    typealias Box = AuthorizationModel.Packed.Box

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

    /// How many distinct extras the search has met (the initial state's included).
    var extrasCount: Int { lock.withLock { extrasList.count } }

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
        var k = StateKey()
        k.words.flags = UInt64(state.screen) | UInt64(unsafeBitCast(state.alwaysAsked, to: UInt8.self)) << 8
            | UInt64(state.recreated) << StateKey.recreatedShift
        if state.model.pack(into: &k.words, prompts: prompts, baseline: baseline) {
            let extras = state.model.packedExtras(k.words)
            if let source, let box = source.box, box.extras == extras {
                k.extras = source.number
            } else {
                k.extras = number(of: extras)
            }
        }
        k.extras |= Int(state.flags) << 32
        return k
    }

    private func number(of extras: Extras) -> Int {
        lock.withLock {
            if let n = extrasNumbers[extras] { return n }
            extrasList.append(Box(extras))
            extrasNumbers[extras] = extrasList.count - 1
            return extrasList.count - 1
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
        state.screen = UInt8(truncatingIfNeeded: k.words.flags)
        state.alwaysAsked = k.words.flags & (1 << 8) != 0
        state.recreated = UInt8(truncatingIfNeeded: k.words.flags >> StateKey.recreatedShift) & 7
        state.flags = UInt32(truncatingIfNeeded: k.extras >> 32)
        state.model.unpack(k.words, extras: box, prompts: prompts, baseline: baseline)
    }

    /// The state `key` names, built afresh.
    func state(_ key: StateKey) -> ExplorerState {
        var s = initial
        decode(key, into: &s)
        return s
    }
}
