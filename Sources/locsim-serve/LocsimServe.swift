import ArgumentParser
import LocSimCommand
import LocSimInput

/// `locsim-serve`: the half of `locsim` that links Hummingbird and NIO. `locsim serve …` and
/// `locsim benchmark serve …` run it (from `locsim`'s directory, with the same arguments, in place of
/// `locsim`'s process: SIGTERM reaches the server), so the first `swift run locsim` does not compile
/// them (Docs/Building.md).
@main
struct LocsimServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locsim",
        abstract: "locsim serve and locsim benchmark serve (locsim runs this executable for them).",
        version: PackageVersion.current,
        subcommands: [Serve.self, ServeBenchmarkCommand.self]
    )

    static func main() { CommandMain.main(Self.self) }
}

/// `locsim benchmark serve`.
struct ServeBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfigurations.benchmark

    @OptionGroup var options: BenchmarkArguments

    func run() throws {
        guard options.target == .serve else {
            throw ValidationError("locsim-serve runs only benchmark serve; run locsim benchmark \(options.target.rawValue)")
        }
        print(ServeBenchmark.run(repetitions: options.repetitions), terminator: "")
    }
}
