import Foundation
import LocSimModel
import LocSimYAML

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
    /// - Throws: `InputError` for an unreadable file, malformed YAML (or YAML beyond
    ///   `YAMLLimits`), an unknown check id or severity, an invalid deployment target, or an
    ///   unknown top-level key.
    public static func load(_ path: String) throws -> LintConfiguration {
        try parse(try YAMLValue.readText(contentsOf: path, kind: "file"), path: path)
    }

    /// Parses configuration `text` read from `path`.
    public static func parse(_ text: String, path: String) throws -> LintConfiguration {
        guard let root = try YAMLValue.parse(text, file: path) else { return LintConfiguration() }
        guard root.isMapping else { throw InputError(file: path, line: root.line, message: "configuration root is not a mapping") }
        func checkID(_ value: YAMLValue) throws -> String {
            let name = try value.string("check id")
            guard let check = CheckCatalog.check(name) else { throw value.error("unknown check '\(name)'") }
            return check.id
        }
        func severity(_ value: YAMLValue) throws -> Severity {
            let name = try value.string("severity")
            guard let s = Severity(rawValue: name.lowercased()) else { throw value.error("unknown severity '\(name)' (expected error, warning or note)") }
            return s
        }
        var config = LintConfiguration()
        for (key, keyLine, value) in try root.mapping("configuration") {
            func fail(_ message: String) -> InputError { InputError(file: path, line: keyLine, message: message) }
            switch key {
            case "disabled":
                guard value.isSequence else { throw fail("'disabled' must be a list of check ids") }
                config.disabled = Set(try value.sequence(key).map(checkID))
            case "severity":
                guard value.isMapping else { throw fail("'severity' must map check ids to severities") }
                for (id, idLine, level) in try value.mapping(key) {
                    guard let check = CheckCatalog.check(id) else { throw InputError(file: path, line: idLine, message: "unknown check '\(id)'") }
                    config.severities[check.id] = try severity(level)
                }
            case "exclude":
                guard value.isSequence else { throw fail("'exclude' must be a list of glob patterns") }
                config.exclude = try value.stringList(key)
            case "fail-on":
                config.failOn = try severity(value)
            case "platform":
                config.platform = try value.string(key)
            case "deployment-target":
                // The source text: an unquoted `10.10` is the version 10.10, not the number 10.1.
                let version = try value.string(key)
                guard Platform(parsing: "iOS \(version)") != nil else {
                    throw value.error("invalid deployment target '\(version)' (expected a version such as 14.0)")
                }
                config.deploymentTarget = version
            default:
                throw fail("unknown configuration key '\(key)'")
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
