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
        let presented = PresentedPrompt(prompt: prompt, shownAt: clock.now, manager: manager)
        if prompts.onScreen != nil || device.locked {
            prompts.queued.append(presented)
            return
        }
        prompts.onScreen = presented
        fx.append(.promptShown(prompt))
        if lifecycle.state == .foreground { fx.append(.appWillResignActive) }
    }

    mutating func showQueuedPrompt(_ fx: inout [Effect]) {
        guard prompts.onScreen == nil, !device.locked, !prompts.queued.isEmpty else { return }
        var next = prompts.queued.removeFirst()
        next.shownAt = clock.now
        prompts.onScreen = next
        fx.append(.promptShown(next.prompt))
        if lifecycle.state == .foreground { fx.append(.appWillResignActive) }
    }

    mutating func dismissPrompt(answer: PromptButton?, _ fx: inout [Effect]) {
        guard let p = prompts.onScreen else { return }
        prompts.onScreen = nil
        fx.append(.promptDismissed(p.prompt.kind, answer: answer))
        if lifecycle.state == .foreground { fx.append(.appDidBecomeActive) }
    }

    mutating func choose(_ button: PromptButton, precise preciseChoice: Bool?, _ fx: inout [Effect]) {
        guard let presented = prompts.onScreen else { return fx.append(.rejected("no prompt is on screen")) }
        let p = presented.prompt
        guard p.buttons.contains(button) else {
            return fx.append(.rejected("the \(p.kind.rawValue) prompt has no button \(button.rawValue) (it has \(p.buttons.map(\.rawValue).joined(separator: ", ")))"))
        }
        if preciseChoice != nil, p.preciseToggle == nil {
            return fx.append(.rejected("the \(p.kind.rawValue) prompt has no Precise toggle"))
        }
        dismissPrompt(answer: button, &fx)
        if let toggle = p.preciseToggle, button != .dontAllow { record.precise = preciseChoice ?? toggle }
        switch p.kind {
        case .initial:
            switch button {
            case .allowOnce: record.authorization = .whenInUse(temporary: true)
            case .allowWhileUsing:
                record.authorization = p.request == .always && hasIOS13Model && platform.os != .visionOS ? .always(provisional: true) : .whenInUse(temporary: false)
            case .dontAllow: record.authorization = .denied
            case .allow: record.authorization = p.request == .always || platform.os == .macOS ? .always(provisional: false) : .whenInUse(temporary: false)
            case .onlyWhileUsing: record.authorization = .whenInUse(temporary: false)
            case .alwaysAllow: record.authorization = .always(provisional: false)
            default: break
            }
        case .alwaysUpgrade:
            if button == .changeToAlwaysAllow || button == .alwaysAllow || button == .allow {
                record.authorization = .always(provisional: false)
            }
        case .alwaysConfirmation:
            let held = prompts.heldEvents
            prompts.heldEvents = []
            if button == .changeToAlwaysAllow {
                record.authorization = .always(provisional: false)
                if clock.now - presented.shownAt <= parameters.heldEventWindow || parameters.deliverHeldEventsAfterLateAnswer {
                    for e in held { deliverOutOfUse(e, &fx) }
                }
            } else {
                record.authorization = .whenInUse(temporary: false)
            }
        case .usageReminder:
            if button == .changeToOnlyWhileUsing { record.authorization = .whenInUse(temporary: false) }
        case .fullAccuracy:
            if button == .allow { record.temporaryFullAccuracy = true }
            if let m = presented.manager, services.managers.contains(where: { $0.id == m }) { fx.append(.delegate(m, .fullAccuracyCompletion(nil))) }
        case .locationServicesOff:
            break
        case .locationButtonConfirmation:
            if button == .allowOnce {
                record.locationButtonConfirmed = true
                record.authorization = .whenInUse(temporary: true)
            }
        case .widget:
            if button == .allow { record.widgetsAuthorized = true }
        }
        showQueuedPrompt(&fx)
    }

    /// The prompt on screen goes away unanswered: the device was locked (C10), or the user went to
    /// Settings (system prompts are modal, so one cannot stay up meanwhile). Held events are dropped
    /// (G5); a pending temporary full accuracy completion gets `nil`, the prompt was shown (K5).
    mutating func dismissUnanswered(_ fx: inout [Effect]) {
        guard let p = prompts.onScreen else { return }
        dismissPrompt(answer: nil, &fx)
        if p.prompt.kind == .fullAccuracy, let m = p.manager, services.managers.contains(where: { $0.id == m }) {
            fx.append(.delegate(m, .fullAccuracyCompletion(nil)))
        }
        if p.prompt.kind == .alwaysConfirmation { prompts.heldEvents = [] }
        unansweredAlwaysPrompt(p)
    }

    /// An Always prompt (initial or upgrade) went away unanswered: it gives the single Always
    /// request back unless ``DeviceParameters/unansweredAlwaysPromptSpendsRequest`` (E3, C10).
    mutating func unansweredAlwaysPrompt(_ p: PresentedPrompt) {
        guard !parameters.unansweredAlwaysPromptSpendsRequest, p.prompt.request == .always,
              p.prompt.kind == .initial || p.prompt.kind == .alwaysUpgrade else { return }
        record.alwaysRequestSpent = false
    }
}
