import Foundation
import Testing

/// Hostile and unusual GPX files of `Fuzz/Regressions/gpx/`, played by `locsim run`: bad ones
/// exit 2 with one stderr line naming the scenario step and the GPX file and line; valid ones run.
@Suite("Hostile GPX through locsim run")
struct HostileGPXTests {
    /// The regression file `name`, by absolute path.
    static func regression(_ name: String) -> String {
        LocsimProcess.packageRoot.appendingPathComponent("Fuzz/Regressions/gpx/\(name)").path
    }

    /// A scenario that plays `gpx` while updating in the foreground, then waits a minute; the
    /// `playGPX` step is on line 6.
    static func scenario(playing gpx: String) -> String {
        LocsimProcess.writeScenario("""
            steps:
              - launch
              - requestWhenInUse
              - choose: allowWhileUsing
              - startUpdating
              - playGPX: \(gpx)
              - wait: 1m

            """, name: "gpx")
    }

    @Test("A malformed or invalid GPX file: exit 2, one stderr line with the scenario line and the GPX file:line", arguments: [
        ("invalid-utf8-element-name.gpx", 4, "malformed GPX: invalid UTF-8 (byte 0xFF)"),
        ("pi-22-bytes.gpx", 1, "malformed GPX: invalid processing instruction target"),
        ("nested-trkpt.gpx", 5, "<trkpt> inside the <trkpt> on line 4: a point cannot hold another"),
        ("second-time.gpx", 6, "a second <time> in the <trkpt> on line 4"),
        ("february-30.gpx", 4, "invalid <time> \"2024-02-30T10:00:00Z\" (expected ISO 8601, e.g. 2024-05-01T10:00:00Z)"),
        ("offset-25-hours.gpx", 4, "invalid <time> \"2024-05-01T10:00:00+25:00\" (expected ISO 8601, e.g. 2024-05-01T10:00:00Z)"),
        ("hex-latitude.gpx", 4, "<trkpt> has an invalid coordinate lat=\"0x1p3\" lon=\"-122.0090\""),
        ("exponent-latitude.gpx", 4, "<trkpt> has an invalid coordinate lat=\"1e1\" lon=\"-122.0090\""),
        ("nan-latitude.gpx", 4, "<trkpt> has an invalid coordinate lat=\"nan\" lon=\"-122.0090\""),
        ("inf-longitude.gpx", 4, "<trkpt> has an invalid coordinate lat=\"37.3349\" lon=\"-inf\""),
        ("latitude-out-of-range.gpx", 4, "<trkpt> has an invalid coordinate lat=\"90.0001\" lon=\"-122.0090\""),
        ("prefixed-root-unbound.gpx", 2, "not a GPX file: the root <g:gpx> uses the prefix 'g', which it does not bind to the GPX namespace (xmlns:g=\"http://www.topografix.com/GPX/1/1\")"),
        ("prefixed-root-other-namespace.gpx", 2, "not a GPX file: the root <g:gpx> is in the namespace 'http://example.com/not-gpx', not GPX (http://www.topografix.com/GPX/1/1)"),
        ("doctype-entity.gpx", 2, "malformed GPX: a DOCTYPE with an internal subset (entity declarations are not supported)"),
        ("mixed-timed-untimed.gpx", 5, "<trkpt> has no <time> while other points have one: LocSim plays a timed track on the virtual clock and needs a time for every point"),
    ])
    func rejected(_ name: String, _ line: Int, _ message: String) throws {
        let gpx = Self.regression(name)
        let scenario = Self.scenario(playing: gpx)
        let out = try LocsimProcess.run(["run", scenario])
        #expect(out.status == 2)
        #expect(out.stderr == "error: \(scenario):6: playGPX '\(gpx)': \(gpx):\(line): \(message)\n")
    }

    @Test("Valid but unusual GPX files run: each fix at its time", arguments: [
        // A processing instruction without data, before the root and among the points.
        ("pi-without-data.gpx", ["+00:00:00.000  device  world:  GPX fix 37.33490,-122.00900", "+00:00:30.000  device  world:  GPX fix 37.34490,-122.00900"]),
        // 35 and 40 fraction digits (the old formatter crashed with SIGFPE): nanoseconds kept.
        ("time-35-fraction-digits.gpx", ["+00:00:00.000  device  world:  GPX fix 37.33490,-122.00900", "+00:00:29.111  device  world:  GPX fix 37.34490,-122.00900"]),
        // <time> in CDATA, whole and split.
        ("cdata-time.gpx", ["+00:00:00.000  device  world:  GPX fix 37.33490,-122.00900", "+00:00:30.000  device  world:  GPX fix 37.34490,-122.00900"]),
        // A root prefix bound to the GPX 1.1 namespace.
        ("prefixed-root.gpx", ["+00:00:00.000  device  world:  GPX fix 1.00000,2.00000", "+00:00:10.000  device  world:  GPX fix 1.50000,2.00000"]),
        // Xcode's single waypoint without <time>: a fixed location.
        ("xcode-waypoint.gpx", ["+00:00:00.000  device  world:  GPX fix 37.33170,-122.03024"]),
    ])
    func accepted(_ name: String, _ fixes: [String]) throws {
        let out = try LocsimProcess.run(["run", Self.scenario(playing: Self.regression(name))])
        #expect(out.status == 0)
        #expect(out.stderr.isEmpty)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("GPX fix") } == fixes)
        #expect(lines.contains("+00:00:00.000  device  world:  play GPX track (\(fixes.count) points)"))
        #expect(lines.last == "1 scenario: 1 passed, 0 failed")
    }

    @Test("Every regression file is checked by a test here")
    func everyFileCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.regression(""))
        let covered: Set = [
            "invalid-utf8-element-name.gpx", "pi-22-bytes.gpx", "nested-trkpt.gpx", "second-time.gpx", "february-30.gpx",
            "offset-25-hours.gpx", "hex-latitude.gpx", "exponent-latitude.gpx", "nan-latitude.gpx", "inf-longitude.gpx",
            "latitude-out-of-range.gpx", "prefixed-root-unbound.gpx", "prefixed-root-other-namespace.gpx", "doctype-entity.gpx",
            "mixed-timed-untimed.gpx", "pi-without-data.gpx", "time-35-fraction-digits.gpx", "cdata-time.gpx",
            "prefixed-root.gpx", "xcode-waypoint.gpx",
        ]
        #expect(Set(names) == covered)
    }

    @Test("A GPX file larger than the limit is refused before it is read: exit 2, one line")
    func tooLarge() throws {
        let url = LocsimProcess.scratch.appendingPathComponent("huge-\(UUID().uuidString).gpx")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        // A sparse file: 64 MiB + 1 byte without writing them.
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        defer { try? FileManager.default.removeItem(at: url) }
        let scenario = Self.scenario(playing: url.path)
        let out = try LocsimProcess.run(["run", scenario])
        #expect(out.status == 2)
        #expect(out.stderr == "error: \(scenario):6: playGPX '\(url.path)': \(url.path): GPX file too large: \((64 << 20) + 1) bytes (at most \(64 << 20))\n")
    }
}
