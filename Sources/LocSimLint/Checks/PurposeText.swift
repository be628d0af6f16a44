import Foundation

/// Heuristics for purpose strings that do not tell the user why the app needs location (LOC009, LOC010).
public enum PurposeText {
    /// Whether the text is empty or only whitespace.
    public static func isEmpty(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Why the text is a placeholder or too vague, or `nil` if it reads as a real explanation.
    ///
    /// - Placeholder: `TODO`, `FIXME`, `TBD`, `lorem ipsum`, `placeholder`, `<#…#>`, a key name, `test`.
    /// - Vague: fewer than four words, or only "(this app) needs/wants/uses (your) location" with no purpose.
    public static func weakness(of text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        let ns = lower as NSString
        let range = NSRange(location: 0, length: ns.length)
        if placeholderRegex.firstMatch(in: lower, range: range) != nil || lower.hasPrefix("nslocation") {
            return "is a placeholder"
        }
        let words = lower.split { !$0.isLetter && !$0.isNumber && $0 != "'" }
        if words.count < 4 { return "is too short to say why the app needs location (\(words.count) word\(words.count == 1 ? "" : "s"))" }
        if genericRegex.firstMatch(in: lower, range: range) != nil { return "says the app wants location but not what for" }
        return nil
    }

    static let placeholderRegex = try! NSRegularExpression(
        pattern: #"\b(todo|fixme|tbd|xxx+|lorem ipsum|placeholder|change ?me|your (text|description|message) here|description goes here|test(ing)?)\b|<#"#)
    static let genericRegex = try! NSRegularExpression(
        pattern: #"^(this app|the app|app|we|i)?\s*(would like to|wants to|want to|needs to|need to|requires|require|needs|need|uses|use|would like|is requesting|requests)\s*(to\s+)?(use|access|get|know|determine)?\s*(to\s+)?(your\s+|the\s+)?(current\s+)?(location|gps|position)(\s+(services|data|access|information|permission))?\s*[.!]?$"#)
}
