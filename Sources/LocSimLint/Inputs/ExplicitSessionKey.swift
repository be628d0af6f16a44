/// The Info.plist key that opts an app into explicit service sessions (O9), as a target declares it.
///
/// Apple's documentation names the key two ways (`NSLocationRequireExplicitServiceSession` in
/// "Handling location updates in the background", `CLRequireExplicitServiceSession` in
/// "Suspending authorization requests" and `CLServiceSession.h`); which one iOS honors is
/// uncertain, so lint reads both.
public struct ExplicitSessionKey: Hashable, Sendable {
    /// A declared value.
    public enum Value: Hashable, Sendable {
        /// `<true/>` / `<false/>` (or `YES`/`NO` in build settings and XcodeGen properties).
        case boolean(Bool)
        /// Any other value, described for messages (`a string "YES"`).
        case notBoolean(String)
        /// A build-setting value with an unresolved `$(VAR)`: not judged.
        case unknown
    }

    /// Both spellings, in the order messages name them.
    public static let names = ["NSLocationRequireExplicitServiceSession", "CLRequireExplicitServiceSession"]

    /// The spelling used.
    public var key: String
    /// The value.
    public var value: Value
    /// Where the key is declared.
    public var location: SourceLocation

    /// Creates a declared key.
    public init(key: String, value: Value, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }

    /// The key as read from a plist value.
    static func reading(_ key: String, _ value: PlistValue, at location: SourceLocation) -> ExplicitSessionKey {
        let described: Value
        switch value {
        case .bool(let b): described = .boolean(b)
        case .string(let s): described = .notBoolean("a string \"\(s)\"")
        case .number(let n): described = .notBoolean("a number (\(n == n.rounded() && n.magnitude < 1e15 ? String(Int(n)) : String(n)))")
        case .array: described = .notBoolean("an array")
        case .dictionary: described = .notBoolean("a dictionary")
        case .other: described = .notBoolean("a data or date value")
        }
        return ExplicitSessionKey(key: key, value: described, location: location)
    }

    /// The key as given by a build setting or XcodeGen `info.properties` (booleans arrive as `YES`/`NO`).
    static func reading(_ key: String, _ value: DeclaredValue) -> ExplicitSessionKey {
        guard let text = value.text else { return ExplicitSessionKey(key: key, value: .unknown, location: value.location) }
        switch text.lowercased() {
        case "yes", "true": return ExplicitSessionKey(key: key, value: .boolean(true), location: value.location)
        case "no", "false": return ExplicitSessionKey(key: key, value: .boolean(false), location: value.location)
        default: return ExplicitSessionKey(key: key, value: .notBoolean("\"\(text)\""), location: value.location)
        }
    }
}
