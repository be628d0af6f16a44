import Foundation
import LocSimModel

/// The `locsim lint` command line: parses arguments, runs the ``Linter``, renders the report and
/// picks the exit status (0 clean, 1 findings at or above `--fail-on`, 2 unreadable input or a
/// usage error).
public enum LintCommandLine {
    /// Parsed `locsim lint` arguments.
    public struct Invocation: Hashable, Sendable {
        /// Files and directories to lint (default: the current directory).
        public var paths: [String] = []
        /// The output format.
        public var format: OutputFormat = .text
        /// The least severe finding that makes the exit status 1; `nil` means `.locsim.yml`'s or `error`.
        public var failOn: Severity?
        /// `--platform`: `iOS`, `macOS`, … optionally with a version (`"iOS 12.0"`).
        public var platform: String?
        /// `--deployment-target`: a version (`12.0`).
        public var deploymentTarget: String?
        /// `--config`: a `.locsim.yml` path.
        public var configPath: String?
        /// `--baseline`: report only findings this baseline file does not hold.
        public var baselinePath: String?
        /// `--write-baseline`: write the findings (before `--baseline` filters them) to this file.
        public var writeBaselinePath: String?
        /// `--allow-outside`: folders outside the linted paths that projects may read.
        public var allowOutside: [String] = []

        /// Creates an invocation.
        public init(paths: [String] = [], format: OutputFormat = .text, failOn: Severity? = nil, platform: String? = nil,
                    deploymentTarget: String? = nil, configPath: String? = nil, baselinePath: String? = nil, writeBaselinePath: String? = nil) {
            self.paths = paths
            self.format = format
            self.failOn = failOn
            self.platform = platform
            self.deploymentTarget = deploymentTarget
            self.configPath = configPath
            self.baselinePath = baselinePath
            self.writeBaselinePath = writeBaselinePath
        }
    }

    /// The help text of `main(arguments:)`.
    public static let usage = """
    USAGE: locsim lint [PATH ...] [--format text|json|sarif|github] [--fail-on error|warning|note]
                       [--platform <os>[ <version>]] [--deployment-target <version>] [--config <file>]
                       [--baseline <file>] [--write-baseline <file>] [--allow-outside <folder> ...] [--list-checks]
    Exit status: 0 clean, 1 findings at or above --fail-on (default error), 2 unusable invocation
    (a missing path, a bad option, a malformed .locsim.yml or baseline).
    """

    /// Runs `locsim lint` with `arguments` (not including the program and subcommand names).
    public static func main(arguments: [String], stdout: inout String, stderr: inout String) -> Int32 {
        var invocation = Invocation()
        var index = 0
        func value(_ flag: String) -> String? {
            if let eq = arguments[index].firstIndex(of: "="), arguments[index].hasPrefix("--") { return String(arguments[index][arguments[index].index(after: eq)...]) }
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            let flag = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            switch flag {
            case "-h", "--help":
                stdout += usage + "\n"
                return 0
            case "--list-checks":
                stdout += checkList()
                return 0
            case "--format":
                guard let v = value(flag), let format = OutputFormat(rawValue: v.lowercased()) else { return usageError("--format expects text, json, sarif or github", &stderr) }
                invocation.format = format
            case "--fail-on":
                guard let v = value(flag), let severity = Severity(rawValue: v.lowercased()) else { return usageError("--fail-on expects error, warning or note", &stderr) }
                invocation.failOn = severity
            case "--platform":
                guard let v = value(flag) else { return usageError("--platform expects an OS name", &stderr) }
                invocation.platform = v
            case "--deployment-target":
                guard let v = value(flag) else { return usageError("--deployment-target expects a version", &stderr) }
                invocation.deploymentTarget = v
            case "--config":
                guard let v = value(flag) else { return usageError("--config expects a file", &stderr) }
                invocation.configPath = v
            case "--baseline":
                guard let v = value(flag) else { return usageError("--baseline expects a file", &stderr) }
                invocation.baselinePath = v
            case "--write-baseline":
                guard let v = value(flag) else { return usageError("--write-baseline expects a file", &stderr) }
                invocation.writeBaselinePath = v
            case "--allow-outside":
                guard let v = value(flag) else { return usageError("--allow-outside expects a folder", &stderr) }
                invocation.allowOutside.append(v)
            default:
                if argument.hasPrefix("-") && argument != "-" { return usageError("unknown option '\(argument)'", &stderr) }
                invocation.paths.append(argument)
            }
            index += 1
        }
        return run(invocation, stdout: &stdout, stderr: &stderr)
    }

    /// Runs a parsed invocation (what the `locsim lint` ArgumentParser command calls).
    public static func run(_ invocation: Invocation, stdout: inout String, stderr: inout String) -> Int32 {
        let paths = invocation.paths.isEmpty ? ["."] : invocation.paths
        do {
            let configuration = try loadConfiguration(invocation.configPath, paths: paths)
            let platformText = invocation.platform ?? configuration.platform
            var os: Platform.OS?
            var version = invocation.deploymentTarget
            if let platformText {
                guard let parsed = TargetDiscovery.os(named: platformText) else {
                    stderr += "error: unknown platform '\(platformText)' (expected iOS, macOS, watchOS, tvOS or visionOS)\n"
                    return 2
                }
                os = parsed
                let parts = platformText.split(separator: " ")
                if version == nil, parts.count == 2 { version = String(parts[1]) }
            }
            if let version, Platform(parsing: "iOS \(version)") == nil {
                stderr += "error: invalid deployment target '\(version)'\n"
                return 2
            }
            var options = LintOptions(paths: paths, platform: os, deploymentTarget: version, configuration: configuration)
            options.allowOutside = invocation.allowOutside
            let baseline = try invocation.baselinePath.map(Baseline.load)
            var report = try Linter(options: options).run()
            let base = FileManager.default.currentDirectoryPath
            if let path = invocation.writeBaselinePath {
                do {
                    try Baseline.of(report.findings, baseDirectory: base).rendered().write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    throw InputError(file: path, message: "cannot write baseline file")
                }
            }
            if let baseline { report.findings = baseline.newFindings(report.findings, baseDirectory: base) }
            stdout += invocation.format.render(report, baseDirectory: base)
            stderr += report.skippedFiles.map { "\($0)\n" }.joined()
            if report.targetCount == 0, report.notLinted.isEmpty {
                let why = report.nonAppPlistNote.map { "\($0); only an app's or app extension's Info.plist is read for location prompts" }
                    ?? "no Info.plist, .xcodeproj or project.yml"
                stderr += "note: no app target found under \(paths.joined(separator: ", ")) (\(why)): "
                    + "only the source checks that need no Info.plist ran; purpose-string and background-mode checks need the app's Info.plist\n"
            }
            let threshold = invocation.failOn ?? configuration.failOn ?? .error
            return report.findings.contains { $0.severity >= threshold } ? 1 : 0
        } catch let error as InputError {
            // `file:line: error: message`, the form of lint's findings (run and explore print
            // `InputError.description`, `file:line: message`).
            stderr += "\(error.location): error: \(error.message)\n"
            return 2
        } catch {
            stderr += "error: \(error)\n"
            return 2
        }
    }

    /// The configuration from `--config`, or `.locsim.yml` in the first linted directory or the
    /// current directory, or the default.
    static func loadConfiguration(_ explicit: String?, paths: [String]) throws -> LintConfiguration {
        if let explicit { return try LintConfiguration.load(explicit) }
        var candidates = [String]()
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                candidates.append((path as NSString).appendingPathComponent(LintConfiguration.fileName))
            }
        }
        candidates.append(LintConfiguration.fileName)
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            return try LintConfiguration.load(candidate)
        }
        return LintConfiguration()
    }

    /// One line per check: id, severity, name, SPEC ids and doc line.
    public static func checkList() -> String {
        CheckCatalog.all.map { "\($0.id) \($0.defaultSeverity.rawValue) \($0.name) [\($0.ruleIDs.joined(separator: ", "))]: \($0.summary)\n" }.joined()
    }

    private static func usageError(_ message: String, _ stderr: inout String) -> Int32 {
        stderr += "error: \(message)\n" + usage + "\n"
        return 2
    }
}
