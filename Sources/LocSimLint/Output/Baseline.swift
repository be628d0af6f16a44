import Foundation

/// A set of accepted findings (`--write-baseline FILE`), so that `--baseline FILE` reports only
/// findings that are new.
///
/// A finding is identified by a fingerprint that survives lines moving: its check id, its file
/// (as printed: relative to the current directory when inside it) and a 64-bit FNV-1a hash of the
/// text of its line with runs of blanks collapsed and the ends trimmed (the finding's message when
/// the line cannot be read). Editing the flagged line itself, renaming the file or moving it makes
/// the finding new. Identical fingerprints count: a baseline holding one of two identical lines
/// in a file lets one finding through.
///
/// The file is text, one finding per line after a header: `LOC001<TAB>hash<TAB>path`.
public struct Baseline: Hashable, Sendable {
    /// One accepted finding.
    public struct Entry: Hashable, Sendable, Comparable {
        /// The check id (`LOC001`).
        public var checkID: String
        /// 16 lowercase hex digits: the FNV-1a hash of the line's normalised text.
        public var hash: String
        /// The file, as printed.
        public var file: String

        /// Orders by file, check id, hash.
        public static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.file, lhs.checkID, lhs.hash) < (rhs.file, rhs.checkID, rhs.hash) }
    }

    /// The accepted findings, sorted.
    public var entries: [Entry]

    /// The header line every baseline file starts with.
    public static let header = "# locsim lint baseline 1"

    /// The baseline of `findings`, with paths relative to `baseDirectory` when inside it.
    public static func of(_ findings: [Finding], baseDirectory: String) -> Baseline {
        var lines = LineCache()
        return Baseline(entries: findings.map { entry(for: $0, baseDirectory: baseDirectory, lines: &lines) }.sorted())
    }

    /// The file's text.
    public func rendered() -> String {
        ([Self.header] + entries.map { "\($0.checkID)\t\($0.hash)\t\($0.file)" }).joined(separator: "\n") + "\n"
    }

    /// The findings of `findings` that the baseline does not hold.
    public func newFindings(_ findings: [Finding], baseDirectory: String) -> [Finding] {
        var remaining = [Entry: Int]()
        for entry in entries { remaining[entry, default: 0] += 1 }
        var lines = LineCache()
        return findings.filter { finding in
            let entry = Self.entry(for: finding, baseDirectory: baseDirectory, lines: &lines)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }

    /// Reads a baseline file.
    ///
    /// - Throws: `InputError` for an unreadable file or a malformed line (with its number).
    public static func load(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError(file: path, message: "cannot read baseline file") }
        guard let text = String(data: data, encoding: .utf8) else {
            let bad = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).firstIndex { String(data: Data($0), encoding: .utf8) == nil } ?? 0
            throw InputError(file: path, line: bad + 1, message: "malformed baseline: not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses a baseline's text (`file` names it in errors).
    public static func parse(_ text: String, file: String) throws -> Baseline {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.first.map(String.init) == header else {
            throw InputError(file: file, line: 1, message: "malformed baseline: the first line must be '\(header)' (write one with --write-baseline)")
        }
        var entries = [Entry]()
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                throw InputError(file: file, line: index + 1, message: "malformed baseline: expected 'LOC###<TAB>hash<TAB>path'")
            }
            let id = String(fields[0]), hash = String(fields[1]), path = String(fields[2])
            guard id.count == 6, id.hasPrefix("LOC"), id.dropFirst(3).allSatisfy(\.isASCIIDigit) else {
                throw InputError(file: file, line: index + 1, message: "malformed baseline: '\(id.prefix(40))' is not a check id (LOC001…)")
            }
            guard hash.count == 16, hash.allSatisfy({ $0.isASCIIDigit || ("a"..."f").contains($0) }) else {
                throw InputError(file: file, line: index + 1, message: "malformed baseline: '\(hash.prefix(40))' is not a 16-digit lowercase hex hash")
            }
            guard !path.isEmpty else { throw InputError(file: file, line: index + 1, message: "malformed baseline: the path is empty") }
            entries.append(Entry(checkID: id, hash: hash, file: path))
        }
        return Baseline(entries: entries.sorted())
    }

    // MARK: Fingerprints

    /// The lines of the files findings point at, read once each.
    struct LineCache {
        var files = [String: [Substring]?]()

        mutating func line(_ number: Int, of path: String) -> Substring? {
            if files[path] == nil {
                let data = try? RegularFile.contents(of: path)
                files[path] = .some(data.map { String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) })
            }
            guard let lines = files[path] ?? nil, number >= 1, number <= lines.count else { return nil }
            return lines[number - 1]
        }
    }

    static func entry(for finding: Finding, baseDirectory: String, lines: inout LineCache) -> Entry {
        let text = lines.line(finding.location.line, of: finding.location.file).map(normalised) ?? finding.message
        return Entry(checkID: finding.checkID, hash: fnv1a(text), file: OutputFormat.displayPath(finding.location.file, base: baseDirectory))
    }

    /// The line with runs of blanks made one space and the ends trimmed.
    static func normalised(_ line: Substring) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes, as 16 lowercase hex digits.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
