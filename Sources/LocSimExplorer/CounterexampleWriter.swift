import LocSim
import LocSimModel
import LocSimScenario

/// Writes a finding's path as a scenario file (format 1) that `locsim run` replays with no app
/// model: the app's reactions are written out as app-call steps, and the last `expect` shows the
/// problem.
enum CounterexampleWriter {
    /// The scenario file: `setup` is ``setup(model:platform:)``'s text, the same for every finding
    /// of one model on one platform.
    static func scenario(model: AppModel, platform: Platform, kind: FindingKind, key: String, explanation: String, rules: [String],
                         path: [String], setup: String, steps: [RecordedStep], markerBefore: (Int, [(String, String)])?,
                         expect: [(String, String)]) -> String {
        var out = ""
        out += "# locsim explore: \(kind.rawValue) (\(key)) — \(explanation) [\(rules.joined(separator: ", "))]\n"
        out += "# Model \(model.file) on \(platform), \(path.count) explorer event\(path.count == 1 ? "" : "s") [screen after each]:\n"
        for p in path { out += "#   \(p)\n" }
        out += "name: \(YAMLText.quoted("\(model.name): \(kind.rawValue) \(key) on \(platform)"))\n"
        out += setup
        out += "steps:\n"
        for (i, step) in steps.enumerated() {
            if let (at, marker) = markerBefore, at == i {
                out += "  - expect: \(mapping(marker))\n"
            }
            switch step {
            case .choice(let c):
                if let text = c.scenarioStep { out += "  - \(text)\n" } else { out += "  # \(c.description)\n" }
            case .call(let call, let note):
                out += "  - \(YAMLText.step(call))" + (note.isEmpty ? "" : "   # \(note)") + "\n"
            }
        }
        out += "  - expect: \(mapping(expect))   # the problem\n"
        return out
    }

    /// The `device` and `app` sections of every counterexample of `model` on `platform`.
    static func setup(model: AppModel, platform: Platform) -> String {
        device(model.device, platform: platform) + app(model.app)
    }

    static func mapping(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\($0.0): \(value($0.0, $0.1))" }.joined(separator: ", ") + "}"
    }

    private static func value(_ key: String, _ v: String) -> String {
        if v.hasPrefix("[") { return v }
        switch key {
        case "terminated", "log", "promptMessage": return YAMLText.quoted(v)
        default: return v
        }
    }

    private static func device(_ d: DeviceSpec, platform: Platform) -> String {
        let p = d.parameters, defaults = DeviceParameters()
        var lines = ["platform: \(platform)", "locationServices: \(d.locationServices ? "on" : "off")", "restricted: \(d.restricted)",
                     "gracePeriod: \(DurationText.format(p.gracePeriod))", "allowOnceLapse: \(DurationText.format(p.allowOnceLapse))"]
        if p.confirmationPromptDelay != defaults.confirmationPromptDelay { lines.append("confirmationPromptDelay: \(DurationText.format(p.confirmationPromptDelay))") }
        if p.heldEventWindow != defaults.heldEventWindow { lines.append("heldEventWindow: \(DurationText.format(p.heldEventWindow))") }
        if p.deliverHeldEventsAfterLateAnswer != defaults.deliverHeldEventsAfterLateAnswer { lines.append("deliverHeldEventsAfterLateAnswer: \(p.deliverHeldEventsAfterLateAnswer)") }
        if p.lockDismissesPrompt != defaults.lockDismissesPrompt { lines.append("lockDismissesPrompt: \(p.lockDismissesPrompt)") }
        if p.showsLocationServicesOffDialog != defaults.showsLocationServicesOffDialog { lines.append("locationServicesOffDialog: \(p.showsLocationServicesOffDialog)") }
        if p.macOSStartShowsPrompt != defaults.macOSStartShowsPrompt { lines.append("macOSStartShowsPrompt: \(p.macOSStartShowsPrompt)") }
        if p.allowOnceExpiryRestoresAlwaysRequest != defaults.allowOnceExpiryRestoresAlwaysRequest { lines.append("allowOnceExpiryRestoresAlwaysRequest: \(p.allowOnceExpiryRestoresAlwaysRequest)") }
        if p.reducedAccuracyInterval != defaults.reducedAccuracyInterval { lines.append("reducedAccuracyInterval: \(DurationText.format(p.reducedAccuracyInterval))") }
        if p.significantChangeDistance != defaults.significantChangeDistance { lines.append("significantChangeDistance: \(YAMLText.number(p.significantChangeDistance))") }
        if let u = p.usageReminderAfter { lines.append("usageReminderAfter: \(DurationText.format(u))") }
        if let c = d.location { lines.append("location: {latitude: \(YAMLText.number(c.latitude)), longitude: \(YAMLText.number(c.longitude))}") }
        return "device:\n" + lines.map { "  \($0)\n" }.joined()
    }

    private static func app(_ a: AppDescription) -> String {
        var out = "app:\n"
        out += "  name: \(YAMLText.quoted(a.name))\n"
        let strings = a.purposeStrings.sorted { $0.key < $1.key }
        if strings.isEmpty {
            out += "  purposeStrings: {}\n"
        } else {
            out += "  purposeStrings:\n"
            for (k, v) in strings { out += "    \(k.rawValue): \(YAMLText.quoted(v))\n" }
        }
        out += "  backgroundModes: [\(a.backgroundModes.sorted().map(YAMLText.quoted).joined(separator: ", "))]\n"
        out += "  defaultAccuracyReduced: \(a.defaultAccuracyReduced)\n"
        if !a.temporaryPurposeKeys.isEmpty {
            out += "  temporaryPurposeKeys:\n"
            for (k, v) in a.temporaryPurposeKeys.sorted(by: { $0.key < $1.key }) { out += "    \(YAMLText.quoted(k)): \(YAMLText.quoted(v))\n" }
        }
        out += "  compatibleApp: \(a.compatibleApp)\n"
        return out
    }
}
