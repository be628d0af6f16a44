// swift-tools-version: 6.1
// A worked example: an app's location screen written as an iOS developer writes it, against the
// `CL…` names, and tested with LocSim. See README.md beside this file.
import PackageDescription

/// `LOCSIM=1 swift test` builds the app's code against LocSim on any platform, a Mac included,
/// where `canImport(CoreLocation)` is true: the `LOCSIM` condition selects `LocSimCoreLocation`.
/// Without it, Apple platforms build against Core Location and Linux against LocSim.
let simulated = Context.environment["LOCSIM"] == "1"
let onLinux: TargetDependencyCondition? = .when(platforms: [.linux])
let switches: [SwiftSetting] = simulated ? [.define("LOCSIM")] : []

let package = Package(
    name: "LocationApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "LocationFeature", targets: ["LocationFeature"])],
    dependencies: [
        // `traits: []`: the libraries alone. LocSim's `Tool` trait (the locsim tool: swift-syntax,
        // Hummingbird, NIO, ArgumentParser) is off, so SwiftPM fetches and builds none of those.
        .package(name: "LocSim", path: "../..", traits: []),
        // ObservableObject and @Published where Combine does not exist (Linux).
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // The app's code: Core Location on Apple platforms, LocSim's `CL…` names on Linux or
        // with LOCSIM set.
        .target(name: "LocationFeature", dependencies: [
            .product(name: "LocSimCoreLocation", package: "LocSim", condition: simulated ? nil : onLinux),
            .product(name: "OpenCombine", package: "OpenCombine", condition: onLinux),
        ], swiftSettings: switches),
        .testTarget(name: "LocationFeatureTests", dependencies: [
            "LocationFeature",
            .product(name: "LocSimTesting", package: "LocSim"),
            .product(name: "LocSimCoreLocation", package: "LocSim"),
            .product(name: "OpenCombine", package: "OpenCombine", condition: onLinux),
        ], swiftSettings: switches),
    ],
    swiftLanguageModes: [.v6]
)
