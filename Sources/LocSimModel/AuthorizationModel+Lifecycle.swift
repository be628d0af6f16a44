// The app's process: starting, the foreground and background, termination and crashes.
extension AuthorizationModel {
    /// A new process of the app starts, in the foreground (the user) or the background (the system).
    mutating func startProcess(in state: AppState) {
        lifecycle.state = state
        lifecycle.graceEndsAt = nil
        lifecycle.terminationReason = nil
        lifecycle.locationServicesDialogShown = false
        if !sessions.isEmpty { launchSessions() }
    }

    /// The app comes back to the foreground: no grace period runs any more.
    mutating func returnToForeground() {
        lifecycle.state = .foreground
        lifecycle.graceEndsAt = nil
        clock.timers.removeAny { $0.kind == .graceEnds }
    }

    mutating func enterBackground() {
        lifecycle.state = .background
        lifecycle.graceEndsAt = clock.now + parameters.gracePeriod
        clock.timers.removeAny { $0.kind == .graceEnds }
        schedule(ScheduledTimer(at: clock.now + parameters.gracePeriod, kind: .graceEnds))
    }

    mutating func terminate(_ fx: inout [Effect]) {
        // The system's own prompts (the confirmation, the reminder, the widget prompt on the Home
        // Screen) do not belong to the app's process.
        if let p = prompts.onScreen, p.prompt.kind != .alwaysConfirmation, p.prompt.kind != .usageReminder, p.prompt.kind != .widget {
            dismissPrompt(answer: nil, &fx)
            unansweredAlwaysPrompt(p)
        }
        prompts.queued.removeAny { $0.manager != nil }
        lifecycle.state = .notRunning
        lifecycle.graceEndsAt = nil
        // Emptied, not replaced: a caller that reuses one model keeps the storage.
        if !services.managers.isEmpty { services.managers.removeAll(keepingCapacity: true) }
        if !services.pendingLaunchEvents.isEmpty { services.pendingLaunchEvents.removeAll(keepingCapacity: true) }
        clock.timers.removeAny { $0.kind == .graceEnds }
        endSessions()
        // H3: Allow Once does not survive the app being closed, whatever the lapse.
        clock.timers.removeAny { $0.kind == .allowOnceExpiry }
        expireAllowOnce()
    }

    /// The app dies of an uncaught `NSInternalInconsistencyException` (I8, N4): the console line,
    /// the termination, the app gone. The simulator itself never crashes.
    mutating func crash(_ exception: AppException, _ fx: inout [Effect]) {
        fx.append(.console(exception.text))
        fx.append(.appTerminated(exception))
        lifecycle.terminationReason = exception
        // P4: on watchOS 10+, a background activity session with live updates brings the app back
        // after a crash or a system kill (never after the user kills it).
        let relaunch = platform.os == .watchOS && sectionOYear >= 17 && sessions.holdsBackgroundActivity && !sessions.liveUpdates.isEmpty
        terminate(&fx)
        if relaunch {
            fx.append(.appLaunchedBySystem(reason: "relaunch after a crash (background activity session with live updates, P4)"))
            startProcess(in: .background)
            lifecycle.terminationReason = exception // the crash stays the app's last termination
            relaunchedForBackgroundActivity()
        }
    }

    /// The user deletes the app and installs it again (E4): the running process ends, the services
    /// it registered (regions, significant changes, visits) and the events kept for it go with the
    /// app; the record stays unless ``DeviceParameters/reinstallKeepsAuthorization`` is false.
    mutating func reinstall(_ fx: inout [Effect]) {
        if lifecycle.state != .notRunning { terminate(&fx) }
        lifecycle.terminationReason = nil
        services.monitoredRegions = []
        services.insideRegions = []
        services.significantChangesRegistered = false
        services.significantChangeAnchor = nil
        services.visitsRegistered = false
        services.pendingLaunchEvents = []
        prompts.heldEvents = []
        sessions = Sessions()
        clock.timers.removeAny { $0.kind == .sessionRecreationWindowEnds }
        if !parameters.reinstallKeepsAuthorization { clearRecord() }
    }

    /// Clears the app's authorization record as Reset Location & Privacy does (E4, L2): back to
    /// `notDetermined` with the Always request unspent, Precise as Info.plist sets it, no usage
    /// reminder, and no pending confirmation or reminder.
    mutating func clearRecord() {
        record.authorization = .notDetermined
        record.alwaysRequestSpent = false
        record.precise = !app.defaultAccuracyReduced
        record.temporaryFullAccuracy = false
        record.locationButtonConfirmed = false
        record.widgetsAuthorized = false
        prompts.heldEvents = []
        usageReminder.shown = false
        usageReminder.backgroundUseCount = 0
        usageReminder.firstBackgroundUseAt = nil
        clock.timers.removeAny { $0.kind != .graceEnds && $0.kind != .sessionRecreationWindowEnds }
        // Sessions ask again for what the reset forgot (O12: a refusal the record no longer holds).
        for i in sessions.service.indices where sessions.service[i].fullAccuracyAsked { sessions.service[i].fullAccuracyAsked = false }
        prompts.queued.removeAny { $0.prompt.kind == .alwaysConfirmation || $0.prompt.kind == .usageReminder || $0.prompt.kind == .widget }
    }
}
