import Foundation

/// Renders findings as a JSON document: `{"findings": [...], "summary": {...}, "version": 1}`.
public enum JSONFormatter {
    struct Document: Encodable {
        var version = 1
        var findings: [Item]
        var summary: Summary
    }
    struct Item: Encodable {
        var id: String
        var name: String
        var severity: String
        var message: String
        var file: String
        var line: Int
        var column: Int
        var rules: [String]
    }
    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        var notes: Int
        var targets: Int
        var sourceFiles: Int
        var parsedFiles: Int
    }

    /// Renders `report`.
    public static func render(_ report: LintReport, baseDirectory: String) -> String {
        let items = report.findings.map {
            Item(id: $0.checkID, name: CheckCatalog.check($0.checkID)?.name ?? $0.checkID, severity: $0.severity.rawValue, message: $0.message,
                 file: OutputFormat.displayPath($0.location.file, base: baseDirectory), line: $0.location.line, column: $0.location.column, rules: $0.ruleIDs)
        }
        func count(_ s: Severity) -> Int { report.findings.filter { $0.severity == s }.count }
        let document = Document(findings: items, summary: Summary(errors: count(.error), warnings: count(.warning), notes: count(.note),
                                                                  targets: report.targetCount, sourceFiles: report.sourceFileCount, parsedFiles: report.parsedFileCount))
        return encode(document)
    }

    /// Pretty-printed JSON with sorted keys and a trailing newline.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
