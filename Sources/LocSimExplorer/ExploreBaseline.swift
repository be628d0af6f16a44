import Foundation
import LocSim
import LocSimModel

/// The findings `locsim explore` knew about when the baseline was written: with `--baseline FILE`
/// only the others are reported and set the exit status (`--write-baseline FILE` writes one).
///
/// A text file, one finding a line: model name, platform, kind and key, separated by tabs, after a
/// `#` comment header; blank lines and `#` lines are ignored. Core Location has no such type.
public struct ExploreBaseline: Hashable, Sendable {
    /// One known finding.
    public struct Entry: Hashable, Sendable {
        /// The app model's name.
        public var model: String
        /// The platform, as it prints (`iOS 18.0`).
        public var platform: String
        /// The finding's kind.
        public var kind: FindingKind
        /// The finding's key.
        public var key: String
    }

    /// The known findings.
    public var entries: Set<Entry>

    /// The baseline of every finding in `results` (accepted findings are not in it: the app model accepts them).
    public init(results: [ExplorationResult]) {
        entries = Set(results.flatMap { r in r.findings.map { Self.entry($0, model: r.model) } })
    }

    /// Reads a baseline file.
    /// - Throws: `InputError` with the line of a malformed entry, or when the file cannot be read.
    public init(contentsOf path: String) throws {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw InputError(file: path, line: nil, message: "cannot read the baseline file")
        }
        try self.init(parsing: text, file: path)
    }

    /// Parses baseline text; `file` names it in errors.
    public init(parsing text: String, file: String) throws {
        var entries: Set<Entry> = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let kind = FindingKind(rawValue: fields[2]), !fields[0].isEmpty, !fields[3].isEmpty else {
                throw InputError(file: file, line: i + 1, message: "a baseline line is MODEL<tab>PLATFORM<tab>KIND<tab>KEY (write one with --write-baseline)")
            }
            entries.insert(Entry(model: fields[0], platform: fields[1], kind: kind, key: fields[3]))
        }
        self.entries = entries
    }

    /// Whether `finding` of the app model `model` is known.
    public func contains(_ finding: Finding, model: AppModel) -> Bool { entries.contains(Self.entry(finding, model: model)) }

    /// The file text: the header, then one entry a line, sorted.
    public var text: String {
        let lines = entries.map { [$0.model, $0.platform, $0.kind.rawValue, $0.key].joined(separator: "\t") }.sorted()
        return "# locsim explore baseline: known findings, one a line: model, platform, kind, key (tab-separated)\n"
            + lines.map { $0 + "\n" }.joined()
    }

    /// Moves the known findings of `results` out of their platforms' findings (they are not reported);
    /// returns how many were known.
    public func remove(from results: inout [ExplorationResult]) -> Int {
        var known = 0
        for r in results.indices {
            let model = results[r].model
            for p in results[r].platforms.indices {
                let all = results[r].platforms[p].findings
                results[r].platforms[p].findings = all.filter { !contains($0, model: model) }
                known += all.count - results[r].platforms[p].findings.count
            }
        }
        return known
    }

    private static func entry(_ f: Finding, model: AppModel) -> Entry {
        Entry(model: model.name, platform: f.platform.description, kind: f.kind, key: f.key)
    }
}
