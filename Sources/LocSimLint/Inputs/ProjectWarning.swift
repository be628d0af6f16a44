/// A project input lint could read but not fully resolve: a target it cannot resolve, an included
/// file that is missing (``XcodeGenSpec/Loaded/warnings``, read on its own). A lint run reports
/// the same as LOC030 and LOC031 findings; `description` is `file:line: warning: message`.
public struct ProjectWarning: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// Where the problem is.
    public var location: SourceLocation
    /// What could not be resolved and what lint does instead.
    public var message: String

    /// Creates a warning.
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line: warning: message`.
    public var description: String { "\(location.file):\(location.line): warning: \(message)" }

    public static func < (a: ProjectWarning, b: ProjectWarning) -> Bool {
        (a.location, a.message) < (b.location, b.message)
    }
}
