import ArgumentParser
import Dispatch
import Foundation
import LocSimCommand
import LocSimServe

/// `locsim serve`: the interactive playground in a browser.
struct Serve: ParsableCommand {
    static let configuration = CommandConfigurations.serve

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(help: "The address to listen on (127.0.0.1: this machine only).")
    var host = "127.0.0.1"

    @Option(help: "The rules reference the page links to.")
    var rules = "Docs/Rules.md"

    @Option(help: "Minutes a session lives without a request.")
    var idleMinutes = 30

    @Option(help: "The most sessions at once.")
    var maxSessions = 256

    @Option(help: "The most sessions one client (one remote address) may have at once; one more gets 429.")
    var maxSessionsPerClient = 32

    @Option(name: .customLong("allowed-host"), help: ArgumentHelp(
        "A host name or address, besides the loopback ones, that requests may name in their Host header (repeatable).",
        valueName: "name"))
    var allowedHosts: [String] = []

    mutating func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port (0–65535)") }
        guard idleMinutes > 0 else { throw ValidationError("--idle-minutes must be positive") }
        guard maxSessions > 0 else { throw ValidationError("--max-sessions must be positive") }
        guard maxSessionsPerClient > 0 else { throw ValidationError("--max-sessions-per-client must be positive") }
        for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0.isWhitespace }) {
            throw ValidationError("--allowed-host '\(name)' is not a host name or address")
        }
    }

    /// How long a stop signal waits for requests still running: 2 seconds.
    static let shutdownGrace: Double = 2

    func run() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else {
            FileHandle.standardError.write(Data("error: locsim serve needs macOS 14 or later (Hummingbird's minimum)\n".utf8))
            throw ExitCode(2)
        }
        var options = Playground.Options()
        options.host = host
        options.port = port
        options.rulesFile = rules
        options.idleTimeout = .seconds(idleMinutes * 60)
        options.capacity = maxSessions
        options.sessionsPerClient = maxSessionsPerClient
        options.allowedHosts = allowedHosts
        let playground = Playground(options: options)
        let host = self.host, port = self.port
        let failure = ServeFailure()
        let done = DispatchSemaphore(value: 0)
        // SIGTERM and SIGINT start the server's graceful shutdown (Hummingbird's service group);
        // whatever is still running after `shutdownGrace` is dropped and the process exits 0.
        let watchdogs = [Int32(SIGTERM), Int32(SIGINT)].map { (number: Int32) -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.shutdownGrace) {
                    FileHandle.standardError.write(Data("locsim serve: stopped; requests still running were dropped\n".utf8))
                    Foundation.exit(0)
                }
            }
            source.resume()
            return source
        }
        defer { watchdogs.forEach { $0.cancel() } }
        Task {
            do {
                try await playground.run { port in
                    FileHandle.standardError.write(Data("locsim serve: http://\(host):\(port)/\n".utf8))
                }
            } catch {
                failure.message = Playground.startupMessage(for: error, port: port)
            }
            done.signal()
        }
        done.wait()
        if let message = failure.message {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The error the server stopped with, written by the server's task before it signals the
/// semaphore, read after `wait()` returns (Docs/Concurrency.md).
private final class ServeFailure: @unchecked Sendable {
    var message: String?
}
