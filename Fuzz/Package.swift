// swift-tools-version: 6.0
// LocSim's fuzz targets: one libFuzzer binary, one target per input kind (LOCSIM_FUZZ_TARGET).
// Build and run with `Fuzz/run <kind> [seconds]` (see Docs/Fuzzing.md); a plain `swift build`
// of this package fails to link on purpose: libFuzzer provides `main`.
import PackageDescription

// `Fuzz/run` with `LOCSIM_FUZZ_INSTRUMENT=project` builds without `-Xswiftc -sanitize=…` (which
// instruments every module, swift-syntax's and NIO's too) and sets `LOCSIM_FUZZ_SANITIZE`: this
// target and LocSim's own (see the root Package.swift) are instrumented, and the link brings in
// libFuzzer and the sanitizers' runtimes.
let sanitize = Context.environment["LOCSIM_FUZZ_SANITIZE"].map { $0.isEmpty ? [] : ["-sanitize=\($0)"] } ?? []

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
            swiftSettings: [.unsafeFlags(["-parse-as-library"] + sanitize)],
            linkerSettings: [.unsafeFlags(sanitize)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
