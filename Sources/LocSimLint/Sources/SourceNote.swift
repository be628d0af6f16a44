/// Why part or all of a source file was not analysed (too large, nested too deeply), reported
/// as a `source-not-analysed` note so a request in it is never dropped silently.
public struct SourceNote: Hashable, Sendable {
    /// Where the skipped part starts (line 1 for a whole file).
    public var location: SourceLocation
    /// What was skipped and why, one line.
    public var message: String

    /// Creates a note.
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}
