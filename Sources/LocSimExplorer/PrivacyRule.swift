/// LocSim's own invariants, checked in every state the explorer reaches. A violation is a bug in
/// LocSim's model, never in the app.
public enum PrivacyRule: String, Hashable, Sendable, CaseIterable {
    /// No location reaches an app that is not authorized (A4, A6, D8, N3).
    case unauthorizedDelivery
    /// No location reaches an app that is not in use unless it has permanent Always (A7, I5, I9, O10).
    case deliveryOutOfUse
    /// No location reaches an app in provisional Always in the background before confirmation (G7).
    case provisionalBackgroundDelivery
    /// Allow Once never outlives use (H2, H4).
    case allowOnceOutlivesUse
    /// Don't Allow never prompts again (D5).
    case deniedPromptsAgain
    /// Always is requested at most once (E2, E3, G9).
    case alwaysOnce

    /// A one-line explanation.
    public var explanation: String {
        switch self {
        case .unauthorizedDelivery: "a location reached an app that is not authorized"
        case .deliveryOutOfUse: "a location reached an app that is not in use, without Always or a background session"
        case .provisionalBackgroundDelivery: "a location reached an app in provisional Always in the background before the user confirmed Always"
        case .allowOnceOutlivesUse: "an Allow Once grant outlived the app's use"
        case .deniedPromptsAgain: "an app the user denied was prompted again"
        case .alwaysOnce: "Always was requested a second time"
        }
    }

    /// The SPEC rule ids.
    public var rules: [String] {
        switch self {
        case .unauthorizedDelivery: ["A4", "A6", "D8", "N3"]
        case .deliveryOutOfUse: ["A7", "I5", "I9", "O10"]
        case .provisionalBackgroundDelivery: ["G7"]
        case .allowOnceOutlivesUse: ["H2", "H4"]
        case .deniedPromptsAgain: ["D5"]
        case .alwaysOnce: ["E2", "E3", "G9"]
        }
    }
}
