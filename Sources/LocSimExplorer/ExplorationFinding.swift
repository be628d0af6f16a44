import Foundation
import LocSimModel

/// A problem an exploration of an app's code found, with the shortest path to it. Core Location
/// has no such type.
public struct ExplorationFinding: Hashable, Sendable, CustomStringConvertible {
    /// The kind (`hang`, `ignoredRequest`, `promptOnForeground`, `backgroundStart`, `terminated`, …).
    public var kind: FindingKind
    /// What distinguishes it from other findings of its kind.
    public var key: String
    /// A one-line explanation.
    public var explanation: String
    /// The platform.
    public var platform: Platform
    /// The explorer events of the path, in order (`launch`, `tap(track)`, `choose allowOnce`, …).
    public var path: [String]

    /// Creates a finding.
    public init(kind: FindingKind, key: String, explanation: String, platform: Platform, path: [String]) {
        self.kind = kind
        self.key = key
        self.explanation = explanation
        self.platform = platform
        self.path = path
    }

    /// `ignoredRequest requestAlways.temporaryAuthorization on iOS 18.0: … (path: launch → …)`.
    public var description: String {
        "\(kind.rawValue) \(key) on \(platform): \(explanation) (path: \(path.joined(separator: " → ")))"
    }

    /// The Swift that replays the path on the same exploration, for a test to paste:
    /// `try await run.replay(["launch", "tap(track)", "choose allowOnce"], on: .iOS(18))`.
    public var replay: String {
        let platformText = ".\(platform.os.rawValue)(\(platform.major)\(platform.minor != 0 ? ", \(platform.minor)" : ""))"
        let steps = path.map { "\"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"" }
        return "try await run.replay([\(steps.joined(separator: ", "))], on: \(platformText))"
    }
}
