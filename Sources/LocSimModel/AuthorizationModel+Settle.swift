// Settling: what follows from the state after every event.
extension AuthorizationModel {
    // MARK: - Settling: what follows from the state after every event

    /// Re-derives in-use, the indicator, reported statuses and deliveries, emitting what changed.
    mutating func settle(_ fx: inout [Effect]) {
        if configuration.isAppClip { scheduleAppClipReset() }
        // In use: entering and leaving (H2, H4, K6).
        var inUse = currentInUse()
        if settled.inUse && !inUse {
            settled.inUse = false
            leftUse(&fx)
            inUse = currentInUse()
        } else if !settled.inUse && inUse {
            settled.inUse = true
            clock.timers.removeAny { $0.kind == .allowOnceExpiry }
        }
        // Updates running in the foreground count as started there (I6): the grace period does not.
        if lifecycle.state == .foreground {
            for i in services.managers.indices where services.managers[i].updating && !services.managers[i].updatingStartedInForeground {
                services.managers[i].updatingStartedInForeground = true
            }
        }
        // The indicator (I10, I11).
        let indicator = currentIndicator()
        if indicator != settled.indicatorShowing {
            settled.indicatorShowing = indicator
            fx.append(.indicatorChanged(indicator))
        }
        guard lifecycle.state.runsCode else { return }
        // Authorization callbacks: creation, changes only, every manager (B2, C2, C4, C6, C7, C9).
        let current = currentStatus(), currentAccuracy = accuracy
        for i in services.managers.indices {
            let previous = services.managers[i].reportedStatus
            if previous != current || services.managers[i].reportedAccuracy != currentAccuracy {
                services.managers[i].reportedStatus = current
                services.managers[i].reportedAccuracy = currentAccuracy
                fx.append(.delegate(services.managers[i].id, .didChangeAuthorization(current, accuracy: currentAccuracy, statusChanged: previous != current)))
                // Revoked while updates run: kCLErrorDenied (N2, M4).
                if let previous, previous.isAuthorized, current == .denied || current == .restricted, services.managers[i].updating || services.managers[i].oneShotPending {
                    fx.append(.delegate(services.managers[i].id, .didFailWithError(.denied)))
                    services.managers[i].oneShotPending = false
                }
            }
        }
        // Deliveries that became possible (D8, I5, I12).
        let deliverable = services.managers.isEmpty ? false : currentCanDeliver()
        for i in services.managers.indices {
            let id = services.managers[i].id
            if deliverable, !services.managers[i].queuedLocations.isEmpty {
                let queued = services.managers[i].queuedLocations
                services.managers[i].queuedLocations = []
                fx.append(.delegate(id, .didUpdateLocations(queued)))
            }
            if services.managers[i].oneShotPending {
                if current == .denied || current == .restricted {
                    services.managers[i].oneShotPending = false
                    fx.append(.delegate(id, .didFailWithError(.denied)))
                } else if deliverable {
                    services.managers[i].oneShotPending = false
                    if let location = device.location {
                        deliver(location, to: i, force: true, &fx)
                    } else {
                        fx.append(.delegate(id, .didFailWithError(.locationUnknown)))
                    }
                }
            }
            if deliverable, !services.managers[i].wasDeliverable, services.managers[i].updating, let location = device.location {
                // Not forced: the reduced-accuracy throttle holds across foreground returns (K2).
                deliver(location, to: i, force: false, &fx)
            }
            let nowDeliverable = deliverable && services.managers[i].updating
            if services.managers[i].wasDeliverable != nowDeliverable { services.managers[i].wasDeliverable = nowDeliverable }
        }
        // Events kept for a launch by the system (A8, I12): region events as soon as a manager
        // exists, visits and significant changes once the app restarts that service (O18).
        if !services.pendingLaunchEvents.isEmpty, !services.managers.isEmpty {
            // Visits and significant changes waiting for the restart (O18) are dropped once
            // authorization went: they never reach the app.
            if !current.isAuthorized { services.pendingLaunchEvents.removeAny { $0.regionName == nil } }
            if !services.pendingLaunchEvents.isEmpty, pendingLaunchEventsDeliverable() {
                let events = services.pendingLaunchEvents
                services.pendingLaunchEvents = []
                for e in events { dispatch(e, &fx) }
            }
        }
        // Section O: sessions ask, report their diagnostics, streams and monitors deliver.
        if !sessions.isEmpty { settleSessions(&fx) }
    }

    /// Whether a kept launch event can reach a manager now (``dispatch(_:_:)`` keeps the others).
    private mutating func pendingLaunchEventsDeliverable() -> Bool {
        services.pendingLaunchEvents.contains { e in
            switch e {
            case .regionEntered, .regionExited: true
            case .visit: services.managers.contains(where: \.visits)
            case .significantChange: services.managers.contains(where: \.significantChanges)
            }
        }
    }

    private mutating func leftUse(_ fx: inout [Effect]) {
        if isTemporary {
            clock.timers.removeAny { $0.kind == .allowOnceExpiry }
            if parameters.allowOnceLapse <= .zero {
                expireAllowOnce()
            } else {
                schedule(ScheduledTimer(at: clock.now + parameters.allowOnceLapse, kind: .allowOnceExpiry))
            }
        }
        // K6, O12: a granted temporary full accuracy ends with use; a session that asked for it
        // was not refused, and asks again the next time the app is in the foreground.
        if record.temporaryFullAccuracy, !sessions.service.isEmpty {
            for i in sessions.service.indices where sessions.service[i].fullAccuracyAsked { sessions.service[i].fullAccuracyAsked = false }
        }
        record.temporaryFullAccuracy = false
    }

    mutating func expireAllowOnce() {
        guard isTemporary else { return }
        record.authorization = .notDetermined
        if parameters.allowOnceExpiryRestoresAlwaysRequest { record.alwaysRequestSpent = false }
    }
}
