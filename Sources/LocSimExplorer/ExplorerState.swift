import LocSimModel

/// One state of an exploration: the authorization model, the app's screen, and a ghost flag for
/// the "Always is requested at most once" invariant. The search stores it packed (``StateKey``).
///
/// Time is relative: after every step the model is shifted so that `now` is zero and every past
/// instant that no longer matters is forgotten, so states that differ only in the clock are equal.
struct ExplorerState: Equatable, Sendable {
    var model: AuthorizationModel
    var screen: UInt8
    /// An Always prompt was shown since the last reset (checked by ``PrivacyRule/alwaysOnce``).
    var alwaysAsked: Bool
    /// The app's storage: bit `i` is ``AppModel/flags``[`i`] (`set:`/`clear:` in reactions). It
    /// survives termination, as `UserDefaults` does.
    var flags: UInt32 = 0
    /// The service-session requirements the app re-created while in use since its last launch,
    /// which the model still lists as awaiting re-creation (bit `i` for
    /// `SessionRequirement.allCases[i]`): a ghost, like ``alwaysAsked``, so that the end of the
    /// re-creation window reports only what was really not re-created (O11,
    /// ``FindingKind/sessionNotRecreated``). Zero outside the window.
    var recreated: UInt8 = 0
}

extension AuthorizationModel {
    /// Shifts every instant by `-now` and forgets instants whose exact value can no longer change
    /// what happens in an exploration (which never moves the device), so that equal futures make
    /// equal values.
    mutating func canonicalizeTime() {
        let t = clock.now
        // Most steps leave the clock at zero: then nothing shifts (and `Duration`'s operators,
        // which are calls, are skipped).
        let moved = !DurationBits(t).isZero
        if moved { clock.now = .zero }
        if let g = lifecycle.graceEndsAt {
            let left = moved ? g - t : g
            if !DurationBits(left).isPositive { lifecycle.graceEndsAt = nil } else if moved { lifecycle.graceEndsAt = left }
        }
        // Every write below is guarded: the timers and lists are shared with the state this one
        // was copied from, and writing to them unchanged would copy their storage.
        if !clock.timers.isEmpty {
            if moved {
                for i in clock.timers.indices { clock.timers[i].at -= t }
            }
            // A grace timer left over from an earlier visit to the background changes nothing when
            // it fires: only the one at `graceEndsAt` matters (the model leaves the others queued).
            var keptGrace = false
            func stale(_ timer: ScheduledTimer) -> Bool {
                guard timer.kind == .graceEnds else { return false }
                if !keptGrace, let g = lifecycle.graceEndsAt, DurationBits(timer.at) == DurationBits(g) { keptGrace = true; return false }
                return true
            }
            if clock.timers.contains(where: stale) {
                keptGrace = false
                clock.timers.removeAll(where: stale)
            }
        }
        if let p = prompts.onScreen {
            let shownAt: Duration
            if p.prompt.kind == .alwaysConfirmation {
                let floor = Duration.zero - parameters.heldEventWindow - .milliseconds(1)
                shownAt = max(moved ? p.shownAt - t : p.shownAt, floor)
            } else {
                shownAt = .zero
            }
            if DurationBits(shownAt) != DurationBits(p.shownAt) { prompts.onScreen!.shownAt = shownAt }
        }
        if prompts.queued.contains(where: { !DurationBits($0.shownAt).isZero }) {
            for i in prompts.queued.indices { prompts.queued[i].shownAt = .zero }
        }
        for i in services.managers.indices {
            // Only deliveries of a moving device read the last delivery time (the reduced-accuracy
            // rate limit, K2); the explorer never moves the device.
            if services.managers[i].lastDelivery != nil { services.managers[i].lastDelivery = nil }
            if !services.managers[i].queuedLocations.isEmpty {
                for j in services.managers[i].queuedLocations.indices { services.managers[i].queuedLocations[j].timestamp = .zero }
            }
        }
        if device.location?.timestamp != .zero { device.location?.timestamp = .zero }
        if prompts.heldEvents.contains(where: { $0 != $0.timeless }) { prompts.heldEvents = prompts.heldEvents.map(\.timeless) }
        if services.pendingLaunchEvents.contains(where: { $0 != $0.timeless }) { services.pendingLaunchEvents = services.pendingLaunchEvents.map(\.timeless) }
        // When a monitor's condition last changed is only told to the app (`CLMonitor.Event.date`).
        if !sessions.monitors.isEmpty,
           sessions.monitors.contains(where: { $0.conditions.contains { !DurationBits($0.date).isZero } }) {
            for m in sessions.monitors.indices {
                for c in sessions.monitors[m].conditions.indices { sessions.monitors[m].conditions[c].date = .zero }
            }
        }
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
