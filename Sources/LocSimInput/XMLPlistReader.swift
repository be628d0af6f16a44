import Foundation

/// A strict reader of XML property lists, on ``XMLReader`` (UTF-8 or UTF-16, entities decoded,
/// comments, processing instructions and the DOCTYPE skipped).
///
/// The grammar: `<plist>` holding one value (a bare value as the root is accepted too):
/// `<dict>` of `<key>…</key>` and value pairs, `<array>`, `<string>`, `<integer>` (decimal or
/// `0x` hex), `<real>`, `<true/>`, `<false/>`, `<date>` (`2024-01-31T12:00:00Z`) and `<data>`
/// (base64). Each error names the line; nesting and the values materialized are bounded by
/// ``PlistLimits``.
///
/// Values are those of `PropertyListSerialization`: `[String: Any]`, `[Any]`, `String`, `Bool`,
/// `NSNumber` (integers and reals), `Data`, `Date`.
struct XMLPlistReader {
    private var xml: XMLReader
    private var budget: PlistBudget

    /// Reads `data`, which must hold one `<plist>` (or one bare value) and nothing after it.
    static func read(_ data: Data, budget: PlistBudget) throws(InputError) -> Any {
        let limits = XMLReader.Limits(maxBytes: budget.limits.bytes, maxDepth: max(XMLReader.defaultMaxDepth, budget.limits.depth + 2))
        var reader = XMLPlistReader(xml: try XMLReader(data, file: budget.file, kind: budget.kind, limits: limits), budget: budget)
        guard let first = try reader.nextMarkup() else { throw reader.budget.malformed("no root element", line: 1) }
        guard case .start(let name, _, let line) = first else { throw reader.unexpected(first) }
        let value: Any
        if name == "plist" {
            guard let inner = try reader.nextMarkup() else { throw reader.budget.malformed("no value in <plist>", line: line) }
            guard case .start(let valueName, _, let valueLine) = inner else { throw reader.unexpected(inner, expecting: "a value in <plist>") }
            value = try reader.value(valueName, line: valueLine)
            let end = try reader.nextMarkup()
            guard case .end("plist", _)? = end else { throw reader.unexpected(end, expecting: "</plist>") }
        } else {
            value = try reader.value(name, line: line)
        }
        // XMLReader checks that nothing but spaces, comments and instructions follow the root.
        if let extra = try reader.nextMarkup() { throw reader.unexpected(extra) }
        return value
    }

    private init(xml: XMLReader, budget: PlistBudget) {
        self.xml = xml
        self.budget = budget
    }

    // MARK: Values

    /// The value whose start tag `<name>` on `line` was just read, through its end tag.
    private mutating func value(_ name: String, line: Int) throws(InputError) -> Any {
        try budget.countNode(line: line)
        switch name {
        case "dict": return try dictionary(line: line)
        case "array": return try array(line: line)
        case "string": return try text(of: name, line: line)
        case "true", "false":
            let content = try text(of: name, line: line)
            guard content.allSatisfy(\.isWhitespace) else { throw budget.malformed("text in <\(name)/>", line: line) }
            return name == "true"
        case "integer": return try integer(try text(of: name, line: line), line: line)
        case "real": return try real(try text(of: name, line: line), line: line)
        case "date": return try date(try text(of: name, line: line), line: line)
        case "data": return try data(try text(of: name, line: line), line: line)
        default: throw budget.malformed("unknown element <\(name)>", line: line)
        }
    }

    /// `<key>k</key> value …` up to `</dict>`.
    private mutating func dictionary(line: Int) throws(InputError) -> [String: Any] {
        try budget.enter(line: line)
        defer { budget.leave() }
        var dict: [String: Any] = [:]
        while true {
            let token = try nextMarkup()
            switch token {
            case .end("dict", _)?:
                return dict
            case .start("key", _, let keyLine)?:
                try budget.countNode(line: keyLine)
                let key = try text(of: "key", line: keyLine)
                let next = try nextMarkup()
                guard case .start(let valueName, _, let valueLine)? = next else {
                    throw unexpected(next, expecting: "a value for the key '\(messageExcerpt(key))'")
                }
                dict[key] = try value(valueName, line: valueLine)
            default:
                throw unexpected(token, expecting: "<key> or </dict>")
            }
        }
    }

    /// Values up to `</array>`.
    private mutating func array(line: Int) throws(InputError) -> [Any] {
        try budget.enter(line: line)
        defer { budget.leave() }
        var items: [Any] = []
        while true {
            let token = try nextMarkup()
            switch token {
            case .end("array", _)?:
                return items
            case .start(let name, _, let itemLine)?:
                items.append(try value(name, line: itemLine))
            default:
                throw unexpected(token, expecting: "a value or </array>")
            }
        }
    }

    /// The text of the element `<name>` up to its end tag (pieces joined).
    private mutating func text(of name: String, line: Int) throws(InputError) -> String {
        var result = ""
        while true {
            let token = try xml.next()
            switch token {
            case .text(let piece, _)?: result += piece
            case .end(name, _)?: return result
            default: throw unexpected(token, expecting: "text or </\(name)>")
            }
        }
    }

    /// The next start or end tag, skipping the whitespace between elements.
    ///
    /// - Throws: for text that is not whitespace.
    private mutating func nextMarkup() throws(InputError) -> XMLToken? {
        while let token = try xml.next() {
            guard case .text(let text, let line) = token else { return token }
            guard text.allSatisfy(\.isWhitespace) else { throw budget.malformed("unexpected text '\(messageExcerpt(text))'", line: line) }
        }
        return nil
    }

    // MARK: Scalars

    /// `42`, `-7`, `+3` or `0x1F`, as a 64-bit integer (an unsigned one above `Int64.max`).
    private func integer(_ text: String, line: Int) throws(InputError) -> NSNumber {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var digits = Substring(trimmed)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let magnitude = UInt64(digits, radix: radix) else {
            throw budget.malformed("invalid integer '\(messageExcerpt(trimmed))'", line: line)
        }
        if !negative { return magnitude <= UInt64(Int64.max) ? NSNumber(value: Int64(magnitude)) : NSNumber(value: magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { throw budget.malformed("integer '\(messageExcerpt(trimmed))' out of range", line: line) }
        return NSNumber(value: magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
    }

    /// A decimal real, or `nan`, `inf`, `infinity` with a sign.
    private func real(_ text: String, line: Int) throws(InputError) -> NSNumber {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 64, trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              let value = Double(trimmed) else {
            throw budget.malformed("invalid real '\(messageExcerpt(trimmed))'", line: line)
        }
        return NSNumber(value: value)
    }

    /// `2024-01-31T12:00:00Z` (UTC).
    private func date(_ text: String, line: Int) throws(InputError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let date = ISODate(trimmed) else {
            throw budget.malformed("invalid date '\(messageExcerpt(trimmed))' (expected YYYY-MM-DDTHH:MM:SSZ)", line: line)
        }
        return date.value
    }

    /// Base64, whitespace ignored.
    private func data(_ text: String, line: Int) throws(InputError) -> Data {
        var base64 = text.filter { !$0.isWhitespace }
        if base64.count % 4 != 0 { base64 += String(repeating: "=", count: 4 - base64.count % 4) }
        guard let data = Data(base64Encoded: base64) else { throw budget.malformed("invalid base64 in <data>", line: line) }
        return data
    }

    // MARK: Messages

    /// The error for `token` where `expecting` was expected.
    private func unexpected(_ token: XMLToken?, expecting: String? = nil) -> InputError {
        let suffix = expecting.map { ", expected \($0)" } ?? ""
        switch token {
        case .start(let name, _, let line)?: return budget.malformed("unexpected <\(name)>\(suffix)", line: line)
        case .end(let name, let line)?: return budget.malformed("unexpected </\(name)>\(suffix)", line: line)
        case .text(let text, let line)?: return budget.malformed("unexpected text '\(messageExcerpt(text))'\(suffix)", line: line)
        case nil: return budget.malformed("unexpected end of file\(suffix)")
        }
    }
}

/// A plist date, `YYYY-MM-DDTHH:MM:SSZ` in UTC.
private struct ISODate {
    let value: Date

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        value = Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}
