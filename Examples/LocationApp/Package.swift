// swift-tools-version: 6.0
// A worked example: an app's location screen written as an iOS developer writes it, against the
// `CL…` names, and tested with LocSim on Linux. See README.md beside this file.
import PackageDescription

let package = Package(
    name: "LocationApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "LocationFeature", targets: ["LocationFeature"])],
    dependencies: [.package(name: "LocSim", path: "../..")],
    targets: [
        // The app's code: Core Location on Apple platforms, LocSim's `CL…` names elsewhere.
        .target(name: "LocationFeature", dependencies: [
            .product(name: "LocSimCoreLocation", package: "LocSim", condition: .when(platforms: [.linux])),
        ]),
        .testTarget(name: "LocationFeatureTests", dependencies: [
            "LocationFeature",
            .product(name: "LocSimTesting", package: "LocSim"),
            .product(name: "LocSimCoreLocation", package: "LocSim"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
