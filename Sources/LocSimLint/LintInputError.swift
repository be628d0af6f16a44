/// An input `locsim lint` could not read: a missing or unreadable file, a malformed plist or YAML.
///
/// The command line prints ``description`` (one line naming the file, and the line when known)
/// and exits with status 2.
public struct LintInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that could not be read.
    public var file: String
    /// The 1-based line of the problem, when the parser says.
    public var line: Int?
    /// What went wrong.
    public var reason: String

    /// Creates an input error.
    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: error: reason` (or `file: error: reason` without a line).
    public var description: String {
        if let line { return "\(file):\(line): error: \(reason)" }
        return "\(file): error: \(reason)"
    }
}
