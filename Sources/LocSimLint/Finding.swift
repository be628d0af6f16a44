/// One problem `locsim lint` reports.
///
/// Findings sort by file, line, column and check id, so output is deterministic.
public struct Finding: Hashable, Sendable, Comparable {
    /// The check that found it (``Check/id``).
    public var checkID: String
    /// The severity after `.locsim.yml` re-levelling.
    public var severity: Severity
    /// The message, one line.
    public var message: String
    /// Where it is.
    public var location: SourceLocation
    /// The SPEC rule ids behind the check.
    public var ruleIDs: [String]

    /// Creates a finding.
    public init(checkID: String, severity: Severity, message: String, location: SourceLocation, ruleIDs: [String]) {
        self.checkID = checkID
        self.severity = severity
        self.message = message
        self.location = location
        self.ruleIDs = ruleIDs
    }

    /// Orders by location, then check id, then message.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.checkID != rhs.checkID { return lhs.checkID < rhs.checkID }
        return lhs.message < rhs.message
    }
}
