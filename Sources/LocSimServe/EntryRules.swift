import LocSim
import LocSimModel

/// The rules of `Docs/Rules.md` behind a timeline entry, for the page's links (`/rules#g5`).
///
/// The model names the rules of what it refuses (``IgnoredReason/ruleIDs``,
/// ``AppException/ruleIDs``); for prompts, answers and user actions this table names the rule
/// that says what happened. An entry nothing here explains has no rules.
enum EntryRules {
    /// The rules behind `entry` on `platform`.
    static func rules(for entry: TimelineEntry, platform: Platform) -> [String] {
        switch entry.kind {
        case .prompt:
            // Only the iOS 11–12 Always prompt has an Always Allow button on a first prompt.
            let always = entry.detail["buttons"]?.split(separator: ",").contains("alwaysAllow") ?? false
            return PromptKind(rawValue: entry.detail["kind"] ?? "").map { prompt($0, request: always ? .always : nil, platform: platform) } ?? []
        case .promptDismissed:
            return entry.text.hasSuffix("dismissed without an answer") ? ["C10"] : []
        case .ignored:
            return (IgnoredReason(rawValue: entry.detail["reason"] ?? "")?.ruleIDs ?? []) + ["C12"]
        case .terminated:
            return knownExceptions.first { $0.text == entry.text }?.ruleIDs ?? []
        case .indicator:
            return ["I10"]
        case .delegate:
            switch entry.delegateCall {
            case .didChangeAuthorization(_, _, let statusChanged)?: return statusChanged ? ["C4", "C8"] : ["C7"]
            case .didFailWithError(.denied)?: return ["N2"]
            case .fullAccuracyCompletion?: return ["K5"]
            default: return []
            }
        case .delivery:
            switch entry.detail["type"] {
            case "liveUpdate": return ["O2"]
            case "monitorEvent": return ["O15"]
            case .some: return ["O12"]
            case nil: return []
            }
        case .lifecycle:
            if entry.text.hasPrefix("launched in background by the system") { return entry.text.contains("P4") ? ["P4", "O17"] : ["I12"] }
            if entry.text == "terminate" || entry.text == "force quit" || entry.text == "crash" { return ["O17"] }
            if entry.text == "willResignActive" { return ["C11"] }
            return entry.text.contains("→") ? ["C9"] : []
        case .user:
            return user(entry.text)
        case .note:
            return ["O16"]
        case .world, .appCall, .console, .rejected:
            return []
        }
    }

    /// The rules behind the look of a prompt of `kind`, raised by `request` when known, on
    /// `platform` (section F and the rules it cites).
    static func prompt(_ kind: PromptKind, request: AuthorizationRequestKind?, platform: Platform) -> [String] {
        switch kind {
        case .initial:
            switch platform.generation {
            case .iOS8to10: return ["D7", "F1"]
            case .iOS11to12: return request == .always ? ["F2"] : ["D7"]
            case .iOS13early, .iOS13late: return ["D3", "F4"]
            case .iOS14plus: return ["D3", "F4", "F7"]
            case .macOS: return ["P2"]
            case .tvOS: return ["P1"]
            }
        case .alwaysUpgrade:
            return platform.generationIsAtLeast(iOS: 13) ? ["E6", "F5"] : ["E12", "F3"]
        case .alwaysConfirmation: return ["G3", "F5"]
        case .usageReminder: return ["F6"]
        case .fullAccuracy: return ["K5"]
        case .locationServicesOff: return ["M2"]
        case .locationButtonConfirmation: return ["H6"]
        case .widget: return ["F10"]
        }
    }

    /// The rules of what the user did, by the timeline's words for it.
    private static func user(_ text: String) -> [String] {
        if text.hasPrefix("choose ") {
            if text.hasSuffix(" on initial") { return ["D4"] }
            if text.hasSuffix(" on alwaysUpgrade") { return ["E6"] }
            if text.hasSuffix(" on alwaysConfirmation") { return ["G5", "G6"] }
            return []
        }
        if text.hasPrefix("Settings › Location Services") { return ["M1"] }
        if text.hasPrefix("Settings › ") { return ["L1"] }
        if text == "Reset Location & Privacy" { return ["L2"] }
        if text.hasPrefix("Airplane mode") { return ["A6"] }
        if text.hasPrefix("restriction") { return ["A5", "M4"] }
        return []
    }

    /// Every exception Core Location raises in the app, to find one by its text.
    private static let knownExceptions: [AppException] = [
        .delegateMustRespondToDidUpdateLocations, .delegateMustRespondToDidFailWithError,
        .backgroundUpdatesWithoutBackgroundMode(iOS13Wording: true), .backgroundUpdatesWithoutBackgroundMode(iOS13Wording: false),
    ]
}
