import Foundation
import LocSim
import LocSimModel
import LocSimScenario

/// Builds scenario texts and files for the scenario tests.
enum ScenarioFixtures {
    /// A fresh directory under the temporary directory for this test process.
    static let directory: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-scenario-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }()

    /// Writes `contents` to a uniquely named file in ``directory`` and returns its path.
    @discardableResult
    static func write(_ contents: String, name: String = "fixture", ext: String) -> String {
        let path = (directory as NSString).appendingPathComponent("\(name)-\(UUID().uuidString).\(ext)")
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }

    /// The path a scenario text pretends to come from (relative files resolve next to it).
    static var scenarioPath: String { (directory as NSString).appendingPathComponent("test.yml") }

    /// A scenario whose steps start on line 2: step `i` (0-based) is on line `i + 2`.
    static func text(steps: [String], header: String = "") -> String {
        header + "steps:\n" + steps.map { "  - \($0)\n" }.joined()
    }

    /// Parses a scenario made of `steps`.
    static func parse(_ steps: [String], file: String = scenarioPath) throws -> Scenario {
        try ScenarioParser.parse(text(steps: steps), file: file)
    }

    /// Parses one step and returns its action.
    static func action(_ step: String) throws -> StepAction {
        try parse([step]).steps[0].action
    }

    /// Parses one `expect:` step (the text after `expect: `) and returns the expectation.
    static func expectation(_ body: String) throws -> LocSimScenario.Expectation {
        guard case .expect(let e) = try action("expect: \(body)") else { throw InputError(file: "", line: nil, message: "not an expect step") }
        return e
    }

    /// Parses and runs a scenario made of `steps`.
    static func run(_ steps: [String], header: String = "") throws -> ScenarioResult {
        ScenarioRunner.run(try ScenarioParser.parse(text(steps: steps, header: header), file: scenarioPath))
    }

    /// The package root, from this file's path.
    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// The folders of `Examples/` whose scenario files CI runs: the top level, and `ios18/` (section O).
    static let exampleFolders = ["Examples", "Examples/ios18"]

    /// Every scenario file CI runs (`Examples/*.yml`, `Examples/ios18/*.yml`), sorted per folder.
    static var exampleFiles: [String] {
        exampleFolders.flatMap { folder in
            let dir = (packageRoot as NSString).appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.filter { $0.hasSuffix(".yml") }.sorted().map { (dir as NSString).appendingPathComponent($0) }
        }
    }

    /// A small valid GPX track.
    static let gpx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>
        <trkpt lat="37.3349" lon="-122.0090"><time>2024-05-01T07:00:00Z</time></trkpt>
        <trkpt lat="37.3360" lon="-122.0100"><time>2024-05-01T07:01:00Z</time></trkpt>
      </trkseg></trk>
    </gpx>
    """

    /// A small valid XML Info.plist.
    static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>CFBundleDisplayName</key><string>Fixture</string>
      <key>NSLocationWhenInUseUsageDescription</key><string>Fixture shows you on a map.</string>
      <key>UIBackgroundModes</key><array><string>location</string></array>
    </dict>
    </plist>
    """
}
