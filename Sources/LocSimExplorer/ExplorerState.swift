import LocSimModel

/// One state of an exploration: the authorization model, the app's screen, and a ghost flag for
/// the "Always is requested at most once" invariant.
///
/// Time is relative: after every step the model is shifted so that `now` is zero and every past
/// instant that no longer matters is forgotten, so states that differ only in the clock are equal.
struct ExplorerState: Hashable, Sendable {
    var model: AuthorizationModel
    var screen: UInt8
    /// An Always prompt was shown since the last reset (checked by ``PrivacyRule/alwaysOnce``).
    var alwaysAsked: Bool

    /// Hashes ``fingerprint``.
    func hash(into h: inout Hasher) { h.combine(fingerprint) }

    /// A cheap hash of the fields that vary in an exploration (never the app's strings, which are
    /// shared by every state), mixed without `Hasher`; equality still compares everything.
    var fingerprint: Int {
        let m = model
        var bits: UInt64 = UInt64(screen)
        @inline(__always) func put(_ flag: Bool) { bits = bits &<< 1 | (flag ? 1 : 0) }
        put(alwaysAsked); put(m.alwaysRequestSpent); put(m.locationServicesEnabled); put(m.airplaneMode); put(m.restricted)
        put(m.deviceLocked); put(m.precise); put(m.temporaryFullAccuracy); put(m.locationButtonConfirmed); put(m.foregroundBeforeLock)
        put(m.significantChangesRegistered); put(m.visitsRegistered); put(m.terminationReason != nil); put(m.locationServicesDialogShown)
        put(m.usageReminderShown); put(m.wasInUse); put(m.wasIndicatorShowing); put(m.graceEndsAt != nil)
        var x = Mix(bits)
        for mgr in m.managers {
            bits = 0
            put(mgr.hasDelegate); put(mgr.updating); put(mgr.updatingStartedInUse); put(mgr.oneShotPending)
            put(mgr.allowsBackgroundLocationUpdates); put(mgr.showsBackgroundLocationIndicator); put(mgr.significantChanges)
            put(mgr.visits); put(mgr.wasDeliverable); put(mgr.reportedAccuracy == .reducedAccuracy)
            x.add(bits &* 31 &+ UInt64(mgr.reportedStatus.map { Int($0.rawValue) + 1 } ?? 0))
        }
        let authorization: UInt64
        switch m.authorization {
        case .notDetermined: authorization = 0
        case .denied: authorization = 1
        case .whenInUse(let temporary): authorization = temporary ? 2 : 3
        case .always(let provisional): authorization = provisional ? 4 : 5
        }
        let appState: UInt64
        switch m.appState {
        case .notRunning: appState = 0
        case .foreground: appState = 1
        case .background: appState = 2
        case .suspended: appState = 3
        }
        var prompt: UInt64 = 0
        if let p = m.prompt {
            prompt = 1 + UInt64(PromptKind.allCases.firstIndex(of: p.prompt.kind)!) &* 4
            switch p.prompt.request {
            case .whenInUse: break
            case .always: prompt &+= 1
            case .temporaryFullAccuracy: prompt &+= 2
            }
            x.add(p.shownAt)
        }
        x.add(authorization | appState << 4 | prompt << 8 | UInt64(m.queuedPrompts.count) << 20 | UInt64(m.timers.count) << 28
              | UInt64(m.monitoredRegions.count) << 36 | UInt64(m.insideRegions.count) << 44 | UInt64(m.heldEvents.count) << 50
              | UInt64(m.pendingLaunchEvents.count) << 56)
        if let g = m.graceEndsAt { x.add(g) }
        for t in m.timers {
            x.add(t.at)
            switch t.kind {
            case .graceEnds: x.add(1)
            case .allowOnceExpiry: x.add(2)
            case .confirmationPrompt: x.add(3)
            case .usageReminder: x.add(4)
            }
        }
        return Int(truncatingIfNeeded: x.value)
    }
}

/// A small multiply-xorshift mixer for ``ExplorerState/fingerprint``.
private struct Mix {
    private(set) var value: UInt64
    init(_ seed: UInt64) { value = seed &* 0x9E37_79B9_7F4A_7C15 }
    @inline(__always) mutating func add(_ v: UInt64) {
        value = (value ^ v) &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
    }
    @inline(__always) mutating func add(_ d: Duration) {
        let c = d.components
        add(UInt64(bitPattern: c.seconds))
        add(UInt64(bitPattern: c.attoseconds))
    }
}

extension AuthorizationModel {
    /// Shifts every instant by `-now` and forgets instants whose exact value can no longer change
    /// what happens in an exploration (which never moves the device), so that equal futures make
    /// equal values.
    mutating func canonicalizeTime() {
        let t = now
        now = .zero
        if let g = graceEndsAt { graceEndsAt = g - t > .zero ? g - t : nil }
        // Every write below is guarded: the timers and lists are shared with the state this one
        // was copied from, and writing to them unchanged would copy their storage.
        if !timers.isEmpty {
            if t != .zero {
                for i in timers.indices { timers[i].at -= t }
            }
            // A grace timer left over from an earlier visit to the background changes nothing when
            // it fires: only the one at `graceEndsAt` matters (the model leaves the others queued).
            var keptGrace = false
            func stale(_ timer: ScheduledTimer) -> Bool {
                guard timer.kind == .graceEnds else { return false }
                if !keptGrace, let g = graceEndsAt, timer.at == g { keptGrace = true; return false }
                return true
            }
            if timers.contains(where: stale) {
                keptGrace = false
                timers.removeAll(where: stale)
            }
        }
        if let p = prompt {
            let shownAt: Duration
            if p.prompt.kind == .alwaysConfirmation {
                let floor = Duration.zero - parameters.heldEventWindow - .milliseconds(1)
                shownAt = max(p.shownAt - t, floor)
            } else {
                shownAt = .zero
            }
            if shownAt != p.shownAt { prompt!.shownAt = shownAt }
        }
        if queuedPrompts.contains(where: { $0.shownAt != .zero }) {
            for i in queuedPrompts.indices { queuedPrompts[i].shownAt = .zero }
        }
        for i in managers.indices {
            // Only deliveries of a moving device read the last delivery time (the reduced-accuracy
            // rate limit, K2); the explorer never moves the device.
            if managers[i].lastDelivery != nil { managers[i].lastDelivery = nil }
            if !managers[i].queuedLocations.isEmpty {
                for j in managers[i].queuedLocations.indices { managers[i].queuedLocations[j].timestamp = .zero }
            }
        }
        if deviceLocation?.timestamp != .zero { deviceLocation?.timestamp = .zero }
        if heldEvents.contains(where: { $0 != $0.timeless }) { heldEvents = heldEvents.map(\.timeless) }
        if pendingLaunchEvents.contains(where: { $0 != $0.timeless }) { pendingLaunchEvents = pendingLaunchEvents.map(\.timeless) }
    }
}

extension MonitoringEvent {
    /// The event with its fix's timestamp set to zero.
    var timeless: MonitoringEvent {
        switch self {
        case .visit(var l): l.timestamp = .zero; return .visit(l)
        case .significantChange(var l): l.timestamp = .zero; return .significantChange(l)
        default: return self
        }
    }
}
