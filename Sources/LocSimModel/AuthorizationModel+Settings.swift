// The app's entry in Settings › Privacy › Location Services (L1) and the user's changes there.
extension AuthorizationModel {
    /// The options the app's entry in Settings offers (L1): Ask Next Time from iOS 13, Always only
    /// for apps that can ask for it.
    @inline(__always)
    public var settingsOptions: [SettingsOption] { configuration.settingsOptions }

    /// What the app's entry in Settings shows: "While Using" during provisional Always (A10),
    /// "Ask Next Time" during Allow Once (H1, E8).
    @inline(__always)
    public var settingsSelection: SettingsOption {
        switch record.authorization {
        case .notDetermined, .whenInUse(temporary: true): return .askNextTime
        case .denied: return .never
        case .whenInUse(temporary: false), .always(provisional: true): return .whileUsing
        case .always(provisional: false): return .always
        }
    }

    mutating func changeSetting(_ option: SettingsOption, _ fx: inout [Effect]) {
        // A5: with parental controls or MDM restricting location, the user cannot change the setting.
        guard !device.restricted else { return fx.append(.rejected("Settings › Location is locked by a restriction (parental controls or MDM)")) }
        guard settingsOptions.contains(option) else {
            return fx.append(.rejected("Settings offers no “\(option.rawValue)” for this app on \(platform) (it offers \(settingsOptions.map(\.rawValue).joined(separator: ", ")))"))
        }
        dismissUnanswered(&fx)
        switch option {
        case .never: record.authorization = .denied; record.widgetsAuthorized = false
        case .askNextTime: record.authorization = .notDetermined; record.widgetsAuthorized = false
        case .whileUsing: record.authorization = .whenInUse(temporary: false)
        case .always: record.authorization = .always(provisional: false)
        }
        // A choice in Settings makes provisional Always real and ends a pending confirmation (G8).
        prompts.heldEvents = []
        clock.timers.removeAny { $0.kind == .confirmationPrompt }
        prompts.queued.removeAny { $0.prompt.kind == .alwaysConfirmation }
    }
}
