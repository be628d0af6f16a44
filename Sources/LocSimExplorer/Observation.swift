import LocSimModel
import LocSimScenario

/// What makes two findings of one platform the same problem: the first path to each key is the
/// one reported.
package enum FindingKey: Hashable, Sendable, Comparable {
    /// A waiting screen and how the app is stuck on it (`authorizedWhenInUse-allowOnce`, `prompt-initial`).
    case hang(screen: Int, stuck: String)
    case ignored(AppCall, IgnoredReason)
    case promptOnForeground(PromptKind, ExplorerChoice)
    case backgroundStart(AppCall)
    case terminated(AppException)
    case privacy(PrivacyRule)

    /// The kind of finding the key belongs to.
    package var kind: FindingKind {
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
    package func text(screens: [String]) -> String {
        switch self {
        case .hang(let s, let stuck): "\(screens[s]).\(stuck)"
        case .ignored(let call, let reason): "\(call.word).\(reason.rawValue)"
        case .promptOnForeground(let p, let c): "\(p.rawValue).on-\(c.description)"
        case .backgroundStart(let call): call.word
        case .terminated(let exception): exception.word
        case .privacy(let r): r.rawValue
        }
    }

    /// Orders keys by kind, then by their ``sortText``.
    package static func < (a: FindingKey, b: FindingKey) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        return a.sortText < b.sortText
    }

    /// The text keys of one kind are ordered by.
    package var sortText: String { String(describing: self) }
}

/// A problem seen while applying one explorer choice: its key, and (when recording) where in the
/// step's scenario steps it shows and the `expect` that shows it.
package struct Observation: Sendable {
    /// What makes it the same problem as another.
    package var key: FindingKey
    /// What a counterexample needs, when recording (held by reference: an `expect` is large, and
    /// a search that does not record makes observations by the thousand).
    package var story: Story?

    /// Where in a recorded step the problem shows, and the `expect` steps that show it.
    package final class Story: Sendable {
        /// Index into the recorded steps of the transition: the step after which the problem shows.
        package let stepIndex: Int
        /// An `expect` to insert just before that step (so `callbacks` counts only its calls).
        package let marker: ExpectStep?
        /// The final `expect`.
        package let expect: ExpectStep
        /// Extra detail for the explanation.
        package let detail: String

        init(stepIndex: Int, marker: ExpectStep?, expect: ExpectStep, detail: String) {
            self.stepIndex = stepIndex
            self.marker = marker
            self.expect = expect
            self.detail = detail
        }
    }

    /// The explanation and rule ids of `key`, on an app whose screens are `screens`; `detail` is
    /// the observation's own explanation, where it has one.
    package static func describe(_ key: FindingKey, screens: [String], detail: String) -> (explanation: String, rules: [String]) {
        switch key {
        case .hang(let s, let stuck):
            return ("screen '\(screens[s])' waits for an answer that can no longer come (stuck at \(stuck)): only Settings or killing the app gets it out", ["C4", "C10", "C12"])
        case .ignored(_, let reason):
            return (detail, reason.ruleIDs + ["C12"])
        case .promptOnForeground(let p, let c):
            return ("the app showed the \(p.rawValue) prompt on its own after \(c.description); ask when the user needs location", ["D1", "D6", "seed 002"])
        case .backgroundStart(let call):
            return ("\(call.word) was called while the app is not in use: no background session starts, and a When In Use app gets nothing until it is in use again", ["I6", "I9", "D8"])
        case .terminated(let exception):
            return ("the app crashed: \(exception.text.replacingOccurrences(of: "*** ", with: ""))", exception.ruleIDs)
        case .privacy(let r):
            return ("LocSim bug: \(r.explanation)", r.rules)
        }
    }
}
