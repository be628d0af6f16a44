// The world: the device moves, and the fixes reach the managers.
extension AuthorizationModel {
    mutating func moveDevice(to location: Location, _ fx: inout [Effect]) {
        var location = location
        location.timestamp = clock.now
        device.location = location
        // Standard updates.
        if lifecycle.state.runsCode {
            let deliverable = currentCanDeliver()
            for i in services.managers.indices where services.managers[i].updating {
                if deliverable { deliver(location, to: i, force: false, &fx) }
            }
        } else if lifecycle.state == .suspended, currentStatus().isAuthorized, record.authorization == .always(provisional: false) {
            for i in services.managers.indices where services.managers[i].updating && services.managers[i].allowsBackgroundLocationUpdates {
                services.managers[i].queuedLocations.append(accuracy == .reducedAccuracy ? location.reduced : location)
            }
        }
        // Significant changes.
        if services.significantChangesRegistered {
            if let anchor = services.significantChangeAnchor {
                if anchor.distance(to: location.coordinate) >= parameters.significantChangeDistance {
                    services.significantChangeAnchor = location.coordinate
                    monitoringEvent(.significantChange(location), &fx)
                }
            } else {
                services.significantChangeAnchor = location.coordinate
            }
        }
        // Regions with a known centre.
        for region in services.monitoredRegions where region.center != nil {
            let inside = region.contains(location.coordinate)
            if inside && !services.insideRegions.contains(region.name) {
                services.insideRegions.insert(region.name)
                monitoringEvent(.regionEntered(region.name), &fx)
            } else if !inside && services.insideRegions.contains(region.name) {
                services.insideRegions.remove(region.name)
                monitoringEvent(.regionExited(region.name), &fx)
            }
        }
        // Live updates and CLMonitor conditions (O2, O15).
        if !sessions.isEmpty { moveSessions(to: location, &fx) }
    }

    mutating func deliver(_ location: Location, to index: Int, force: Bool, _ fx: inout [Effect]) {
        var location = location
        if accuracy == .reducedAccuracy {
            if !force, let last = services.managers[index].lastDelivery, clock.now - last < parameters.reducedAccuracyInterval { return }
            location = location.reduced
        }
        services.managers[index].lastDelivery = clock.now
        fx.append(.delegate(services.managers[index].id, .didUpdateLocations([location])))
        noteBackgroundUse()
    }

    mutating func noteBackgroundUse() {
        guard let after = parameters.usageReminderAfter, !usageReminder.shown, lifecycle.state != .foreground,
              record.authorization == .always(provisional: false) else { return }
        usageReminder.backgroundUseCount += 1
        if usageReminder.firstBackgroundUseAt == nil { usageReminder.firstBackgroundUseAt = clock.now }
        guard !clock.timers.contains(where: { $0.kind == .usageReminder }) else { return }
        schedule(ScheduledTimer(at: clock.now + after, kind: .usageReminder))
    }
}
