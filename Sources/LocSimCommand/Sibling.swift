import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The executables `locsim` hands commands to: `locsim-lint` (swift-syntax) and `locsim-serve`
/// (Hummingbird, NIO), so that the first `swift run locsim` compiles neither (Docs/Building.md).
///
/// `locsim lint …` replaces itself (`execv`) with `locsim-lint lint …` from its own directory: the
/// same process, standard input and output, exit status and signals (SIGTERM to `locsim serve`).
/// Missing there, it is built first when `locsim` runs from a SwiftPM build directory of a LocSim
/// checkout (`.build/debug/locsim`, as `swift run locsim lint` runs it); otherwise one line says how
/// to build it and the exit status is 2.
package enum Sibling {
    /// Runs `product` (next to this executable) with `arguments`, in place of this process.
    package static func exec(_ product: String, arguments: [String]) -> Never {
        let directory = ownExecutable().deletingLastPathComponent()
        let sibling = directory.appendingPathComponent(product)
        if !FileManager.default.isExecutableFile(atPath: sibling.path) {
            guard let package = buildOnFirstUse(product, in: directory) else {
                fail("\(product) is not next to locsim (\(directory.path)); build it with `swift build --product \(product)` in LocSim's package directory")
            }
            guard FileManager.default.isExecutableFile(atPath: sibling.path) else {
                fail("\(product) was built in \(package.path) but is not in \(directory.path); build it with `swift build --product \(product)`")
            }
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([sibling.path] + arguments).map { strdup($0) } + [nil]
        execv(sibling.path, argv)
        fail("cannot run \(sibling.path): \(String(cString: strerror(errno)))")
    }

    /// This process's executable, symbolic links resolved.
    static func ownExecutable() -> URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath() }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    /// Builds `product` with `swift build` when `directory` is a SwiftPM build directory
    /// (`<package>/.build*/[<triple>/]debug` or `release`) of a package whose manifest names it;
    /// returns the package directory, or `nil` when `directory` is not one (nothing is run).
    /// Exits with status 2 when the build fails.
    static func buildOnFirstUse(_ product: String, in directory: URL) -> URL? {
        let configuration = directory.lastPathComponent
        guard configuration == "debug" || configuration == "release" else { return nil }
        let parent = directory.deletingLastPathComponent()
        let scratch = [parent, parent.deletingLastPathComponent()].first { $0.lastPathComponent.hasPrefix(".build") }
        guard let scratch else { return nil }
        let package = scratch.deletingLastPathComponent()
        guard let manifest = FileManager.default.contents(atPath: package.appendingPathComponent("Package.swift").path),
              String(decoding: manifest, as: UTF8.self).contains("\"\(product)\"") else { return nil }
        var arguments = ["swift", "build", "--package-path", package.path, "--product", product]
        if configuration == "release" { arguments += ["-c", "release"] }
        if scratch.lastPathComponent != ".build" { arguments += ["--scratch-path", scratch.path] }
        FileHandle.standardError.write(Data("locsim: building \(product) on first use (swift build --product \(product) in \(package.path)); later runs start at once\n".utf8))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = arguments
        build.standardInput = FileHandle.nullDevice
        // The build's progress goes to standard error: standard output is the command's (a
        // `locsim lint --format sarif > lint.sarif` gets the report alone).
        build.standardOutput = FileHandle.standardError
        build.standardError = FileHandle.standardError
        do { try build.run() } catch { fail("cannot run swift build for \(product): \(error.localizedDescription)") }
        build.waitUntilExit()
        guard build.terminationReason == .exit, build.terminationStatus == 0 else {
            fail("building \(product) failed (swift build exit status \(build.terminationStatus)); build it with `swift build --product \(product)` in \(package.path)")
        }
        return package
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(2)
    }
}
