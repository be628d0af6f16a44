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

    /// A cheap hash of the fields that vary in an exploration (never the app's strings, which are
    /// shared by every state); equality still compares everything.
    func hash(into h: inout Hasher) {
        let m = model
        var bits: UInt64 = UInt64(screen)
        func put(_ flag: Bool) { bits = bits &<< 1 | (flag ? 1 : 0) }
        put(alwaysAsked); put(m.alwaysRequestSpent); put(m.locationServicesEnabled); put(m.airplaneMode); put(m.restricted)
        put(m.deviceLocked); put(m.precise); put(m.temporaryFullAccuracy); put(m.locationButtonConfirmed); put(m.foregroundBeforeLock)
        put(m.significantChangesRegistered); put(m.visitsRegistered); put(m.terminationReason != nil); put(m.locationServicesDialogShown)
        put(m.usageReminderShown); put(m.wasInUse); put(m.wasIndicatorShowing); put(m.graceEndsAt != nil)
        for mgr in m.managers {
            put(mgr.hasDelegate); put(mgr.updating); put(mgr.updatingStartedInUse); put(mgr.oneShotPending)
            put(mgr.allowsBackgroundLocationUpdates); put(mgr.showsBackgroundLocationIndicator); put(mgr.significantChanges)
            put(mgr.visits); put(mgr.wasDeliverable); put(mgr.reportedAccuracy == .reducedAccuracy)
            bits = bits &* 31 &+ UInt64(mgr.reportedStatus.map { Int($0.rawValue) + 1 } ?? 0)
        }
        h.combine(bits)
        h.combine(m.authorization)
        h.combine(m.appState)
        h.combine(m.prompt?.prompt.kind)
        h.combine(m.prompt?.prompt.request)
        h.combine(m.queuedPrompts.count)
        h.combine(m.graceEndsAt)
        h.combine(m.timers.count)
        for t in m.timers { h.combine(t.at); h.combine(t.kind) }
        h.combine(m.monitoredRegions.count)
        h.combine(m.insideRegions.count)
        h.combine(m.heldEvents.count)
        h.combine(m.pendingLaunchEvents.count)
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
        if !timers.isEmpty {
            for i in timers.indices { timers[i].at -= t }
            // A grace timer left over from an earlier visit to the background changes nothing when
            // it fires: only the one at `graceEndsAt` matters (the model leaves the others queued).
            var keptGrace = false
            timers.removeAll { timer in
                guard timer.kind == .graceEnds else { return false }
                if !keptGrace, let g = graceEndsAt, timer.at == g { keptGrace = true; return false }
                return true
            }
        }
        if var p = prompt {
            if p.prompt.kind == .alwaysConfirmation {
                let floor = Duration.zero - parameters.heldEventWindow - .milliseconds(1)
                p.shownAt = max(p.shownAt - t, floor)
            } else {
                p.shownAt = .zero
            }
            prompt = p
        }
        if !queuedPrompts.isEmpty {
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
        if !heldEvents.isEmpty { heldEvents = heldEvents.map(\.timeless) }
        if !pendingLaunchEvents.isEmpty { pendingLaunchEvents = pendingLaunchEvents.map(\.timeless) }
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
