import LocSim
import LocSimModel

/// Writes ``Scenario`` values as scenario files (format 1) that ``ScenarioParser`` reads back to
/// the same value: `parse(write(s)) == s`, up to the file name and step lines the parser fills in.
///
/// Steps are spelled by the step table (``StepSyntax``), expectations by ``ExpectationKey``,
/// strings by ``YAMLText``, durations by `DurationText`. The explorer writes its counterexamples
/// with it. One thing does not round-trip because a file cannot say it: a `set` step that assigns
/// one property twice (YAML has no duplicate keys). A device with no `location` is written
/// `location: none`. Core Location has no such type.
public enum ScenarioWriter {
    /// The whole file: `name`, `device`, `app` and `steps`.
    public static func write(_ scenario: Scenario) -> String {
        var out = "name: \(YAMLText.quoted(scenario.name))\n"
        out += device(scenario.device)
        out += app(scenario.app)
        if scenario.steps.isEmpty { return out + "steps: []\n" }
        out += "steps:\n"
        for step in scenario.steps { out += "  - \(self.step(step.action).block)\n" }
        return out
    }

    /// The `device:` section: `platform`, `locationServices`, `restricted`, `gracePeriod` and
    /// `allowOnceLapse` always, the other parameters in the order of ``ScenarioParser/deviceKeys``
    /// when they differ from the defaults (`usageReminderAfter` when set), then `location` (`none`
    /// for no fix).
    public static func device(_ d: DeviceSpec) -> String {
        let p = d.parameters, defaults = DeviceParameters()
        func duration(_ key: String, _ value: Duration) -> (String, String) { (key, DurationText.format(value)) }
        var pairs = [("platform", "\(d.platform)"), ("locationServices", YAMLText.onOff(d.locationServices)), ("restricted", "\(d.restricted)"),
                     duration("gracePeriod", p.gracePeriod), duration("allowOnceLapse", p.allowOnceLapse)]
        if p.confirmationPromptDelay != defaults.confirmationPromptDelay { pairs.append(duration("confirmationPromptDelay", p.confirmationPromptDelay)) }
        if p.heldEventWindow != defaults.heldEventWindow { pairs.append(duration("heldEventWindow", p.heldEventWindow)) }
        if p.deliverHeldEventsAfterLateAnswer != defaults.deliverHeldEventsAfterLateAnswer { pairs.append(("deliverHeldEventsAfterLateAnswer", "\(p.deliverHeldEventsAfterLateAnswer)")) }
        if p.holdsLatestRegionEvents != defaults.holdsLatestRegionEvents { pairs.append(("holdsLatestRegionEvents", "\(p.holdsLatestRegionEvents)")) }
        if p.lockDismissesPrompt != defaults.lockDismissesPrompt { pairs.append(("lockDismissesPrompt", "\(p.lockDismissesPrompt)")) }
        if p.showsLocationServicesOffDialog != defaults.showsLocationServicesOffDialog { pairs.append(("locationServicesOffDialog", "\(p.showsLocationServicesOffDialog)")) }
        if p.macOSStartShowsPrompt != defaults.macOSStartShowsPrompt { pairs.append(("macOSStartShowsPrompt", "\(p.macOSStartShowsPrompt)")) }
        if p.allowOnceExpiryRestoresAlwaysRequest != defaults.allowOnceExpiryRestoresAlwaysRequest { pairs.append(("allowOnceExpiryRestoresAlwaysRequest", "\(p.allowOnceExpiryRestoresAlwaysRequest)")) }
        if p.unansweredAlwaysPromptSpendsRequest != defaults.unansweredAlwaysPromptSpendsRequest { pairs.append(("unansweredAlwaysPromptSpendsRequest", "\(p.unansweredAlwaysPromptSpendsRequest)")) }
        if p.airplaneModeDeniesLocation != defaults.airplaneModeDeniesLocation { pairs.append(("airplaneModeDeniesLocation", "\(p.airplaneModeDeniesLocation)")) }
        if p.reinstallKeepsAuthorization != defaults.reinstallKeepsAuthorization { pairs.append(("reinstallKeepsAuthorization", "\(p.reinstallKeepsAuthorization)")) }
        if p.macOSWhenInUseKeySufficesFrom != defaults.macOSWhenInUseKeySufficesFrom { pairs.append(("macOSWhenInUseKeySufficesFrom", "\(p.macOSWhenInUseKeySufficesFrom)")) }
        if p.reducedAccuracyInterval != defaults.reducedAccuracyInterval { pairs.append(duration("reducedAccuracyInterval", p.reducedAccuracyInterval)) }
        if p.significantChangeDistance != defaults.significantChangeDistance { pairs.append(("significantChangeDistance", YAMLText.number(p.significantChangeDistance))) }
        if let u = p.usageReminderAfter { pairs.append(duration("usageReminderAfter", u)) }
        if p.startTimeOfDay != defaults.startTimeOfDay { pairs.append(duration("startTimeOfDay", p.startTimeOfDay)) }
        if p.widgetInUseDuration != defaults.widgetInUseDuration { pairs.append(duration("widgetInUseDuration", p.widgetInUseDuration)) }
        if p.recentUseWindow != defaults.recentUseWindow { pairs.append(duration("recentUseWindow", p.recentUseWindow)) }
        if p.pairedIPhonePrecise != defaults.pairedIPhonePrecise { pairs.append(("pairedIPhonePrecise", YAMLText.onOff(p.pairedIPhonePrecise))) }
        if p.appClipLocationConfirmation != defaults.appClipLocationConfirmation { pairs.append(("appClipLocationConfirmation", YAMLText.onOff(p.appClipLocationConfirmation))) }
        if p.sessionRecreationWindow != defaults.sessionRecreationWindow { pairs.append(duration("sessionRecreationWindow", p.sessionRecreationWindow)) }
        if p.honoredExplicitSessionKeys != defaults.honoredExplicitSessionKeys {
            pairs.append(("honoredExplicitSessionKeys", YAMLText.list(ExplicitSessionKey.allCases.filter(p.honoredExplicitSessionKeys.contains).map(\.rawValue))))
        }
        if p.releasingBackgroundActivitySessionEndsIt != defaults.releasingBackgroundActivitySessionEndsIt {
            pairs.append(("releasingBackgroundActivitySessionEndsIt", "\(p.releasingBackgroundActivitySessionEndsIt)"))
        }
        if p.monitorConditionLimit != defaults.monitorConditionLimit { pairs.append(("monitorConditionLimit", "\(p.monitorConditionLimit)")) }
        if p.monitorPersistenceAvailable != defaults.monitorPersistenceAvailable { pairs.append(("monitorPersistenceAvailable", "\(p.monitorPersistenceAvailable)")) }
        if p.outOfUseLiveUpdatesDiagnostic != defaults.outOfUseLiveUpdatesDiagnostic {
            pairs.append(("outOfUseLiveUpdatesDiagnostic", ExpectationKey.flags(p.outOfUseLiveUpdatesDiagnostic)))
        }
        if p.sessionsEngageInGracePeriod != defaults.sessionsEngageInGracePeriod { pairs.append(("sessionsEngageInGracePeriod", "\(p.sessionsEngageInGracePeriod)")) }
        if p.forceQuitEndsBackgroundActivitySession != defaults.forceQuitEndsBackgroundActivitySession {
            pairs.append(("forceQuitEndsBackgroundActivitySession", "\(p.forceQuitEndsBackgroundActivitySession)"))
        }
        if let from = p.forceQuitBlocksRelaunchFrom { pairs.append(("forceQuitBlocksRelaunchFrom", YAMLText.quoted(from.description))) }
        if p.requestLocationFailsWhileNotDetermined != defaults.requestLocationFailsWhileNotDetermined {
            pairs.append(("requestLocationFailsWhileNotDetermined", "\(p.requestLocationFailsWhileNotDetermined)"))
        }
        pairs.append(("location", d.location.map(YAMLText.coordinate) ?? "none"))
        assert(pairs.allSatisfy { ScenarioParser.deviceKeys.contains($0.0) })
        return "device:\n" + pairs.map { "  \($0.0): \($0.1)\n" }.joined()
    }

    /// The `app:` section, every field explicit: `name`, `purposeStrings` (sorted by key),
    /// `backgroundModes`, `defaultAccuracyReduced`, `temporaryPurposeKeys` (when there are any),
    /// `compatibleApp`, and `appSandbox`, `locationEntitlement` and `delegateMethods` when they
    /// differ from the defaults, then `appClip`, `requestsLocationConfirmation`,
    /// `widgetWantsLocation` and the explicit-service-session keys (O9) when true. An app read from an `infoPlist` is written as the fields the plist gave.
    public static func app(_ a: AppDescription) -> String {
        var out = "app:\n"
        out += "  name: \(YAMLText.quoted(a.name))\n"
        let strings = a.purposeStrings.sorted { $0.key < $1.key }
        if strings.isEmpty {
            out += "  purposeStrings: {}\n"
        } else {
            out += "  purposeStrings:\n"
            for (k, v) in strings { out += "    \(k.rawValue): \(YAMLText.quoted(v))\n" }
        }
        out += "  backgroundModes: \(YAMLText.list(a.backgroundModes.sorted().map(YAMLText.quoted)))\n"
        out += "  defaultAccuracyReduced: \(a.defaultAccuracyReduced)\n"
        if !a.temporaryPurposeKeys.isEmpty {
            out += "  temporaryPurposeKeys:\n"
            for (k, v) in a.temporaryPurposeKeys.sorted(by: { $0.key < $1.key }) { out += "    \(YAMLText.quoted(k)): \(YAMLText.quoted(v))\n" }
        }
        out += "  compatibleApp: \(a.compatibleApp)\n"
        if a.appSandbox { out += "  appSandbox: true\n" }
        if a.locationEntitlement { out += "  locationEntitlement: true\n" }
        if a.delegateMethods != .all { out += "  delegateMethods: \(YAMLText.list(a.delegateMethods.names))\n" }
        if a.appClip { out += "  appClip: true\n" }
        if a.requestsLocationConfirmation { out += "  requestsLocationConfirmation: true\n" }
        if a.widgetWantsLocation { out += "  widgetWantsLocation: true\n" }
        if a.scenes { out += "  scenes: true\n" }
        for key in ExplicitSessionKey.allCases where a.explicitServiceSessionKeys.contains(key) { out += "  \(key.rawValue): true\n" }
        return out
    }

    /// One step, spelled by the step table.
    public static func step(_ action: StepAction) -> StepText {
        let (word, spelling) = StepSyntax.spelling(of: action)
        switch spelling {
        case .bare: return StepText(word: word, value: nil)
        case .value(let v): return StepText(word: word, value: v)
        }
    }

    /// An `expect` value: `keys` in that order (every key ``ExpectationKey/isChecked(in:)`` in the
    /// documented order by default; `{manager: main}` when there is none, as `expect` needs a key).
    /// A listed key whose value is not set is left out.
    public static func expectation(_ e: Expectation, keys: [ExpectationKey]? = nil) -> String {
        var keys = keys ?? ExpectationKey.allCases.filter { $0.isChecked(in: e) }
        if keys.isEmpty { keys = [.manager] }
        return YAMLText.mapping(keys.compactMap { key in key.text(in: e).map { (key.rawValue, $0) } })
    }

    /// One step as text: its word and, unless it is a bare word, its value.
    public struct StepText: Hashable, Sendable {
        /// The step word.
        public var word: String
        /// The value, as YAML; `nil` for a bare word.
        public var value: String?

        /// `launch`, `wait: 10s`: the list item of a block `steps:` list.
        public var block: String { value.map { "\(word): \($0)" } ?? word }
        /// `launch`, `{wait: 10s}`: the same as a flow mapping.
        public var flow: String { value.map { "{\(word): \($0)}" } ?? word }
    }
}
