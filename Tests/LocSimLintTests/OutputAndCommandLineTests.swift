import Foundation
import Testing
@testable import LocSimLint

/// Output formats, exit statuses, `.locsim.yml` and inline suppression.
@Suite struct OutputAndCommandLineTests {
    static let sources = """
    import CoreLocation
    final class Recorder {
        let manager = CLLocationManager()
        func start() {
            manager.requestWhenInUseAuthorization()
            manager.allowsBackgroundLocationUpdates = true
        }
    }
    """

    func fixture() throws -> Fixture {
        try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: "TODO"]), "App/Recorder.swift": Self.sources])
    }

    @Test("text output: file:line:column: severity: message [id (rules)], sorted, with a summary")
    func textOutput() throws {
        let run = try fixture().commandLine(["App"])
        let lines = run.stdout.split(separator: "\n")
        #expect(run.status == 1)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("[LOC010 (D3, F5)]"))
        #expect(lines[0].contains("/App/Info.plist:") && lines[0].contains(": warning: "))
        #expect(lines[1].contains("/App/Recorder.swift:6:9: error: allowsBackgroundLocationUpdates"))
        #expect(lines[2] == "locsim lint: 1 error, 1 warning, 0 notes in 1 target (1 source file, 1 parsed)")
    }

    @Test("json output: findings with id, name, severity, location and SPEC rules")
    func jsonOutput() throws {
        let run = try fixture().commandLine(["App", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]]
        #expect(findings?.count == 2)
        #expect(findings?.last?["id"] as? String == "LOC006")
        #expect(findings?.last?["name"] as? String == "background-updates-without-mode")
        #expect(findings?.last?["line"] as? Int == 6)
        #expect(findings?.last?["rules"] as? [String] == ["I8", "I6"])
        #expect((object?["summary"] as? [String: Any])?["errors"] as? Int == 1)
    }

    @Test("sarif output: version 2.1.0, one rule per check, results with regions")
    func sarifOutput() throws {
        let run = try fixture().commandLine(["App", "--format=sarif"])
        let log = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
        let runs = log?["runs"] as? [[String: Any]]
        let rules = ((runs?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.count == CheckCatalog.all.count)
        let results = runs?.first?["results"] as? [[String: Any]]
        #expect(results?.map { $0["ruleId"] as? String } == ["LOC010", "LOC006"])
        #expect(results?.map { $0["level"] as? String } == ["warning", "error"])
        let region = (((results?.last?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        #expect(region?["startLine"] as? Int == 6)
        #expect(region?["startColumn"] as? Int == 9)
    }

    @Test("exit status: 0 when clean, 1 at or above --fail-on, 0 below it")
    func exitStatus() throws {
        let clean = try Fixture(["App/Info.plist": infoPlist(goodKeys)])
        #expect(clean.commandLine(["App"]).status == 0)
        let warningOnly = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: "TODO"])])
        #expect(warningOnly.commandLine(["App"]).status == 0)
        #expect(warningOnly.commandLine(["App", "--fail-on", "warning"]).status == 1)
        #expect(warningOnly.commandLine(["App", "--fail-on", "bogus"]).status == 2)
    }

    @Test("output is deterministic across runs")
    func deterministic() throws {
        let f = try fixture()
        #expect(f.commandLine(["App", "--format", "json"]).stdout == f.commandLine(["App", "--format", "json"]).stdout)
    }

    @Test(".locsim.yml disables and re-levels checks and sets fail-on")
    func configuration() throws {
        let f = try fixture()
        try f.write(".locsim.yml", "disabled: [LOC006]\nseverity:\n  vague-purpose-string: error\n")
        let findings = try f.lint(configuration: LintConfiguration.load(f.path(".locsim.yml")))
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.severity == .error)
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.contains(": error: NSLocationWhenInUseUsageDescription"))
        #expect(!run.stdout.contains("LOC006"))
    }

    @Test(".locsim.yml with an unknown check or malformed YAML is bad input")
    func badConfiguration() throws {
        let f = try fixture()
        try f.write("bad.yml", "disabled: [LOC999]\n")
        let run = f.commandLine([f.root, "--config", f.path("bad.yml")])
        #expect(run.status == 2)
        #expect(run.stderr == f.path("bad.yml") + ":1: error: unknown check 'LOC999'\n")
        try f.write("broken.yml", "severity: {LOC001: [\n")
        #expect(f.commandLine([f.root, "--config", f.path("broken.yml")]).status == 2)
    }

    @Test("inline suppression: disable-line, disable-next-line (by id or name) and disable-file")
    func suppression() throws {
        let source = """
        import CoreLocation
        func a(_ m: CLLocationManager) {
            m.allowsBackgroundLocationUpdates = true // locsim:disable-line LOC006
            // locsim:disable-next-line background-updates-without-mode
            m.allowsBackgroundLocationUpdates = true
            m.allowsBackgroundLocationUpdates = true // locsim:disable-line LOC001
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys), "App/A.swift": source])
        #expect(try f.lint().map(\.location.line) == [6])
        try f.write("App/Info.plist", infoPlist([PurposeKeyName.whenInUse: "TODO"]) + "<!-- locsim:disable-file LOC010 -->\n")
        #expect(try f.lint().map(\.checkID) == ["LOC006"])
    }

    @Test("--platform and --deployment-target override what the files say")
    func overrides() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, "MinimumOSVersion": "10.0"]),
                             "App/A.swift": "import CoreLocation\nfunc a(_ m: CLLocationManager) { m.requestAlwaysAuthorization() }\n"])
        #expect(Set(try f.ids()) == ["LOC002", "LOC004"])
        #expect(try f.ids(deploymentTarget: "14.0") == ["LOC002"])
        #expect(f.commandLine(["App", "--platform", "tvOS"]).status == 0)
    }

    @Test("--list-checks prints every check with its SPEC rules")
    func listChecks() {
        var out = ""
        var err = ""
        #expect(LintCommandLine.main(arguments: ["--list-checks"], stdout: &out, stderr: &err) == 0)
        #expect(out.split(separator: "\n").count == CheckCatalog.all.count)
        #expect(out.hasPrefix("LOC001 error missing-when-in-use-key [J1, J3, J4, D1]: "))
    }
}
