/// The kinds of system prompt Core Location shows.
///
/// Core Location has no type for them; these are the alerts the system presents.
public enum PromptKind: String, Hashable, Sendable, CaseIterable {
    /// The first authorization prompt, from `notDetermined` (D4, E5, F1, F2, F4, F7).
    case initial
    /// The When In Use → Always prompt (E6, E12, F3, F5).
    case alwaysUpgrade
    /// The second prompt that confirms provisional Always (G3–G6).
    case alwaysConfirmation
    /// The periodic reminder for apps with Always (F6).
    case usageReminder
    /// The temporary full accuracy prompt (K5).
    case fullAccuracy
    /// "Turn On Location Services to Allow … to Determine Your Location" (M2).
    case locationServicesOff
    /// The one-time confirmation of a first `CLLocationButton` tap (H6).
    case locationButtonConfirmation
    /// Whether the app's When In Use authorization extends to its widgets, when a widget is added (F10).
    case widget
}

/// A button of a system prompt, named by the scenario format's button words.
public enum PromptButton: String, Hashable, Sendable, CaseIterable, Comparable {
    /// "Allow Once" (iOS 13+).
    case allowOnce
    /// "Allow While Using App" (iOS 13+).
    case allowWhileUsing
    /// "Don't Allow".
    case dontAllow
    /// "Keep Only While Using" (upgrade and confirmation prompts, iOS 13+).
    case keepOnlyWhileUsing
    /// "Change to Always Allow" (upgrade and confirmation prompts, iOS 13+).
    case changeToAlwaysAllow
    /// "Only While Using the App" (iOS 11–12 Always prompt).
    case onlyWhileUsing
    /// "Always Allow" (iOS 11–12 Always prompt; the usage reminder).
    case alwaysAllow
    /// "Allow" (iOS 8–12 When In Use, iOS 8–10 Always, macOS, tvOS, full accuracy, location button).
    case allow
    /// "Change to Only While Using" (the usage reminder, F6).
    case changeToOnlyWhileUsing
    /// "Settings" (Location Services off dialog, M2).
    case settings
    /// "Cancel" (Location Services off dialog, M2).
    case cancel

    /// The text on the button.
    public var label: String {
        switch self {
        case .allowOnce: "Allow Once"
        case .allowWhileUsing: "Allow While Using App"
        case .dontAllow: "Don’t Allow"
        case .keepOnlyWhileUsing: "Keep Only While Using"
        case .changeToAlwaysAllow: "Change to Always Allow"
        case .onlyWhileUsing: "Only While Using the App"
        case .alwaysAllow: "Always Allow"
        case .allow: "Allow"
        case .changeToOnlyWhileUsing: "Change to Only While Using"
        case .settings: "Settings"
        case .cancel: "Cancel"
        }
    }

    /// Orders buttons by their declaration order.
    public static func < (lhs: PromptButton, rhs: PromptButton) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A system prompt on screen: its kind, title, message and buttons.
///
/// Corresponds to the alert Core Location presents for an authorization request.
public struct Prompt: Hashable, Sendable {
    /// The text parts, shared by copies (a prompt is copied into the state and into effects; one
    /// reference to retain instead of four).
    private final class Text: Sendable {
        let title: String
        let message: String
        let buttons: [PromptButton]
        let messageKey: String?
        init(title: String, message: String, buttons: [PromptButton], messageKey: String?) {
            self.title = title
            self.message = message
            self.buttons = buttons
            self.messageKey = messageKey
        }
    }

    /// What the prompt is for.
    public var kind: PromptKind
    /// The request that raised it (`always` for the confirmation prompt).
    public var request: AuthorizationRequestKind
    /// The initial state of the Precise toggle on iOS 14+ prompts (F7); `nil` when there is none.
    public var preciseToggle: Bool?
    /// Whether the prompt appears on the paired iPhone rather than the watch (F9, watchOS before 4).
    public var onPairedPhone: Bool
    private var text: Text

    /// The title, with the app's name.
    public var title: String {
        get { text.title }
        set { text = Text(title: newValue, message: message, buttons: buttons, messageKey: messageKey) }
    }
    /// The message: the purpose string shown (D3, E5, F5), or the system's text.
    public var message: String {
        get { text.message }
        set { text = Text(title: title, message: newValue, buttons: buttons, messageKey: messageKey) }
    }
    /// The buttons, in on-screen order.
    public var buttons: [PromptButton] {
        get { text.buttons }
        set { text = Text(title: title, message: message, buttons: newValue, messageKey: messageKey) }
    }
    /// The Info.plist key whose string is the message, if any.
    public var messageKey: String? {
        get { text.messageKey }
        set { text = Text(title: title, message: message, buttons: buttons, messageKey: newValue) }
    }

    /// Creates a prompt value.
    public init(kind: PromptKind, request: AuthorizationRequestKind, title: String, message: String, buttons: [PromptButton],
                preciseToggle: Bool? = nil, messageKey: String? = nil, onPairedPhone: Bool = false) {
        self.kind = kind
        self.request = request
        self.preciseToggle = preciseToggle
        self.onPairedPhone = onPairedPhone
        self.text = Text(title: title, message: message, buttons: buttons, messageKey: messageKey)
    }

    /// Equal when every field is equal.
    public static func == (l: Prompt, r: Prompt) -> Bool {
        l.kind == r.kind && l.request == r.request && l.preciseToggle == r.preciseToggle && l.onPairedPhone == r.onPairedPhone
            && (l.text === r.text || (l.title == r.title && l.message == r.message && l.buttons == r.buttons && l.messageKey == r.messageKey))
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(request)
        hasher.combine(preciseToggle)
        hasher.combine(onPairedPhone)
        hasher.combine(title)
        hasher.combine(message)
        hasher.combine(buttons)
        hasher.combine(messageKey)
    }
}
