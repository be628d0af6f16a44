// Prompts: the standard prompts, showing, queuing and dismissing them, and the user's answers.
extension AuthorizationModel {
    /// The first prompt from `notDetermined` for this platform generation (D4, D7, E5, F1, F2, F4, F7, P1–P4).
    @inline(__always)
    public func initialPrompt(for request: AuthorizationRequestKind) -> Prompt {
        request == .always ? configuration.initialAlwaysPrompt : configuration.initialWhenInUsePrompt
    }

    /// The When In Use → Always prompt (E6, E12, F3, F5).
    @inline(__always)
    public func upgradePrompt() -> Prompt { configuration.upgradePrompt }

    /// The second prompt that confirms provisional Always (G3, F5).
    @inline(__always)
    public func confirmationPrompt() -> Prompt { configuration.confirmationPrompt }

    mutating func present(_ prompt: Prompt, manager: ManagerID?, _ fx: inout [Effect]) {
        let presented = PresentedPrompt(prompt: prompt, shownAt: now, manager: manager)
        if self.prompt != nil || deviceLocked {
            queuedPrompts.append(presented)
            return
        }
        self.prompt = presented
        fx.append(.promptShown(prompt))
        if appState == .foreground { fx.append(.appWillResignActive) }
    }

    mutating func showQueuedPrompt(_ fx: inout [Effect]) {
        guard prompt == nil, !deviceLocked, !queuedPrompts.isEmpty else { return }
        var next = queuedPrompts.removeFirst()
        next.shownAt = now
        prompt = next
        fx.append(.promptShown(next.prompt))
        if appState == .foreground { fx.append(.appWillResignActive) }
    }

    mutating func dismissPrompt(answer: PromptButton?, _ fx: inout [Effect]) {
        guard let p = prompt else { return }
        prompt = nil
        fx.append(.promptDismissed(p.prompt.kind, answer: answer))
        if appState == .foreground { fx.append(.appDidBecomeActive) }
    }

    mutating func choose(_ button: PromptButton, precise preciseChoice: Bool?, _ fx: inout [Effect]) {
        guard let presented = prompt else { return fx.append(.rejected("no prompt is on screen")) }
        let p = presented.prompt
        guard p.buttons.contains(button) else {
            return fx.append(.rejected("the \(p.kind.rawValue) prompt has no button \(button.rawValue) (it has \(p.buttons.map(\.rawValue).joined(separator: ", ")))"))
        }
        if preciseChoice != nil, p.preciseToggle == nil {
            return fx.append(.rejected("the \(p.kind.rawValue) prompt has no Precise toggle"))
        }
        dismissPrompt(answer: button, &fx)
        if let toggle = p.preciseToggle, button != .dontAllow { precise = preciseChoice ?? toggle }
        switch p.kind {
        case .initial:
            switch button {
            case .allowOnce: authorization = .whenInUse(temporary: true)
            case .allowWhileUsing:
                authorization = p.request == .always && hasIOS13Model && platform.os != .visionOS ? .always(provisional: true) : .whenInUse(temporary: false)
            case .dontAllow: authorization = .denied
            case .allow: authorization = p.request == .always || platform.os == .macOS ? .always(provisional: false) : .whenInUse(temporary: false)
            case .onlyWhileUsing: authorization = .whenInUse(temporary: false)
            case .alwaysAllow: authorization = .always(provisional: false)
            default: break
            }
        case .alwaysUpgrade:
            if button == .changeToAlwaysAllow || button == .alwaysAllow || button == .allow {
                authorization = .always(provisional: false)
            }
        case .alwaysConfirmation:
            let held = heldEvents
            heldEvents = []
            if button == .changeToAlwaysAllow {
                authorization = .always(provisional: false)
                if now - presented.shownAt <= parameters.heldEventWindow || parameters.deliverHeldEventsAfterLateAnswer {
                    for e in held { deliverOutOfUse(e, &fx) }
                }
            } else {
                authorization = .whenInUse(temporary: false)
            }
        case .usageReminder:
            if button == .changeToOnlyWhileUsing { authorization = .whenInUse(temporary: false) }
        case .fullAccuracy:
            if button == .allow { temporaryFullAccuracy = true }
            if let m = presented.manager, managers.contains(where: { $0.id == m }) { fx.append(.delegate(m, .fullAccuracyCompletion(nil))) }
        case .locationServicesOff:
            break
        case .locationButtonConfirmation:
            if button == .allowOnce {
                locationButtonConfirmed = true
                authorization = .whenInUse(temporary: true)
            }
        }
        showQueuedPrompt(&fx)
    }

    /// The prompt on screen goes away unanswered: the device was locked (C10), or the user went to
    /// Settings (system prompts are modal, so one cannot stay up meanwhile). Held events are dropped
    /// (G5); a pending temporary full accuracy completion gets `nil`, the prompt was shown (K5).
    mutating func dismissUnanswered(_ fx: inout [Effect]) {
        guard let p = prompt else { return }
        dismissPrompt(answer: nil, &fx)
        if p.prompt.kind == .fullAccuracy, let m = p.manager, managers.contains(where: { $0.id == m }) {
            fx.append(.delegate(m, .fullAccuracyCompletion(nil)))
        }
        if p.prompt.kind == .alwaysConfirmation { heldEvents = [] }
    }
}
