import Foundation
import PackagePlugin

/// `swift package lint-location [options] [paths]`: runs `locsim lint` on the package directory
/// (or on the paths given), forwarding every other argument.
///
/// It asks SwiftPM to build the `locsim-lint` product (the executable `locsim lint` runs; the same
/// debug build `swift build` makes) rather than declaring it as a tool dependency: a tool
/// dependency is built a second time for the host, with swift-syntax, by every `swift build` of
/// this package (Docs/Building.md).
@main
struct LintLocation: CommandPlugin {
    /// Options of `locsim lint` that take a value, so their values are not mistaken for paths.
    static let optionsWithValue: Set<String> = ["--format", "--fail-on", "--platform", "--deployment-target", "--config"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The first run compiles locsim-lint with swift-syntax: say so before it.
        Diagnostics.progress("building locsim-lint (the first run takes minutes)")
        let build = try packageManager.build(.product("locsim-lint"), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded, let tool = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
            Diagnostics.error("building locsim-lint failed:\n\(build.logText)")
            throw LintLocationFailure(status: 2)
        }
        var hasPath = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if Self.optionsWithValue.contains(argument) { index += 2; continue }
            if !argument.hasPrefix("-") { hasPath = true }
            index += 1
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + arguments + (hasPath ? [] : [context.package.directoryURL.path])
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            Diagnostics.error("locsim lint found problems at or above --fail-on")
        default:
            Diagnostics.error("locsim lint could not read its input (exit status \(process.terminationStatus))")
        }
        throw LintLocationFailure(status: process.terminationStatus)
    }
}

/// The plugin's failure when `locsim lint` exits with a non-zero status.
struct LintLocationFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "locsim lint exited with status \(status)" }
}
