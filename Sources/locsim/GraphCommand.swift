import ArgumentParser
import Foundation
import LocSimExplorer

/// `locsim graph`: the authorization state machine as DOT, Mermaid or SVG.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the authorization state machine of a platform (states and labelled transitions).",
        discussion: """
        SVG needs Graphviz's `dot` on the PATH. Exit status 2 for an unknown platform or when \
        `dot` is missing.

        Examples:
          locsim graph --platform "iOS 18.0"
          locsim graph --platform "iOS 12.4" --format mermaid
          locsim graph --format svg > Docs/authorization-ios18.svg
          locsim graph --platform "iOS 18.0" --sessions --format mermaid
        """
    )

    @Option(help: "The platform, \"<OS> <major>[.<minor>]\".")
    var platform = "iOS 18.0"

    @Option(help: "Output format: dot, mermaid or svg.")
    var format: AuthorizationGraph.Format = .dot

    @Flag(help: "Let the app also create and invalidate a CLServiceSession (.whenInUse or .always): states say which session it holds and its diagnostic.")
    var sessions = false

    mutating func run() throws {
        let output = AuthorizationGraph.commandLine(platform: platform, format: format, sessions: sessions)
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        FileHandle.standardError.write(Data(output.stderr.utf8))
        if output.status != 0 { throw ExitCode(output.status) }
    }
}

extension AuthorizationGraph.Format: ExpressibleByArgument {}
