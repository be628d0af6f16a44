import Foundation

/// A strict reader of old-style (OpenStep) property lists, the format of Xcode's
/// `project.pbxproj`, safe on hostile bytes.
///
/// The grammar: dictionaries `{ key = value; … }`, arrays `( a, b, )` (a trailing comma allowed),
/// quoted strings (`"…"` or `'…'`, with `\n`, `\t`, `\"`, `\\`, octal `\101` (ASCII only) and
/// `\U00e9` escapes), unquoted strings (letters, digits, `_ $ / : . -`), data `<0fbd 7777>`, and
/// `//` and `/* */` comments; the root dictionary may also be written without braces, as in a
/// strings file (`a = b;`). The text is UTF-8; a file with no value is an error. Each error names the line where it was found (for an
/// unterminated string or comment, the line where it starts); nesting and the values
/// materialized are bounded by ``PlistLimits``.
///
/// Values are those of `PropertyListSerialization`: `[String: Any]`, `[Any]`, `String`, `Data`.
struct OpenStepPlistReader {
    private let bytes: [UInt8]
    private var position = 0
    /// The 1-based line of `position`.
    private var line = 1
    private var budget: PlistBudget

    /// Reads `data`, which must hold one value and nothing after it but spaces and comments.
    static func read(_ data: Data, budget: PlistBudget) throws(InputError) -> Any {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var reader = OpenStepPlistReader(bytes: bytes, budget: budget)
        try reader.skipSpace()
        guard reader.position < bytes.count else { throw reader.budget.malformed("empty file", line: reader.line) }
        let start = reader
        let value = try reader.value()
        try reader.skipSpace()
        if value is String, reader.peek == UInt8(ascii: "=") {
            // The strings-file form: the root dictionary's entries without braces (`a = b;`).
            var entries = start
            return try entries.dictionary(braced: false)
        }
        guard reader.position == bytes.count else { throw reader.error("unexpected \(reader.found) after the root value") }
        return value
    }

    private init(bytes: [UInt8], budget: PlistBudget) {
        self.bytes = bytes
        self.budget = budget
    }

    // MARK: Values

    /// The value at `position` (after spaces and comments).
    private mutating func value() throws(InputError) -> Any {
        try skipSpace()
        guard let byte = peek else { throw error("expected a value, found end of file") }
        try budget.countNode(line: line)
        switch byte {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "<"): return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quoted()
        default:
            guard Self.isUnquoted(byte) else { throw error("expected a value, found \(found)") }
            return try unquoted()
        }
    }

    /// `{ key = value; … }`, or (not `braced`) `key = value; …` up to the end of the file.
    private mutating func dictionary(braced: Bool = true) throws(InputError) -> [String: Any] {
        try budget.enter(line: line)
        defer { budget.leave() }
        if braced { position += 1 }
        var dict: [String: Any] = [:]
        while true {
            try skipSpace()
            guard let byte = peek else {
                guard braced else { return dict }
                throw error("expected '}', found end of file")
            }
            if braced, byte == UInt8(ascii: "}") {
                position += 1
                return dict
            }
            try budget.countNode(line: line)
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = try quoted()
            } else if Self.isUnquoted(byte) {
                key = try unquoted()
            } else {
                throw error(braced ? "expected a key or '}', found \(found)" : "expected a key, found \(found)")
            }
            try expect("=")
            dict[key] = try value()
            try expect(";")
        }
    }

    /// `( a, b, )`.
    private mutating func array() throws(InputError) -> [Any] {
        try budget.enter(line: line)
        defer { budget.leave() }
        position += 1
        var items: [Any] = []
        while true {
            try skipSpace()
            guard let byte = peek else { throw error("expected ')', found end of file") }
            if byte == UInt8(ascii: ")") {
                position += 1
                return items
            }
            items.append(try value())
            try skipSpace()
            if peek == UInt8(ascii: ",") {
                position += 1
            } else if peek != UInt8(ascii: ")") {
                throw error("expected ',' or ')', found \(found)")
            }
        }
    }

    /// `<0fbd 7777>`: pairs of hex digits, spaces between them allowed.
    private mutating func data() throws(InputError) -> Data {
        position += 1
        var result = Data()
        var high: UInt8?
        while true {
            guard let byte = peek else { throw error("expected '>', found end of file") }
            position += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw error("odd number of hex digits in data") }
                return result
            }
            if Self.isSpace(byte) {
                if byte == UInt8(ascii: "\n") { line += 1 }
                continue
            }
            guard let digit = Self.hexValue(byte) else {
                position -= 1
                throw error("expected a hex digit or '>' in data, found \(found)")
            }
            if let first = high {
                result.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
    }

    /// A run of unquoted-string characters.
    private mutating func unquoted() throws(InputError) -> String {
        let start = position
        while let byte = peek, Self.isUnquoted(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A string in `"` or `'`, escapes decoded.
    private mutating func quoted() throws(InputError) -> String {
        let quote = bytes[position]
        let startLine = line
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek else {
                throw budget.malformed("unterminated string", line: startLine)
            }
            position += 1
            switch byte {
            case quote:
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw budget.malformed("string is not valid UTF-8", line: startLine)
                }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8, startLine: startLine)
            default:
                if byte == UInt8(ascii: "\n") { line += 1 }
                utf8.append(byte)
            }
        }
    }

    /// The escape after a backslash, appended to `utf8` as UTF-8.
    private mutating func escape(into utf8: inout [UInt8], startLine: Int) throws(InputError) {
        guard let byte = peek else { throw budget.malformed("unterminated string", line: startLine) }
        position += 1
        let scalar: UInt32
        switch byte {
        case UInt8(ascii: "a"): scalar = 0x07
        case UInt8(ascii: "b"): scalar = 0x08
        case UInt8(ascii: "f"): scalar = 0x0C
        case UInt8(ascii: "n"): scalar = 0x0A
        case UInt8(ascii: "r"): scalar = 0x0D
        case UInt8(ascii: "t"): scalar = 0x09
        case UInt8(ascii: "v"): scalar = 0x0B
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard let next = peek, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) else { break }
                value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                position += 1
            }
            // Above \177 the octal escape names a NeXTSTEP-encoded character: not supported.
            guard value < 0o200 else { throw error("octal escape above \\177 (a NeXTSTEP character) is not supported") }
            scalar = value
        case UInt8(ascii: "U"):
            let unit = hexUnit()
            // A UTF-16 surrogate pair is written as two escapes: `\UD83D\UDE00`.
            if (0xD800...0xDBFF).contains(unit), position + 1 < bytes.count,
               bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "U") {
                let saved = position
                position += 2
                let second = hexUnit()
                if (0xDC00...0xDFFF).contains(second) {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00)
                } else {
                    position = saved
                    scalar = unit
                }
            } else {
                scalar = unit
            }
        default:
            if byte == UInt8(ascii: "\n") { line += 1 }
            utf8.append(byte)
            return
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw error("escape \\U\(String(scalar, radix: 16)) is not a Unicode scalar")
        }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    /// Up to four hex digits after `\U`.
    private mutating func hexUnit() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let next = peek, let digit = Self.hexValue(next) else { break }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: Characters

    /// The byte at `position`, or `nil` at the end.
    private var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// How to name the byte at `position` in a message: `'x'`, `byte 0x80`, or `end of file`.
    private var found: String {
        guard let byte = peek else { return "end of file" }
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    /// Skips spaces and comments, then consumes `token` or throws.
    private mutating func expect(_ token: Unicode.Scalar) throws(InputError) {
        try skipSpace()
        guard peek == UInt8(ascii: token) else { throw error("expected '\(token)', found \(found)") }
        position += 1
    }

    /// Skips spaces, newlines and `//`, `/* */` comments.
    private mutating func skipSpace() throws(InputError) {
        while let byte = peek {
            if Self.isSpace(byte) {
                if byte == UInt8(ascii: "\n") { line += 1 }
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while let next = peek, next != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let startLine = line
                position += 2
                while true {
                    guard let next = peek else { throw budget.malformed("unterminated comment", line: startLine) }
                    if next == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        break
                    }
                    if next == UInt8(ascii: "\n") { line += 1 }
                    position += 1
                }
            } else {
                return
            }
        }
    }

    /// A `malformed <kind>: detail` error at the current line.
    private func error(_ detail: String) -> InputError {
        budget.malformed(detail, line: line)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Letters, digits and `_ $ / : . -`, the characters of an unquoted string.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
