// Timers: scheduling them and what each does when it fires.
extension AuthorizationModel {
    mutating func fire(_ kind: ScheduledTimer.Kind, _ fx: inout [Effect]) {
        switch kind {
        case .graceEnds:
            break // settle() sees the end of the grace period
        case .allowOnceExpiry:
            if !currentInUse() { expireAllowOnce() }
        case .confirmationPrompt:
            guard isProvisional, !prompts.heldEvents.isEmpty else { return }
            present(configuration.confirmationPrompt, manager: nil, &fx)
        case .usageReminder:
            guard record.authorization == .always(provisional: false) else { return }
            usageReminder.shown = true
            // F6: "[App] has used your location N times in the background over the past N days…", with the purpose string.
            let n = usageReminder.backgroundUseCount
            let days = max(1, Int(((clock.now - (usageReminder.firstBackgroundUseAt ?? clock.now)) / .seconds(86_400)).rounded(.up)))
            let title = "“\(app.name)” has used your location \(n) time\(n == 1 ? "" : "s") in the background over the past \(days) day\(days == 1 ? "" : "s"). Do you want to continue to allow background location use?"
            let (text, key) = PromptCatalog.message(.usageReminder, .always, platform: platform, app: app)
            present(Prompt(kind: .usageReminder, request: .always, title: title,
                           message: text, buttons: [.changeToOnlyWhileUsing, .alwaysAllow], messageKey: key), manager: nil, &fx)
        case .appClipReset:
            resetAppClipAuthorization()
        case .sessionRecreationWindowEnds:
            endRecreationWindow()
        }
    }

    mutating func schedule(_ timer: ScheduledTimer) {
        let index = clock.timers.firstIndex { $0.at > timer.at } ?? clock.timers.endIndex
        clock.timers.insert(timer, at: index)
    }
}
