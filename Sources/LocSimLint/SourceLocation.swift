/// A place in a file that a finding points at.
///
/// Lines and columns start at 1. A finding about a whole file (a binary plist, say) uses line 1,
/// column 1.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable {
    /// The file path as given on the command line or found while walking a directory.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = max(1, line)
        self.column = max(1, column)
    }

    /// Orders by file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
