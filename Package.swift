// swift-tools-version: 6.1
import PackageDescription

/// The `Tool` trait (on by default) guards every use of the packages that only the `locsim` tool needs:
/// swift-syntax (LocSimLint), Hummingbird, NIO, HTTP Types and Ink (LocSimServe) and ArgumentParser (the
/// command line). A package that uses only the libraries depends on LocSim with `traits: []`, and then
/// SwiftPM neither fetches nor builds any of them (Docs/Building.md). Conditions name one trait each:
/// SwiftPM 6.2 reads a list of traits as all-of, 6.3 as any-of.
let tool: TargetDependencyCondition? = .when(traits: ["Tool"])

let package = Package(
    name: "LocSim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LocSimModel", targets: ["LocSimModel"]),
        .library(name: "LocSim", targets: ["LocSim"]),
        .library(name: "LocSimCoreLocation", targets: ["LocSimCoreLocation"]),
        .library(name: "LocSimTesting", targets: ["LocSimTesting"]),
        .library(name: "LocSimTestStore", targets: ["LocSimTestStore"]),
        .library(name: "LocSimScenario", targets: ["LocSimScenario"]),
        .library(name: "LocSimExplorer", targets: ["LocSimExplorer"]),
        .library(name: "LocSimLint", targets: ["LocSimLint"]),
        // The playground's server (Hummingbird): for `Fuzz/`'s in-process HTTP target.
        .library(name: "LocSimServe", targets: ["LocSimServe"]),
        .executable(name: "locsim", targets: ["locsim"]),
        // `locsim lint` and `locsim serve` run these (next to `locsim`, built on first use from a
        // checkout), so the first `swift run locsim` compiles neither swift-syntax nor Hummingbird.
        .executable(name: "locsim-lint", targets: ["locsim-lint"]),
        .executable(name: "locsim-serve", targets: ["locsim-serve"]),
        .plugin(name: "LintLocation", targets: ["LintLocation"]),
    ],
    traits: [
        .trait(
            name: "Tool",
            description: "The locsim tool and the libraries only it uses: LocSimLint (swift-syntax), LocSimServe (Hummingbird, NIO, Ink) and the command line (ArgumentParser). A package that uses only LocSimModel, LocSim, LocSimCoreLocation, LocSimTestStore, LocSimTesting, LocSimScenario or LocSimExplorer depends with `traits: []` and resolves none of those packages."
        ),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `traits: []`: without Hummingbird's default traits, ConfigurationSupport (swift-configuration,
        // about 20,000 lines the playground does not use) and FullFoundation (URL-encoded forms'
        // `DateFormatter` strategies).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // The playground's request guard and headers (NIOCore, HTTPTypes), LocSimServeTests'
        // loopback client and its server's lifetime; Hummingbird is built on all three already.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        // The playground's rules page: Markdown rendered by a Markdown library (only LocSimServe).
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
    ],
    targets: [
        // The pure authorization model: values and one transition function. No dependencies.
        .target(name: "LocSimModel"),
        // The one input-error type and the one plist reader, shared by LocSim and LocSimLint.
        .target(name: "LocSimInput"),
        // The simulated device, apps, user, location sources and the Core Location–shaped manager.
        .target(name: "LocSim", dependencies: ["LocSimModel", "LocSimInput"]),
        // `CL…` names for platforms without Core Location.
        .target(name: "LocSimCoreLocation", dependencies: ["LocSim"]),
        // The exhaustive test store for the pure model: it links the model alone.
        .target(name: "LocSimTestStore", dependencies: ["LocSimModel"]),
        // Exploration of an app's real permission code for app test suites, the simulated-device test
        // trait (re-exports the test store and the `CL…` names).
        .target(name: "LocSimTesting", dependencies: ["LocSim", "LocSimModel", "LocSimCoreLocation", "LocSimExplorer", "LocSimTestStore"]),
        // The one YAML reader (size, depth and alias limits before Yams composes; typed readers
        // with `file:line` errors), shared by scenario and app-model files and lint's YAML inputs.
        .target(name: "LocSimYAML", dependencies: ["LocSimInput", "LocSimModel", .product(name: "Yams", package: "Yams")]),
        // Scenario files (format 1): parsing and running.
        .target(name: "LocSimScenario", dependencies: ["LocSim", "LocSimYAML"]),
        // Exploration of every path through an app model.
        .target(name: "LocSimExplorer", dependencies: ["LocSimScenario", "LocSim", "LocSimCoreLocation"]),
        // Info.plist and source lint; the only target that needs swift-syntax.
        .target(name: "LocSimLint", dependencies: [
            "LocSimModel",
            "LocSimInput",
            "LocSimYAML",
            .product(name: "SwiftSyntax", package: "swift-syntax", condition: tool),
            .product(name: "SwiftParser", package: "swift-syntax", condition: tool),
        ]),
        // `locsim serve`: the interactive playground (a local web server and its one page); the only
        // target that depends on Hummingbird.
        .target(name: "LocSimServe", dependencies: [
            "LocSim", "LocSimModel", "LocSimInput", "LocSimYAML", "LocSimScenario", "LocSimExplorer",
            .product(name: "Hummingbird", package: "hummingbird", condition: tool),
            .product(name: "HummingbirdCore", package: "hummingbird", condition: tool),
            .product(name: "NIOCore", package: "swift-nio", condition: tool),
            .product(name: "HTTPTypes", package: "swift-http-types", condition: tool),
            .product(name: "Ink", package: "Ink", condition: tool),
        ]),
        // What the command line's executables share: parsing and exit statuses, the commands
        // `locsim` lists but hands over (`Sibling`), `benchmark`'s arguments.
        .target(name: "LocSimCommand", dependencies: [
            "LocSimInput",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tool),
        ]),
        // `locsim`: run, explore, graph, benchmark. It links neither LocSimLint nor LocSimServe:
        // `lint` and `serve` run `locsim-lint` and `locsim-serve` (Docs/Building.md).
        .executableTarget(name: "locsim", dependencies: [
            "LocSimScenario", "LocSimExplorer", "LocSim", "LocSimInput", "LocSimCommand",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tool),
        ]),
        .executableTarget(name: "locsim-lint", dependencies: [
            "LocSimLint", "LocSimCommand",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tool),
        ]),
        .executableTarget(name: "locsim-serve", dependencies: [
            "LocSimServe", "LocSimInput", "LocSimCommand",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tool),
        ]),
        .plugin(
            name: "LintLocation",
            capability: .command(
                intent: .custom(verb: "lint-location", description: "Lint Info.plists and sources for Core Location authorization mistakes"),
                permissions: []
            )
            // No `dependencies: ["locsim"]`: the plugin asks SwiftPM to build the `locsim` product
            // instead, because a plugin's tool dependency is built a second time, for the host,
            // by every `swift build` (Docs/Building.md).
        ),
        // Test support, shared by the test targets (not products): the rule rig's pure-model
        // fixtures, which link the model alone, and the simulated-device rig with the one
        // recording delegate.
        .target(name: "LocSimModelTestSupport", dependencies: ["LocSimModel", "LocSimTestStore"], path: "Tests/LocSimModelTestSupport"),
        .target(name: "LocSimTestSupport", dependencies: ["LocSim", "LocSimModel", "LocSimModelTestSupport"], path: "Tests/LocSimTestSupport"),
        .testTarget(name: "LocSimModelTests", dependencies: ["LocSimModel", "LocSimModelTestSupport", "LocSimTestStore"]),
        .testTarget(name: "LocSimTests", dependencies: ["LocSim", "LocSimModel", "LocSimModelTestSupport", "LocSimTestSupport"]),
        .testTarget(name: "LocSimCoreLocationTests", dependencies: ["LocSimCoreLocation", "LocSim"], exclude: ["SDKNames"]),
        .testTarget(name: "LocSimScenarioTests", dependencies: ["LocSimScenario"]),
        .testTarget(name: "LocSimExplorerTests", dependencies: ["LocSimExplorer", "LocSimTesting", "NamedLikeApps"]),
        // An app module whose class is named `LocationManager`, as so many apps name theirs: its
        // exploration test imports it and `LocSimTesting` alone.
        .target(name: "NamedLikeApps", dependencies: ["LocSimCoreLocation"], path: "Tests/Fixtures/NamedLikeApps"),
        .testTarget(name: "LocSimLintTests", dependencies: ["LocSimLint"]),
        // The end-to-end tests run the built `locsim`, which runs `locsim-lint` and `locsim-serve`.
        .testTarget(name: "LocSimCLITests", dependencies: ["locsim", "locsim-lint", "locsim-serve"]),
        // The playground's tests talk to a live server through their own small HTTP/1.1 client on
        // NIO, not HummingbirdTesting (which would add AsyncHTTPClient, NIOSSL's BoringSSL and
        // NIOHTTP2 to every clean build; Docs/Building.md).
        .testTarget(name: "LocSimServeTests", dependencies: [
            "LocSimServe", "LocSimScenario", "LocSim", "LocSimModel",
            .product(name: "Hummingbird", package: "hummingbird", condition: tool),
            .product(name: "NIOCore", package: "swift-nio", condition: tool),
            .product(name: "NIOPosix", package: "swift-nio", condition: tool),
            .product(name: "NIOHTTP1", package: "swift-nio", condition: tool),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tool),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// `Fuzz/run` with `LOCSIM_FUZZ_INSTRUMENT=project` sets `LOCSIM_FUZZ_SANITIZE` (`fuzzer` or
// `fuzzer,address`): LocSim's own modules are then built with libFuzzer's coverage (and the
// sanitizers), and the packages it uses (swift-syntax, NIO, Hummingbird, Yams) without, so that
// each input pays for the coverage of LocSim's code alone (Docs/Fuzzing.md). Unset, nothing changes.
if let sanitize = Context.environment["LOCSIM_FUZZ_SANITIZE"], !sanitize.isEmpty {
    for target in package.targets where target.type == .regular || target.type == .executable {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitize)"])]
    }
}
