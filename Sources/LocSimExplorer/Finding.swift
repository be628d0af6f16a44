import Foundation
import LocSimModel

/// One problem the explorer found, with the shortest path that shows it.
public struct Finding: Hashable, Sendable {
    /// The kind (its id: `hang`, `ignoredRequest`, …).
    public var kind: FindingKind
    /// What distinguishes it from other findings of its kind (`requestAlways.temporaryAuthorization`).
    public var key: String
    /// A one-line explanation.
    public var explanation: String
    /// The SPEC rule ids behind it.
    public var rules: [String]
    /// The platform it was found on.
    public var platform: Platform
    /// The app model it was found in.
    public var model: String
    /// How many explorer events the path has.
    public var depth: Int
    /// The explorer events of the path, in order (`launch`, `tap(track)`, `choose allowOnce`, …).
    public var path: [String]
    /// The shortest counterexample, as a scenario file that `locsim run` replays; its last
    /// `expect` shows the problem.
    public var scenario: String

    /// Creates a finding.
    public init(kind: FindingKind, key: String, explanation: String, rules: [String], platform: Platform, model: String,
                depth: Int, path: [String], scenario: String) {
        self.kind = kind
        self.key = key
        self.explanation = explanation
        self.rules = rules
        self.platform = platform
        self.model = model
        self.depth = depth
        self.path = path
        self.scenario = scenario
    }

    /// A stable file name for the counterexample: `buggy-tracker.hang.asking.iOS-18.0.yml`.
    public var fileName: String {
        let base = (model as NSString).lastPathComponent
        let stem = base.hasSuffix(".yml") || base.hasSuffix(".yaml") || base.hasSuffix(".json")
            ? String(base[..<base.lastIndex(of: ".")!]) : base
        let safe = { (s: String) in String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" }) }
        return "\(safe(stem)).\(kind.rawValue).\(safe(key)).\(safe(platform.description)).yml"
    }

    /// Sort order: kind, key, platform, model, then path and scenario (two findings can share a
    /// key's text, and their order must not depend on anything else).
    static func ordered(_ a: Finding, _ b: Finding) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        if a.key != b.key { return a.key < b.key }
        if a.platform != b.platform { return a.platform < b.platform }
        if a.model != b.model { return a.model < b.model }
        if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
        return a.scenario < b.scenario
    }
}
