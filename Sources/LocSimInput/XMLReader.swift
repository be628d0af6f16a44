import Foundation

/// One attribute of a start tag, its value with entities decoded.
public struct XMLAttribute: Equatable, Sendable {
    /// The name as written (a prefix such as `xmlns:g` is kept).
    public var name: String
    /// The value, entities and character references decoded, whitespace characters as spaces.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One piece of an XML document, as ``XMLReader/next()`` returns it.
public enum XMLToken: Equatable, Sendable {
    /// A start tag on `line`. `<a/>` gives `start` then `end`.
    case start(name: String, attributes: [XMLAttribute], line: Int)
    /// An end tag on `line` (matching its start tag: the reader checks).
    case end(name: String, line: Int)
    /// Character data or a CDATA section starting on `line`, entities decoded, line ends as
    /// `\n`. Text of one element may come in several pieces (around a comment or CDATA section):
    /// join them.
    case text(String, line: Int)
}

/// A strict, bounded pull reader for the XML subset LocSim reads: GPX tracks and XML property
/// lists.
///
/// Call ``next()`` until it returns `nil`. Every problem is an ``InputError`` naming the file and
/// the 1-based line, with the message `malformed <kind>: …`:
///
/// - Encoding: UTF-8 (with or without a byte order mark), or UTF-16 little- or big-endian with a
///   byte order mark (decoded to UTF-8). Invalid UTF-8, unpaired surrogates and characters XML
///   forbids (controls other than tab and line ends) are errors. A declared encoding other than
///   UTF-8 or UTF-16 is an error.
/// - Skipped: the XML declaration (only at the very start), comments, processing instructions
///   (`<?x?>` included) and a `<!DOCTYPE …>` without an internal subset. An internal subset is
///   an error: no entity is ever declared or expanded.
/// - Checked: one root element; end tags match start tags; names are well formed; attribute
///   values are quoted and hold no `<`; no attribute twice in a tag; only the five predefined
///   entities and valid character references; no text outside the root but whitespace.
/// - Bounded: by ``Limits`` (size, depth, name length, attributes per tag). Nothing recurses; the
///   work is linear in the size of the document.
///
/// Namespace prefixes are kept as written (`g:gpx`, `xmlns:g`): the caller decides what they mean.
public struct XMLReader {
    /// How much one document may use.
    public struct Limits: Sendable {
        /// The largest document, in bytes (as stored, and again after decoding UTF-16).
        public var maxBytes: Int
        /// The most elements open at once.
        public var maxDepth: Int
        /// The longest element, attribute, entity or processing-instruction name, in bytes.
        public var maxNameLength: Int
        /// The most attributes on one start tag.
        public var maxAttributes: Int

        /// Creates limits; the defaults are ``XMLReader/defaultMaxBytes``,
        /// ``XMLReader/defaultMaxDepth``, ``XMLReader/defaultMaxNameLength`` and
        /// ``XMLReader/defaultMaxAttributes``.
        public init(maxBytes: Int = XMLReader.defaultMaxBytes, maxDepth: Int = XMLReader.defaultMaxDepth,
                    maxNameLength: Int = XMLReader.defaultMaxNameLength, maxAttributes: Int = XMLReader.defaultMaxAttributes) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.maxNameLength = maxNameLength
            self.maxAttributes = maxAttributes
        }
    }

    /// The default largest document: 64 MiB, far above any GPX track or property list a project
    /// holds, small enough that a hostile file cannot exhaust memory.
    public static let defaultMaxBytes = 64 << 20
    /// The default deepest nesting: 256 open elements (GPX needs 4, plists a few dozen).
    public static let defaultMaxDepth = 256
    /// The default longest name: 1,024 bytes.
    public static let defaultMaxNameLength = 1024
    /// The default most attributes on one tag: 256.
    public static let defaultMaxAttributes = 256

    private let file: String
    private let kind: String
    private let limits: Limits
    /// The document as UTF-8, validated, line ends normalized to `\n`.
    private let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    /// The open elements, innermost last, with the line of each start tag.
    private var open: [(name: String, line: Int)] = []
    private var sawRoot = false
    private var sawDoctype = false
    /// The end token owed after a `<a/>` start token.
    private var pendingEnd: XMLToken?

    /// Prepares to read `data`, read from `file`.
    ///
    /// - Parameters:
    ///   - kind: what the document is, for messages: `malformed <kind>: …` (`XML`, `GPX`,
    ///     `property list`).
    /// - Throws: ``InputError`` when the document is too large or not valid UTF-8 or UTF-16.
    public init(_ data: Data, file: String, kind: String = "XML", limits: Limits = .init()) throws(InputError) {
        self.file = file
        self.kind = kind
        self.limits = limits
        guard data.count <= limits.maxBytes else {
            throw InputError(file: file, message: "\(kind) file too large: \(data.count) bytes (at most \(limits.maxBytes))")
        }
        bytes = try XMLText.utf8(data, file: file, kind: kind, maxBytes: limits.maxBytes)
    }

    /// The next token, or `nil` at the end of a well-formed document.
    /// - Throws: ``InputError`` at the first problem, with its line.
    public mutating func next() throws(InputError) -> XMLToken? {
        if let end = pendingEnd {
            pendingEnd = nil
            return end
        }
        while pos < bytes.count {
            if bytes[pos] != Byte.lt {
                if let text = try text() { return text }
                continue
            }
            if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                return try cdata()
            } else if starts(with: "<!DOCTYPE") {
                try doctype()
            } else if starts(with: "<!") {
                throw error("unsupported markup declaration '<!'")
            } else if starts(with: "</") {
                return try endTag()
            } else {
                return try startTag()
            }
        }
        if let innermost = open.last {
            throw error("the document ends before </\(innermost.name)> (opened on line \(innermost.line))")
        }
        guard sawRoot else { throw error("no root element") }
        return nil
    }

    // MARK: Markup

    private mutating func startTag() throws(InputError) -> XMLToken {
        let tagLine = line
        advance(by: 1)
        let name = try name(what: "element name")
        if open.isEmpty && sawRoot { throw error("a second root element <\(name)> (a document has one)") }
        guard open.count < limits.maxDepth else {
            throw error("elements nested deeper than \(limits.maxDepth)")
        }
        var attributes: [XMLAttribute] = []
        while true {
            let hadSpace = skipWhitespace()
            guard pos < bytes.count else { throw error("the document ends inside the tag <\(name)>") }
            if bytes[pos] == Byte.gt {
                advance(by: 1)
                open.append((name, tagLine))
                sawRoot = true
                return .start(name: name, attributes: attributes, line: tagLine)
            }
            if starts(with: "/>") {
                advance(by: 2)
                sawRoot = true
                pendingEnd = .end(name: name, line: line)
                return .start(name: name, attributes: attributes, line: tagLine)
            }
            guard hadSpace else { throw error("expected whitespace, '>' or '/>' in the tag <\(name)>") }
            let attribute = try attribute(in: name)
            if attributes.contains(where: { $0.name == attribute.name }) {
                throw error("the attribute '\(attribute.name)' appears twice in <\(name)>")
            }
            guard attributes.count < limits.maxAttributes else {
                throw error("more than \(limits.maxAttributes) attributes in <\(name)>")
            }
            attributes.append(attribute)
        }
    }

    private mutating func attribute(in element: String) throws(InputError) -> XMLAttribute {
        let name = try name(what: "attribute name")
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == Byte.equals else {
            throw error("the attribute '\(name)' of <\(element)> has no value")
        }
        advance(by: 1)
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == Byte.quote || bytes[pos] == Byte.apostrophe else {
            throw error("the value of the attribute '\(name)' of <\(element)> is not quoted")
        }
        let quote = bytes[pos]
        advance(by: 1)
        let start = pos, startLine = line
        guard let close = bytes[pos...].firstIndex(where: { $0 == quote || $0 == Byte.lt }) else {
            throw error("the document ends inside the value of the attribute '\(name)'")
        }
        advance(to: close)
        guard bytes[close] == quote else { throw error("'<' in the value of the attribute '\(name)' of <\(element)>") }
        let value = try decode(start..<close, line: startLine, attribute: true)
        advance(by: 1)
        return XMLAttribute(name: name, value: value)
    }

    private mutating func endTag() throws(InputError) -> XMLToken {
        let tagLine = line
        advance(by: 2)
        let name = try name(what: "element name")
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == Byte.gt else { throw error("expected '>' after </\(name)") }
        advance(by: 1)
        guard let innermost = open.last else { throw error("</\(name)> closes no open element") }
        guard innermost.name == name else {
            throw error("</\(name)> does not match <\(innermost.name)> (opened on line \(innermost.line))")
        }
        open.removeLast()
        return .end(name: name, line: tagLine)
    }

    private mutating func text() throws(InputError) -> XMLToken? {
        let start = pos, startLine = line
        let end = bytes[pos...].firstIndex(of: Byte.lt) ?? bytes.count
        if open.isEmpty {
            if let index = bytes[start..<end].firstIndex(where: { !Byte.isWhitespace($0) }) {
                advance(to: index)
                throw error(sawRoot ? "text after the root element" : "text before the root element")
            }
            advance(to: end)
            return nil
        }
        if let index = find("]]>", in: start..<end) {
            advance(to: index)
            throw error("']]>' in text")
        }
        let text = try decode(start..<end, line: startLine, attribute: false)
        advance(to: end)
        return .text(text, line: startLine)
    }

    private mutating func cdata() throws(InputError) -> XMLToken {
        let startLine = line
        guard !open.isEmpty else { throw error("a CDATA section outside the root element") }
        advance(by: 9)
        guard let close = find("]]>", in: pos..<bytes.count) else {
            throw error("the CDATA section is not closed with ']]>'", line: startLine)
        }
        let text = String(decoding: bytes[pos..<close], as: UTF8.self)
        advance(to: close + 3)
        return .text(text, line: startLine)
    }

    private mutating func comment() throws(InputError) {
        let startLine = line
        advance(by: 4)
        guard let dashes = find("--", in: pos..<bytes.count) else {
            throw error("the comment is not closed with '-->'", line: startLine)
        }
        advance(to: dashes)
        guard starts(with: "-->") else { throw error("'--' inside a comment") }
        advance(by: 3)
    }

    private mutating func processingInstruction() throws(InputError) {
        let startLine = line, start = pos
        advance(by: 2)
        let target = try name(what: "processing instruction target")
        if target.lowercased() == "xml" {
            guard start == 0 else { throw error("the XML declaration is allowed only at the start of the document") }
            try declaration()
            return
        }
        guard pos < bytes.count, starts(with: "?>") || Byte.isWhitespace(bytes[pos]) else {
            throw error("expected whitespace or '?>' after '<?\(target)'")
        }
        guard let close = find("?>", in: pos..<bytes.count) else {
            throw error("the processing instruction is not closed with '?>'", line: startLine)
        }
        advance(to: close + 2)
    }

    /// The XML declaration's pseudo-attributes: only the encoding matters.
    private mutating func declaration() throws(InputError) {
        while true {
            let hadSpace = skipWhitespace()
            guard pos < bytes.count else { throw error("the document ends inside the XML declaration") }
            if starts(with: "?>") {
                advance(by: 2)
                return
            }
            guard hadSpace else { throw error("expected whitespace or '?>' in the XML declaration") }
            let attribute = try attribute(in: "?xml")
            switch attribute.name {
            case "encoding":
                let allowed: Set = ["utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "us-ascii", "ascii"]
                guard allowed.contains(attribute.value.lowercased()) else {
                    throw error("unsupported encoding '\(attribute.value)' (LocSim reads UTF-8 and UTF-16)")
                }
            case "version", "standalone": break
            default: throw error("unknown '\(attribute.name)' in the XML declaration")
            }
        }
    }

    private mutating func doctype() throws(InputError) {
        let startLine = line
        guard !sawRoot && open.isEmpty && !sawDoctype else { throw error("<!DOCTYPE> after the start of the root element or twice") }
        sawDoctype = true
        advance(by: 9)
        var quote: UInt8?
        while pos < bytes.count {
            let byte = bytes[pos]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == Byte.quote || byte == Byte.apostrophe {
                quote = byte
            } else if byte == Byte.openBracket {
                throw error("a DOCTYPE with an internal subset (entity declarations are not supported)")
            } else if byte == Byte.gt {
                advance(by: 1)
                return
            }
            advance(by: 1)
        }
        throw error("the DOCTYPE is not closed with '>'", line: startLine)
    }

    // MARK: Pieces

    /// A name at `pos`: a letter, `_`, `:` or non-ASCII character, then those, digits, `-` and `.`.
    private mutating func name(what: String) throws(InputError) -> String {
        let start = pos
        guard pos < bytes.count, Byte.isNameStart(bytes[pos]) else { throw error("invalid \(what)") }
        var end = pos + 1
        while end < bytes.count, Byte.isNameCharacter(bytes[end]) {
            end += 1
            guard end - start <= limits.maxNameLength else {
                throw error("\(what) longer than \(limits.maxNameLength) bytes")
            }
        }
        advance(to: end)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `range` with entities and character references decoded (tab and line ends as spaces in
    /// attribute values).
    private func decode(_ range: Range<Int>, line startLine: Int, attribute: Bool) throws(InputError) -> String {
        guard bytes[range].contains(where: { $0 == Byte.amp || (attribute && Byte.isWhitespace($0)) }) else {
            return String(decoding: bytes[range], as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound, line = startLine
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == Byte.newline { line += 1 }
            if byte != Byte.amp {
                out.append(attribute && Byte.isWhitespace(byte) ? Byte.space : byte)
                i += 1
                continue
            }
            // An entity name or reference is short: look for ';' within a bounded distance.
            let limit = min(range.upperBound, i + 2 + limits.maxNameLength)
            guard let semicolon = bytes[i..<limit].firstIndex(of: Byte.semicolon) else {
                throw error("'&' that starts no entity (write &amp;)", line: line)
            }
            let name = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
            guard let scalar = XMLText.entity(name) else {
                throw error(name.hasPrefix("#") ? "invalid character reference &\(name);" : "undeclared entity &\(name);", line: line)
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Position

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            var i = 0
            while i < count {
                if bytes[pos + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// The first index of `pattern` (ASCII, 2 or 3 bytes) in `range`.
    private func find(_ pattern: StaticString, in range: Range<Int>) -> Int? {
        let needle = pattern.withUTF8Buffer { Array($0) }
        guard range.count >= needle.count else { return nil }
        var i = range.lowerBound
        let last = range.upperBound - needle.count
        while i <= last {
            if bytes[i] == needle[0] {
                var j = 1
                while j < needle.count, bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private mutating func advance(by count: Int) {
        advance(to: pos + count)
    }

    private mutating func advance(to index: Int) {
        while pos < index {
            if bytes[pos] == Byte.newline { line += 1 }
            pos += 1
        }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = pos
        while pos < bytes.count, Byte.isWhitespace(bytes[pos]) {
            if bytes[pos] == Byte.newline { line += 1 }
            pos += 1
        }
        return pos > start
    }

    private func error(_ message: String, line: Int? = nil) -> InputError {
        InputError(file: file, line: line ?? self.line, message: "malformed \(kind): \(message)")
    }
}

/// ASCII bytes and character classes of the XML reader.
private enum Byte {
    static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), amp = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), equals = UInt8(ascii: "=")
    static let openBracket = UInt8(ascii: "["), newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A || b >= 0x80
    }

    static func isNameCharacter(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
    }
}

/// Decoding of XML documents to checked UTF-8, and the entities the reader knows.
enum XMLText {
    /// `data` as UTF-8 without a byte order mark, line ends normalized to `\n`: UTF-8 (optional
    /// BOM) is checked, UTF-16 with a BOM decoded.
    /// - Throws: ``InputError`` `malformed <kind>: …` naming the line of the first bad character.
    static func utf8(_ data: Data, file: String, kind: String, maxBytes: Int) throws(InputError) -> [UInt8] {
        let raw = [UInt8](data)
        func fail(_ message: String, _ line: Int) -> InputError {
            InputError(file: file, line: line, message: "malformed \(kind): \(message)")
        }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var line = 1
        var previousWasCR = false
        /// Appends one decoded character, normalizing line ends and rejecting what XML forbids.
        func append(_ scalar: Unicode.Scalar) throws(InputError) {
            let v = scalar.value
            if v == 0x0A && previousWasCR {
                previousWasCR = false
                return
            }
            previousWasCR = v == 0x0D
            if v == 0x0D || v == 0x0A {
                out.append(0x0A)
                line += 1
                return
            }
            guard v == 0x09 || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF) else {
                throw fail("the character U+\(String(v, radix: 16, uppercase: true)) is not allowed in XML", line)
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            guard out.count <= maxBytes else { throw fail("the document is larger than \(maxBytes) bytes once decoded", line) }
        }

        if raw.count >= 2, (raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF) {
            let littleEndian = raw[0] == 0xFF
            guard raw.count % 2 == 0 else { throw fail("UTF-16 text with an odd number of bytes", 1) }
            var i = 2
            while i < raw.count {
                let unit = littleEndian ? UInt16(raw[i]) | UInt16(raw[i + 1]) << 8 : UInt16(raw[i]) << 8 | UInt16(raw[i + 1])
                i += 2
                if unit >= 0xD800 && unit < 0xDC00, i + 1 < raw.count {
                    let low = littleEndian ? UInt16(raw[i]) | UInt16(raw[i + 1]) << 8 : UInt16(raw[i]) << 8 | UInt16(raw[i + 1])
                    if low >= 0xDC00 && low < 0xE000, let scalar = Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)) {
                        i += 2
                        try append(scalar)
                        continue
                    }
                }
                guard let scalar = Unicode.Scalar(unit) else { throw fail("an unpaired UTF-16 surrogate", line) }
                try append(scalar)
            }
            return out
        }

        if raw.count >= 2, raw[0] == 0 || raw[1] == 0 {
            throw fail("UTF-16 or UTF-32 text without a byte order mark (LocSim reads UTF-8, or UTF-16 with a BOM)", 1)
        }
        var i = raw.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < raw.count {
            let b0 = raw[i]
            if b0 < 0x80 {
                // The common case, printable ASCII, tab and LF not after CR, is copied as is.
                if b0 >= 0x20 || b0 == 0x09 || (b0 == 0x0A && !previousWasCR) {
                    out.append(b0)
                    if b0 == 0x0A { line += 1 }
                    previousWasCR = false
                } else {
                    try append(Unicode.Scalar(b0))
                }
                i += 1
                continue
            }
            let (count, minimum, initial): (Int, UInt32, UInt32)
            switch b0 {
            case 0xC2...0xDF: (count, minimum, initial) = (2, 0x80, UInt32(b0 & 0x1F))
            case 0xE0...0xEF: (count, minimum, initial) = (3, 0x800, UInt32(b0 & 0x0F))
            case 0xF0...0xF4: (count, minimum, initial) = (4, 0x10000, UInt32(b0 & 0x07))
            default: throw fail("invalid UTF-8 (byte 0x\(String(b0, radix: 16, uppercase: true)))", line)
            }
            guard i + count <= raw.count else { throw fail("invalid UTF-8 (a character cut off at the end)", line) }
            var value = initial
            for k in 1..<count {
                let b = raw[i + k]
                guard b & 0xC0 == 0x80 else { throw fail("invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true)))", line) }
                value = value << 6 | UInt32(b & 0x3F)
            }
            guard value >= minimum, let scalar = Unicode.Scalar(value) else {
                throw fail("invalid UTF-8 (an overlong form, a surrogate or a value above U+10FFFF)", line)
            }
            try append(scalar)
            i += count
        }
        return out
    }

    /// The character `&name;` stands for: a predefined entity or a character reference that
    /// names a character XML allows.
    static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        var digits = name.dropFirst()
        var radix = 10
        if digits.hasPrefix("x") {
            digits = digits.dropFirst()
            radix = 16
        }
        guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
              let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value) else { return nil }
        let allowed = value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
        return allowed ? scalar : nil
    }
}
