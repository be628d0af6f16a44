import Foundation

/// A `.strings` file (`InfoPlist.strings`): `"KEY" = "value";` entries with their lines.
///
/// UTF-8 and UTF-16 (with a byte-order mark) are read; `/* */` and `//` comments are skipped.
public struct StringsFile: Sendable {
    /// One `key = value` entry.
    public struct Entry: Hashable, Sendable {
        /// The key (`NSLocationWhenInUseUsageDescription`).
        public var key: String
        /// The localized value.
        public var value: String
        /// Where the key is.
        public var location: SourceLocation
    }

    /// The path it was read from.
    public var path: String
    /// The entries, in file order.
    public var entries: [Entry]

    /// Creates a file from entries read another way (string catalogs, stringsdicts).
    init(path: String, entries: [Entry]) {
        self.path = path
        self.entries = entries
    }

    /// Reads and parses `path`.
    ///
    /// - Throws: `InputError` when the file cannot be read or decoded, or is malformed.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read file")
        }
        try self.init(path: path, data: data)
    }

    /// Decodes (UTF-8, or UTF-16 with a byte-order mark) and parses the bytes of `path`.
    init(path: String, data: Data) throws {
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let t = String(data: data, encoding: .utf16) else { throw InputError(file: path, message: "cannot decode UTF-16 text") }
            text = t
        } else if let t = String(data: data, encoding: .utf8) {
            text = t
        } else {
            throw InputError(file: path, message: "cannot decode text (expected UTF-8 or UTF-16)")
        }
        try self.init(path: path, text: text)
    }

    /// Parses strings-file `text` read from `path`.
    public init(path: String, text: String) throws {
        self.path = path
        var scanner = Lexer(chars: Array(text.unicodeScalars).map(Character.init))
        var entries = [Entry]()
        while true {
            try scanner.skipTrivia(path)
            guard !scanner.atEnd else { break }
            let (line, column) = (scanner.line, scanner.column)
            let key = try scanner.token(path)
            try scanner.skipTrivia(path)
            guard scanner.consume("=") else {
                if scanner.consume(";") { entries.append(Entry(key: key, value: key, location: SourceLocation(file: path, line: line, column: column))); continue }
                throw InputError(file: path, line: scanner.line, message: "expected '=' after \"\(key)\"")
            }
            try scanner.skipTrivia(path)
            let value = try scanner.token(path)
            try scanner.skipTrivia(path)
            guard scanner.consume(";") else { throw InputError(file: path, line: scanner.line, message: "expected ';'") }
            entries.append(Entry(key: key, value: value, location: SourceLocation(file: path, line: line, column: column)))
        }
        self.entries = entries
    }

    private struct Lexer {
        var chars: [Character]
        var index = 0
        var line = 1
        var column = 1
        var atEnd: Bool { index >= chars.count }

        mutating func advance() {
            if chars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }

        mutating func consume(_ c: Character) -> Bool {
            guard !atEnd, chars[index] == c else { return false }
            advance()
            return true
        }

        mutating func skipTrivia(_ path: String) throws {
            while !atEnd {
                let c = chars[index]
                if c.isWhitespace || c == "\u{FEFF}" { advance(); continue }
                if c == "/", index + 1 < chars.count, chars[index + 1] == "/" {
                    while !atEnd, chars[index] != "\n" { advance() }
                    continue
                }
                if c == "/", index + 1 < chars.count, chars[index + 1] == "*" {
                    let startLine = line
                    advance(); advance()
                    while !atEnd, !(chars[index] == "*" && index + 1 < chars.count && chars[index + 1] == "/") { advance() }
                    guard !atEnd else { throw InputError(file: path, line: startLine, message: "unterminated comment") }
                    advance(); advance()
                    continue
                }
                return
            }
        }

        mutating func token(_ path: String) throws -> String {
            guard !atEnd else { throw InputError(file: path, line: line, message: "unexpected end of file") }
            if chars[index] == "\"" {
                let startLine = line
                advance()
                var out = ""
                while !atEnd, chars[index] != "\"" {
                    if chars[index] == "\\", index + 1 < chars.count {
                        advance()
                        switch chars[index] {
                        case "n": out.append("\n")
                        case "t": out.append("\t")
                        case "r": out.append("\r")
                        default: out.append(chars[index])
                        }
                    } else {
                        out.append(chars[index])
                    }
                    advance()
                }
                guard !atEnd else { throw InputError(file: path, line: startLine, message: "unterminated string") }
                advance()
                return out
            }
            var out = ""
            while !atEnd, chars[index].isLetter || chars[index].isNumber || "_.-$/".contains(chars[index]) {
                out.append(chars[index])
                advance()
            }
            guard !out.isEmpty else { throw InputError(file: path, line: line, message: "unexpected character '\(chars[index])'") }
            return out
        }
    }
}
