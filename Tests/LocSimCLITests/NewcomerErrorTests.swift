import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 30's errors, through the built `locsim`: each is one line on stderr, once, in words a
/// newcomer knows, with exit status 2.
@Suite("A newcomer's errors (issue 30)", .serialized)
struct NewcomerErrorTests {
    /// Expects exit status `status`, `stderr` exactly `error: <message>\n`, and the message
    /// nowhere on stdout (a terminal shows both: the error is printed once).
    static func expectOnce(_ out: LocsimProcess.Output, _ message: String, status: Int32 = 2, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status == status, sourceLocation: sourceLocation)
        #expect(out.stderr == "error: \(message)\n", sourceLocation: sourceLocation)
        #expect(!out.stdout.contains(message), "stdout repeats it: \(out.stdout)", sourceLocation: sourceLocation)
    }

    @Test("An invalid scenario's message is printed once: on stderr, not again under ERROR on stdout")
    func printedOnce() throws {
        let file = LocsimProcess.writeScenario("name: Typo\nsteps:\n  - launch\n  - jump\n", name: "once")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("error: \(file):4: unknown step 'jump' (expected one of: launch, "))
        #expect(out.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2)
        // The file did not parse: its result is named by the file's name.
        let name = (file as NSString).lastPathComponent
        #expect(out.stdout == "ERROR \(name)\n\n1 scenario: 0 passed, 0 failed, 1 invalid\n")
        // --quiet and JSON keep their result; the message is still on stderr only once.
        let quiet = try LocsimProcess.run(["run", "--quiet", file])
        #expect(quiet.stdout == "ERROR \(name)\n1 scenario: 0 passed, 0 failed, 1 invalid\n")
        #expect(quiet.stderr == out.stderr)
    }

    @Test("run --quiet: a failure does not point at a timeline it did not print")
    func quietFailure() throws {
        let file = LocsimProcess.writeScenario(CommandLinePapercutTests.failing, name: "quietfail")
        let out = try LocsimProcess.run(["run", "--quiet", file])
        #expect(out.status == 1)
        #expect(out.stderr == "")
        #expect(out.stdout == """
            FAIL  Fail
              \(file):6: expectation failed
                status: expected authorizedWhenInUse
                        actual   denied
              (run again without --quiet to see the timeline up to the failing step)
            1 scenario: 0 passed, 1 failed

            """)
        // Without --quiet the timeline is there, and the note points at it as before.
        let loud = try LocsimProcess.run(["run", file])
        #expect(loud.stdout.contains("  (the timeline above runs up to the failing step)\n"))
    }

    @Test("A tab in YAML indentation says so, at its line", arguments: [
        ("name: Tab\nsteps:\n\t- launch\n", 3),
        ("name: Tab\ndevice:\n\tplatform: iOS 18.0\nsteps: [launch]\n", 3),
        ("name: Tab\ndevice:\n  platform: iOS 18.0\n \tgracePeriod: 5s\nsteps: [launch]\n", 4),
        ("name: Tab\nsteps:\n  - launch\n  -\tlock\n", 4),
    ])
    func tabIndentation(_ text: String, _ line: Int) throws {
        let file = LocsimProcess.writeScenario(text, name: "tab")
        Self.expectOnce(try LocsimProcess.run(["run", file]),
                        "\(file):\(line): tab characters are not allowed for indentation in YAML; use spaces")
    }

    @Test("A tab in an app model's indentation: the same message from locsim explore")
    func tabInAppModel() throws {
        let file = LocsimProcess.writeScenario("name: Tab\napp:\n\tscreens: [home]\n", name: "tabmodel")
        Self.expectOnce(try LocsimProcess.run(["explore", "--quiet", file]),
                        "\(file):3: tab characters are not allowed for indentation in YAML; use spaces")
    }

    @Test("A subcommand typo is not read as a file name", arguments: [
        (["simulate", "x.yml"], "unknown command 'simulate'; did you mean 'run'?"),
        (["explor", "Examples/explore/buggy-tracker.yml"], "unknown command 'explor'; did you mean 'explore'?"),
        (["lnt", "."], "unknown command 'lnt'; did you mean 'lint'?"),
        (["server"], "unknown command 'server'; did you mean 'serve'?"),
        (["frobnicate"], "'frobnicate' is neither a command nor a file"),
    ])
    func unknownCommand(_ arguments: [String], _ message: String) throws {
        let out = try LocsimProcess.run(arguments)
        Self.expectOnce(out, "\(message) (commands: run, explore, graph, lint, serve, benchmark)")
        #expect(out.stdout == "")
    }

    @Test("A first argument that is a file still runs as a scenario; one that looks like a path is still a file")
    func filesStillRun() throws {
        let ok = try LocsimProcess.run(["Examples/seed000-request-always-directly.yml"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let missing = try LocsimProcess.run(["simulate.yml"])
        Self.expectOnce(missing, "simulate.yml: cannot read scenario file")
        // A scenario file without an extension that exists runs.
        let bare = LocsimProcess.scratch.appendingPathComponent("scenario").path
        try CommandLinePapercutTests.passing.write(toFile: bare, atomically: true, encoding: .utf8)
        #expect(try LocsimProcess.run([bare]).status == 0)
    }

    @Test("A step typo suggests the nearest step word")
    func stepSuggestion() throws {
        let file = LocsimProcess.writeScenario("name: Typo\nsteps:\n  - launch\n  - requestWhenInUs\n  - {chose: allowOnce}\n", name: "steptypo")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("error: \(file):4: unknown step 'requestWhenInUs'; did you mean 'requestWhenInUse'? (expected one of: launch, launchInBackground, "))
        #expect(out.stderr.split(separator: "\n").count == 1)
        let mapping = LocsimProcess.writeScenario("name: Typo\nsteps:\n  - launch\n  - {chose: allowOnce}\n", name: "steptypo")
        #expect(try LocsimProcess.run(["run", mapping]).stderr.hasPrefix("error: \(mapping):4: unknown step 'chose'; did you mean 'choose'? (expected one of: "))
    }

    @Test("platform: at the top level says it belongs under device:")
    func misplacedPlatform() throws {
        let file = LocsimProcess.writeScenario("name: X\nplatform: iOS 12.4\nsteps: [launch]\n", name: "platform")
        Self.expectOnce(try LocsimProcess.run(["run", file]),
                        "\(file):2: 'platform' belongs under device:, not at the top level (device: {platform: iOS 12.4})")
        let app = LocsimProcess.writeScenario("name: X\nbackgroundModes: [location]\nsteps: [launch]\n", name: "appkey")
        Self.expectOnce(try LocsimProcess.run(["run", app]), "\(app):2: 'backgroundModes' belongs under app:, not at the top level")
        let model = LocsimProcess.writeScenario("name: X\nplatform: iOS 18.0\napp:\n  screens: [home]\n", name: "modelplatform")
        Self.expectOnce(try LocsimProcess.run(["explore", "--quiet", model]),
                        "\(model):2: 'platform' belongs under device:, not at the top level (device: {platform: iOS 18.0})")
    }

    @Test("serve on a port in use says so and suggests --port")
    func portInUse() throws {
        let (socket, port) = try Self.listeningSocket()
        defer { close(socket) }
        let out = try LocsimProcess.run(["serve", "--port", "\(port)"], deadline: 60)
        Self.expectOnce(out, "port \(port) is already in use; pass --port with another")
        #expect(out.stdout == "")
    }

    /// A TCP socket listening on 127.0.0.1 on a free port.
    static func listeningSocket() throws -> (Int32, Int) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &size) == 0 }
        }
        try #require(bound)
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
