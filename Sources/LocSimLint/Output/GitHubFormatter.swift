import Foundation

/// Renders findings as GitHub Actions workflow commands, one annotation per finding:
/// `::error file=App/Info.plist,line=4,col=1,title=LOC001 missing-when-in-use-key::message`.
///
/// Severities map to the commands `error`, `warning` and `notice`. As the Actions toolkit does
/// (`actions/toolkit`, `command.ts`), the message escapes `%`, CR and LF as `%25`, `%0D`, `%0A`, and
/// property values also escape `:` and `,` as `%3A` and `%2C`. The summary line follows, plain.
public enum GitHubFormatter {
    /// Renders `report`, with paths relative to `baseDirectory` (the checkout, where Actions runs).
    public static func render(_ report: LintReport, baseDirectory: String) -> String {
        var out = ""
        for finding in report.findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let file = OutputFormat.displayPath(finding.location.file, base: baseDirectory)
            let title = "\(finding.checkID) \(CheckCatalog.check(finding.checkID)?.name ?? "")"
            let rules = finding.ruleIDs.isEmpty ? "" : " (\(finding.ruleIDs.joined(separator: ", ")))"
            out += "::\(command) file=\(escapeProperty(file)),line=\(finding.location.line),col=\(finding.location.column),title=\(escapeProperty(title))::\(escapeData(finding.message + rules))\n"
        }
        out += TextFormatter.summary(report) + "\n"
        return out
    }

    /// A command's message: `%`, CR and LF escaped.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command property's value: as ``escapeData(_:)``, and `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
