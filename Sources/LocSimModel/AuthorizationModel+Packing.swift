// The model's state packed into plain numbers, for the package's explorer: it stores, hashes and
// compares states as words. The packing lives beside the model's fields so that a field added to
// the model is added here too: `PackingTests` (LocSimModelTests) lists every stored field and
// fails until this file and that list agree.
//
// Everything here is inlinable, and packing and unpacking are always inlined: the explorer packs
// and unpacks on its hot path, and a call that is not inlined copies the words and the extras
// (and would copy the model, were it not `mutating`).

/// A `Duration` as its two words: made, compared and hashed without calls into the standard
/// library, whose `Duration` operators are not inlinable (they were a tenth of packing's time).
@usableFromInline package struct DurationBits: Hashable, Sendable {
    @usableFromInline var low: UInt64 = 0
    @usableFromInline var high: Int64 = 0

    /// Zero.
    @inlinable package init() {}

    @inlinable @inline(__always) package init(_ d: Duration) {
        low = d._low
        high = d._high
    }

    @inlinable @inline(__always) package var duration: Duration { Duration(_high: high, low: low) }

    /// A whole number of milliseconds.
    @inlinable @inline(__always) package init(milliseconds ms: Int32) {
        let p = Int64(ms).multipliedFullWidth(by: 1_000_000_000_000_000)
        high = p.high
        low = p.low
    }

    /// The duration as a whole number of milliseconds, when it is one that 32 bits hold (about
    /// ±24 days): the width the explorer stores instants in.
    @inlinable @inline(__always) package var milliseconds: Int32? {
        if isZero { return 0 }
        // Beyond ±2¹⁷ high words the quotient cannot fit in 32 bits (nor trap the division).
        guard high >= -(1 << 17) && high < (1 << 17) else { return nil }
        let (q, r) = Int64(1_000_000_000_000_000).dividingFullWidth((high: high, low: low))
        guard r == 0 else { return nil }
        return Int32(exactly: q)
    }

    @inlinable @inline(__always) package var isZero: Bool { low == 0 && high == 0 }

    /// The words, for hashing.
    @inlinable @inline(__always) package var lowWord: UInt64 { low }
    @inlinable @inline(__always) package var highWord: UInt64 { UInt64(bitPattern: high) }

    /// Whether the duration is more than zero.
    @inlinable @inline(__always) package var isPositive: Bool { high > 0 || (high == 0 && low != 0) }

    @inlinable @inline(__always) package static func == (l: DurationBits, r: DurationBits) -> Bool {
        l.low == r.low && l.high == r.high
    }
}

extension AuthorizationModel {
    /// The model's state as plain numbers: the Booleans, small enums, the one manager, the
    /// instants and up to four timers. The parts an exploration rarely touches (regions, queued
    /// prompts, held events, a crash's reason, a second manager, …) are not in the words: packing
    /// says when they differ from the baseline's, and ``Packed/Extras`` holds them, for the caller
    /// to store once per distinct value.
    ///
    /// Bits 0…8, 52…54 and 63 of ``flags`` are left to the caller (the explorer keeps its screen,
    /// flags and its record of re-created sessions there); packing leaves them zero and unpacking
    /// ignores them.
    @usableFromInline package struct Packed: Hashable, Sendable {
        /// The Booleans, the stored authorization, the app state, the prompt's code, and the
        /// shapes of the timer and manager lists.
        @usableFromInline package var flags: UInt64 = 0
        /// The one manager's Booleans and small enums in bits 0…31; in bits 32…63 which
        /// monitored regions the device is in and the held event (see ``regionsShift``), when
        /// ``regionsInExtras`` is clear.
        @usableFromInline package var manager: UInt64 = 0
        @usableFromInline package var managerID = 0
        @usableFromInline package var nextManagerNumber = 0
        @usableFromInline package var backgroundUseCount = 0
        /// The manager that raised the prompt on screen (``noPromptManager`` for none).
        @usableFromInline package var promptManager = 0
        @usableFromInline package var graceEndsAt = DurationBits()
        @usableFromInline package var promptShownAt = DurationBits()
        @usableFromInline package var firstBackgroundUseAt = DurationBits()
        @usableFromInline package var timer0 = DurationBits()
        @usableFromInline package var timer1 = DurationBits()
        @usableFromInline package var timer2 = DurationBits()
        @usableFromInline package var timer3 = DurationBits()

        @inlinable package init() {}

        @inlinable @inline(__always) package static func == (l: Packed, r: Packed) -> Bool {
            l.flags == r.flags && l.manager == r.manager && l.managerID == r.managerID && l.nextManagerNumber == r.nextManagerNumber
                && l.backgroundUseCount == r.backgroundUseCount && l.promptManager == r.promptManager
                && l.graceEndsAt == r.graceEndsAt && l.promptShownAt == r.promptShownAt && l.firstBackgroundUseAt == r.firstBackgroundUseAt
                && l.timer0 == r.timer0 && l.timer1 == r.timer1 && l.timer2 == r.timer2 && l.timer3 == r.timer3
        }

        /// The fields of a state that rarely differ from the baseline's. Stored whole, once.
        @usableFromInline package struct Extras: Hashable, Sendable {
            @usableFromInline package var now: Duration
            @usableFromInline package var deviceLocation: Location?
            @usableFromInline package var monitoredRegions: [Region]
            @usableFromInline package var insideRegions: Set<String>
            @usableFromInline package var significantChangeAnchor: Coordinate?
            @usableFromInline package var pendingLaunchEvents: [MonitoringEvent]
            @usableFromInline package var terminationReason: AppException?
            @usableFromInline package var queuedPrompts: [PresentedPrompt]
            @usableFromInline package var heldEvents: [MonitoringEvent]
            @usableFromInline package var widgetSeenAt: Duration?
            /// The section-O objects (sessions, streams, monitors).
            @usableFromInline package var sessions: Sessions
            /// The managers, when the words cannot hold them (more than one, or queued fixes).
            @usableFromInline package var managers: [ManagerState]?
            /// The timers, when the words cannot hold them (more than four).
            @usableFromInline package var timers: [ScheduledTimer]?
            /// The prompt on screen, when it is not one of the platform's standard prompts.
            @usableFromInline package var prompt: PresentedPrompt?

            /// The extras of a state whose rare parts are all the baseline's.
            package init(baseline: Packed.Baseline) {
                self.init(now: .zero, deviceLocation: baseline.location, monitoredRegions: [], insideRegions: [],
                          significantChangeAnchor: baseline.anchor, pendingLaunchEvents: [], terminationReason: nil,
                          queuedPrompts: [], heldEvents: [], widgetSeenAt: nil, sessions: Sessions(), managers: nil, timers: nil, prompt: nil)
            }

            @inlinable
            init(now: Duration, deviceLocation: Location?, monitoredRegions: [Region], insideRegions: Set<String>,
                 significantChangeAnchor: Coordinate?, pendingLaunchEvents: [MonitoringEvent], terminationReason: AppException?,
                 queuedPrompts: [PresentedPrompt], heldEvents: [MonitoringEvent], widgetSeenAt: Duration?, sessions: Sessions, managers: [ManagerState]?,
                 timers: [ScheduledTimer]?, prompt: PresentedPrompt?) {
                self.now = now
                self.deviceLocation = deviceLocation
                self.monitoredRegions = monitoredRegions
                self.insideRegions = insideRegions
                self.significantChangeAnchor = significantChangeAnchor
                self.pendingLaunchEvents = pendingLaunchEvents
                self.terminationReason = terminationReason
                self.queuedPrompts = queuedPrompts
                self.heldEvents = heldEvents
                self.widgetSeenAt = widgetSeenAt
                self.sessions = sessions
                self.managers = managers
                self.timers = timers
                self.prompt = prompt
            }
        }

        /// The sets of region names the region masks of ``Packed/manager`` stand for, over one list of
        /// monitored regions: built once each and assigned after, so unpacking a state hashes no
        /// names (with regions, building the set was a third of the explorer's instructions).
        /// A decoder keeps one; it holds only what the masks determine, so states are unchanged.
        @usableFromInline package struct RegionSets {
            /// The most monitored regions the sets are kept for (2^8 sets at most).
            @inlinable static var maxRegions: Int { 8 }
            /// The monitored regions the sets are of.
            @usableFromInline var regions: [Region] = []
            /// The set of each mask, once built.
            @usableFromInline var sets: [Set<String>?] = []

            @inlinable package init() {}

            /// The names of the regions of `regions` whose bits are set in `mask`.
            @inlinable
            package mutating func names(_ mask: Int, of regions: [Region]) -> Set<String> {
                // Equal arrays that share storage compare at once: the usual case, as the regions
                // come from the same extras.
                if regions != self.regions || sets.count != 1 << regions.count {
                    self.regions = regions
                    sets = Array(repeating: nil, count: 1 << regions.count)
                }
                if let set = sets[mask] { return set }
                var set = Set<String>(minimumCapacity: mask.nonzeroBitCount)
                for (i, r) in regions.enumerated() where mask & (1 << i) != 0 { set.insert(r.name) }
                sets[mask] = set
                return set
            }
        }

        /// Extras, boxed: unpacking takes a reference, not a 200-byte value (nor an empty
        /// optional one to build on every call).
        @usableFromInline package final class Box: Sendable {
            @usableFromInline package let extras: Extras
            package init(_ extras: Extras) { self.extras = extras }
        }

        /// The world of the model that states come from (an exploration never moves the device):
        /// a state whose rare parts are these needs no ``Extras``.
        @usableFromInline package struct Baseline: Sendable {
            @usableFromInline let location: Location?
            @usableFromInline let anchor: Coordinate?

            package init(_ model: AuthorizationModel) {
                location = model.device.location
                anchor = model.services.significantChangeAnchor
            }
        }

        // Bits of `flags`.
        @inlinable static var firstFlagBit: UInt64 { 9 }
        @inlinable static var authorizationShift: UInt64 { 24 }
        @inlinable static var appStateShift: UInt64 { 27 }
        @inlinable static var promptShift: UInt64 { 29 }
        @inlinable static var graceBit: UInt64 { 1 << 32 }
        @inlinable static var firstUseBit: UInt64 { 1 << 33 }
        @inlinable static var timerCountShift: UInt64 { 34 }
        /// Timer kinds take 3 bits each, four timers: bits 37…48.
        @inlinable static var timerKindShift: UInt64 { 37 }
        @inlinable static var timerKindBits: UInt64 { 3 }
        @inlinable static var managerCountShift: UInt64 { 49 }
        @inlinable static var widgetsAuthorizedBit: UInt64 { 1 << 51 }
        /// The last process ended by a force quit (O17). Bits 52…54 are left to the explorer.
        @inlinable static var forceQuitBit: UInt64 { 1 << 55 }
        /// A count or code that means "in the extras".
        @inlinable static var inExtras: UInt64 { 7 }
        @inlinable package static var noPromptManager: Int { Int.min }
        /// A manager count that means "in the extras".
        @inlinable static var managersInExtras: UInt64 { 3 }
        // Bits of `manager` above the manager's own: the regions the device is in, as a mask
        // over the monitored regions' positions (in name order, as the model keeps them: one set
        // of regions has one mask; bits 32…47, so up to 16 regions), and the held
        // event when it is one region's entry or exit (bit 48: one is held; bit 49: an exit;
        // bits 50…53: the region's position). Transitions that enter or leave regions then leave
        // the extras alone. When these cannot say it (more regions, more held events, a visit
        // held), `regionsInExtras` is set and the extras hold both.
        @inlinable static var regionsShift: UInt64 { 32 }
        @inlinable static var maxInlineRegions: Int { 16 }
        @inlinable static var heldBit: UInt64 { 1 << 48 }
        @inlinable static var heldExitBit: UInt64 { 1 << 49 }
        @inlinable static var heldRegionShift: UInt64 { 50 }
        @inlinable static var regionsInExtras: UInt64 { 1 << 54 }
    }

    /// The prompts packing names by code (1…4): pass those of the copy of the model that the
    /// packed states come from, whose prompts share their text with theirs (comparing is quick).
    package var packingPrompts: [Prompt] {
        [initialPrompt(for: .whenInUse), initialPrompt(for: .always), upgradePrompt(), confirmationPrompt()]
    }

    // MARK: Packing

    /// Packs the state into `words`, which must be fresh (``Packed/init()``), except for bits
    /// 0…8 of its flags. Returns whether the state also needs its ``packedExtras(_:)``: when its
    /// rare parts differ from `baseline`'s or the words cannot hold its prompt, timers or managers.
    @inlinable @inline(__always)
    package mutating func pack(into k: inout Packed, prompts standard: [Prompt], baseline: Packed.Baseline) -> Bool {
        var f = k.flags
        var bit = Packed.firstFlagBit
        @inline(__always) func put(_ flag: Bool) { f |= Self.packingBit(flag) << bit; bit += 1 }
        put(record.alwaysRequestSpent); put(device.locationServicesEnabled); put(device.airplaneMode); put(device.restricted)
        put(device.locked); put(record.precise); put(record.temporaryFullAccuracy); put(record.locationButtonConfirmed); put(lifecycle.foregroundBeforeLock)
        put(services.significantChangesRegistered); put(services.visitsRegistered); put(lifecycle.locationServicesDialogShown); put(usageReminder.shown)
        put(settled.inUse); put(settled.indicatorShowing)
        f |= Self.packingCode(record.authorization) << Packed.authorizationShift
        f |= Self.packingCode(lifecycle.state) << Packed.appStateShift
        if record.widgetsAuthorized { f |= Packed.widgetsAuthorizedBit }
        if lifecycle.forceQuit { f |= Packed.forceQuitBit }
        let regionWords = packedRegions()
        var rare = !DurationBits(clock.now).isZero || device.location != baseline.location || !services.monitoredRegions.isEmpty
            || services.significantChangeAnchor != baseline.anchor
            || !services.pendingLaunchEvents.isEmpty || lifecycle.terminationReason != nil || !prompts.queued.isEmpty
            || regionWords == Packed.regionsInExtras
            || device.widgetSeenAt != nil || !sessions.isEmpty || sessions.nextID != 1
        k.promptManager = Packed.noPromptManager
        if let p = prompts.onScreen {
            if let i = standard.firstIndex(of: p.prompt) {
                f |= UInt64(i + 1) << Packed.promptShift
                k.promptShownAt = DurationBits(p.shownAt)
                if let id = p.manager { k.promptManager = id.rawValue }
            } else {
                f |= Packed.inExtras << Packed.promptShift
                rare = true
            }
        }
        if let g = lifecycle.graceEndsAt { f |= Packed.graceBit; k.graceEndsAt = DurationBits(g) }
        if let t = usageReminder.firstBackgroundUseAt { f |= Packed.firstUseBit; k.firstBackgroundUseAt = DurationBits(t) }
        if clock.timers.count <= 4 {
            f |= UInt64(clock.timers.count) << Packed.timerCountShift
            for (i, t) in clock.timers.enumerated() {
                f |= Self.packingCode(t.kind) << (Packed.timerKindShift + Packed.timerKindBits * UInt64(i))
                switch i {
                case 0: k.timer0 = DurationBits(t.at)
                case 1: k.timer1 = DurationBits(t.at)
                case 2: k.timer2 = DurationBits(t.at)
                default: k.timer3 = DurationBits(t.at)
                }
            }
        } else {
            f |= Packed.inExtras << Packed.timerCountShift
            rare = true
        }
        if services.managers.count == 0 || (services.managers.count == 1 && services.managers[0].queuedLocations.isEmpty && services.managers[0].lastDelivery == nil) {
            f |= UInt64(services.managers.count) << Packed.managerCountShift
            if !services.managers.isEmpty {
                k.manager = Self.packingCode(services.managers[0])
                k.managerID = services.managers[0].id.rawValue
            }
        } else {
            f |= Packed.managersInExtras << Packed.managerCountShift
            rare = true
        }
        k.manager |= regionWords
        k.flags = f
        k.nextManagerNumber = services.nextManagerNumber
        k.backgroundUseCount = usageReminder.backgroundUseCount
        return rare
    }

    /// The bits 32…63 of ``Packed/manager``: the regions the device is in and the held event,
    /// or ``Packed/regionsInExtras`` alone when those bits cannot hold them.
    @inlinable @inline(__always)
    func packedRegions() -> UInt64 {
        let regions = services.monitoredRegions
        if services.insideRegions.isEmpty && prompts.heldEvents.isEmpty { return 0 }
        guard regions.count <= Packed.maxInlineRegions, prompts.heldEvents.count <= 1 else { return Packed.regionsInExtras }
        @inline(__always) func position(_ name: String) -> Int? { regions.firstIndex { $0.name == name } }
        var w: UInt64 = 0
        for name in services.insideRegions {
            guard let i = position(name) else { return Packed.regionsInExtras }
            w |= 1 << (Packed.regionsShift + UInt64(i))
        }
        if let held = prompts.heldEvents.first {
            guard let name = held.regionName, let i = position(name) else { return Packed.regionsInExtras }
            w |= Packed.heldBit | UInt64(i) << Packed.heldRegionShift
            if case .regionExited = held { w |= Packed.heldExitBit }
        }
        return w
    }

    /// The rare parts of the state that ``pack(into:prompts:baseline:)`` packed into `k`: what
    /// the words do not hold.
    @inlinable
    package mutating func packedExtras(_ k: Packed) -> Packed.Extras {
        let f = k.flags
        let regionsInWords = k.manager & Packed.regionsInExtras == 0
        return Packed.Extras(now: clock.now, deviceLocation: device.location, monitoredRegions: services.monitoredRegions,
                             insideRegions: regionsInWords ? [] : services.insideRegions, significantChangeAnchor: services.significantChangeAnchor,
                             pendingLaunchEvents: services.pendingLaunchEvents, terminationReason: lifecycle.terminationReason,
                             queuedPrompts: prompts.queued, heldEvents: regionsInWords ? [] : prompts.heldEvents,
                             widgetSeenAt: device.widgetSeenAt, sessions: sessions,
                             managers: f >> Packed.managerCountShift & 3 == Packed.managersInExtras ? services.managers : nil,
                             timers: f >> Packed.timerCountShift & 7 == Packed.inExtras ? clock.timers : nil,
                             prompt: f >> Packed.promptShift & 7 == Packed.inExtras ? prompts.onScreen : nil)
    }

    /// Whether ``packedExtras(_:)`` of `k` would equal the extras in `box`, found without building
    /// that value (which copies, and so retains and releases, every list of the rare parts): most
    /// transitions leave the rare parts alone, and their lists then still share storage with the
    /// box's, so each comparison is quick.
    @inlinable @inline(__always)
    package func packedExtras(_ k: Packed, equal box: Packed.Box) -> Bool {
        let f = k.flags
        let regionsInWords = k.manager & Packed.regionsInExtras == 0
        return DurationBits(box.extras.now) == DurationBits(clock.now)
            && box.extras.deviceLocation == device.location
            && box.extras.monitoredRegions == services.monitoredRegions
            && (regionsInWords ? box.extras.insideRegions.isEmpty : box.extras.insideRegions == services.insideRegions)
            && box.extras.significantChangeAnchor == services.significantChangeAnchor
            && box.extras.pendingLaunchEvents == services.pendingLaunchEvents
            && box.extras.terminationReason == lifecycle.terminationReason
            && box.extras.queuedPrompts == prompts.queued
            && (regionsInWords ? box.extras.heldEvents.isEmpty : box.extras.heldEvents == prompts.heldEvents)
            && box.extras.widgetSeenAt == device.widgetSeenAt
            && box.extras.sessions == sessions
            && (f >> Packed.managerCountShift & 3 == Packed.managersInExtras ? box.extras.managers == services.managers : box.extras.managers == nil)
            && (f >> Packed.timerCountShift & 7 == Packed.inExtras ? box.extras.timers == clock.timers : box.extras.timers == nil)
            && (f >> Packed.promptShift & 7 == Packed.inExtras ? box.extras.prompt == prompts.onScreen : box.extras.prompt == nil)
    }

    // MARK: Unpacking

    /// Overwrites every field of the state with the one `k` and `box` name (`box` is nil
    /// when packing said no extras were needed: the rare parts are then `baseline`'s). The model must
    /// come from the one packed states come from (it keeps its configuration); storage it owns is
    /// reused. `prompts` are the ``packingPrompts`` of a copy of that model.
    @inlinable @inline(__always)
    package mutating func unpack(_ k: Packed, extras box: Packed.Box?, prompts standard: [Prompt], baseline: Packed.Baseline) {
        var regionSets = Packed.RegionSets()
        unpack(k, extras: box, prompts: standard, baseline: baseline, regionSets: &regionSets)
    }

    /// ``unpack(_:extras:prompts:baseline:)`` with the decoder's ``Packed/RegionSets``: a decoder
    /// that unpacks many states keeps one, so the regions the device is in are a ready set, not
    /// names hashed again for every state.
    @inlinable @inline(__always)
    package mutating func unpack(_ k: Packed, extras box: Packed.Box?, prompts standard: [Prompt], baseline: Packed.Baseline,
                                 regionSets: inout Packed.RegionSets) {
        let f = k.flags
        var bit = Packed.firstFlagBit
        @inline(__always) func take() -> Bool { defer { bit += 1 }; return f & (1 << bit) != 0 }
        record.alwaysRequestSpent = take()
        device.locationServicesEnabled = take()
        device.airplaneMode = take()
        device.restricted = take()
        device.locked = take()
        record.precise = take()
        record.temporaryFullAccuracy = take()
        record.locationButtonConfirmed = take()
        lifecycle.foregroundBeforeLock = take()
        services.significantChangesRegistered = take()
        services.visitsRegistered = take()
        lifecycle.locationServicesDialogShown = take()
        usageReminder.shown = take()
        settled.inUse = take()
        settled.indicatorShowing = take()
        record.authorization = Self.packedAuthorization(f >> Packed.authorizationShift & 7)
        record.widgetsAuthorized = f & Packed.widgetsAuthorizedBit != 0
        lifecycle.forceQuit = f & Packed.forceQuitBit != 0
        lifecycle.state = Self.packedAppState(f >> Packed.appStateShift & 3)
        lifecycle.graceEndsAt = f & Packed.graceBit != 0 ? k.graceEndsAt.duration : nil
        usageReminder.firstBackgroundUseAt = f & Packed.firstUseBit != 0 ? k.firstBackgroundUseAt.duration : nil
        services.nextManagerNumber = k.nextManagerNumber
        usageReminder.backgroundUseCount = k.backgroundUseCount

        if let e = box?.extras {
            clock.now = e.now
            device.location = e.deviceLocation
            services.monitoredRegions = e.monitoredRegions
            services.insideRegions = e.insideRegions
            services.significantChangeAnchor = e.significantChangeAnchor
            services.pendingLaunchEvents = e.pendingLaunchEvents
            lifecycle.terminationReason = e.terminationReason
            prompts.queued = e.queuedPrompts
            prompts.heldEvents = e.heldEvents
            device.widgetSeenAt = e.widgetSeenAt
            sessions = e.sessions
        } else {
            clock.now = DurationBits().duration
            device.location = baseline.location
            if !services.monitoredRegions.isEmpty { services.monitoredRegions.removeAll(keepingCapacity: true) }
            if !services.insideRegions.isEmpty { services.insideRegions.removeAll(keepingCapacity: true) }
            services.significantChangeAnchor = baseline.anchor
            if !services.pendingLaunchEvents.isEmpty { services.pendingLaunchEvents.removeAll(keepingCapacity: true) }
            if lifecycle.terminationReason != nil { lifecycle.terminationReason = nil }
            if !prompts.queued.isEmpty { prompts.queued.removeAll(keepingCapacity: true) }
            if !prompts.heldEvents.isEmpty { prompts.heldEvents.removeAll(keepingCapacity: true) }
            if device.widgetSeenAt != nil { device.widgetSeenAt = nil }
            if !sessions.isEmpty || sessions.nextID != 1 { sessions = Sessions() }
        }

        if k.manager & Packed.regionsInExtras == 0 { unpackRegions(k.manager, regionSets: &regionSets) }

        let promptCode = f >> Packed.promptShift & 7
        if promptCode == 0 {
            prompts.onScreen = nil
        } else if promptCode == Packed.inExtras {
            prompts.onScreen = box!.extras.prompt
        } else {
            prompts.onScreen = PresentedPrompt(prompt: standard[Int(promptCode) - 1], shownAt: k.promptShownAt.duration,
                                                    manager: k.promptManager == Packed.noPromptManager ? nil : ManagerID(k.promptManager))
        }

        let timerCount = f >> Packed.timerCountShift & 7
        if timerCount == Packed.inExtras {
            clock.timers = box!.extras.timers!
        } else {
            // Overwritten in place: emptying and refilling the list costs more than the fields.
            let n = Int(timerCount)
            if clock.timers.count > n { clock.timers.removeLast(clock.timers.count - n) }
            for i in 0..<n {
                let at = (i == 0 ? k.timer0 : i == 1 ? k.timer1 : i == 2 ? k.timer2 : k.timer3).duration
                let kind = Self.packedTimerKind(f >> (Packed.timerKindShift + Packed.timerKindBits * UInt64(i)) & 7)
                if i < clock.timers.count {
                    clock.timers[i].at = at
                    clock.timers[i].kind = kind
                } else {
                    clock.timers.append(ScheduledTimer(at: at, kind: kind))
                }
            }
        }

        let managerCount = f >> Packed.managerCountShift & 3
        if managerCount == Packed.managersInExtras {
            services.managers = box!.extras.managers!
        } else if managerCount == 0 {
            if !services.managers.isEmpty { services.managers.removeAll(keepingCapacity: true) }
        } else {
            if services.managers.count > 1 { services.managers.removeLast(services.managers.count - 1) }
            if services.managers.isEmpty {
                services.managers.append(ManagerState(id: ManagerID(k.managerID), hasDelegate: false))
            }
            Self.unpackManager(k.manager, id: k.managerID, into: &services.managers[0])
        }
    }

    /// Sets the regions the device is in and the held event from bits 32…63 of `w` (a
    /// ``Packed/manager`` word without ``Packed/regionsInExtras``), over the monitored regions
    /// already unpacked.
    @inlinable @inline(__always)
    mutating func unpackRegions(_ w: UInt64, regionSets: inout Packed.RegionSets) {
        let mask = w >> Packed.regionsShift & 0xFFFF
        if mask != 0, services.monitoredRegions.count <= Packed.RegionSets.maxRegions {
            services.insideRegions = regionSets.names(Int(mask), of: services.monitoredRegions)
        } else {
            if !services.insideRegions.isEmpty { services.insideRegions.removeAll(keepingCapacity: true) }
            if mask != 0 {
                for (i, r) in services.monitoredRegions.enumerated() where i < Packed.maxInlineRegions && mask & (1 << UInt64(i)) != 0 {
                    services.insideRegions.insert(r.name)
                }
            }
        }
        if w & Packed.heldBit == 0 {
            if !prompts.heldEvents.isEmpty { prompts.heldEvents.removeAll(keepingCapacity: true) }
        } else {
            let name = services.monitoredRegions[Int(w >> Packed.heldRegionShift & 15)].name
            let event: MonitoringEvent = w & Packed.heldExitBit != 0 ? .regionExited(name) : .regionEntered(name)
            if prompts.heldEvents.count == 1 { prompts.heldEvents[0] = event } else { prompts.heldEvents = [event] }
        }
    }

    // MARK: Codes

    /// 1 for true, 0 for false, without a branch.
    @inlinable @inline(__always) static func packingBit(_ flag: Bool) -> UInt64 { UInt64(unsafeBitCast(flag, to: UInt8.self)) }

    @inlinable static func packingCode(_ a: StoredAuthorization) -> UInt64 {
        switch a {
        case .notDetermined: 0
        case .denied: 1
        case .whenInUse(let temporary): temporary ? 2 : 3
        case .always(let provisional): provisional ? 4 : 5
        }
    }

    @inlinable static func packedAuthorization(_ c: UInt64) -> StoredAuthorization {
        switch c {
        case 0: .notDetermined
        case 1: .denied
        case 2: .whenInUse(temporary: true)
        case 3: .whenInUse(temporary: false)
        case 4: .always(provisional: true)
        default: .always(provisional: false)
        }
    }

    @inlinable static func packingCode(_ s: AppState) -> UInt64 {
        switch s {
        case .notRunning: 0
        case .foreground: 1
        case .background: 2
        case .suspended: 3
        }
    }

    @inlinable static func packedAppState(_ c: UInt64) -> AppState {
        switch c {
        case 0: .notRunning
        case 1: .foreground
        case 2: .background
        default: .suspended
        }
    }

    @inlinable static func packingCode(_ k: ScheduledTimer.Kind) -> UInt64 {
        switch k {
        case .graceEnds: 0
        case .allowOnceExpiry: 1
        case .confirmationPrompt: 2
        case .usageReminder: 3
        case .appClipReset: 4
        case .sessionRecreationWindowEnds: 5
        }
    }

    @inlinable static func packedTimerKind(_ c: UInt64) -> ScheduledTimer.Kind {
        switch c {
        case 0: .graceEnds
        case 1: .allowOnceExpiry
        case 2: .confirmationPrompt
        case 3: .usageReminder
        case 4: .appClipReset
        default: .sessionRecreationWindowEnds
        }
    }

    @inlinable static func packingCode(_ a: DesiredAccuracy) -> UInt64 {
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

    @inlinable static func packedDesiredAccuracy(_ c: UInt64) -> DesiredAccuracy {
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

    @inlinable static func packingCode(_ mgr: borrowing ManagerState) -> UInt64 {
        var c: UInt64 = 0
        var b: UInt64 = 0
        @inline(__always) func put(_ flag: Bool) { c |= packingBit(flag) << b; b += 1 }
        put(mgr.hasDelegate); put(mgr.updating); put(mgr.updatingStartedInForeground); put(mgr.oneShotPending)
        put(mgr.allowsBackgroundLocationUpdates); put(mgr.showsBackgroundLocationIndicator); put(mgr.pausesLocationUpdatesAutomatically)
        put(mgr.significantChanges); put(mgr.visits); put(mgr.wasDeliverable)
        c |= UInt64(mgr.reportedStatus.map { Int($0.rawValue) + 1 } ?? 0) << 10
        c |= UInt64(mgr.reportedAccuracy.map { $0.rawValue + 1 } ?? 0) << 14
        c |= packingCode(mgr.desiredAccuracy) << 17
        c |= UInt64(mgr.delegateMethods.rawValue) << 20
        return c
    }

    /// Overwrites every field of `mgr` with the manager `c` and `id` name (the words hold only a
    /// manager with no queued fixes and no delivery time).
    @inlinable static func unpackManager(_ c: UInt64, id: Int, into mgr: inout ManagerState) {
        var bit: UInt64 = 0
        func take() -> Bool { defer { bit += 1 }; return c & (1 << bit) != 0 }
        mgr.id = ManagerID(id)
        mgr.hasDelegate = take()
        mgr.updating = take()
        mgr.updatingStartedInForeground = take()
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
        mgr.desiredAccuracy = packedDesiredAccuracy(c >> 17 & 7)
        mgr.delegateMethods = DelegateMethods(rawValue: UInt8(truncatingIfNeeded: c >> 20))
        if !mgr.queuedLocations.isEmpty { mgr.queuedLocations.removeAll(keepingCapacity: true) }
        if mgr.lastDelivery != nil { mgr.lastDelivery = nil }
    }
}
