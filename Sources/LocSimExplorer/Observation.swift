import LocSimModel
import LocSimScenario

/// What makes two findings of one platform the same problem: the first path to each key is the
/// one reported.
enum FindingKey: Hashable, Sendable, Comparable {
    /// A waiting screen and how the app is stuck on it (`authorizedWhenInUse-allowOnce`, `prompt-initial`).
    case hang(screen: Int, stuck: String)
    case ignored(AppCall, IgnoredReason)
    case promptOnForeground(PromptKind, ExplorerChoice)
    case backgroundStart(AppCall)
    case terminated(String)
    case privacy(PrivacyRule)

    var kind: FindingKind {
        switch self {
        case .hang: .hang
        case .ignored: .ignoredRequest
        case .promptOnForeground: .promptOnForeground
        case .backgroundStart: .backgroundStart
        case .terminated: .terminated
        case .privacy: .privacy
        }
    }

    /// The key's text, used for sorting and file names.
    func text(screens: [String]) -> String {
        switch self {
        case .hang(let s, let stuck): "\(screens[s]).\(stuck)"
        case .ignored(let call, let reason): "\(call.word).\(reason.rawValue)"
        case .promptOnForeground(let p, let c): "\(p.rawValue).on-\(c.description)"
        case .backgroundStart(let call): call.word
        case .terminated(let text): text.contains("Delegate must respond") ? "requestLocation-without-delegate"
            : text.contains("CLClientIsBackgroundable") ? "allowsBackgroundLocationUpdates" : "exception"
        case .privacy(let r): r.rawValue
        }
    }

    static func < (a: FindingKey, b: FindingKey) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        return String(describing: a) < String(describing: b)
    }
}

/// A problem seen while applying one explorer choice: its key, and (when recording) where in the
/// step's scenario steps it shows and the `expect` that shows it.
struct Observation: Sendable {
    var key: FindingKey
    /// Index into the recorded steps of the transition: the step after which the problem shows.
    var stepIndex: Int = 0
    /// An `expect` to insert just before that step (so `callbacks` counts only its calls).
    var marker: [(String, String)]? = nil
    /// The final `expect`, as ordered key/value pairs of YAML text.
    var expect: [(String, String)] = []
    /// Extra detail for the explanation.
    var detail: String = ""

    /// An `expect` value replaced by the delegate calls of the observed step.
    static let stepCallbacks = "$stepCallbacks"
}
