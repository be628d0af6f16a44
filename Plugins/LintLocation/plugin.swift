import Foundation
import PackagePlugin

/// `swift package lint-location [options] [paths]`: runs `locsim lint` on the package directory
/// (or on the paths given), forwarding every other argument.
@main
struct LintLocation: CommandPlugin {
    /// Options of `locsim lint` that take a value, so their values are not mistaken for paths.
    static let optionsWithValue: Set<String> = ["--format", "--fail-on", "--platform", "--deployment-target", "--config"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "locsim")
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
