/// Builds the system prompts of a platform generation for an app (section F): buttons, title,
/// message source. Computed once per ``ModelConfiguration``.
enum PromptCatalog {
    static func title(for request: AuthorizationRequestKind, platform: Platform, app: AppDescription) -> String {
        let hasIOS13Model = platform.generationIsAtLeast(iOS: 13) && platform.os != .tvOS
        if platform.os == .macOS { return "“\(app.name)” would like to use your current location." }
        if request == .always && !hasIOS13Model {
            return "Allow “\(app.name)” to access your location even when you are not using the app?"
        }
        return platform.generationIsAtLeast(iOS: 13)
            ? "Allow “\(app.name)” to use your location?"
            : "Allow “\(app.name)” to access your location while you are using the app?"
    }

    static func message(_ kind: PromptKind, _ request: AuthorizationRequestKind, platform: Platform, app: AppDescription) -> (String, String?) {
        guard var key = PurposeStringRules.messageKey(for: kind, request: request, on: platform) else { return ("", nil) }
        // P2: a Mac that prompts without NSLocationUsageDescription shows the When In Use string.
        if key == .usage, app.purposeStrings[.usage]?.isEmpty ?? true, !(app.purposeStrings[.whenInUse]?.isEmpty ?? true) { key = .whenInUse }
        return (app.purposeStrings[key] ?? "", key.rawValue)
    }

    /// The first prompt from `notDetermined` for this platform generation (D4, D7, E5, F1, F2, F4, F7, P1–P4).
    static func initialPrompt(for request: AuthorizationRequestKind, platform: Platform, app: AppDescription) -> Prompt {
        let buttons: [PromptButton]
        switch platform.generation {
        case .macOS, .tvOS, .iOS8to10:
            buttons = [.dontAllow, .allow]
        case .iOS11to12:
            buttons = request == .always ? [.onlyWhileUsing, .alwaysAllow, .dontAllow] : [.dontAllow, .allow]
        case .iOS13early, .iOS13late, .iOS14plus:
            buttons = [.allowOnce, .allowWhileUsing, .dontAllow]
        }
        let (text, key) = message(.initial, request, platform: platform, app: app)
        let toggle: Bool? = platform.generation == .iOS14plus ? !app.defaultAccuracyReduced : nil
        return Prompt(kind: .initial, request: request, title: title(for: request, platform: platform, app: app), message: text, buttons: buttons,
                      preciseToggle: toggle, messageKey: key,
                      onPairedPhone: platform.os == .watchOS && platform.major < 4)
    }

    /// The When In Use → Always prompt (E6, E12, F3, F5).
    static func upgradePrompt(platform: Platform, app: AppDescription) -> Prompt {
        let buttons: [PromptButton]
        switch platform.generation {
        case .iOS8to10: buttons = [.dontAllow, .allow]
        case .iOS11to12: buttons = [.onlyWhileUsing, .alwaysAllow]
        default: buttons = [.keepOnlyWhileUsing, .changeToAlwaysAllow]
        }
        let (text, key) = message(.alwaysUpgrade, .always, platform: platform, app: app)
        return Prompt(kind: .alwaysUpgrade, request: .always,
                      title: "Allow “\(app.name)” to also use your location even when you are not using the app?",
                      message: text, buttons: buttons, messageKey: key, onPairedPhone: platform.os == .watchOS && platform.major < 4)
    }

    /// The second prompt that confirms provisional Always (G3, F5).
    static func confirmationPrompt(platform: Platform, app: AppDescription) -> Prompt {
        let (text, key) = message(.alwaysConfirmation, .always, platform: platform, app: app)
        return Prompt(kind: .alwaysConfirmation, request: .always,
                      title: "Allow “\(app.name)” to also use your location even when you are not using the app?",
                      message: text, buttons: [.keepOnlyWhileUsing, .changeToAlwaysAllow], messageKey: key)
    }

}
