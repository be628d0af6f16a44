import Foundation

/// Graphviz's `dot`: the one place that finds it and runs it. The playground looks at fixed paths
/// only — never through `PATH`, which a server started from a shell with a writable directory
/// early in its `PATH` would otherwise run whatever `dot` it finds there; `locsim graph`, a command
/// the user runs, looks on `PATH` (``pathCandidates``).
package struct GraphvizDot: Sendable {
    /// Where `dot` is looked for, in order: Debian and Ubuntu, Homebrew on Intel, Homebrew on
    /// Apple silicon.
    package static let fixedPaths = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]

    /// The executable.
    package let path: String

    /// The first executable of `candidates` (``fixedPaths`` unless a test says otherwise); `nil`
    /// when there is none, and the page draws Mermaid text instead.
    package init?(candidates: [String] = fixedPaths) {
        guard let path = candidates.first(where: { $0.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        self.path = path
    }

    /// `dot` in each directory of `PATH` (absolute ones only), in order.
    package static var pathCandidates: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":").map { "\($0)/dot" }
    }

    /// The SVG of a DOT graph (`dot -Tsvg`); `nil` when `dot` fails.
    package func svg(_ dot: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // `dot` reads the whole graph before it writes, and the graphs are small (a few KB): the
        // write does not block on a full output pipe.
        input.fileHandleForWriting.write(Data(dot.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
