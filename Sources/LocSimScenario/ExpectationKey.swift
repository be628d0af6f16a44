import LocSim
import LocSimModel

/// The keys of an `expect:` step, in the documented order: for each, how ``ScenarioParser`` reads
/// its value into an ``Expectation`` and how ``ScenarioWriter`` writes it.
///
/// A new key is one case here, one property of ``Expectation``, and one line in each of
/// `read(_:into:)` and ``text(in:)`` (the compiler asks for both). Core Location has no such type.
public enum ExpectationKey: String, Hashable, Sendable, CaseIterable {
    /// The keys of ``Expectation``'s properties, with the same names.
    case status, accuracy, provisional, temporary, prompt, buttons, promptMessage, callbacks, received,
         notReceived, manager, inUse, appState, indicator, servicesEnabled, log, terminated, settings,
         widgetUpdates, widgetInUse, controlCenter, locationConfirmation, session, diagnostics, condition, refused, launchOptions

    /// Reads the key's value `x` into `e`.
    func read(_ x: YAMLValue, into e: inout Expectation) throws {
        let k = rawValue
        switch self {
        case .status:
            let w = try x.word("status", from: AuthorizationStatus.words)
            e.status = AuthorizationStatus(word: w)
        case .accuracy:
            let w = try x.word("accuracy", from: ["full", "reduced"])
            e.accuracy = w == "full" ? .fullAccuracy : .reducedAccuracy
        case .provisional: e.provisional = try x.bool(k)
        case .temporary: e.temporary = try x.bool(k)
        case .prompt: e.prompt = try x.word("prompt", from: ["none"] + PromptKind.allCases.map(\.rawValue))
        case .buttons: e.buttons = Set(try x.sequence("buttons").map(ScenarioParser.parseButton))
        case .promptMessage: e.promptMessage = try x.string(k)
        case .callbacks: e.callbacks = try ScenarioParser.checkedCallbacks(x, "callbacks")
        case .received: e.received = try x.stringList(k).isEmpty ? [] : try ScenarioParser.checkedCallbacks(x, k)
        case .notReceived: e.notReceived = try ScenarioParser.checkedCallbacks(x, k)
        case .manager: e.manager = try x.string(k)
        case .inUse: e.inUse = try x.bool(k)
        case .appState:
            let w = try x.word("appState", from: AppState.allCases.map(\.rawValue))
            e.appState = AppState(rawValue: w)
        case .indicator: e.indicator = try x.bool(k)
        case .servicesEnabled: e.servicesEnabled = try x.bool(k)
        case .log: e.log = try x.string(k)
        case .terminated: e.terminated = try x.string(k)
        case .settings:
            let w = try x.word("settings", from: SettingsOption.allCases.map(\.rawValue))
            e.settings = SettingsOption(rawValue: w)
        case .widgetUpdates: e.widgetUpdates = try x.bool(k)
        case .widgetInUse: e.widgetInUse = try x.bool(k)
        case .controlCenter: e.controlCenter = try x.bool(k)
        case .locationConfirmation:
            let w = try x.word(k, from: LocationConfirmation.allCases.map(\.rawValue))
            e.locationConfirmation = LocationConfirmation(rawValue: w)
        case .session: e.session = try ScenarioParser.objectName(x, k)
        case .diagnostics: e.diagnostics = try ScenarioParser.diagnostics(x, k)
        case .condition: e.condition = try Self.condition(x)
        case .refused: e.refused = try x.string(k)
        case .launchOptions:
            e.launchOptions = try x.sequence(k).map { try $0.word("launchOptions", from: LaunchOptionsKey.allCases.map(\.rawValue)) }
        }
    }

    /// The key's value in `e` as YAML, `nil` when `e` does not check it (`manager` always has one).
    public func text(in e: Expectation) -> String? {
        switch self {
        case .status: e.status.map(\.description)
        case .accuracy: e.accuracy.map { $0 == .fullAccuracy ? "full" : "reduced" }
        case .provisional: e.provisional.map { "\($0)" }
        case .temporary: e.temporary.map { "\($0)" }
        case .prompt: e.prompt.map(YAMLText.quoted)
        case .buttons: e.buttons.map { YAMLText.list($0.map(\.rawValue).sorted()) }
        case .promptMessage: e.promptMessage.map(YAMLText.quoted)
        case .callbacks: e.callbacks.map(Self.patterns)
        case .received: e.received.map(Self.patterns)
        case .notReceived: e.notReceived.map(Self.patterns)
        case .manager: YAMLText.quoted(e.manager)
        case .inUse: e.inUse.map { "\($0)" }
        case .appState: e.appState.map(\.rawValue)
        case .indicator: e.indicator.map { "\($0)" }
        case .servicesEnabled: e.servicesEnabled.map { "\($0)" }
        case .log: e.log.map(YAMLText.quoted)
        case .terminated: e.terminated.map(YAMLText.quoted)
        case .settings: e.settings.map(\.rawValue)
        case .widgetUpdates: e.widgetUpdates.map { "\($0)" }
        case .widgetInUse: e.widgetInUse.map { "\($0)" }
        case .controlCenter: e.controlCenter.map { "\($0)" }
        case .locationConfirmation: e.locationConfirmation.map(\.rawValue)
        case .session: e.session.map(YAMLText.quoted)
        case .diagnostics: e.diagnostics.map(Self.flags)
        case .condition:
            e.condition.map { c in
                var pairs = [("monitor", YAMLText.quoted(c.monitor)), ("identifier", YAMLText.quoted(c.identifier))]
                if let state = c.state { pairs.append(("state", state.rawValue)) }
                if let d = c.diagnostics { pairs.append(("diagnostics", Self.flags(d))) }
                return YAMLText.mapping(pairs)
            }
        case .refused: e.refused.map(YAMLText.quoted)
        case .launchOptions: e.launchOptions.map { YAMLText.list($0) }
        }
    }

    /// `[insufficientlyInUse, accuracyLimited]`: the flags by their Core Location names, in `Diagnostics.names` order.
    static func flags(_ d: Diagnostics) -> String { YAMLText.list(d.flagNames) }

    /// `condition: {monitor, identifier, state, diagnostics}`: monitor and identifier, and at
    /// least one of the others.
    static func condition(_ x: YAMLValue) throws -> ConditionExpectation {
        var monitor: String?, identifier: String?, state: MonitoringState?, diagnostics: Diagnostics?
        for (k, line, v) in try x.mapping("condition") {
            switch k {
            case "monitor": monitor = try ScenarioParser.objectName(v, "condition: monitor")
            case "identifier": identifier = try v.string(k)
            case "state": state = MonitoringState(rawValue: try v.word("condition: state", from: MonitoringState.allCases.map(\.rawValue)))
            case "diagnostics": diagnostics = try ScenarioParser.diagnostics(v, "condition: diagnostics")
            default: throw InputError(file: x.file, line: line, message: "condition: unknown key '\(k)' (expected monitor, identifier, state, diagnostics)")
            }
        }
        guard let monitor, let identifier else { throw x.error("condition needs monitor and identifier") }
        guard state != nil || diagnostics != nil else { throw x.error("condition needs state or diagnostics (what to check)") }
        return ConditionExpectation(monitor: monitor, identifier: identifier, state: state, diagnostics: diagnostics)
    }

    /// Whether `e` checks the key (`manager` counts when it is not `main`).
    public func isChecked(in e: Expectation) -> Bool {
        self == .manager ? e.manager != "main" : text(in: e) != nil
    }

    private static func patterns(_ p: [CallbackPattern]) -> String {
        YAMLText.list(p.map { YAMLText.flowItem($0.description) })
    }
}
