import ArgumentParser
import Foundation
import LocSimLint

/// The `locsim` command: run scenarios, explore app models, lint apps, draw the state machine.
@main
struct Locsim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locsim",
        abstract: "A deterministic simulator of Core Location's authorization rules.",
        discussion: """
        With no subcommand, runs the built-in default scenario (seed 000's "Request Always \
        Authorization Directly" story) and prints its timeline.

        Examples:
          locsim                          # the built-in default scenario
          locsim run Examples/*.yml       # timelines and results
          locsim run --format json Examples/seed000-request-always-directly.yml
          locsim explore Examples/explore/buggy-tracker.yml
          locsim graph --platform "iOS 18.0" --format mermaid
          locsim lint path/to/MyApp
          locsim benchmark model
        """,
        version: ToolVersion.current,
        subcommands: Locsim.subcommandList,
        defaultSubcommand: Run.self
    )

    /// Runs the command; usage errors (unknown option, bad value) exit 2 like every other bad
    /// input, not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
