import Foundation

/// Inline suppression comments.
///
/// - `// locsim:disable-line LOC003` on the line of the finding (or `/* … */`, `<!-- … -->`).
/// - `// locsim:disable-next-line LOC003` on the line before it.
/// - `// locsim:disable-file LOC007` anywhere in the file.
///
/// Ids may be check ids or names, separated by spaces or commas; with none, every check is silenced.
public struct Suppressions {
    private var cache: [String: [Substring]] = [:]

    /// Creates an empty suppression index; files are read on demand.
    public init() {}

    /// Whether `finding` is silenced by a comment in its file.
    public mutating func isSuppressed(_ finding: Finding) -> Bool {
        let lines = self.lines(of: finding.location.file)
        let index = finding.location.line - 1
        if index < lines.count, Self.directive("locsim:disable-line", in: lines[index], covers: finding.checkID) { return true }
        if index >= 1, index - 1 < lines.count, Self.directive("locsim:disable-next-line", in: lines[index - 1], covers: finding.checkID) { return true }
        return lines.contains { Self.directive("locsim:disable-file", in: $0, covers: finding.checkID) }
    }

    private mutating func lines(of file: String) -> [Substring] {
        if let cached = cache[file] { return cached }
        var lines = [Substring]()
        if let data = FileManager.default.contents(atPath: file), !data.starts(with: Array("bplist".utf8)),
           let text = String(data: data, encoding: .utf8), text.contains("locsim:disable") {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        cache[file] = lines
        return lines
    }

    /// Whether `line` has `directive` naming `checkID` (or naming nothing).
    static func directive(_ directive: String, in line: Substring, covers checkID: String) -> Bool {
        guard let range = line.range(of: directive) else { return false }
        let rest = line[range.upperBound...]
        // The directive must be followed by a separator, not continue as another word (`disable-line` vs `disable-linefoo`).
        if let first = rest.first, !(first == " " || first == "\t" || first == ":" || first == "*" || first == "-") { return false }
        let ids = rest.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == ":" }
            .map(String.init)
            .prefix { !$0.hasPrefix("*/") && !$0.hasPrefix("-->") }
            .compactMap { CheckCatalog.check($0)?.id }
        return ids.isEmpty || ids.contains(checkID)
    }
}
