import Foundation
import LocSimExplorer

/// The example app models under Examples/explore, found from this file's location.
enum ExampleModels {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("Examples/explore")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            url.deleteLastPathComponent()
        }
        return "Examples/explore"
    }()

    static func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    static func load(_ name: String) throws -> AppModel { try AppModelParser.parse(contentsOf: path(name)) }

    /// Explorations are deterministic: run each example once per test process.
    static let buggy: ExplorationResult = Explorer.explore(try! load("buggy-tracker.yml"))
    static let careful: ExplorationResult = Explorer.explore(try! load("careful-tracker.yml"))
    /// The section-O examples: written the iOS 18 way, and done wrong.
    static let sessions: ExplorationResult = Explorer.explore(try! load("session-tracker.yml"))
    static let brokenSessions: ExplorationResult = Explorer.explore(try! load("broken-session-tracker.yml"))
}
