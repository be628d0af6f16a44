import ArgumentParser
import LocSimCommand
import LocSimLint

/// `locsim-lint`: the half of `locsim` that links swift-syntax. `locsim lint …` and
/// `locsim benchmark lint …` run it (from `locsim`'s directory, with the same arguments), so the
/// first `swift run locsim` does not compile swift-syntax (Docs/Building.md).
@main
struct LocsimLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locsim",
        abstract: "locsim lint and locsim benchmark lint (locsim runs this executable for them).",
        version: ToolVersion.current,
        subcommands: [Lint.self, LintBenchmarkCommand.self]
    )

    static func main() { CommandMain.main(Self.self) }
}

/// `locsim benchmark lint`.
struct LintBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfigurations.benchmark

    @OptionGroup var options: BenchmarkArguments

    func run() throws {
        guard options.target == .lint else {
            throw ValidationError("locsim-lint runs only benchmark lint; run locsim benchmark \(options.target.rawValue)")
        }
        print(options.tree.map(LintBenchmark.runLintBenchmark(tree:)) ?? LintBenchmark.runLintBenchmark(files: options.files), terminator: "")
    }
}
