import Foundation
import LocSimModel

/// A `Duration` as its two words: made, compared and hashed without calls into the standard
/// library, whose `Duration` operators are not inlinable (they were a tenth of packing's time).
struct DurationBits: Equatable, Sendable {
    private var low: UInt64 = 0
    private var high: Int64 = 0

    /// Zero.
    init() {}

    @inline(__always) init(_ d: Duration) {
        low = d._low
        high = d._high
    }

    @inline(__always) var duration: Duration { Duration(_high: high, low: low) }

    @inline(__always) var isZero: Bool { low == 0 && high == 0 }

    /// The words, for hashing.
    @inline(__always) var lowWord: UInt64 { low }
    @inline(__always) var highWord: UInt64 { UInt64(bitPattern: high) }

    /// Whether the duration is more than zero.
    @inline(__always) var isPositive: Bool { high > 0 || (high == 0 && low != 0) }
}

/// An ``ExplorerState`` packed into plain numbers: what the search stores, hashes and compares.
///
/// A key holds no references, so copying, comparing and dropping one costs no reference counting;
/// that is most of what made a search slow when it stored whole models. Every field of the state
/// is in the key, directly or through ``StateCodec/Extras``: the parts an exploration rarely
/// touches (regions, queued prompts, held events, a crash's reason, a second manager, …), stored
/// once per distinct value and named by number. Equal keys mean equal states and back.
struct StateKey: Equatable, Sendable {
    /// The screen, the Booleans, the stored authorization, the app state, the prompt's code, and
    /// the shapes of the timer and manager lists (see ``StateCodec``).
    var flags: UInt64 = 0
    /// The one manager's Booleans and small enums.
    var manager: UInt64 = 0
    var managerID = 0
    var nextManagerNumber = 0
    var backgroundUseCount = 0
    /// The manager that raised the prompt on screen (with a flag bit for "none").
    var promptManager = 0
    /// The number of the state's ``StateCodec/Extras``; 0 for the initial state's.
    var extras = 0
    var graceEndsAt = DurationBits()
    var promptShownAt = DurationBits()
    var firstBackgroundUseAt = DurationBits()
    var timer0 = DurationBits()
    var timer1 = DurationBits()
    var timer2 = DurationBits()
    var timer3 = DurationBits()

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
        let highs = graceEndsAt.highWord ^ promptShownAt.highWord &<< 8 ^ firstBackgroundUseAt.highWord &<< 16
            ^ timer0.highWord &<< 24 ^ timer1.highWord &<< 32 ^ timer2.highWord &<< 40 ^ timer3.highWord &<< 48
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        var c: UInt64 = 0xA409_3822_299F_31D0, d: UInt64 = 0x082E_FA98_EC4E_6C89
        a = round(a, flags)
        b = round(b, manager)
        c = round(c, UInt64(bitPattern: Int64(managerID)))
        d = round(d, UInt64(bitPattern: Int64(nextManagerNumber)))
        a = round(a, UInt64(bitPattern: Int64(backgroundUseCount)))
        b = round(b, UInt64(bitPattern: Int64(promptManager)))
        c = round(c, UInt64(bitPattern: Int64(extras)))
        d = round(d, highs)
        a = round(a, graceEndsAt.lowWord)
        b = round(b, promptShownAt.lowWord)
        c = round(c, firstBackgroundUseAt.lowWord)
        d = round(d, timer0.lowWord)
        a = round(a, timer1.lowWord)
        b = round(b, timer2.lowWord)
        c = round(c, timer3.lowWord)
        var x = round(round(round(a, b), c), d)
        x ^= x >> 31
        x &*= 0xBF58_476D_1CE4_E5B9
        x ^= x >> 29
        return Int(truncatingIfNeeded: x)
    }
}

/// Packs explorer states into ``StateKey``s and unpacks them, for one app model on one platform.
///
/// Shared by the threads of a search: the table of extras is the only mutable part, behind a lock
/// that only states with such rare parts ever take.
final class StateCodec: @unchecked Sendable {
    /// The fields of a state that rarely differ from the initial state's. Stored whole, once.
    struct Extras: Hashable {
        var now: Duration
        var deviceLocation: Location?
        var monitoredRegions: [Region]
        var insideRegions: Set<String>
        var significantChangeAnchor: Coordinate?
        var pendingLaunchEvents: [MonitoringEvent]
        var terminationReason: AppException?
        var queuedPrompts: [PresentedPrompt]
        var heldEvents: [MonitoringEvent]
        /// The managers, when the key cannot hold them (more than one, or queued fixes).
        var managers: [ManagerState]?
        /// The timers, when the key cannot hold them (more than four).
        var timers: [ScheduledTimer]?
        /// The prompt on screen, when it is not one of the platform's standard prompts.
        var prompt: PresentedPrompt?
    }

    /// The initial state: its configuration and world are every state's.
    let initial: ExplorerState
    // The initial state's world, read without copying the whole state.
    private let initialLocation: Location?
    private let initialAnchor: Coordinate?
    /// The prompts a key names by code (1…4).
    private let standardPrompts: [Prompt]
    private let lock = NSLock()
    private var extrasNumbers: [Extras: Int] = [:]
    /// The extras by number, boxed: unpacking passes a reference, not a 200-byte value.
    private var extrasList: [Box] = []

    private final class Box: Sendable {
        let extras: Extras
        init(_ extras: Extras) { self.extras = extras }
    }

    // Bits of `StateKey.flags`.
    private static var authorizationShift: UInt64 { 24 }
    private static var appStateShift: UInt64 { 27 }
    private static var promptShift: UInt64 { 29 }
    private static var graceBit: UInt64 { 1 << 32 }
    private static var firstUseBit: UInt64 { 1 << 33 }
    private static var timerCountShift: UInt64 { 34 }
    private static var timerKindShift: UInt64 { 37 }
    private static var managerCountShift: UInt64 { 45 }
    /// A count or code that means "in the extras".
    private static var inExtras: UInt64 { 7 }
    private static var noPromptManager: Int { Int.min }

    init(initial: ExplorerState) {
        self.initial = initial
        let m = initial.model
        initialLocation = m.device.location
        initialAnchor = m.services.significantChangeAnchor
        standardPrompts = Self.standardPrompts(of: initial)
        let base = Extras(now: .zero, deviceLocation: m.device.location, monitoredRegions: [], insideRegions: [],
                          significantChangeAnchor: m.services.significantChangeAnchor, pendingLaunchEvents: [], terminationReason: nil,
                          queuedPrompts: [], heldEvents: [], managers: nil, timers: nil, prompt: nil)
        extrasNumbers[base] = 0
        extrasList.append(Box(base))
    }

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
        var k = StateKey()
        var f = UInt64(state.screen)
        var bit: UInt64 = 8
        @inline(__always) func put(_ flag: Bool) { f |= Self.bit(flag) << bit; bit += 1 }
        put(state.alwaysAsked); put(state.model.record.alwaysRequestSpent); put(state.model.device.locationServicesEnabled); put(state.model.device.airplaneMode); put(state.model.device.restricted)
        put(state.model.device.locked); put(state.model.record.precise); put(state.model.record.temporaryFullAccuracy); put(state.model.record.locationButtonConfirmed); put(state.model.lifecycle.foregroundBeforeLock)
        put(state.model.services.significantChangesRegistered); put(state.model.services.visitsRegistered); put(state.model.lifecycle.locationServicesDialogShown); put(state.model.usageReminder.shown)
        put(state.model.settled.inUse); put(state.model.settled.indicatorShowing)
        f |= Self.code(state.model.record.authorization) << Self.authorizationShift
        f |= Self.code(state.model.lifecycle.state) << Self.appStateShift
        var rare = !DurationBits(state.model.clock.now).isZero || state.model.device.location != initialLocation || !state.model.services.monitoredRegions.isEmpty
            || !state.model.services.insideRegions.isEmpty || state.model.services.significantChangeAnchor != initialAnchor
            || !state.model.services.pendingLaunchEvents.isEmpty || state.model.lifecycle.terminationReason != nil || !state.model.prompts.queued.isEmpty || !state.model.prompts.heldEvents.isEmpty
        var overflowPrompt = false, overflowTimers = false, overflowManagers = false
        k.promptManager = Self.noPromptManager
        if let p = state.model.prompts.onScreen {
            if let i = prompts.firstIndex(of: p.prompt) {
                f |= UInt64(i + 1) << Self.promptShift
                k.promptShownAt = DurationBits(p.shownAt)
                if let id = p.manager { k.promptManager = id.rawValue }
            } else {
                f |= Self.inExtras << Self.promptShift
                overflowPrompt = true
            }
        }
        if let g = state.model.lifecycle.graceEndsAt { f |= Self.graceBit; k.graceEndsAt = DurationBits(g) }
        if let t = state.model.usageReminder.firstBackgroundUseAt { f |= Self.firstUseBit; k.firstBackgroundUseAt = DurationBits(t) }
        if state.model.clock.timers.count <= 4 {
            f |= UInt64(state.model.clock.timers.count) << Self.timerCountShift
            for (i, t) in state.model.clock.timers.enumerated() {
                f |= Self.code(t.kind) << (Self.timerKindShift + 2 * UInt64(i))
                switch i {
                case 0: k.timer0 = DurationBits(t.at)
                case 1: k.timer1 = DurationBits(t.at)
                case 2: k.timer2 = DurationBits(t.at)
                default: k.timer3 = DurationBits(t.at)
                }
            }
        } else {
            f |= Self.inExtras << Self.timerCountShift
            overflowTimers = true
        }
        if state.model.services.managers.count == 0 || (state.model.services.managers.count == 1 && state.model.services.managers[0].queuedLocations.isEmpty && state.model.services.managers[0].lastDelivery == nil) {
            f |= UInt64(state.model.services.managers.count) << Self.managerCountShift
            if !state.model.services.managers.isEmpty {
                k.manager = Self.code(state.model.services.managers[0])
                k.managerID = state.model.services.managers[0].id.rawValue
            }
        } else {
            f |= 3 << Self.managerCountShift
            overflowManagers = true
        }
        k.flags = f
        k.nextManagerNumber = state.model.services.nextManagerNumber
        k.backgroundUseCount = state.model.usageReminder.backgroundUseCount
        rare = rare || overflowPrompt || overflowTimers || overflowManagers
        if rare {
            let extras = Extras(now: state.model.clock.now, deviceLocation: state.model.device.location, monitoredRegions: state.model.services.monitoredRegions,
                                insideRegions: state.model.services.insideRegions, significantChangeAnchor: state.model.services.significantChangeAnchor,
                                pendingLaunchEvents: state.model.services.pendingLaunchEvents, terminationReason: state.model.lifecycle.terminationReason,
                                queuedPrompts: state.model.prompts.queued, heldEvents: state.model.prompts.heldEvents,
                                managers: overflowManagers ? state.model.services.managers : nil, timers: overflowTimers ? state.model.clock.timers : nil,
                                prompt: overflowPrompt ? state.model.prompts.onScreen : nil)
            k.extras = number(of: extras)
        }
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
        let m = state.model
        return [m.initialPrompt(for: .whenInUse), m.initialPrompt(for: .always), m.upgradePrompt(), m.confirmationPrompt()]
    }

    /// ``decode(_:into:)`` with the prompts taken from `prompts` (``standardPrompts(of:)`` of a
    /// copy of the initial state): a thread that unpacks from its own copies never touches the
    /// reference counts of strings that other threads use.
    func decode(_ k: StateKey, into state: inout ExplorerState, prompts: [Prompt]) {
        let f = k.flags
        state.screen = UInt8(truncatingIfNeeded: f)
        var bit: UInt64 = 8
        @inline(__always) func take() -> Bool { defer { bit += 1 }; return f & (1 << bit) != 0 }
        state.alwaysAsked = take()
        state.model.record.alwaysRequestSpent = take()
        state.model.device.locationServicesEnabled = take()
        state.model.device.airplaneMode = take()
        state.model.device.restricted = take()
        state.model.device.locked = take()
        state.model.record.precise = take()
        state.model.record.temporaryFullAccuracy = take()
        state.model.record.locationButtonConfirmed = take()
        state.model.lifecycle.foregroundBeforeLock = take()
        state.model.services.significantChangesRegistered = take()
        state.model.services.visitsRegistered = take()
        state.model.lifecycle.locationServicesDialogShown = take()
        state.model.usageReminder.shown = take()
        state.model.settled.inUse = take()
        state.model.settled.indicatorShowing = take()
        state.model.record.authorization = Self.authorization(f >> Self.authorizationShift & 7)
        state.model.lifecycle.state = Self.appState(f >> Self.appStateShift & 3)
        state.model.lifecycle.graceEndsAt = f & Self.graceBit != 0 ? k.graceEndsAt.duration : nil
        state.model.usageReminder.firstBackgroundUseAt = f & Self.firstUseBit != 0 ? k.firstBackgroundUseAt.duration : nil
        state.model.services.nextManagerNumber = k.nextManagerNumber
        state.model.usageReminder.backgroundUseCount = k.backgroundUseCount

        let box = k.extras == 0 ? nil : lock.withLock { extrasList[k.extras] }
        if let e = box?.extras {
            state.model.clock.now = e.now
            state.model.device.location = e.deviceLocation
            state.model.services.monitoredRegions = e.monitoredRegions
            state.model.services.insideRegions = e.insideRegions
            state.model.services.significantChangeAnchor = e.significantChangeAnchor
            state.model.services.pendingLaunchEvents = e.pendingLaunchEvents
            state.model.lifecycle.terminationReason = e.terminationReason
            state.model.prompts.queued = e.queuedPrompts
            state.model.prompts.heldEvents = e.heldEvents
        } else {
            state.model.clock.now = DurationBits().duration
            state.model.device.location = initialLocation
            if !state.model.services.monitoredRegions.isEmpty { state.model.services.monitoredRegions.removeAll(keepingCapacity: true) }
            if !state.model.services.insideRegions.isEmpty { state.model.services.insideRegions.removeAll(keepingCapacity: true) }
            state.model.services.significantChangeAnchor = initialAnchor
            if !state.model.services.pendingLaunchEvents.isEmpty { state.model.services.pendingLaunchEvents.removeAll(keepingCapacity: true) }
            if state.model.lifecycle.terminationReason != nil { state.model.lifecycle.terminationReason = nil }
            if !state.model.prompts.queued.isEmpty { state.model.prompts.queued.removeAll(keepingCapacity: true) }
            if !state.model.prompts.heldEvents.isEmpty { state.model.prompts.heldEvents.removeAll(keepingCapacity: true) }
        }

        let promptCode = f >> Self.promptShift & 7
        if promptCode == 0 {
            state.model.prompts.onScreen = nil
        } else if promptCode == Self.inExtras {
            state.model.prompts.onScreen = box!.extras.prompt
        } else {
            state.model.prompts.onScreen = PresentedPrompt(prompt: prompts[Int(promptCode) - 1], shownAt: k.promptShownAt.duration,
                                                 manager: k.promptManager == Self.noPromptManager ? nil : ManagerID(k.promptManager))
        }

        let timerCount = f >> Self.timerCountShift & 7
        if timerCount == Self.inExtras {
            state.model.clock.timers = box!.extras.timers!
        } else {
            // Overwritten in place: emptying and refilling the list costs more than the fields.
            let n = Int(timerCount)
            if state.model.clock.timers.count > n { state.model.clock.timers.removeLast(state.model.clock.timers.count - n) }
            for i in 0..<n {
                let at = (i == 0 ? k.timer0 : i == 1 ? k.timer1 : i == 2 ? k.timer2 : k.timer3).duration
                let kind = Self.timerKind(f >> (Self.timerKindShift + 2 * UInt64(i)) & 3)
                if i < state.model.clock.timers.count {
                    state.model.clock.timers[i].at = at
                    state.model.clock.timers[i].kind = kind
                } else {
                    state.model.clock.timers.append(ScheduledTimer(at: at, kind: kind))
                }
            }
        }

        let managerCount = f >> Self.managerCountShift & 3
        if managerCount == 3 {
            state.model.services.managers = box!.extras.managers!
        } else if managerCount == 0 {
            if !state.model.services.managers.isEmpty { state.model.services.managers.removeAll(keepingCapacity: true) }
        } else {
            if state.model.services.managers.count > 1 { state.model.services.managers.removeLast(state.model.services.managers.count - 1) }
            if state.model.services.managers.isEmpty {
                state.model.services.managers.append(ManagerState(id: ManagerID(k.managerID), hasDelegate: false))
            }
            Self.decodeManager(k.manager, id: k.managerID, into: &state.model.services.managers[0])
        }
    }

    /// The state `key` names, built afresh.
    func state(_ key: StateKey) -> ExplorerState {
        var s = initial
        decode(key, into: &s)
        return s
    }

    // MARK: Codes

    /// 1 for true, 0 for false, without a branch.
    @inline(__always) private static func bit(_ flag: Bool) -> UInt64 { UInt64(unsafeBitCast(flag, to: UInt8.self)) }

    private static func code(_ a: StoredAuthorization) -> UInt64 {
        switch a {
        case .notDetermined: 0
        case .denied: 1
        case .whenInUse(let temporary): temporary ? 2 : 3
        case .always(let provisional): provisional ? 4 : 5
        }
    }

    private static func authorization(_ c: UInt64) -> StoredAuthorization {
        switch c {
        case 0: .notDetermined
        case 1: .denied
        case 2: .whenInUse(temporary: true)
        case 3: .whenInUse(temporary: false)
        case 4: .always(provisional: true)
        default: .always(provisional: false)
        }
    }

    private static func code(_ s: AppState) -> UInt64 {
        switch s {
        case .notRunning: 0
        case .foreground: 1
        case .background: 2
        case .suspended: 3
        }
    }

    private static func appState(_ c: UInt64) -> AppState {
        switch c {
        case 0: .notRunning
        case 1: .foreground
        case 2: .background
        default: .suspended
        }
    }

    private static func code(_ k: ScheduledTimer.Kind) -> UInt64 {
        switch k {
        case .graceEnds: 0
        case .allowOnceExpiry: 1
        case .confirmationPrompt: 2
        case .usageReminder: 3
        }
    }

    private static func timerKind(_ c: UInt64) -> ScheduledTimer.Kind {
        switch c {
        case 0: .graceEnds
        case 1: .allowOnceExpiry
        case 2: .confirmationPrompt
        default: .usageReminder
        }
    }

    private static func code(_ a: DesiredAccuracy) -> UInt64 {
        switch a {
        case .bestForNavigation: 0
        case .best: 1
        case .nearestTenMeters: 2
        case .hundredMeters: 3
        case .kilometer: 4
        case .threeKilometers: 5
        case .reduced: 6
        }
    }

    private static func desiredAccuracy(_ c: UInt64) -> DesiredAccuracy {
        switch c {
        case 0: .bestForNavigation
        case 1: .best
        case 2: .nearestTenMeters
        case 3: .hundredMeters
        case 4: .kilometer
        case 5: .threeKilometers
        default: .reduced
        }
    }

    private static func code(_ mgr: borrowing ManagerState) -> UInt64 {
        var c: UInt64 = 0
        var b: UInt64 = 0
        @inline(__always) func put(_ flag: Bool) { c |= bit(flag) << b; b += 1 }
        put(mgr.hasDelegate); put(mgr.updating); put(mgr.updatingStartedInUse); put(mgr.oneShotPending)
        put(mgr.allowsBackgroundLocationUpdates); put(mgr.showsBackgroundLocationIndicator); put(mgr.pausesLocationUpdatesAutomatically)
        put(mgr.significantChanges); put(mgr.visits); put(mgr.wasDeliverable)
        c |= UInt64(mgr.reportedStatus.map { Int($0.rawValue) + 1 } ?? 0) << 10
        c |= UInt64(mgr.reportedAccuracy.map { $0.rawValue + 1 } ?? 0) << 14
        c |= code(mgr.desiredAccuracy) << 17
        return c
    }

    /// Overwrites every field of `mgr` with the manager `c` and `id` name (one key holds only a
    /// manager with no queued fixes and no delivery time).
    private static func decodeManager(_ c: UInt64, id: Int, into mgr: inout ManagerState) {
        var bit: UInt64 = 0
        func take() -> Bool { defer { bit += 1 }; return c & (1 << bit) != 0 }
        mgr.id = ManagerID(id)
        mgr.hasDelegate = take()
        mgr.updating = take()
        mgr.updatingStartedInUse = take()
        mgr.oneShotPending = take()
        mgr.allowsBackgroundLocationUpdates = take()
        mgr.showsBackgroundLocationIndicator = take()
        mgr.pausesLocationUpdatesAutomatically = take()
        mgr.significantChanges = take()
        mgr.visits = take()
        mgr.wasDeliverable = take()
        let status = Int32(c >> 10 & 15)
        mgr.reportedStatus = status == 0 ? nil : AuthorizationStatus(rawValue: status - 1)
        let accuracy = Int(c >> 14 & 7)
        mgr.reportedAccuracy = accuracy == 0 ? nil : AccuracyAuthorization(rawValue: accuracy - 1)
        mgr.desiredAccuracy = desiredAccuracy(c >> 17 & 7)
        if !mgr.queuedLocations.isEmpty { mgr.queuedLocations.removeAll(keepingCapacity: true) }
        if mgr.lastDelivery != nil { mgr.lastDelivery = nil }
    }
}
