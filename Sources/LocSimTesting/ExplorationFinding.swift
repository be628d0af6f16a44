import LocSimExplorer
import LocSimModel

/// A problem the test-support exploration found in an app's code, with the shortest path to it.
public struct ExplorationFinding: Hashable, Sendable, CustomStringConvertible {
    /// The kind (`hang`, `ignoredRequest`, `promptOnForeground`, `backgroundStart`, `terminated`).
    public var kind: FindingKind
    /// What distinguishes it from other findings of its kind.
    public var key: String
    /// A one-line explanation.
    public var explanation: String
    /// The platform.
    public var platform: Platform
    /// The explorer events of the path, in order.
    public var path: [String]

    /// `ignoredRequest requestAlwaysAuthorization().temporaryAuthorization on iOS 18.0: … (path: launch → …)`.
    public var description: String {
        "\(kind.rawValue) \(key) on \(platform): \(explanation) (path: \(path.joined(separator: " → ")))"
    }
}
