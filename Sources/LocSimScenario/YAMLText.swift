/// The spelling of YAML scalars in the files LocSim writes (counterexamples, ``ScenarioWriter``):
/// the one quoting function, so that the scenario parser reads back exactly what was written.
///
/// Core Location has no such type.
public enum YAMLText {
    /// Words YAML reads as something other than a string.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    /// A plain word when it is safe (letters, digits, `_`, `-`, `.`, not starting with a digit,
    /// `-` or `.`, not a word YAML reads as a boolean or null), else a double-quoted string.
    public static func quoted(_ s: String) -> String {
        let plain = !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !(s.first!.isNumber || s.first == "-" || s.first == ".")
            && !Self.reserved.contains(s.lowercased())
        return plain ? s : doubleQuoted(s)
    }

    /// An item of a flow list (`[didChangeAuthorization(denied), didVisit]`): plain when it starts
    /// with a letter and holds only letters, digits, spaces (not at the end) and `_ ( ) . -`, else
    /// double-quoted (`"monitoringDidFail(home, denied)"`, whose comma would split it).
    public static func flowItem(_ s: String) -> String {
        let plain = s.first?.isLetter == true && s.last != " "
            && s.allSatisfy { $0.isLetter || $0.isNumber || " _().-".contains($0) }
            && !Self.reserved.contains(s.lowercased())
        return plain ? s : doubleQuoted(s)
    }

    /// `s` in double quotes, with `"`, `\`, control characters and the characters YAML reads as
    /// line breaks or may not hold (U+007F–U+009F, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF) escaped.
    public static func doubleQuoted(_ s: String) -> String {
        "\"" + escaped(s, quotes: true) + "\""
    }

    /// `s` for the text of a `#` comment: the characters ``doubleQuoted(_:)`` escapes but `"` and
    /// `\` escaped the same way, so that a name holding a line break or a control character stays
    /// on its comment line and the file stays one YAML reads.
    public static func comment(_ s: String) -> String {
        escaped(s, quotes: false)
    }

    private static func escaped(_ s: String, quotes: Bool) -> String {
        // Most text is printable ASCII with nothing to escape: returned as it is.
        if s.utf8.allSatisfy({ (0x20...0x7E).contains($0) && !(quotes && ($0 == 0x22 || $0 == 0x5C)) }) { return s }
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"" where quotes: out += "\\\""
            case "\\" where quotes: out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 || (0x7F...0x9F).contains(ch.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(ch.value) {
                    out += "\\u" + String(ch.value, radix: 16).leftPadded(4)
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out
    }

    /// A number without a trailing `.0` when it is whole.
    public static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// `on` or `off`.
    public static func onOff(_ on: Bool) -> String { on ? "on" : "off" }

    /// A flow list: `[a, b]`, `[]`.
    public static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// A flow mapping of already-written values: `{name: home, radius: 250}`.
    public static func mapping(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
