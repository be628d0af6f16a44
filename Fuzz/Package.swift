// swift-tools-version: 6.0
// LocSim's fuzz targets: one libFuzzer binary, one target per input kind (LOCSIM_FUZZ_TARGET).
// Build and run with `Fuzz/run <kind> [seconds]` (see Docs/Fuzzing.md); a plain `swift build`
// of this package fails to link on purpose: libFuzzer provides `main`.
import PackageDescription

let package = Package(
    name: "LocSimFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "LocSim", path: "..")],
    targets: [
        // libFuzzer's driver entry, declared for Swift.
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "LocSimFuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "LocSim", package: "LocSim"),
                .product(name: "LocSimScenario", package: "LocSim"),
                .product(name: "LocSimExplorer", package: "LocSim"),
                .product(name: "LocSimLint", package: "LocSim"),
                .product(name: "LocSimServe", package: "LocSim"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
