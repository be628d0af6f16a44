/// An Info.plist value as lint sees it: known text, or unknown (an unresolved `$(VAR)`), with
/// where it is declared.
public struct DeclaredValue: Hashable, Sendable {
    /// The value after build-setting substitution; `nil` when a variable could not be resolved.
    public var text: String?
    /// The value as written.
    public var raw: String
    /// Where the key is declared.
    public var location: SourceLocation

    /// Creates a declared value.
    public init(text: String?, raw: String, location: SourceLocation) {
        self.text = text
        self.raw = raw
        self.location = location
    }

    /// Whether the value could not be resolved (it is "unknown", never "missing").
    public var isUnknown: Bool { text == nil }
}
