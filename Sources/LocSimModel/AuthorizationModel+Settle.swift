// Settling: what follows from the state after every event.
extension AuthorizationModel {
    // MARK: - Settling: what follows from the state after every event

    /// Re-derives in-use, the indicator, reported statuses and deliveries, emitting what changed.
    mutating func settle(_ fx: inout [Effect]) {
        // In use: entering and leaving (H2, H4, K6).
        var inUse = currentInUse()
        if wasInUse && !inUse {
            wasInUse = false
            leftUse(&fx)
            inUse = currentInUse()
        } else if !wasInUse && inUse {
            wasInUse = true
            timers.removeAny { $0.kind == .allowOnceExpiry }
        }
        // A running session that the app is in use for counts as started in use (I6).
        if inUse {
            for i in managers.indices where managers[i].updating && !managers[i].updatingStartedInUse {
                managers[i].updatingStartedInUse = true
            }
        }
        // The indicator (I10, I11).
        let indicator = currentIndicator()
        if indicator != wasIndicatorShowing {
            wasIndicatorShowing = indicator
            fx.append(.indicatorChanged(indicator))
        }
        guard appState.runsCode else { return }
        // Authorization callbacks: creation, changes only, every manager (B2, C2, C4, C6, C7, C9).
        let current = currentStatus(), currentAccuracy = accuracy
        for i in managers.indices {
            let previous = managers[i].reportedStatus
            if previous != current || managers[i].reportedAccuracy != currentAccuracy {
                managers[i].reportedStatus = current
                managers[i].reportedAccuracy = currentAccuracy
                fx.append(.delegate(managers[i].id, .didChangeAuthorization(current, accuracy: currentAccuracy, statusChanged: previous != current)))
                // Revoked while updates run: kCLErrorDenied (N2, M4).
                if let previous, previous.isAuthorized, current == .denied || current == .restricted, managers[i].updating || managers[i].oneShotPending {
                    fx.append(.delegate(managers[i].id, .didFailWithError(.denied)))
                    managers[i].oneShotPending = false
                }
            }
        }
        // Deliveries that became possible (D8, I5, I12).
        let deliverable = managers.isEmpty ? false : currentCanDeliver()
        for i in managers.indices {
            let id = managers[i].id
            if deliverable, !managers[i].queuedLocations.isEmpty {
                let queued = managers[i].queuedLocations
                managers[i].queuedLocations = []
                fx.append(.delegate(id, .didUpdateLocations(queued)))
            }
            if managers[i].oneShotPending {
                if current == .denied || current == .restricted {
                    managers[i].oneShotPending = false
                    fx.append(.delegate(id, .didFailWithError(.denied)))
                } else if deliverable {
                    managers[i].oneShotPending = false
                    if let location = deviceLocation {
                        deliver(location, to: i, force: true, &fx)
                    } else {
                        fx.append(.delegate(id, .didFailWithError(.locationUnknown)))
                    }
                }
            }
            if deliverable, !managers[i].wasDeliverable, managers[i].updating, let location = deviceLocation {
                deliver(location, to: i, force: true, &fx)
            }
            let nowDeliverable = deliverable && managers[i].updating
            if managers[i].wasDeliverable != nowDeliverable { managers[i].wasDeliverable = nowDeliverable }
        }
        // Events kept for a launch by the system (A8, I12).
        if !pendingLaunchEvents.isEmpty, !managers.isEmpty {
            let events = pendingLaunchEvents
            pendingLaunchEvents = []
            for e in events { dispatch(e, &fx) }
        }
    }

    private mutating func leftUse(_ fx: inout [Effect]) {
        if isTemporary {
            timers.removeAny { $0.kind == .allowOnceExpiry }
            if parameters.allowOnceLapse <= .zero {
                expireAllowOnce()
            } else {
                schedule(ScheduledTimer(at: now + parameters.allowOnceLapse, kind: .allowOnceExpiry))
            }
        }
        temporaryFullAccuracy = false
    }

    mutating func expireAllowOnce() {
        guard isTemporary else { return }
        authorization = .notDetermined
        if parameters.allowOnceExpiryRestoresAlwaysRequest { alwaysRequestSpent = false }
    }
}
