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
    /// - Vague: fewer than four words, or only "(this app) needs/wants/uses (your) location" with no
    ///   purpose. Words are counted by Unicode word segmentation (`TextSegmentation`); in scripts
    ///   written without spaces (Chinese, Japanese, Thai) two characters count as a word, so a text
    ///   is too short below seven such characters.
    public static func weakness(of text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        let ns = lower as NSString
        let range = NSRange(location: 0, length: ns.length)
        if placeholderRegex.firstMatch(in: lower, range: range) != nil || lower.hasPrefix("nslocation") {
            return "is a placeholder"
        }
        let length = TextSegmentation(trimmed)
        if length.wordEquivalent < minimumWords {
            if length.isJudgedByCharacters {
                let n = length.unspacedCharacters
                return "is too short to say why the app needs location (\(n) character\(n == 1 ? "" : "s"))"
            }
            return "is too short to say why the app needs location (\(length.words) word\(length.words == 1 ? "" : "s"))"
        }
        if genericRegex.firstMatch(in: lower, range: range) != nil { return "says the app wants location but not what for" }
        return nil
    }

    /// The fewest words (or word equivalents) of a text that can say what location is for.
    static let minimumWords = 4

    static let placeholderRegex = try! NSRegularExpression(
        pattern: #"\b(todo|fixme|tbd|xxx+|lorem ipsum|placeholder|change ?me|your (text|description|message) here|description goes here|test(ing)?)\b|<#"#)
    static let genericRegex = try! NSRegularExpression(
        pattern: #"^(this app|the app|app|we|i)?\s*(would like to|wants to|want to|needs to|need to|requires|require|needs|need|uses|use|would like|is requesting|requests)\s*(to\s+)?(use|access|get|know|determine)?\s*(to\s+)?(your\s+|the\s+)?(current\s+)?(location|gps|position)(\s+(services|data|access|information|permission))?\s*[.!]?$"#)
}
