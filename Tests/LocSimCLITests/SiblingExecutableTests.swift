import Foundation
import Testing

/// `locsim lint`, `locsim serve` and their benchmarks run `locsim-lint` and `locsim-serve` from
/// `locsim`'s directory (Docs/Building.md): found there, built on first use from a checkout's
/// build directory, or one line saying how to build them.
@Suite("locsim hands lint and serve to locsim-lint and locsim-serve", .serialized)
struct SiblingExecutableTests {
    @Test("help lint and help serve are lint --help and serve --help, from the executables that run them")
    func helpIsTheSibling() throws {
        for command in ["lint", "serve"] {
            let help = try LocsimProcess.run(["help", command])
            let flag = try LocsimProcess.run([command, "--help"])
            #expect(help.status == 0 && flag.status == 0)
            #expect(help.stdout == flag.stdout)
            #expect(flag.stdout.contains("USAGE: locsim \(command)"), "\(flag.stdout)")
        }
    }

    @Test("locsim alone in a directory that is no build directory: one line naming what to build, exit 2")
    func missingSibling() throws {
        let binary = try #require(LocsimProcess.binary)
        let lone = LocsimProcess.scratch.appendingPathComponent("lone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: lone, withIntermediateDirectories: true)
        let copy = lone.appendingPathComponent("locsim")
        try FileManager.default.copyItem(at: binary, to: copy)
        let cases: [([String], String)] = [
            (["lint", "."], "locsim-lint"), (["serve", "--port", "0"], "locsim-serve"), (["help", "lint"], "locsim-lint"),
            (["benchmark", "lint", "--files", "1"], "locsim-lint"), (["benchmark", "serve"], "locsim-serve"),
        ]
        for (arguments, product) in cases {
            let out = try LocsimProcess.run(arguments, executable: copy)
            #expect(out.status == 2, "\(arguments)")
            #expect(out.stdout.isEmpty)
            #expect(out.stderr == "error: \(product) is not next to locsim (\(lone.path)); build it with `swift build --product \(product)` in LocSim's package directory\n")
        }
        // What locsim runs itself still runs.
        #expect(try LocsimProcess.run([], executable: copy).status == 0)
    }

    /// A package whose `locsim-lint` echoes its arguments and first input line and exits 3, with
    /// `locsim` copied into its build directory as SwiftPM lays it out.
    @Test("from a checkout's build directory a missing executable is built first (one line on stderr), then runs with the arguments, input and exit status")
    func buildOnFirstUse() throws {
        let binary = try #require(LocsimProcess.binary).resolvingSymlinksInPath()
        // `<package>/.build/<triple>/debug/locsim`: the triple of this build, for the copy's path.
        let triple = binary.deletingLastPathComponent().deletingLastPathComponent()
        guard triple.deletingLastPathComponent().lastPathComponent.hasPrefix(".build") else { return }
        let package = LocsimProcess.scratch.appendingPathComponent("checkout-\(UUID().uuidString)")
        let sources = package.appendingPathComponent("Sources/locsim-lint")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data("""
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Echo", products: [.executable(name: "locsim-lint", targets: ["locsim-lint"])],
                              targets: [.executableTarget(name: "locsim-lint")])

        """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data("""
        #if canImport(Glibc)
        import Glibc
        #else
        import Darwin
        #endif
        print(CommandLine.arguments.dropFirst().joined(separator: " "))
        print("stdin: \\(readLine() ?? "")")
        exit(3)

        """.utf8).write(to: sources.appendingPathComponent("main.swift"))
        let directory = package.appendingPathComponent(".build").appendingPathComponent(triple.lastPathComponent).appendingPathComponent("debug")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("locsim")
        try FileManager.default.copyItem(at: binary, to: copy)

        let first = try LocsimProcess.run(["lint", "--format", "json", "x y"], stdin: "hello\n", executable: copy)
        #expect(first.stdout == "lint --format json x y\nstdin: hello\n", "\(first.stderr)")
        #expect(first.status == 3)
        #expect(first.stderr.hasPrefix("locsim: building locsim-lint on first use (swift build --product locsim-lint in \(package.path)); later runs start at once\n"), "\(first.stderr)")
        let second = try LocsimProcess.run(["benchmark", "lint", "--files", "1"], executable: copy)
        #expect(second.stdout == "benchmark lint --files 1\nstdin: \n")
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(second.status == 3)
    }
}
