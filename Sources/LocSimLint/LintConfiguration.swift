import Foundation
import Yams

/// The `.locsim.yml` configuration: checks to disable, severities to change, paths to skip.
///
/// ```yaml
/// disabled: [LOC011]          # ids or names
/// severity:
///   LOC010: error             # error | warning | note
/// exclude: ["Vendor/*"]       # glob patterns, relative to the linted path
/// fail-on: warning            # default for --fail-on
/// platform: iOS               # default for --platform
/// deployment-target: "14.0"   # default for --deployment-target
/// ```
public struct LintConfiguration: Hashable, Sendable {
    /// Ids of checks that do not run.
    public var disabled: Set<String>
    /// Severity overrides by check id.
    public var severities: [String: Severity]
    /// Glob patterns of paths (relative to a linted directory) to skip.
    public var exclude: [String]
    /// The `--fail-on` default, if set.
    public var failOn: Severity?
    /// The `--platform` default, if set.
    public var platform: String?
    /// The `--deployment-target` default, if set.
    public var deploymentTarget: String?

    /// Creates a configuration (the default runs every check at its default severity).
    public init(disabled: Set<String> = [], severities: [String: Severity] = [:], exclude: [String] = [], failOn: Severity? = nil,
                platform: String? = nil, deploymentTarget: String? = nil) {
        self.disabled = disabled
        self.severities = severities
        self.exclude = exclude
        self.failOn = failOn
        self.platform = platform
        self.deploymentTarget = deploymentTarget
    }

    /// The file name lint looks for in the first linted directory.
    public static let fileName = ".locsim.yml"

    /// Reads a configuration file.
    ///
    /// - Throws: `InputError` for an unreadable file, malformed YAML, an unknown check id or
    ///   severity, or an unknown top-level key.
    public static func load(_ path: String) throws -> LintConfiguration {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, message: "cannot read file")
        }
        return try parse(text, path: path)
    }

    /// Parses configuration `text` read from `path`.
    public static func parse(_ text: String, path: String) throws -> LintConfiguration {
        let yaml: Any?
        do { yaml = try Yams.load(yaml: text) } catch { throw YAMLErrors.inputError(error, file: path) }
        guard let yaml else { return LintConfiguration() }
        guard let root = yaml as? [String: Any] else { throw InputError(file: path, message: "configuration root is not a mapping") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of key: String) -> Int? {
            lines.firstIndex { $0.contains(key) }.map { $0 + 1 }
        }
        func checkID(_ any: Any) throws -> String {
            let name = "\(any)"
            guard let check = CheckCatalog.check(name) else { throw InputError(file: path, line: line(of: name), message: "unknown check '\(name)'") }
            return check.id
        }
        func severity(_ any: Any) throws -> Severity {
            let name = "\(any)".lowercased()
            guard let s = Severity(rawValue: name) else { throw InputError(file: path, line: line(of: "\(any)"), message: "unknown severity '\(any)' (expected error, warning or note)") }
            return s
        }
        var config = LintConfiguration()
        for key in root.keys.sorted() {
            let value = root[key]!
            switch key {
            case "disabled":
                guard let list = value as? [Any] else { throw InputError(file: path, line: line(of: key), message: "'disabled' must be a list of check ids") }
                config.disabled = Set(try list.map(checkID))
            case "severity":
                guard let map = value as? [String: Any] else { throw InputError(file: path, line: line(of: key), message: "'severity' must map check ids to severities") }
                for (id, level) in map { config.severities[try checkID(id)] = try severity(level) }
            case "exclude":
                guard let list = value as? [Any] else { throw InputError(file: path, line: line(of: key), message: "'exclude' must be a list of glob patterns") }
                config.exclude = list.map { "\($0)" }
            case "fail-on":
                config.failOn = try severity(value)
            case "platform":
                config.platform = "\(value)"
            case "deployment-target":
                config.deploymentTarget = "\(value)"
            default:
                throw InputError(file: path, line: line(of: key), message: "unknown configuration key '\(key)'")
            }
        }
        return config
    }

    /// The severity of `check` under this configuration, or `nil` if it is disabled.
    public func severity(of check: Check) -> Severity? {
        if disabled.contains(check.id) { return nil }
        return severities[check.id] ?? check.defaultSeverity
    }
}
