import LocSim
import LocSimModel
import LocSimScenario

/// Writes a finding's path as a scenario file (format 1) that `locsim run` replays with no app
/// model: the app's reactions are written out as app-call steps, and the last `expect` shows the
/// problem. The device, app, steps and expectations are spelled by `ScenarioWriter`.
enum CounterexampleWriter {
    /// The scenario file: `setup` is ``setup(model:platform:)``'s text, the same for every finding
    /// of one model on one platform.
    static func scenario(model: AppModel, platform: Platform, kind: FindingKind, key: String, explanation: String, rules: [String],
                         path: [String], setup: String, steps: [RecordedStep], markerBefore: (Int, ExpectStep)?,
                         expect: ExpectStep) -> String {
        var out = ""
        // Comments hold names and paths as the user wrote them: escaped, so that each stays on its
        // line (a name may hold a line break or a control character).
        out += "# locsim explore: \(kind.rawValue) (\(YAMLText.comment(key))) — \(YAMLText.comment(explanation)) [\(rules.joined(separator: ", "))]\n"
        out += "# Model \(YAMLText.comment(model.file)) on \(platform), \(path.count) explorer event\(path.count == 1 ? "" : "s") [screen after each]:\n"
        for p in path { out += "#   \(YAMLText.comment(p))\n" }
        out += "name: \(YAMLText.quoted("\(model.name): \(kind.rawValue) \(key) on \(platform)"))\n"
        out += setup
        out += "steps:\n"
        for (i, step) in steps.enumerated() {
            if let (at, marker) = markerBefore, at == i {
                out += "  - expect: \(marker.text)\n"
            }
            switch step {
            case .choice(let c):
                if let action = c.stepAction { out += "  - \(ScenarioWriter.step(action).flow)\n" } else { out += "  # \(YAMLText.comment(c.description))\n" }
            case .call(let call, let note):
                out += "  - \(ScenarioWriter.step(.call(call, manager: "main")).flow)" + (note.isEmpty ? "" : "   # \(YAMLText.comment(note))") + "\n"
            case .objectCall(let call, let object, let note):
                out += "  - \(ScenarioWriter.step(.objectCall(call, object: object)).flow)" + (note.isEmpty ? "" : "   # \(YAMLText.comment(note))") + "\n"
            }
        }
        out += "  - expect: \(expect.text)   # the problem\n"
        return out
    }

    /// The `device` and `app` sections of every counterexample of `model` on `platform`.
    static func setup(model: AppModel, platform: Platform) -> String {
        var device = model.device
        device.platform = platform
        return ScenarioWriter.device(device) + ScenarioWriter.app(model.app)
    }
}
