import ArgumentParser

extension Locsim {
    /// Every subcommand, in the order `--help` lists them.
    static let subcommandList: [any ParsableCommand.Type] = [Run.self, Explore.self, Graph.self, Lint.self, Serve.self, Benchmark.self]
}
