import Foundation
import Testing

/// Hostile YAML replayed through the built `locsim` (`Fuzz/Regressions/{scenario,appmodel,xcodegen,lintconfig}`):
/// each is one stderr line naming the file and line, and exit status 2; never a crash or a hang.
@Suite("Hostile YAML through the command line", .serialized)
struct HostileYAMLTests {
    /// A regression file and what locsim must say about it.
    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var name: String
        var line: Int
        var message: String
        var testDescription: String { "\(kind)/\(name)" }
        var path: String { "Fuzz/Regressions/\(kind)/\(name).yml" }
    }

    static let cases: [Case] = [
        Case(kind: "scenario", name: "duration-overflow", line: 5, message: "wait: bad duration '106751991167.5d'"),
        Case(kind: "scenario", name: "alias-bomb", line: 7, message: "YAML expands to more than 1000000 nodes"),
        Case(kind: "scenario", name: "alias-bomb-key", line: 7, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "scenario", name: "complex-key-flow", line: 3, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "scenario", name: "complex-key-explicit", line: 2, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "scenario", name: "deep-nesting", line: 2, message: "YAML nested more than 64 levels deep"),
        Case(kind: "scenario", name: "deep-nesting-libyaml", line: 2, message: "YAML nested more than 64 levels deep"),
        Case(kind: "scenario", name: "control-character", line: 4, message: "malformed YAML: control characters are not allowed"),
        Case(kind: "scenario", name: "scanner-error", line: 5, message: "malformed YAML: found unexpected end of stream (while scanning a quoted scalar, column 1)"),
        // Found by the scenario fuzz target: a value with line breaks, quoted in the message.
        Case(kind: "scenario", name: "status-with-carriage-returns", line: 26, message: "status: unknown value 'notD\\n\\n"),
        Case(kind: "scenario", name: "escaped-line-breaks-in-value", line: 4, message: "status: unknown value 'notD\\r\\n\\u{1B}etermined'"),
        Case(kind: "scenario", name: "negative-significant-change", line: 2, message: "significantChangeDistance must be a distance in meters (0 or more), not '-500'"),
        Case(kind: "appmodel", name: "duration-overflow", line: 2, message: "gracePeriod: bad duration '106751991167.5d'"),
        Case(kind: "appmodel", name: "alias-bomb", line: 6, message: "YAML expands to more than 1000000 nodes"),
        Case(kind: "appmodel", name: "alias-bomb-key", line: 13, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "appmodel", name: "complex-key", line: 8, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "appmodel", name: "control-character", line: 8, message: "malformed YAML: control characters are not allowed"),
        Case(kind: "appmodel", name: "negative-significant-change", line: 2, message: "significantChangeDistance must be a distance in meters"),
        Case(kind: "xcodegen", name: "alias-bomb", line: 6, message: "YAML expands to more than 1000000 nodes"),
        Case(kind: "xcodegen", name: "alias-bomb-key", line: 11, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "xcodegen", name: "complex-key-flow", line: 1, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "xcodegen", name: "complex-key-explicit", line: 6, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "xcodegen", name: "control-character", line: 6, message: "malformed YAML: control characters are not allowed"),
        Case(kind: "xcodegen", name: "deep-nesting", line: 6, message: "YAML nested more than 64 levels deep"),
        Case(kind: "xcodegen", name: "scanner-error", line: 7, message: "malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence, column 1)"),
        Case(kind: "lintconfig", name: "alias-bomb", line: 6, message: "YAML expands to more than 1000000 nodes"),
        Case(kind: "lintconfig", name: "alias-bomb-key", line: 6, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "lintconfig", name: "complex-key-flow", line: 2, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "lintconfig", name: "complex-key-explicit", line: 1, message: "malformed YAML: a mapping key must be a single value"),
        Case(kind: "lintconfig", name: "control-character", line: 1, message: "malformed YAML: control characters are not allowed"),
        Case(kind: "lintconfig", name: "deployment-target-banana", line: 2, message: "invalid deployment target 'banana'"),
        Case(kind: "lintconfig", name: "scanner-error", line: 2, message: "malformed YAML: did not find expected ',' or ']'"),
    ]

    /// The regression files that are valid input.
    static let valid: Set<String> = ["xcodegen/deployment-target-10-10", "lintconfig/deployment-target-10-10"]

    /// An empty directory for `lint --config` runs.
    static func emptyDirectory() throws -> URL {
        let dir = LocsimProcess.scratch.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs the case the way its kind is read; returns the output and the file locsim names.
    static func run(_ c: Case) throws -> (LocsimProcess.Output, String) {
        switch c.kind {
        case "scenario": return (try LocsimProcess.run(["run", c.path]), c.path)
        case "appmodel": return (try LocsimProcess.run(["explore", c.path]), c.path)
        case "lintconfig": return (try LocsimProcess.run(["lint", "--config", c.path, try emptyDirectory().path]), c.path)
        default:
            let dir = try emptyDirectory()
            let spec = dir.appendingPathComponent("project.yml").path
            try FileManager.default.copyItem(atPath: LocsimProcess.packageRoot.appendingPathComponent(c.path).path, toPath: spec)
            return (try LocsimProcess.run(["lint", dir.path]), spec)
        }
    }

    @Test("A hostile YAML file: exit 2, one stderr line with file:line and the message (a project.yml in a linted tree: a LOC029 finding, exit 1)", arguments: cases)
    func hostile(_ c: Case) throws {
        let (out, file) = try Self.run(c)
        if c.kind == "xcodegen" {
            // One bad spec in a tree is a finding at its line; lint goes on.
            #expect(out.status == 1)
            #expect(out.stdout.hasPrefix("\(file):\(c.line):1: error: \(c.message)"), "\(out.stdout)")
            #expect(out.stdout.contains("[LOC029 (J3, J4)]"))
            #expect(out.stderr.isEmpty, "\(out.stderr)")
            return
        }
        #expect(out.status == 2)
        let lines = out.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line, not \(out.stderr)")
        let prefix = c.kind.hasPrefix("lint") || c.kind == "xcodegen" ? "\(file):\(c.line): error: " : "error: \(file):\(c.line): "
        #expect(out.stderr.hasPrefix(prefix + c.message), "\(out.stderr)")
    }

    @Test("Every file in the YAML regression directories has an expected outcome here")
    func everyRegressionIsReplayed() throws {
        let known = Set(Self.cases.map { "\($0.kind)/\($0.name)" }).union(Self.valid)
        for kind in ["scenario", "appmodel", "xcodegen", "lintconfig"] {
            let dir = LocsimProcess.packageRoot.appendingPathComponent("Fuzz/Regressions/\(kind)").path
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".yml") {
                #expect(known.contains("\(kind)/\(name.dropLast(4))"), "\(kind)/\(name) has no expectation")
            }
        }
    }

    @Test("Valid: an unquoted 10.10 deployment target in project.yml and .locsim.yml is accepted")
    func unquotedVersionIsValid() throws {
        let dir = try Self.emptyDirectory()
        try FileManager.default.copyItem(atPath: LocsimProcess.packageRoot.appendingPathComponent("Fuzz/Regressions/xcodegen/deployment-target-10-10.yml").path,
                                         toPath: dir.appendingPathComponent("project.yml").path)
        let out = try LocsimProcess.run(["lint", "--config", "Fuzz/Regressions/lintconfig/deployment-target-10-10.yml", dir.path])
        #expect(out.status == 0)
        #expect(out.stderr == "")
        #expect(out.stdout.contains("in 1 target"))
    }

    @Test("A scenario whose aliases expand to more text than the YAML budget (8 MiB) is one line with its line, exit 2")
    func aliasOfLongText() throws {
        // The shape: a step name of 128 KiB aliased many times (40,000 ran out of memory).
        let text = "name: x\nsteps:\n  - wait: &a \"" + String(repeating: "x", count: 128 << 10) + "\"\n  - ["
            + Array(repeating: "*a", count: 40_000).joined(separator: ",") + "]\n"
        let path = LocsimProcess.writeScenario(text, name: "alias-long-text")
        let out = try LocsimProcess.run(["run", path])
        #expect(out.status == 2)
        #expect(out.stderr == "error: \(path):4: YAML expands to more than 8388608 bytes of text (aliases count their whole text each time they are used)\n")
    }

    @Test("A scenario larger than the YAML size limit (1 MiB) is one line without a line number, exit 2")
    func oversizedFile() throws {
        let filler = String(repeating: "# " + String(repeating: "x", count: 1000) + "\n", count: 1100)
        let path = LocsimProcess.writeScenario("name: big\nsteps: [launch]\n" + filler, name: "oversized")
        let out = try LocsimProcess.run(["run", path])
        #expect(out.status == 2)
        #expect(out.stderr == "error: \(path): scenario file is larger than 1048576 bytes\n")
    }
}
