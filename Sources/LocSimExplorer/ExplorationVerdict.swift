import LocSimModel

/// How far an exploration of an app's code got on one platform, and whether that decides every
/// question it asks: a waiting state cut at the depth limit or when time ran out counts as able
/// to leave, and the verdict says how many there were and what depth decides them.
/// Core Location has no such type.
public struct ExplorationVerdict: Hashable, Sendable, CustomStringConvertible {
    /// Why the search ended.
    public enum End: String, Hashable, Sendable {
        /// Every reachable state was visited.
        case everyState
        /// The depth limit was reached with states left to visit.
        case depthLimit
        /// The time budget ran out with states left to visit.
        case timeBudget
    }

    /// The platform.
    public var platform: Platform
    /// Distinct states reached (within the depth limit).
    public var states: Int
    /// Choices applied (within the depth limit).
    public var transitions: Int
    /// The deepest level searched to the end (events per path).
    public var depth: Int
    /// Why the search ended.
    public var end: End
    /// Waiting states (screens that wait, or live updates awaited) whose future the search left
    /// unknown: they count as able to leave, so a hang there is not reported.
    public var undecided: Int
    /// When the search went on past the depth limit to decide those states: the depth that did.
    public var decidingDepth: Int?
    /// Findings the search past the depth limit found that the limit hid.
    public var hiddenFindings: [ExplorationFinding]

    /// Whether every question was decided: every reachable state visited, or none left undecided
    /// (a time budget that ran out before the first transition decided nothing).
    public var isDecided: Bool { end == .everyState || (undecided == 0 && !(end == .timeBudget && transitions == 0)) }

    /// `iOS 18.0: every reachable state (312 states, 1204 transitions, depth 9)`, or what was cut and what decides it.
    public var description: String {
        let size = "\(states) states, \(transitions) transitions, depth \(depth)"
        switch end {
        case .everyState:
            return "\(platform): every reachable state (\(size))"
        case .depthLimit, .timeBudget:
            var text = "\(platform): \(end == .depthLimit ? "depth limit \(depth)" : "time budget ran out at depth \(depth)") (\(size))"
            text += "; " + Self.cutText(undecided: undecided, decidingDepth: decidingDepth,
                                        hidden: hiddenFindings.map { "\($0.kind.rawValue) \($0.key)" }, timeBudget: true)
            return text
        }
    }

    /// How far past a depth limit a search goes to decide the waiting states the limit left open
    /// (both explorers).
    package static let decidingExtraDepth = 8

    /// What a cut search left open, the one text of it (`locsim explore`'s report and the test
    /// library's verdicts; `timeBudget`: what bounds the search past the limit, else the state
    /// limit): `3 waiting states left undecided (counted as able to leave); depth 9
    /// decides them: 1 finding more (hang asking.prompt-initial)`.
    package static func cutText(undecided: Int, decidingDepth: Int?, hidden: [String], timeBudget: Bool) -> String {
        guard undecided > 0 else { return "no waiting state left undecided" }
        var text = "\(undecided) waiting state\(undecided == 1 ? "" : "s") left undecided (counted as able to leave)"
        let them = undecided == 1 ? "it" : "them"
        if let decidingDepth {
            text += "; depth \(decidingDepth) decides \(them)"
            text += hidden.isEmpty ? ": nothing more found" : ": \(hidden.count) finding\(hidden.count == 1 ? "" : "s") more (\(hidden.joined(separator: ", ")))"
        } else {
            text += timeBudget ? "; the time budget ran out before a deeper search decided \(them)"
                : "; a search \(decidingExtraDepth) levels deeper, within the state limit, did not decide \(them)"
        }
        return text
    }
}
