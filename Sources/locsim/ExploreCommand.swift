import ArgumentParser
import Foundation
import LocSimExplorer

/// `locsim explore FILE…`: every path through an app model's permission handling.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explore every path through an app model's permission handling and report problems.",
        discussion: """
        Each finding (hang, ignoredRequest, promptOnForeground, backgroundStart, terminated, \
        sessionOutOfUse, sessionNotRecreated, alwaysWithoutSession, updatesNeverCome, \
        relaunchNotResumed, privacy) comes with its shortest counterexample as a scenario file that `locsim run` \
        replays (it says REPRODUCED, and fails once the problem no longer happens). The text is a summary: \
        one entry per kind and key, with the platforms it affects and one counterexample; --details \
        prints every finding, --format json all of them as JSON Lines, --counterexamples DIR writes \
        every counterexample. Exit status: 0 nothing found, 1 findings, 2 invalid input.

        Examples:
          locsim explore Examples/explore/buggy-tracker.yml
          locsim explore Examples/explore/*.yml --counterexamples counterexamples/
          locsim explore --details Examples/explore/buggy-tracker.yml
          locsim explore --format json Examples/explore/careful-tracker.yml
          locsim explore app.yml --write-baseline explore-baseline.txt
          locsim explore app.yml --baseline explore-baseline.txt
        """
    )

    @Argument(help: "App model files (scenario format 1 plus screens, waiting, on and explore).")
    var files: [String] = []

    @Option(help: "Output format: text or json (JSON Lines).")
    var format: ExplorationReport.Format = .text

    @Option(name: [.customLong("counterexamples"), .customLong("out")],
            help: "Write every counterexample, one scenario file per finding, into this directory (--out is the same).")
    var out: String?

    @Flag(name: [.customLong("details"), .customLong("verbose")],
          help: "Print every finding on every platform with its counterexample, not the summary (text format).")
    var details = false

    @Option(help: "Events per path (overrides each model's explore.depth).")
    var depth: Int?

    @Option(help: "Report only findings not in this baseline file (exit status from the new ones only).")
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write every finding found to this baseline file.")
    var writeBaseline: String?

    @Flag(help: "Do not report progress on stderr (either format; stdout is the same).")
    var quiet = false

    @Option(name: .customLong("max-states"), help: "The most states per platform (overrides each model's explore.maxStates).")
    var maxStates: Int?

    @Option(name: .customLong("max-memory"), help: "Stop a search, with a partial report, when the searches hold this much for their states (4G, 512M, bytes).")
    var maxMemory: String?

    @Flag(name: .customLong("no-symmetry"),
          help: "Store every state, not one per renaming of the regions and monitor conditions the app treats alike (to compare: the findings are the same, up to the renaming).")
    var noSymmetry = false

    mutating func run() throws {
        let output = ExploreCommandLine.run(files: files, format: format, out: out, depth: depth,
                                            baseline: baseline, writeBaseline: writeBaseline, progress: quiet ? nil : ExploreCommandLine.stderrProgress(),
                                            maxStates: maxStates, maxMemory: maxMemory, details: details, symmetry: !noSymmetry)
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        FileHandle.standardError.write(Data(output.stderr.utf8))
        if output.status != 0 { throw ExitCode(output.status) }
    }
}

extension ExplorationReport.Format: ExpressibleByArgument {}
