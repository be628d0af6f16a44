import ArgumentParser
import Foundation
import LocSimCommand
import LocSimLint

/// `locsim lint`: reads an app's Info.plists, project settings and sources and reports location
/// authorization mistakes. All logic lives in `LocSimLint`; this only forwards the options.
struct Lint: ParsableCommand {
    static let configuration = CommandConfigurations.lint

    @Argument(help: "Files or directories to lint (default: the current directory).")
    var paths: [String] = []

    @Option(help: "Output format: text (Xcode style), json, sarif (SARIF 2.1.0) or github (GitHub Actions annotations).")
    var format: String = "text"

    @Option(name: .customLong("fail-on"), help: "Least severe finding that makes the exit status 1: error, warning or note (default: error, or fail-on in .locsim.yml).")
    var failOn: String?

    @Option(help: "Platform of every target, overriding the project: iOS, macOS, watchOS, tvOS or visionOS, optionally with a version (\"iOS 12.0\").")
    var platform: String?

    @Option(name: .customLong("deployment-target"), help: "Deployment target version of every target, overriding the project and Info.plist (e.g. 12.0).")
    var deploymentTarget: String?

    @Option(help: "Configuration file (default: .locsim.yml in the first directory linted, then in the current directory).")
    var config: String?

    @Option(help: "Report only findings not in this baseline file (written by --write-baseline).")
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write the findings to this baseline file (before --baseline filters them).")
    var writeBaseline: String?

    @Option(name: .customLong("allow-outside"), help: "A folder outside the linted paths that projects may read (an #include, INFOPLIST_FILE or XcodeGen include leading there); repeat for more. Without it such files are named in a note and not read.")
    var allowOutside: [String] = []

    @Flag(name: .customLong("list-checks"), help: "List every check with its id, severity, rule ids (Docs/Rules.md) and description, then exit.")
    var listChecks = false

    func validate() throws {
        guard OutputFormat(rawValue: format.lowercased()) != nil else { throw ValidationError("--format must be text, json, sarif or github") }
        if let failOn, Severity(rawValue: failOn.lowercased()) == nil { throw ValidationError("--fail-on must be error, warning or note") }
    }

    func run() throws {
        var out = ""
        var err = ""
        let status: Int32
        if listChecks {
            out = LintCommandLine.checkList()
            status = 0
        } else {
            var invocation = LintCommandLine.Invocation(
                paths: paths, format: OutputFormat(rawValue: format.lowercased()) ?? .text, failOn: failOn.flatMap { Severity(rawValue: $0.lowercased()) },
                platform: platform, deploymentTarget: deploymentTarget, configPath: config, baselinePath: baseline, writeBaselinePath: writeBaseline)
            invocation.allowOutside = allowOutside
            status = LintCommandLine.run(invocation, stdout: &out, stderr: &err)
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        FileHandle.standardError.write(Data(err.utf8))
        if status != 0 { throw ExitCode(status) }
    }
}
