import ArgumentParser
import Foundation
import LocSim
import LocSimScenario

/// `locsim run FILE…`: runs scenario files and prints their timelines.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files (format 1) and print each timeline and result.",
        discussion: """
        Exit status: 0 when every expectation held, 1 when one failed, 2 when a file is invalid \
        or a step cannot apply. With no files, runs the built-in default scenario.

        Examples:
          locsim run Examples/allow-once-expires.yml
          locsim run Examples/*.yml --format json > timeline.jsonl
        """
    )

    @Argument(help: "Scenario files (.yml, .yaml or .json); directories are skipped with a note. None: the built-in default scenario.")
    var files: [String] = []

    @Option(help: "Output format: text (timelines) or json (JSON Lines).")
    var format: ScenarioReport.Format = .text

    @Flag(help: "Print only result lines and the summary, not timelines.")
    var quiet = false

    mutating func run() throws {
        var scenarios: [Scenario] = []
        var errors: [String] = []
        if files.isEmpty {
            do {
                scenarios.append(try ScenarioParser.parse(DefaultScenario.text, file: DefaultScenario.file))
            } catch {
                errors.append("\(error)")
            }
        }
        for file in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                // `locsim run Examples/*` also matches Examples/fixtures and Examples/explore.
                FileHandle.standardError.write(Data("note: skipping directory \(file) (name scenario files, e.g. \(file)/*.yml)\n".utf8))
                continue
            }
            do {
                scenarios.append(try ScenarioParser.parse(contentsOf: file))
            } catch {
                errors.append("\(error)")
            }
        }
        if !errors.isEmpty {
            for e in errors { FileHandle.standardError.write(Data("error: \(e)\n".utf8)) }
            throw ExitCode(2)
        }
        var results: [ScenarioResult] = []
        var out = ""
        for scenario in scenarios {
            let result = ScenarioRunner.run(scenario)
            results.append(result)
            switch format {
            case .text:
                if quiet {
                    out += ScenarioReport.text(result).split(separator: "\n", omittingEmptySubsequences: false)
                        .filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") || $0.hasPrefix("ERROR") || $0.hasPrefix("  ") }
                        .joined(separator: "\n") + "\n"
                } else {
                    out += ScenarioReport.text(result) + "\n"
                }
            case .json:
                out += ScenarioReport.jsonLines(result)
            }
            if case .invalid(let e) = result.outcome {
                FileHandle.standardError.write(Data("error: \(e.description)\n".utf8))
            }
        }
        out += format == .json ? ScenarioReport.jsonSummary(results) : ScenarioReport.summary(results) + "\n"
        FileHandle.standardOutput.write(Data(out.utf8))
        let status = ScenarioReport.exitStatus(results)
        if status != 0 { throw ExitCode(status) }
    }
}

extension ScenarioReport.Format: ExpressibleByArgument {}
