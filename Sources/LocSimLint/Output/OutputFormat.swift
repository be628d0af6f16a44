import Foundation

/// The output formats of `locsim lint`.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// `file:line:column: error: message [LOC001 (J1, J3)]`, the form Xcode and editors read.
    case text
    /// A JSON document with every finding and a summary.
    case json
    /// SARIF 2.1.0, for code-scanning services.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…::message`), shown as annotations.
    case github

    /// Renders `report`, with paths relative to `baseDirectory` when they are inside it.
    public func render(_ report: LintReport, baseDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        switch self {
        case .text: return TextFormatter.render(report, baseDirectory: baseDirectory)
        case .json: return JSONFormatter.render(report, baseDirectory: baseDirectory)
        case .sarif: return SARIFFormatter.render(report, baseDirectory: baseDirectory)
        case .github: return GitHubFormatter.render(report, baseDirectory: baseDirectory)
        }
    }

    /// `path` relative to `base` if it is inside it, else unchanged.
    static func displayPath(_ path: String, base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
