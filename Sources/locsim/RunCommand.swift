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
        or a step cannot apply. A counterexample written by `locsim explore` says REPRODUCED when \
        its problem happened, and fails when it no longer does. With no files, runs the built-in \
        default scenario (--print-default prints it, to edit and run). \
        A file named - is read from standard input (<stdin> in messages; relative paths in it are \
        relative to the working directory).

        Examples:
          locsim run Examples/h3-allow-once-lapse.yml
          locsim run Examples/*.yml --format json > timeline.jsonl
          locsim run - < scenario.yml
        """
    )

    @Argument(help: "Scenario files (.yml, .yaml or .json); directories are skipped with a note; - reads standard input. None: the built-in default scenario.")
    var files: [String] = []

    @Option(help: "Output format: text (timelines) or json (JSON Lines).")
    var format: ScenarioReport.Format = .text

    @Flag(help: "Print only result lines and the summary, not timelines (with --format json: only the result and summary objects, no entry objects).")
    var quiet = false

    @Flag(name: .customLong("print-default"),
          help: "Print the built-in default scenario (Examples/default-story.yml) to edit and run, and run nothing.")
    var printDefault = false

    mutating func run() throws {
        if printDefault {
            FileHandle.standardOutput.write(Data(DefaultScenario.text.utf8))
            return
        }
        // Each file becomes a result, in order: parsed and run, or invalid (reported, not fatal to
        // the other files). The worst outcome decides the exit status.
        var inputs: [Result<Scenario, InputError>] = []
        if files.isEmpty {
            inputs.append(Self.parse(DefaultScenario.file) { try ScenarioParser.parse(DefaultScenario.text, file: DefaultScenario.file) })
        }
        var skipped = 0
        for file in files {
            if file == Self.standardInputArgument {
                let name = Self.standardInputName
                inputs.append(Self.parse(name) { try ScenarioParser.parse(from: .standardInput, file: name) })
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                // `locsim run Examples/*` also matches Examples/fixtures and Examples/explore.
                FileHandle.standardError.write(Data("note: skipping directory \(file) (name scenario files, e.g. \(file)/*.yml)\n".utf8))
                skipped += 1
                continue
            }
            inputs.append(Self.parse(file) { try ScenarioParser.parse(contentsOf: file) })
        }
        if inputs.isEmpty {
            FileHandle.standardError.write(Data("error: no scenario files among \(skipped) director\(skipped == 1 ? "y" : "ies") (name the files, e.g. Examples/*.yml)\n".utf8))
            throw ExitCode(2)
        }
        var results: [ScenarioResult] = []
        for input in inputs {
            let result: ScenarioResult
            switch input {
            case .success(let scenario):
                result = ScenarioRunner.run(scenario)
            case .failure(let error):
                result = ScenarioResult.unreadable(error)
            }
            results.append(result)
            // Each result is written as it comes, and an invalid one's message once, on stderr,
            // right after its ERROR line (not again on stdout: a terminal shows both).
            var out: String
            switch format {
            case .text:
                let text = ScenarioReport.text(result, invalidDetail: false)
                if quiet {
                    out = text.split(separator: "\n", omittingEmptySubsequences: false)
                        .filter { $0.hasPrefix("PASS") || $0.hasPrefix("REPRODUCED") || $0.hasPrefix("FAIL") || $0.hasPrefix("ERROR") || $0.hasPrefix("  ") }
                        .map { $0 == "  \(ScenarioReport.timelineNote)" ? "  \(ScenarioReport.quietTimelineNote)" : String($0) }
                        .joined(separator: "\n") + "\n"
                } else {
                    out = text + "\n"
                }
            case .json:
                out = ScenarioReport.jsonLines(result, timeline: !quiet)
            }
            FileHandle.standardOutput.write(Data(out.utf8))
            if case .invalid(let e) = result.outcome {
                FileHandle.standardError.write(Data("error: \(e.description)\n".utf8))
            }
        }
        let summary = format == .json ? ScenarioReport.jsonSummary(results) : ScenarioReport.summary(results) + "\n"
        FileHandle.standardOutput.write(Data(summary.utf8))
        let status = ScenarioReport.exitStatus(results)
        if status != 0 { throw ExitCode(status) }
    }

    /// The file argument that reads a scenario from standard input.
    static let standardInputArgument = "-"
    /// The name messages give standard input.
    static let standardInputName = "<stdin>"

    /// Wraps a parse so that every failure is an ``InputError`` naming `file`.
    static func parse(_ file: String, _ body: () throws -> Scenario) -> Result<Scenario, InputError> {
        do { return .success(try body()) }
        catch let e as InputError { return .failure(e) }
        catch { return .failure(InputError(file: file, line: nil, message: "\(error)")) }
    }
}

extension ScenarioReport.Format: ExpressibleByArgument {}
