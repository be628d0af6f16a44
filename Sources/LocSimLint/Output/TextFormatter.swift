/// Renders findings as `file:line:column: severity: message [LOC001 (J1, J3)]` lines, then a summary line.
public enum TextFormatter {
    /// Renders `report`.
    public static func render(_ report: LintReport, baseDirectory: String) -> String {
        var out = ""
        for finding in report.findings {
            let file = OutputFormat.displayPath(finding.location.file, base: baseDirectory)
            out += "\(file):\(finding.location.line):\(finding.location.column): \(finding.severity.rawValue): \(finding.message) [\(finding.checkID) (\(finding.ruleIDs.joined(separator: ", ")))]\n"
        }
        out += summary(report) + "\n"
        return out
    }

    /// `locsim lint: 1 error, 2 warnings, 0 notes in 3 targets (120 source files, 4 parsed)`, then,
    /// when some could not be linted, `; 1 not linted: Runner (Info.plist malformed)`.
    public static func summary(_ report: LintReport) -> String {
        func count(_ s: Severity) -> Int { report.findings.filter { $0.severity == s }.count }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "locsim lint: \(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note")) in \(plural(report.targetCount, "target")) (\(plural(report.sourceFileCount, "source file")), \(report.parsedFileCount) parsed)"
            + (report.notLinted.isEmpty ? "" : "; \(report.notLinted.count) not linted: \(report.notLinted.joined(separator: ", "))")
    }
}
