// The app's process: starting, the foreground and background, termination and crashes.
extension AuthorizationModel {
    /// A new process of the app starts, in the foreground (the user) or the background (the system).
    mutating func startProcess(in state: AppState) {
        lifecycle.state = state
        lifecycle.graceEndsAt = nil
        lifecycle.terminationReason = nil
        lifecycle.locationServicesDialogShown = false
        if lifecycle.forceQuit { lifecycle.forceQuit = false }
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

    /// How a process of the app ends (O17): each relaunches differently.
    enum ProcessEnd {
        /// The system ended it: memory pressure, or a long suspension.
        case systemTermination
        /// The user force-quit it from the app switcher.
        case forceQuit
        /// It crashed: its own exception or trap, or one Core Location raised (I8, N4).
        case crash
    }

    /// The process ends, the way `end` says (O17): its managers, prompts, timers and objects go;
    /// what survives it (regions, significant changes, visits, monitors' conditions, the sessions
    /// it held, O11, O16) waits for the next launch.
    mutating func endProcess(_ end: ProcessEnd, _ fx: inout [Effect]) {
        // The system's own prompts (the confirmation, the reminder, the widget prompt on the Home
        // Screen) do not belong to the app's process.
        if let p = prompts.onScreen, p.prompt.kind != .alwaysConfirmation, p.prompt.kind != .usageReminder, p.prompt.kind != .widget {
            dismissPrompt(answer: nil, &fx)
            unansweredAlwaysPrompt(p)
        }
        prompts.queued.removeAny { $0.manager != nil }
        // O16: an active background activity session outlives the process, unless the user
        // force-quit the app and the device ends it then (`forceQuitEndsBackgroundActivitySession`).
        let keepsActivity = activityKeepsInUse && !(end == .forceQuit && parameters.forceQuitEndsBackgroundActivitySession)
        lifecycle.state = .notRunning
        lifecycle.graceEndsAt = nil
        if lifecycle.forceQuit != (end == .forceQuit) { lifecycle.forceQuit = end == .forceQuit }
        // Emptied, not replaced: a caller that reuses one model keeps the storage.
        if !services.managers.isEmpty { services.managers.removeAll(keepingCapacity: true) }
        if !services.pendingLaunchEvents.isEmpty { services.pendingLaunchEvents.removeAll(keepingCapacity: true) }
        clock.timers.removeAny { $0.kind == .graceEnds }
        endSessions(keepingActivity: keepsActivity)
        // H3: Allow Once does not survive the app being closed, whatever the lapse.
        clock.timers.removeAny { $0.kind == .allowOnceExpiry }
        expireAllowOnce()
    }

    /// The app crashes (O17): of an uncaught `NSInternalInconsistencyException` Core Location
    /// raised (I8, N4: the console line, then the termination), or of its own exception or trap
    /// (`nil`: nothing printed). The simulator itself never crashes.
    mutating func crash(_ exception: AppException?, _ fx: inout [Effect]) {
        if let exception {
            fx.append(.console(exception.text))
            fx.append(.appTerminated(exception))
        }
        lifecycle.terminationReason = exception
        let relaunch = relaunchesForBackgroundActivity()
        endProcess(.crash, &fx)
        if relaunch {
            fx.append(.appLaunchedBySystem(reason: "relaunch after a crash (background activity session with live updates, P4)"))
            startProcess(in: .background)
            lifecycle.terminationReason = exception // the crash stays the app's last termination
        }
    }

    /// The system terminates the app (O17). On watchOS 10+ an app holding an active background
    /// activity session and iterating live updates comes back at once (P4), as after a crash.
    mutating func systemTerminate(_ fx: inout [Effect]) {
        let relaunch = relaunchesForBackgroundActivity()
        endProcess(.systemTermination, &fx)
        if relaunch {
            fx.append(.appLaunchedBySystem(reason: "relaunch after a system termination (background activity session with live updates, P4)"))
            startProcess(in: .background)
        }
    }

    /// Whether the app, ended now by a crash or the system, is relaunched at once (P4): watchOS 10+,
    /// an active background activity session and live updates. Never after a force quit.
    mutating func relaunchesForBackgroundActivity() -> Bool {
        platform.os == .watchOS && sectionOYear >= 17 && activityKeepsInUse && !sessions.liveUpdates.isEmpty
    }

    /// Whether an event while the app is not running may relaunch it (A8, I12, O15, O17): not
    /// after a force quit on the versions ``DeviceParameters/forceQuitBlocksRelaunchFrom`` names.
    var relaunchAllowedAfterLastExit: Bool {
        guard lifecycle.forceQuit else { return true }
        return !configuration.forceQuitBlocksRelaunch
    }

    /// The user deletes the app and installs it again (E4): the running process ends, the services
    /// it registered (regions, significant changes, visits) and the events kept for it go with the
    /// app; the record stays unless ``DeviceParameters/reinstallKeepsAuthorization`` is false.
    mutating func reinstall(_ fx: inout [Effect]) {
        if lifecycle.state != .notRunning { endProcess(.systemTermination, &fx) }
        lifecycle.terminationReason = nil
        lifecycle.forceQuit = false
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
