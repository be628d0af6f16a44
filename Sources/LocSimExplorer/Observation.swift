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
    /// A service session of this requirement (`nil`: a background activity session) created out of use.
    case sessionOutOfUse(SessionRequirement?)
    /// A service session of this requirement (`nil`: an active background activity session) not
    /// re-created within the window after a launch.
    case sessionNotRecreated(SessionRequirement?)
    /// Live updates (or monitor events) reaching an Always app out of use with `insufficientlyInUse`.
    case alwaysWithoutSession(SessionEventPattern.Kind)
    /// A state where the app awaits live updates that no in-app continuation yields, and how it is stuck.
    case updatesNeverCome(stuck: String)
    /// A relaunch for this kind of event (`visit`, `significantChange`) that restarted no such service.
    case relaunchNotResumed(String)
    case privacy(PrivacyRule)

    /// The kind of finding the key belongs to.
    package var kind: FindingKind {
        switch self {
        case .hang: .hang
        case .ignored: .ignoredRequest
        case .promptOnForeground: .promptOnForeground
        case .backgroundStart: .backgroundStart
        case .terminated: .terminated
        case .sessionOutOfUse: .sessionOutOfUse
        case .sessionNotRecreated: .sessionNotRecreated
        case .alwaysWithoutSession: .alwaysWithoutSession
        case .updatesNeverCome: .updatesNeverCome
        case .relaunchNotResumed: .relaunchNotResumed
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
        case .sessionOutOfUse(let r?): "createServiceSession.\(r.rawValue)"
        case .sessionOutOfUse(nil): "startBackgroundActivity"
        case .sessionNotRecreated(let r?): r.rawValue
        case .sessionNotRecreated(nil): "startBackgroundActivity"
        case .alwaysWithoutSession(let kind): kind.rawValue
        case .updatesNeverCome(let stuck): stuck
        case .relaunchNotResumed(let kind): kind
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
            return ("\(call.word) was called while the app is not in use: no background session starts; a When In Use app gets nothing until it is in use again, and an Always app at most a few updates before it is suspended: start it in the foreground", ["I6", "I9", "D8"])
        case .terminated(let exception):
            return ("the app crashed: \(exception.text.replacingOccurrences(of: "*** ", with: ""))", exception.ruleIDs)
        case .sessionOutOfUse(let r?):
            return ("CLServiceSession(authorization: \(r.swiftName)) was created while the app is not in use (and not as the re-creation of a session it held before a relaunch): it reports insufficientlyInUse until the app comes to the foreground; create sessions in the foreground, or at once when the app is relaunched",
                    ["O6", "O11"] + (r == .always ? ["O7"] : []))
        case .sessionOutOfUse(nil):
            return ("CLBackgroundActivitySession() was started while the app is not in use: it does not keep the app in use in the background and reports insufficientlyInUse until the app comes to the foreground; start it in the foreground",
                    ["O13", "O6"])
        case .sessionNotRecreated(nil):
            return ("the app held an active CLBackgroundActivitySession when its process ended, was launched again, and did not start its session again before the re-creation window ended: the session ended, and the app is no longer kept in use in the background; start it again at once in the launch code, a launch into the background included",
                    ["O16", "O11"])
        case .sessionNotRecreated(let r?):
            return ("the app held a CLServiceSession(authorization: \(r.swiftName)) when its process ended, was launched again, and did not re-create it before the re-creation window ended: Core Location takes it that the app no longer wants it" + (r == .always ? " (Always no longer reaches live updates and monitor events out of use, and monitor events no longer relaunch the app)" : "") + "; re-create it at once in the launch code",
                    ["O6", "O11"] + (r == .always ? ["O7"] : []))
        case .alwaysWithoutSession(let kind):
            return ("the app has Always authorization but holds no CLServiceSession(authorization: .always): in the background its " + (kind == .monitorEvent ? "CLMonitor events" : "live updates") + " carry insufficientlyInUse instead of " + (kind == .monitorEvent ? "condition changes" : "locations") + "; hold a .always session, created in the foreground and re-created at launch",
                    ["O7", "O10"] + (kind == .monitorEvent ? ["O15"] : []))
        case .updatesNeverCome(let stuck):
            return ("the app awaits CLLocationUpdate.liveUpdates() but no update can come any more (stuck at \(stuck)): the stream yields nothing, not a location and not a diagnostic, whatever happens inside the app; only Settings or killing the app changes that",
                    ["O1", "O2", "O10"])
        case .relaunchNotResumed(let kind):
            let call = kind == "visit" ? "startMonitoringVisits()" : "startMonitoringSignificantLocationChanges()"
            return ("the system relaunched the app in the background for a \(kind == "visit" ? "visit" : "significant location change"), and the launch did not call \(call) again: the event waits in Core Location's queue and the app stops tracking until it is opened; restart the service on every launch" + (detail.isEmpty ? "" : " (\(detail))"),
                    ["I12", "O18"])
        case .privacy(let r):
            return ("LocSim bug: \(r.explanation)", r.rules)
        }
    }
}
