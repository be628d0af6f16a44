import ArgumentParser
import Foundation
import LocSimCommand
import LocSimInput

/// The `locsim` command: run scenarios, explore app models, lint apps, draw the state machine.
@main
struct Locsim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locsim",
        abstract: "A deterministic simulator of Core Location's authorization rules.",
        discussion: """
        With no subcommand, runs the built-in default scenario (an app that asks for Always \
        directly: Allow While Using gives a provisional Always, a second prompt confirms it) and \
        prints its timeline; --print-default prints that scenario (Examples/default-story.yml).

        Examples:
          locsim                          # the built-in default scenario
          locsim --print-default > my.yml # the same scenario, to edit and run
          locsim run Examples/*.yml       # timelines and results
          locsim run --format json Examples/seed000-request-always-directly.yml
          locsim explore Examples/explore/buggy-tracker.yml
          locsim graph --platform "iOS 18.0" --format mermaid
          locsim lint path/to/MyApp
          locsim benchmark model
        """,
        version: PackageVersion.current,
        subcommands: Locsim.subcommandList,
        defaultSubcommand: Run.self
    )

    /// Runs the command; usage errors (unknown option, bad value) exit 2 like every other bad
    /// input, not ArgumentParser's 64. `lint` and `serve` (also after `help`) are handed to
    /// `locsim-lint` and `locsim-serve` before parsing (`Sibling`).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let sibling = sibling(for: arguments) { Sibling.exec(sibling, arguments: arguments) }
        if let message = unknownCommandMessage(arguments) {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            Foundation.exit(2)
        }
        CommandMain.main(Self.self)
    }

    /// The executable that runs `arguments`' command when this one does not link it: `lint`
    /// needs swift-syntax, `serve` Hummingbird and NIO (`benchmark lint` and `benchmark serve`
    /// are handed over by `Benchmark`, after parsing).
    static func sibling(for arguments: [String]) -> String? {
        let command = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        switch command {
        case "lint": return "locsim-lint"
        case "serve": return "locsim-serve"
        default: return nil
        }
    }
}

extension Locsim {
    /// Words a newcomer may type for a subcommand, and the subcommand they mean.
    static let commandSynonyms: [String: String] = [
        "simulate": "run", "sim": "run", "play": "run", "replay": "run", "exec": "run", "execute": "run", "test": "run",
        "search": "explore", "fuzz": "explore",
        "draw": "graph", "dot": "graph", "mermaid": "graph", "svg": "graph", "states": "graph",
        "analyze": "lint", "analyse": "lint", "scan": "lint",
        "server": "serve", "playground": "serve", "web": "serve", "ui": "serve", "open": "serve",
        "bench": "benchmark", "perf": "benchmark",
    ]

    /// The error for `locsim WORD …` when WORD is neither a subcommand nor an existing file but
    /// looks like a command (a bare word: no dot, no slash), instead of running WORD as a
    /// scenario file that cannot be read; `nil` otherwise.
    static func unknownCommandMessage(_ arguments: [String]) -> String? {
        guard let word = arguments.first else { return nil }
        let names = subcommandList.map { $0._commandName }
        guard !names.contains(word), word != "help", !FileManager.default.fileExists(atPath: word),
              let first = word.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              word.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        let list = "(commands: \(names.joined(separator: ", ")))"
        if let meant = commandSynonyms[word.lowercased()] ?? Spelling.nearest(to: word, among: names) {
            return "unknown command '\(word)'; did you mean '\(meant)'? \(list)"
        }
        return "'\(word)' is neither a command nor a file \(list)"
    }
}
