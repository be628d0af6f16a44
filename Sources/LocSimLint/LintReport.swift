/// The result of a lint run: the findings, sorted, and what was looked at.
public struct LintReport: Sendable {
    /// Findings sorted by file, line, column and check id.
    public var findings: [Finding]
    /// The app targets found.
    public var targetCount: Int
    /// Source files seen (before the byte filter).
    public var sourceFileCount: Int
    /// Source files parsed (after the byte filter).
    public var parsedFileCount: Int
    /// Bytes of source read.
    public var sourceBytes: Int
    /// Files under the linted paths that were not read, and why (printed as notes on stderr).
    public var skippedFiles: [SkippedFile]
    /// Targets and project files that could not be linted, each `name (why)` (LOC029 and LOC031
    /// findings say more); the summary line counts them.
    public var notLinted: [String] = []
    /// Why no app target was found when the paths hold bundle Info.plists that are not an app's
    /// (`Framework/Info.plist is a framework's Info.plist`); `nil` otherwise.
    public var nonAppPlistNote: String?

    /// Creates a report.
    public init(findings: [Finding], targetCount: Int, sourceFileCount: Int, parsedFileCount: Int, sourceBytes: Int, skippedFiles: [SkippedFile] = []) {
        self.findings = findings
        self.targetCount = targetCount
        self.sourceFileCount = sourceFileCount
        self.parsedFileCount = parsedFileCount
        self.sourceBytes = sourceBytes
        self.skippedFiles = skippedFiles
    }

    /// The most serious severity among the findings, if any.
    public var highestSeverity: Severity? { findings.map(\.severity).max() }
}
