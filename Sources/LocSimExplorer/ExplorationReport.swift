import Foundation
import LocSimModel

/// Renders exploration results as text or JSON Lines, writes counterexample files, and gives the
/// command line's exit status. Output is deterministic: it never includes timings.
public enum ExplorationReport {
    /// Output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Human-readable.
        case text
        /// One JSON object per line (a platform summary, a finding, and a final summary), keys sorted.
        case json
    }

    /// The exit status: 1 when anything was found, else 0 (invalid input is 2, decided by the caller).
    public static func exitStatus(_ results: [ExplorationResult]) -> Int32 {
        results.contains { !$0.findings.isEmpty } ? 1 : 0
    }

    /// The text report: per model its platforms, then its findings grouped by kind and key, each
    /// group once with the platforms it affects and one (the shortest) counterexample, and last
    /// where to find the rest. With `details`, every finding on every platform instead, each with
    /// its counterexample printed (or, with `counterexampleFiles`, finding → path written, named).
    public static func text(_ results: [ExplorationResult], counterexampleFiles: [Finding: String]? = nil, details: Bool = false) -> String {
        var out = ""
        for result in results {
            out += "== \(result.model.name)  (\(result.model.file))\n"
            for p in result.platforms {
                let completeness = p.stoppedAtMemoryBound ? "stopped at the memory bound" : p.truncated ? "stopped at the state limit" : p.exhaustive ? "every reachable state" : "depth limit reached"
                out += "\(p.platform): \(p.states) states, \(p.transitions) transitions, depth \(p.depth) (\(completeness)), "
                out += "\(p.findings.count) finding\(p.findings.count == 1 ? "" : "s")\n"
                if let shared = p.sharedSearch {
                    out += "  searched with \(shared): the model's rules read nothing that tells the two apart\n"
                }
                for (kind, classes) in [("regions", p.symmetricRegions), ("conditions", p.symmetricConditions), ("sessions", p.symmetricSessions)] where !classes.isEmpty {
                    let named = classes.map { $0.joined(separator: ", ") }.joined(separator: "; ")
                    out += "  \(kind) \(named): the app treats them alike, one state stored per renaming of them (--no-symmetry: each)\n"
                }
                if p.undecided > 0 {
                    out += "  " + ExplorationVerdict.cutText(undecided: p.undecided, decidingDepth: p.decidingDepth, hidden: p.hiddenFindings, timeBudget: false) + "\n"
                }
            }
            let findings = result.findings
            if !details { out += summary(result, counterexampleFiles: counterexampleFiles) }
            for f in details ? findings : [] {
                out += "\n\(f.kind.rawValue)  \(f.key)  [\(f.platform)]\n"
                out += "  \(f.explanation)  (\(f.rules.joined(separator: ", ")))\n"
                out += "  path (\(f.depth)): \(f.path.joined(separator: " → "))\n"
                if let files = counterexampleFiles {
                    out += "  counterexample: \(files[f] ?? "?")\n"
                } else {
                    out += "  counterexample:\n"
                    out += f.scenario.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    " + $0 }.joined(separator: "\n") + "\n"
                }
            }
            if findings.isEmpty { out += "no findings\n" }
            for f in result.acceptedFindings {
                out += "accepted: \(f.kind.rawValue)  \(f.key)  [\(f.platform)]: \(reason(f, in: result.model))\n"
            }
            for a in result.unusedAcceptances {
                out += "warning: \(result.model.file)\(a.line.map { ":\($0)" } ?? ""): accepted finding \(a) was not found: remove it from explore.accept\n"
            }
            out += "\n"
        }
        let total = findingCount(results)
        if total > 0 && !details {
            out += counterexampleFiles == nil ? moreHint : moreHintWithFiles
        }
        // The count stays the last line, as the JSON's summary object is the last object.
        out += "\(results.count) model\(results.count == 1 ? "" : "s"), \(total) finding\(total == 1 ? "" : "s")\n"
        return out
    }

    /// The lines before a summary's count: where every finding is.
    static let moreHint = """
        Every finding on every platform: --details (each with its counterexample), --format json (JSON Lines),
        --counterexamples DIR (one scenario file per finding, for locsim run to replay).

        """
    /// The same when the counterexamples were written.
    static let moreHintWithFiles = """
        Every finding on every platform: --details, or --format json (JSON Lines); every counterexample is in the folder above.

        """

    /// A model's findings as a person reads them first: one entry per kind and key, with the
    /// platforms it affects (in the order explored) and its shortest counterexample.
    static func summary(_ result: ExplorationResult, counterexampleFiles files: [Finding: String]?) -> String {
        let findings = result.findings
        guard !findings.isEmpty else { return "" }
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for f in findings {
            let id = "\(f.kind.rawValue) \(f.key)"
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(f)
        }
        let platformCount = Set(findings.map(\.platform)).count
        var out = "\n\(order.count) problem\(order.count == 1 ? "" : "s") (\(findings.count) finding\(findings.count == 1 ? "" : "s") "
        out += "on \(platformCount) platform\(platformCount == 1 ? "" : "s")), each with its shortest counterexample:\n"
        for id in order {
            let group = groups[id]!
            // The shortest path; among equals, the first platform explored.
            let shown = group.enumerated().min { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }!.element
            let affected = Set(group.map(\.platform))
            let platforms = result.platforms.map(\.platform).filter { affected.contains($0) }
            out += "\n\(shown.kind.rawValue)  \(shown.key)  on \(platforms.map(\.description).joined(separator: ", "))\n"
            out += "  \(shown.explanation)  (\(shown.rules.joined(separator: ", ")))\n"
            out += "  shortest path (\(shown.depth) event\(shown.depth == 1 ? "" : "s"), \(shown.platform)): \(shown.path.joined(separator: " → "))\n"
            if let files {
                out += "  counterexample: \(files[shown] ?? "?")"
                out += group.count > 1 ? " (and \(group.count - 1) for the other platform\(group.count == 2 ? "" : "s"))\n" : "\n"
            } else {
                out += "  counterexample: \(shown.fileName) (--counterexamples DIR writes it; --details prints it)\n"
            }
        }
        return out
    }

    /// How many findings `results` hold in all.
    static func findingCount(_ results: [ExplorationResult]) -> Int {
        results.reduce(0) { $0 + $1.findings.count }
    }

    /// JSON Lines: per model a `platform` object per explored platform, then a `finding` object per
    /// finding; last a `summary` object (`models`, `platforms`, `findings`), like the text's last line.
    public static func jsonLines(_ results: [ExplorationResult]) -> String {
        var out = ""
        for result in results {
            for p in result.platforms {
                var fields: [String: Any] = ["type": "platform", "model": result.model.file, "platform": p.platform.description, "states": p.states,
                                             "transitions": p.transitions, "depth": p.depth, "exhaustive": p.exhaustive, "truncated": p.truncated,
                                             "findings": p.findings.count]
                if p.stoppedAtMemoryBound { fields["stoppedAtMemoryBound"] = true }
                if let shared = p.sharedSearch { fields["sharedSearch"] = shared.description }
                if !p.symmetricRegions.isEmpty { fields["symmetricRegions"] = p.symmetricRegions }
                if !p.symmetricConditions.isEmpty { fields["symmetricConditions"] = p.symmetricConditions }
                if !p.symmetricSessions.isEmpty { fields["symmetricSessions"] = p.symmetricSessions }
                if p.undecided > 0 {
                    fields["undecided"] = p.undecided
                    fields["hiddenFindings"] = p.hiddenFindings
                    if let d = p.decidingDepth { fields["decidingDepth"] = d }
                }
                out += line(fields)
            }
            for f in result.findings {
                out += line(["type": "finding", "model": f.model, "kind": f.kind.rawValue, "key": f.key, "platform": f.platform.description,
                             "explanation": f.explanation, "rules": f.rules, "depth": f.depth, "path": f.path,
                             "scenarioFile": f.fileName, "scenario": f.scenario])
            }
            for f in result.acceptedFindings {
                out += line(["type": "accepted", "model": f.model, "kind": f.kind.rawValue, "key": f.key, "platform": f.platform.description,
                             "reason": reason(f, in: result.model)])
            }
            for a in result.unusedAcceptances {
                out += line(["type": "unusedAcceptance", "model": result.model.file, "kind": a.kind.rawValue, "key": a.key,
                             "line": a.line ?? 0, "reason": a.reason])
            }
        }
        out += line(["type": "summary", "models": results.count, "platforms": results.reduce(0) { $0 + $1.platforms.count },
                     "findings": findingCount(results)])
        return out
    }

    /// The reason of the entry of `model`'s `explore.accept` that accepts `finding`.
    private static func reason(_ finding: Finding, in model: AppModel) -> String {
        model.accepted.first { $0.accepts(kind: finding.kind, key: finding.key) }?.reason ?? ""
    }

    /// Writes every counterexample into `directory` (created if needed); returns finding → path.
    public static func writeCounterexamples(_ results: [ExplorationResult], to directory: String) throws -> [Finding: String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [Finding: String] = [:]
        for f in results.flatMap(\.findings) {
            let path = (directory as NSString).appendingPathComponent(f.fileName)
            try Data(f.scenario.utf8).write(to: URL(fileURLWithPath: path))
            written[f] = path
        }
        return written
    }

    private static func line(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
