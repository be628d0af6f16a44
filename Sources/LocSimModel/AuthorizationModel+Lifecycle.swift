// The app's process: starting, the foreground and background, termination and crashes.
extension AuthorizationModel {
    /// A new process of the app starts, in the foreground (the user) or the background (the system).
    mutating func startProcess(in state: AppState) {
        appState = state
        graceEndsAt = nil
        terminationReason = nil
        locationServicesDialogShown = false
    }

    /// The app comes back to the foreground: no grace period runs any more.
    mutating func returnToForeground() {
        appState = .foreground
        graceEndsAt = nil
        timers.removeAny { $0.kind == .graceEnds }
    }

    mutating func enterBackground() {
        appState = .background
        graceEndsAt = now + parameters.gracePeriod
        timers.removeAny { $0.kind == .graceEnds }
        schedule(ScheduledTimer(at: now + parameters.gracePeriod, kind: .graceEnds))
    }

    mutating func terminate(_ fx: inout [Effect]) {
        if let p = prompt, p.prompt.kind != .alwaysConfirmation, p.prompt.kind != .usageReminder {
            dismissPrompt(answer: nil, &fx)
        }
        queuedPrompts.removeAny { $0.manager != nil }
        appState = .notRunning
        graceEndsAt = nil
        // Emptied, not replaced: a caller that reuses one model keeps the storage.
        if !managers.isEmpty { managers.removeAll(keepingCapacity: true) }
        if !pendingLaunchEvents.isEmpty { pendingLaunchEvents.removeAll(keepingCapacity: true) }
        timers.removeAny { $0.kind == .graceEnds }
        // H3: Allow Once does not survive the app being closed, whatever the lapse.
        timers.removeAny { $0.kind == .allowOnceExpiry }
        expireAllowOnce()
    }

    /// The app dies of an uncaught `NSInternalInconsistencyException` (I8, N4): the console line,
    /// the termination, the app gone. The simulator itself never crashes.
    mutating func crash(reason: String, _ fx: inout [Effect]) {
        let text = "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(reason)'"
        fx.append(.console(text))
        fx.append(.appTerminated(exception: text))
        terminationReason = text
        terminate(&fx)
    }
}
