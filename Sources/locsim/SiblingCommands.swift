import ArgumentParser
import LocSimCommand

/// `locsim lint`, run by `locsim-lint` (`Sibling`): here for `--help`'s list and the
/// suggestions for mistyped commands. `Locsim.main` hands `lint …` over before parsing.
struct Lint: ParsableCommand {
    static let configuration = CommandConfigurations.lint

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { Sibling.exec("locsim-lint", arguments: ["lint"] + arguments) }
}

/// `locsim serve`, run by `locsim-serve` (`Sibling`), as `Lint`.
struct Serve: ParsableCommand {
    static let configuration = CommandConfigurations.serve

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { Sibling.exec("locsim-serve", arguments: ["serve"] + arguments) }
}
