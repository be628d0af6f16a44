import Foundation
import LocSimModel

/// A finding the team knows about and accepts, with the reason: exploration reports it apart and
/// it does not fail the run.
///
/// Written `kind key`, as findings print (`ignoredRequest requestAlways.temporaryAuthorization`):
/// in an app model's `explore.accept` list, or in Swift for `ExplorationRun`. It accepts the
/// finding on every explored platform. Core Location has no such type.
public struct AcceptedFinding: Hashable, Sendable, CustomStringConvertible {
    /// The kind of the finding accepted.
    public var kind: FindingKind
    /// The key of the finding accepted (`requestAlways.temporaryAuthorization`).
    public var key: String
    /// Why it is accepted (required: an acceptance without a reason is a silent one).
    public var reason: String
    /// The line of the entry in its app model file, if it came from one.
    public var line: Int?

    /// Accepts the finding of `kind` with `key`.
    public init(_ kind: FindingKind, _ key: String, reason: String, line: Int? = nil) {
        self.kind = kind
        self.key = key
        self.reason = reason
        self.line = line
    }

    /// Parses `kind key` (`ignoredRequest requestAlways.temporaryAuthorization`); `nil` when the
    /// kind is not a finding kind or the key is missing.
    public init?(finding text: String, reason: String, line: Int? = nil) {
        let parts = text.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let kind = FindingKind(rawValue: parts[0]), !parts[1].isEmpty else { return nil }
        self.init(kind, parts[1], reason: reason, line: line)
    }

    /// Whether this entry accepts the finding of `kind` with `key`.
    public func accepts(kind: FindingKind, key: String) -> Bool { self.kind == kind && self.key == key }

    /// `ignoredRequest requestAlways.temporaryAuthorization`.
    public var description: String { "\(kind.rawValue) \(key)" }
}
