import Foundation
import LocSim
import LocSimModel

/// Renders scenario results as text or JSON Lines, and the process's exit status.
///
/// Text: each scenario's timeline, then a result line; a summary at the end. JSON Lines: one
/// object per timeline entry and per result, keys sorted, so output is byte-identical across runs.
public enum ScenarioReport {
    /// Output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Human-readable timeline.
        case text
        /// One JSON object per line.
        case json
    }

    /// The exit status of a batch: 2 if any input was invalid, 1 if an expectation failed, else 0.
    public static func exitStatus(_ results: [ScenarioResult]) -> Int32 {
        let c = counts(results)
        return c.invalid > 0 ? 2 : c.failed > 0 ? 1 : 0
    }

    /// The text for one result: header, timeline, result line (and failure details).
    /// `invalidDetail: false` leaves out an invalid result's `file:line: message` line, for a
    /// caller that prints it elsewhere (`locsim run` prints it once, on stderr).
    public static func text(_ result: ScenarioResult, invalidDetail: Bool = true) -> String {
        if case .invalid(let e) = result.outcome, result.stepsRun == 0 {
            // The file could not be read or parsed: nothing ran.
            return "ERROR \(result.scenario.name)\n" + (invalidDetail ? "  \(e.description)\n" : "")
        }
        var out = "== \(result.scenario.name)  (\(result.scenario.file), \(result.scenario.device.platform))\n"
        out += result.timeline.text
        switch result.outcome {
        case .passed:
            if let problem = result.scenario.counterexample {
                out += "REPRODUCED  \(result.scenario.name)  (\(problem): the problem this counterexample shows happened)\n"
            } else {
                out += "PASS  \(result.scenario.name)  (\(result.stepsRun) steps, \(result.expectationsChecked) expectations)\n"
            }
        case .failed(let f):
            out += "FAIL  \(result.scenario.name)\n"
            if let problem = result.scenario.counterexample {
                out += "  no longer reproduces \(problem): this counterexample's expectations do not hold\n"
            }
            out += "  \(f.file):\(f.line): expectation failed\n"
            for m in f.mismatches {
                out += "    \(m.key): expected \(m.expected)\n"
                out += "    \(String(repeating: " ", count: m.key.count))  actual   \(m.actual)\n"
            }
            out += "  \(timelineNote)\n"
        case .invalid(let e):
            out += "ERROR \(result.scenario.name)\n" + (invalidDetail ? "  \(e.description)\n" : "")
        }
        return out
    }

    /// The last line of a failure's details in ``text(_:)``, after the timeline.
    public static let timelineNote = "(the timeline above runs up to the failing step)"

    /// What `locsim run --quiet` prints instead of ``timelineNote``: it printed no timeline.
    public static let quietTimelineNote = "(run again without --quiet to see the timeline up to the failing step)"

    /// The summary line: `3 scenarios: 2 passed, 1 failed`; with counterexamples that
    /// reproduced, `3 scenarios: 1 passed, 2 reproduced, 0 failed`.
    public static func summary(_ results: [ScenarioResult]) -> String {
        let (passed, failed, invalid) = counts(results)
        let reproduced = results.filter { $0.scenario.counterexample != nil && $0.outcome == .passed }.count
        var line = "\(results.count) scenario\(results.count == 1 ? "" : "s"): \(passed - reproduced) passed, "
        if reproduced > 0 { line += "\(reproduced) reproduced, " }
        line += "\(failed) failed"
        if invalid > 0 { line += ", \(invalid) invalid" }
        return line
    }

    /// The `detail` keys whose values are lists: a timeline entry holds them comma-joined
    /// (`allowOnce,dontAllow`, a delivery's `insufficientlyInUse,accuracyLimited`), JSON prints
    /// them as arrays of strings.
    public static let listDetailKeys: Set<String> = ["buttons", "diagnostics"]

    /// JSON Lines for one result: an `entry` object per timeline entry (unless `timeline` is
    /// `false`, as for `--quiet`), then a `result` object.
    public static func jsonLines(_ result: ScenarioResult, timeline: Bool = true) -> String {
        var lines: [String] = []
        for entry in timeline ? result.timeline.entries : [] {
            var object: [String: Any] = [
                "type": "entry", "scenario": result.scenario.name, "file": result.scenario.file,
                "time": TimelineEntry.format(entry.time), "ms": milliseconds(entry.time),
                "kind": entry.kind.rawValue, "text": entry.text,
            ]
            if let app = entry.app { object["app"] = app }
            if let manager = entry.manager { object["manager"] = manager }
            if !entry.detail.isEmpty { object["detail"] = jsonDetail(entry.detail) }
            lines.append(json(object))
        }
        var result_: [String: Any] = [
            "type": "result", "scenario": result.scenario.name, "file": result.scenario.file,
            "platform": result.scenario.device.platform.description,
            "steps": result.stepsRun, "expectations": result.expectationsChecked,
        ]
        switch result.outcome {
        case .passed:
            result_["status"] = "passed"
        case .failed(let f):
            result_["status"] = "failed"
            result_["line"] = f.line
            result_["mismatches"] = f.mismatches.map { ["key": $0.key, "expected": $0.expected, "actual": $0.actual] }
        case .invalid(let e):
            result_["status"] = "invalid"
            if let line = e.line { result_["line"] = line }
            result_["error"] = e.message
        }
        lines.append(json(result_))
        return lines.joined(separator: "\n") + "\n"
    }

    /// An entry's detail for JSON: the values of ``listDetailKeys`` split into arrays.
    static func jsonDetail(_ detail: [String: String]) -> [String: Any] {
        var object: [String: Any] = detail
        for key in listDetailKeys {
            if let list = detail[key] { object[key] = list.isEmpty ? [] : list.split(separator: ",").map(String.init) }
        }
        return object
    }

    /// The JSON summary object.
    public static func jsonSummary(_ results: [ScenarioResult]) -> String {
        let (passed, failed, invalid) = counts(results)
        return json(["type": "summary", "scenarios": results.count, "passed": passed, "failed": failed, "invalid": invalid]) + "\n"
    }

    /// How many results passed, failed an expectation, or were invalid.
    static func counts(_ results: [ScenarioResult]) -> (passed: Int, failed: Int, invalid: Int) {
        var c = (passed: 0, failed: 0, invalid: 0)
        for r in results {
            switch r.outcome {
            case .passed: c.passed += 1
            case .failed: c.failed += 1
            case .invalid: c.invalid += 1
            }
        }
        return c
    }

    static func milliseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }

    /// Serializes with sorted keys and no escaped slashes.
    public static func json(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
