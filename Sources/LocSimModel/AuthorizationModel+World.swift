// The world: the device moves, and the fixes reach the managers.
extension AuthorizationModel {
    mutating func moveDevice(to location: Location, _ fx: inout [Effect]) {
        var location = location
        location.timestamp = now
        deviceLocation = location
        // Standard updates.
        if appState.runsCode {
            let deliverable = currentCanDeliver()
            for i in managers.indices where managers[i].updating {
                if deliverable { deliver(location, to: i, force: false, &fx) }
            }
        } else if appState == .suspended, currentStatus().isAuthorized, authorization == .always(provisional: false) {
            for i in managers.indices where managers[i].updating && managers[i].allowsBackgroundLocationUpdates {
                managers[i].queuedLocations.append(accuracy == .reducedAccuracy ? location.reduced : location)
            }
        }
        // Significant changes.
        if significantChangesRegistered {
            if let anchor = significantChangeAnchor {
                if anchor.distance(to: location.coordinate) >= parameters.significantChangeDistance {
                    significantChangeAnchor = location.coordinate
                    monitoringEvent(.significantChange(location), &fx)
                }
            } else {
                significantChangeAnchor = location.coordinate
            }
        }
        // Regions with a known centre.
        for region in monitoredRegions where region.center != nil {
            let inside = region.contains(location.coordinate)
            if inside && !insideRegions.contains(region.name) {
                insideRegions.insert(region.name)
                monitoringEvent(.regionEntered(region.name), &fx)
            } else if !inside && insideRegions.contains(region.name) {
                insideRegions.remove(region.name)
                monitoringEvent(.regionExited(region.name), &fx)
            }
        }
    }

    mutating func deliver(_ location: Location, to index: Int, force: Bool, _ fx: inout [Effect]) {
        var location = location
        if accuracy == .reducedAccuracy {
            if !force, let last = managers[index].lastDelivery, now - last < parameters.reducedAccuracyInterval { return }
            location = location.reduced
        }
        managers[index].lastDelivery = now
        fx.append(.delegate(managers[index].id, .didUpdateLocations([location])))
        noteBackgroundUse()
    }

    mutating func noteBackgroundUse() {
        guard let after = parameters.usageReminderAfter, !usageReminderShown, appState != .foreground,
              authorization == .always(provisional: false) else { return }
        backgroundUseCount += 1
        if firstBackgroundUseAt == nil { firstBackgroundUseAt = now }
        guard !timers.contains(where: { $0.kind == .usageReminder }) else { return }
        schedule(ScheduledTimer(at: now + after, kind: .usageReminder))
    }
}
