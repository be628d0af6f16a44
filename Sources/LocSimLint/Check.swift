/// One lint check: its id, default severity, a one-line description and the SPEC rules behind it.
///
/// The full table is ``CheckCatalog/all``; `Docs/Lint.md` documents each entry.
public struct Check: Hashable, Sendable {
    /// The stable id, `LOC001` … (used in output, `.locsim.yml` and suppression comments).
    public var id: String
    /// A short kebab-case name (`missing-when-in-use-key`), accepted wherever an id is.
    public var name: String
    /// The severity used unless `.locsim.yml` re-levels the check.
    public var defaultSeverity: Severity
    /// The doc line: what the check finds, in one sentence.
    public var summary: String
    /// The SPEC rule ids the check enforces (`J1`, `E9`, …).
    public var ruleIDs: [String]

    /// Creates a check description.
    public init(id: String, name: String, defaultSeverity: Severity, summary: String, ruleIDs: [String]) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.ruleIDs = ruleIDs
    }
}
