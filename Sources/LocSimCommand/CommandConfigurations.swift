import ArgumentParser

/// The configurations of the commands `locsim` lists but `locsim-lint` and `locsim-serve` run
/// (`Sibling`): one copy, so `locsim --help` and the command's own `--help` cannot differ.
package enum CommandConfigurations {
    /// `locsim lint`.
    package static let lint = CommandConfiguration(
        commandName: "lint",
        abstract: "Find missing purpose strings, background-mode crashes and ignored location requests before they ship.",
        discussion: """
        Finds the app targets under each PATH (Xcode projects, XcodeGen project.yml files and loose \
        Info.plists), reads their purpose strings and deployment targets, scans Swift and Objective-C \
        sources, and reports findings as file:line:column: severity: message [id (rules)], where \
        id is the check (Docs/Lint.md) and rules are the ids of the rules behind it (Docs/Rules.md).

        Exit status: 0 clean, 1 findings at or above --fail-on, 2 unusable invocation (a missing \
        path, a bad option, a malformed .locsim.yml or baseline); a malformed or missing file in \
        the tree is a finding and the rest is still linted.
        Configure checks in .locsim.yml; silence one line with // locsim:disable-line LOC003.
        See Docs/Lint.md for every check.

        Examples:
          locsim lint .
          locsim lint MyApp --format sarif > lint.sarif
          locsim lint . --format github --baseline .locsim-baseline
          locsim lint MyApp --fail-on warning --deployment-target 12.0
          locsim lint --list-checks
        """
    )

    /// `locsim serve`.
    package static let serve = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the playground: a page that looks like the phone, shows the rules behind each step and writes the scenario.",
        discussion: """
        Listens on loopback only unless --host says otherwise. Open the printed address in a \
        browser. See Docs/Serve.md.

        Requests whose Host header is not localhost, 127.x.x.x or [::1] (with any port) are \
        refused with 403, against DNS rebinding; name any other host the browser uses to reach \
        the server with --allowed-host (for example with --host 0.0.0.0). Requests that change \
        something must be JSON (415 otherwise) and, when they carry an Origin, come from the \
        server's own page (403 otherwise). A connection that sends no complete request for 30 \
        seconds is closed. SIGTERM or SIGINT stops the server: requests still running after 2 \
        seconds are dropped, and the exit status is 0.

        Examples:
          locsim serve
          locsim serve --port 9000
          locsim serve --host 0.0.0.0 --allowed-host mybox.local
        """
    )

    /// `locsim benchmark` (`benchmark lint` runs in `locsim-lint`, `benchmark serve` in `locsim-serve`).
    package static let benchmark = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure model transitions, manager events, scenario runs per second.",
        discussion: """
        Run on a release build for meaningful numbers:
          swift run -c release locsim benchmark model
          swift run -c release locsim benchmark manager
          swift run -c release locsim benchmark scenarios Examples/*.yml
          swift run -c release locsim benchmark lint --files 5000
          swift run -c release locsim benchmark lint --tree path/to/YourApp
          swift run -c release locsim benchmark explore Examples/explore/*.yml
          swift run -c release locsim benchmark explore --regions 7 --depth 0
          swift run -c release locsim benchmark explore --geofences 4 --repetitions 3
          swift run -c release locsim benchmark sessions
          swift run -c release locsim benchmark serve     # one playground request at 500 and 4,000 steps
          swift build && .build/debug/locsim benchmark app-code --depth 8   # the test-support exploration, as tests run it
        """
    )
}

/// `d` in seconds, for the benchmarks' rates (`locsim` and `locsim-serve`).
package func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

/// The arguments of `locsim benchmark`, shared by the executables that run its measurements.
package struct BenchmarkArguments: ParsableArguments {
    package init() {}

    /// What to measure.
    package enum Target: String, ExpressibleByArgument, CaseIterable {
        case model, manager, scenarios, lint, explore, sessions, appCode = "app-code", serve, all
    }

    @Argument(help: "What to measure: model, manager, scenarios, lint, explore, sessions, app-code, serve or all (all but lint, app-code and serve).")
    package var target: Target = .all

    @Argument(help: "Scenario files for the scenarios benchmark (default: the built-in scenario).")
    package var scenarioFiles: [String] = []

    @Option(help: "How many model transitions or manager events to run.")
    package var iterations: Int = 5_000_000

    @Option(help: "For lint: how many Swift files to generate (5000 is about 57 MB).")
    package var files: Int = 5000

    @Option(help: "For lint: lint this directory (a whole app checkout) instead of a generated tree.")
    package var tree: String?

    @Option(help: "For explore: how many times to explore each model (the best time counts).")
    package var repetitions: Int = 5

    @Option(help: "For explore: events per path (default 12; 0 for each model's own depth; the generated region model keeps its 64). For app-code: events per path (default 0: to the end).")
    package var depth: Int?

    @Flag(help: "For app-code: replay every step's path on a fresh device, never starting on a session kept in the step's state (the search as it was before sessions were kept).")
    package var replaysEveryPath = false

    @Flag(help: "For app-code: run the app's code in this process, not in child processes (one per processor, each exploring its share of the platforms, as tests run it by default).")
    package var inProcess = false

    @Option(help: "For explore: add the generated region model (an Always app monitoring this many regions, at depth 64).")
    package var regions: Int?

    @Option(help: "For explore: how many iOS 13.4+ platforms the generated region model lists (1…16).")
    package var platforms: Int = 1

    @Option(help: "For explore: add the generated geofencing app (Always on iOS 18.0, a tap per region turning its geofence on; Benchmarks/spin/geofences.pml in Promela) with this many regions, at depth 64.")
    package var geofences: Int?

    @Option(help: "For explore: add the generated geofencing app on iOS 18's API (Always on iOS 18.0, a service session and a CLMonitor, a tap per geofence adding its condition) with this many conditions, at depth 64.")
    package var conditions: Int?

    @Flag(help: "For explore: search every platform alone, even those that behave alike (as before issue 32), to compare.")
    package var searchEachPlatform = false

    @Flag(name: .customLong("no-symmetry"), help: "For explore: store every state, not one per renaming of the regions and monitor conditions a model treats alike (as before issue 32), to compare.")
    package var noSymmetry = false
}
