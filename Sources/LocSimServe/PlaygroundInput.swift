import LocSim
import LocSimInput
import LocSimModel
import LocSimScenario
import LocSimYAML

/// Reads what the page sends: a new session's device and app, a step, an opened file. Every
/// value is read by the scenario format's own readers (JSON is YAML), so the page speaks the
/// scenario format. Nothing here reads the server's disk: `infoPlist` and `playGPX` are refused.
enum PlaygroundInput {
    /// The `file` bad input names.
    static let requestFile = "request"

    /// A new session: `{"device": {…}, "app": {…}, "name": "…"}`, each optional, with the keys of a
    /// scenario's `device:` and `app:` sections; JSON or YAML.
    static func newSession(_ body: String) throws -> (name: String, device: DeviceSpec, app: AppDescription) {
        var name = "Playground session"
        var device = DeviceSpec()
        var app = AppDescription()
        guard let root = try YAMLValue.parse(body, file: requestFile) else { return (name, device, app) }
        for (key, line, value) in try root.mapping("a new session") {
            switch key {
            case "name": name = try value.string("name")
            case "device":
                device = try ScenarioParser.parseDevice(value, extraKeys: [])
                guard device.platform.isKnownRelease else {
                    throw value.error("platform \(device.platform) is not a release LocSim knows (\(Platform.knownReleasesDescription))")
                }
            case "app":
                try refuseFiles(inApp: value)
                app = try ScenarioParser.parseApp(value)
            default:
                throw InputError(file: requestFile, line: line, message: "unknown key '\(key)' (expected name, device, app)")
            }
        }
        // O18: an app built with the iOS 27 SDK must adopt scenes (TN3187).
        try ScenarioParser.requireSceneLifeCycle(app, on: device.platform, file: requestFile, line: nil)
        return (name, device, app)
    }

    /// One step, as a scenario file spells it: `requestAlways`, `wait: 10s`,
    /// `choose: {button: allowWhileUsing, precise: off}`.
    static func step(_ text: String) throws -> Step {
        guard let value = try YAMLValue.parse(text, file: requestFile) else {
            throw InputError(file: requestFile, line: nil, message: "empty step")
        }
        try refuseFiles(inStep: value)
        return try ScenarioParser.parseStep(value)
    }

    /// A scenario file, or a counterexample `locsim explore` wrote, read within `budget` (a
    /// request's, smaller than a file's: ``Playground/Options/maxOpenedNodes``).
    static func scenario(_ text: String, file: String, budget: YAMLBudget) throws -> Scenario {
        try YAMLBudget.$current.withValue(budget) { try scenario(text, file: file) }
    }

    private static func scenario(_ text: String, file: String) throws -> Scenario {
        if let root = try YAMLValue.parse(text, file: file), root.isMapping {
            for (key, _, value) in try root.mapping("a scenario") {
                if key == "app", value.isMapping { try refuseFiles(inApp: value) }
                if key == "steps", value.isSequence { for step in try value.sequence("steps") { try refuseFiles(inStep: step) } }
            }
        }
        return try ScenarioParser.parse(text, file: file)
    }

    private static func refuseFiles(inApp value: YAMLValue) throws {
        guard value.isMapping else { return }
        if let (_, line, _) = try value.mapping("app").first(where: { $0.key == "infoPlist" }) {
            throw InputError(file: value.file, line: line, message: "infoPlist: the playground reads no files from the server's disk; give the app's keys (purposeStrings, backgroundModes, …) instead")
        }
    }

    private static func refuseFiles(inStep value: YAMLValue) throws {
        guard value.isMapping, let (_, line, _) = try value.mapping("a step").first(where: { $0.key == "playGPX" }) else { return }
        throw InputError(file: value.file, line: line, message: "playGPX: the playground reads no files from the server's disk; use moveTo steps instead")
    }
}
