import Foundation
import Testing

/// `locsim lint` output for CI, end to end through the built binary: GitHub annotations, the
/// baseline round trip, a malformed baseline and SARIF's tool version.
@Suite struct LintCIOutputCLITests {
    static let recorder = """
    import CoreLocation
    final class Recorder {
        let manager = CLLocationManager()
        func start() {
            manager.requestWhenInUseAuthorization()
            manager.allowsBackgroundLocationUpdates = true
        }
    }

    """
    static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.app</string>
    \t<key>NSLocationWhenInUseUsageDescription</key>
    \t<string>Shows your position on the trail map while you record a hike.</string>
    </dict>
    </plist>

    """

    /// A fresh app folder with the recorder source; returns its path.
    func app() throws -> String {
        let root = LocsimProcess.scratch.appendingPathComponent("ci-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try Self.plist.write(toFile: root + "/App/Info.plist", atomically: true, encoding: .utf8)
        try Self.recorder.write(toFile: root + "/App/Recorder.swift", atomically: true, encoding: .utf8)
        return root
    }

    @Test("lint --format github prints one ::error annotation per finding, then the summary; exit status 1")
    func github() throws {
        let root = try app()
        let run = try LocsimProcess.run(["lint", root, "--format", "github"])
        let lines = run.stdout.split(separator: "\n")
        #expect(run.status == 1)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=\(root)/App/Recorder.swift,line=6,col=9,title=LOC006 background-updates-without-mode::"))
        #expect(lines[1].hasPrefix("locsim lint: 1 error, 0 warnings"))
    }

    @Test("lint --write-baseline, then --baseline: known findings pass (also after lines move), a new one fails")
    func baseline() throws {
        let root = try app()
        let file = root + "/baseline.txt"
        let first = try LocsimProcess.run(["lint", root, "--write-baseline", file])
        #expect(first.status == 1)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("# locsim lint baseline 1\nLOC006\t"))
        #expect(written.hasSuffix("\t\(root)/App/Recorder.swift\n"))
        let known = try LocsimProcess.run(["lint", root, "--baseline", file, "--format", "github"])
        #expect(known.status == 0)
        #expect(!known.stdout.contains("::"))
        try ("// moved down\n" + Self.recorder + "func later(_ m: CLLocationManager) { m.allowsBackgroundLocationUpdates = true }\n")
            .write(toFile: root + "/App/Recorder.swift", atomically: true, encoding: .utf8)
        let moved = try LocsimProcess.run(["lint", root, "--baseline", file])
        #expect(moved.status == 1)
        let findings = moved.stdout.split(separator: "\n").dropLast()
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("\(root)/App/Recorder.swift:10:") == true)
    }

    @Test("lint --baseline with a malformed file: one line on stderr naming the file and line, exit status 2")
    func malformedBaseline() throws {
        let root = try app()
        let file = root + "/bad-baseline.txt"
        try "# locsim lint baseline 1\nLOC006 not-tab-separated\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try LocsimProcess.run(["lint", root, "--baseline", file])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "\(file):2: error: malformed baseline: expected 'LOC###<TAB>hash<TAB>path'\n")
        let missing = try LocsimProcess.run(["lint", root, "--baseline", root + "/nope.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }

    @Test("lint --format sarif: tool.driver.version is what locsim --version prints")
    func sarifVersion() throws {
        let root = try app()
        let version = try LocsimProcess.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try LocsimProcess.run(["lint", root, "--format", "sarif"])
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let driver = ((json?["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        #expect(!version.isEmpty)
        #expect(driver?["version"] as? String == version)
        #expect((driver?["rules"] as? [[String: Any]])?.count ?? 0 >= 28)
    }
}
