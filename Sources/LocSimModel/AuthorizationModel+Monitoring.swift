// Monitoring events (regions, visits, significant changes): delivered, held, or launching the app.
extension AuthorizationModel {
    /// A monitoring event: delivered, held for the confirmation prompt, or dropped (A8, G3, G5, G7, I3, I4, I12, K3).
    mutating func monitoringEvent(_ event: MonitoringEvent, _ fx: inout [Effect]) {
        guard currentStatus().isAuthorized else { return }
        if case .regionEntered = event, accuracy == .reducedAccuracy { return }
        if case .regionExited = event, accuracy == .reducedAccuracy { return }
        // I4: When In Use apps on iOS 12 and earlier have no monitoring services.
        if currentStatus() == .authorizedWhenInUse, !platformGenerationIsAtLeast(iOS: 13), platform.os != .macOS { return }
        if currentInUse(), lifecycle.state.runsCode { return dispatch(event, &fx) }
        switch record.authorization {
        case .always(provisional: true) where hasIOS13Model:
            // P4: watchOS never launches an app for location, so no event can need the prompt.
            if configuration.platform.os == .watchOS && lifecycle.state == .notRunning { return }
            hold(event)
            let pending = prompts.onScreen?.prompt.kind == .alwaysConfirmation
                || prompts.queued.contains { $0.prompt.kind == .alwaysConfirmation }
                || clock.timers.contains { $0.kind == .confirmationPrompt }
            if !pending {
                if parameters.confirmationPromptDelay <= .zero {
                    present(configuration.confirmationPrompt, manager: nil, &fx)
                } else {
                    schedule(ScheduledTimer(at: clock.now + parameters.confirmationPromptDelay, kind: .confirmationPrompt))
                }
            }
        case .always(provisional: false):
            deliverOutOfUse(event, &fx)
        default:
            return // When In Use apps are not launched nor woken (I3, I12)
        }
    }

    /// Holds an event while the confirmation prompt is pending (G5). Core Location holds *the
    /// triggering event*: the first one, which needs the prompt; later ones are not held (and so
    /// never delivered) unless ``DeviceParameters/holdsLatestRegionEvents``, which also holds
    /// each region's latest event (replacing the one held for that region). The held list stays
    /// bounded by the number of regions: the triggering event first, then the other regions'
    /// events in order of region name.
    mutating func hold(_ event: MonitoringEvent) {
        if prompts.heldEvents.isEmpty { return prompts.heldEvents.append(event) }
        guard parameters.holdsLatestRegionEvents, let region = event.regionName else { return }
        if let i = prompts.heldEvents.firstIndex(where: { $0.regionName == region }) {
            prompts.heldEvents[i] = event
        } else {
            let i = prompts.heldEvents[1...].firstIndex { ($0.regionName ?? "") > region } ?? prompts.heldEvents.endIndex
            prompts.heldEvents.insert(event, at: i)
        }
    }

    /// Delivers an Always event to an app that is not in use: waking or launching it (A8, I12, P4).
    mutating func deliverOutOfUse(_ event: MonitoringEvent, _ fx: inout [Effect]) {
        switch lifecycle.state {
        case .foreground, .background:
            dispatch(event, &fx)
        case .suspended:
            lifecycle.state = .background
            dispatch(event, &fx)
        case .notRunning:
            // P4, P3: watchOS and visionOS never launch an app for these events; O17: nor does a
            // release that `forceQuitBlocksRelaunchFrom` names, after the user force-quit the app.
            guard platform.os != .watchOS, platform.os != .visionOS, relaunchAllowedAfterLastExit else { return }
            startProcess(in: .background)
            services.pendingLaunchEvents.append(event)
            fx.append(.appLaunchedBySystem(reason: event.description))
        }
        noteBackgroundUse()
    }

    /// Hands a monitoring event to the app's managers: region events to every manager; a visit or
    /// a significant change to the managers running that service, or kept for the launch until
    /// one does (I12, O18).
    mutating func dispatch(_ event: MonitoringEvent, _ fx: inout [Effect]) {
        if services.managers.isEmpty {
            services.pendingLaunchEvents.append(event)
            return
        }
        switch event {
        case .regionEntered(let name):
            for m in services.managers { fx.append(.delegate(m.id, .didEnterRegion(name))) }
        case .regionExited(let name):
            for m in services.managers { fx.append(.delegate(m.id, .didExitRegion(name))) }
        case .visit(let location):
            // I12, O18: after a launch, visits and significant changes wait until the app starts
            // that service again ("restart those APIs upon launch … the system resumes the
            // delivery of queued location updates").
            let targets = services.managers.filter(\.visits)
            guard !targets.isEmpty else { return services.pendingLaunchEvents.append(event) }
            for m in targets {
                fx.append(.delegate(m.id, .didVisit(accuracy == .reducedAccuracy ? location.reduced : location)))
            }
        case .significantChange(let location):
            let targets = services.managers.filter(\.significantChanges)
            guard !targets.isEmpty else { return services.pendingLaunchEvents.append(event) }
            for m in targets {
                fx.append(.delegate(m.id, .didUpdateLocations([accuracy == .reducedAccuracy ? location.reduced : location])))
            }
        }
    }
}
