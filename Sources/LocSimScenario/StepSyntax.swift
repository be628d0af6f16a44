import Foundation
import LocSim
import LocSimModel

/// The step vocabulary of scenario files: for each step word, how ``ScenarioParser`` reads it and
/// how ``ScenarioWriter`` writes it, in one table (``all``).
///
/// A step is a bare word (`- launch`) or a mapping with one key (`- wait: 10s`). An entry gives
/// the action of its bare word (or none: the step needs a value), a reader for its value (or none:
/// the step takes no value), and a writer that spells the actions written with this word. A new
/// step word is one ``StepAction`` case and one entry here. Core Location has no such type.
public struct StepSyntax: Sendable {
    /// How an action is spelled after its word.
    public enum Spelling: Hashable, Sendable {
        /// The bare word: `- launch`.
        case bare
        /// The word and this YAML value: `- wait: 10s`.
        case value(String)
    }

    /// The step word.
    public let word: String
    /// The action the bare word stands for; `nil` when the step needs a value.
    public let bare: StepAction?
    /// Reads the value of `- word: VALUE` (the value, then the whole step for errors); `nil` when
    /// the step takes no value.
    let value: (@Sendable (_ arg: YAMLValue, _ step: YAMLValue) throws -> StepAction)?
    /// Spells `action` when it is written with this word; `nil` when it is not.
    let write: @Sendable (_ action: StepAction) -> Spelling?

    /// Every step word of format 1 plus LocSim's additions, in the order error messages list them.
    public static let all: [StepSyntax] = [
        lifecycle(.launch), lifecycle(.launchInBackground), lifecycle(.foreground), lifecycle(.background),
        lifecycle(.suspend), lifecycle(.terminate), lifecycle(.forceQuit), lifecycle(.crash),
        word("lock", .lock(true)),
        word("unlock", .lock(false)),
        StepSyntax("createManager", value: { arg, _ in .createManager(try arg.string("createManager")) }) {
            guard case .createManager(let name) = $0 else { return nil }
            return .value(YAMLText.quoted(name))
        },
        call(.requestWhenInUse), call(.requestAlways), call(.requestLocation), call(.startUpdating), call(.stopUpdating),
        call(.startSignificantChanges), call(.stopSignificantChanges), call(.startVisits), call(.stopVisits),
        StepSyntax("monitorRegion", value: ScenarioParser.monitorRegion) {
            guard case .call(.monitorRegion(let r), let manager) = $0 else { return nil }
            if r.center == nil && r.radius == 100 && manager == "main" { return .value(YAMLText.quoted(r.name)) }
            var pairs = [("name", YAMLText.quoted(r.name))]
            if let c = r.center {
                pairs += [("latitude", YAMLText.number(c.latitude)), ("longitude", YAMLText.number(c.longitude)), ("radius", YAMLText.number(r.radius))]
            } else if r.radius != 100 {
                pairs.append(("radius", YAMLText.number(r.radius)))
            }
            return .value(onManager(pairs, manager))
        },
        StepSyntax("stopMonitoringRegion", value: { arg, v in
            let (name, manager) = try ScenarioParser.nameAndManager(arg, "stopMonitoringRegion", nameKey: "name", v)
            return .call(.stopMonitoringRegion(name), manager: manager)
        }) {
            guard case .call(.stopMonitoringRegion(let name), let manager) = $0 else { return nil }
            return .value(manager == "main" ? YAMLText.quoted(name) : onManager([("name", YAMLText.quoted(name))], manager))
        },
        StepSyntax("requestFullAccuracy", value: { arg, v in
            let (key, manager) = try ScenarioParser.nameAndManager(arg, "requestFullAccuracy", nameKey: "purposeKey", v)
            guard !key.isEmpty, key != "~", key != "null" else { throw arg.error("requestFullAccuracy needs a purpose key (an entry of NSLocationTemporaryUsageDescriptionDictionary)") }
            return .call(.requestFullAccuracy(key), manager: manager)
        }) {
            guard case .call(.requestFullAccuracy(let key), let manager) = $0 else { return nil }
            return .value(manager == "main" ? YAMLText.quoted(key) : onManager([("purposeKey", YAMLText.quoted(key))], manager))
        },
        StepSyntax("set", value: ScenarioParser.setProperties) {
            guard case .call(.set(let properties), let manager) = $0 else { return nil }
            return .value(onManager(properties.map(\.scenarioPair), manager))
        },
        // Section O: the iOS 17/18 API, on objects the steps name (each word is `AppCall.word`).
        StepSyntax(AppCall.createServiceSession(StepAction.unnumbered, .none, fullAccuracyPurposeKey: nil).word, value: ScenarioParser.createServiceSession) {
            guard case .objectCall(.createServiceSession(_, let requirement, let key), let name) = $0 else { return nil }
            var pairs = [("name", YAMLText.quoted(name)), ("authorization", requirement.rawValue)]
            if let key { pairs.append(("fullAccuracyPurposeKey", YAMLText.quoted(key))) }
            return .value(YAMLText.mapping(pairs))
        },
        object { _ in .invalidateServiceSession(StepAction.unnumbered) },
        object { _ in .startBackgroundActivity(StepAction.unnumbered) },
        object { _ in .invalidateBackgroundActivity(StepAction.unnumbered) },
        object { _ in .startLiveUpdates(StepAction.unnumbered) },
        object { _ in .stopLiveUpdates(StepAction.unnumbered) },
        object { .openMonitor($0) },
        StepSyntax(AppCall.addCondition(monitor: "", Region(name: ""), assuming: .unknown).word, value: ScenarioParser.addCondition) {
            guard case .objectCall(.addCondition(let monitor, let r, let assumed), let object) = $0, object == monitor else { return nil }
            var pairs = [("monitor", YAMLText.quoted(monitor)), ("identifier", YAMLText.quoted(r.name))]
            if let c = r.center { pairs.append(("center", YAMLText.coordinate(c))) }
            if r.radius != 100 { pairs.append(("radius", YAMLText.number(r.radius))) }
            if assumed != .unknown { pairs.append(("assuming", assumed.rawValue)) }
            return .value(YAMLText.mapping(pairs))
        },
        StepSyntax(AppCall.removeCondition(monitor: "", identifier: "").word, value: ScenarioParser.removeCondition) {
            guard case .objectCall(.removeCondition(let monitor, let identifier), let object) = $0, object == monitor else { return nil }
            return .value(YAMLText.mapping([("monitor", YAMLText.quoted(monitor)), ("identifier", YAMLText.quoted(identifier))]))
        },
        StepSyntax("choose", value: ScenarioParser.choose) {
            guard case .choose(let button, let precise) = $0 else { return nil }
            guard let precise else { return .value(button.rawValue) }
            return .value(YAMLText.mapping([("button", button.rawValue), ("precise", YAMLText.onOff(precise))]))
        },
        StepSyntax("settings", value: ScenarioParser.settings) {
            switch $0 {
            case .settings(let option): .value(option.rawValue)
            case .precise(let on): .value(YAMLText.mapping([("precise", YAMLText.onOff(on))]))
            default: nil
            }
        },
        StepSyntax("locationServices", value: { arg, _ in .locationServices(try arg.onOff("locationServices")) }) {
            guard case .locationServices(let on) = $0 else { return nil }
            return .value(YAMLText.onOff(on))
        },
        StepSyntax("restrict", value: { arg, _ in .restrict(try arg.onOff("restrict")) }) {
            guard case .restrict(let on) = $0 else { return nil }
            return .value(YAMLText.onOff(on))
        },
        word("resetLocationAndPrivacy", .resetLocationAndPrivacy),
        StepSyntax("wait", value: { arg, _ in .wait(try arg.duration("wait")) }) {
            guard case .wait(let d) = $0 else { return nil }
            return .value(DurationText.format(d))
        },
        StepSyntax("moveTo", value: { arg, _ in .moveTo(try ScenarioParser.coordinate(arg, "moveTo")) }) {
            guard case .moveTo(let c) = $0 else { return nil }
            return .value(YAMLText.coordinate(c))
        },
        StepSyntax("enterRegion", value: { arg, _ in .enterRegion(try arg.string("enterRegion")) }) {
            guard case .enterRegion(let name) = $0 else { return nil }
            return .value(YAMLText.quoted(name))
        },
        StepSyntax("exitRegion", value: { arg, _ in .exitRegion(try arg.string("exitRegion")) }) {
            guard case .exitRegion(let name) = $0 else { return nil }
            return .value(YAMLText.quoted(name))
        },
        word("visit", .visit),
        StepSyntax("playGPX", value: ScenarioParser.playGPX) {
            guard case .playGPX(_, let path) = $0 else { return nil }
            return .value(YAMLText.quoted(path))
        },
        StepSyntax("expect", value: { arg, _ in .expect(try ScenarioParser.parseExpectation(arg)) }) {
            guard case .expect(let e) = $0 else { return nil }
            return .value(ScenarioWriter.expectation(e))
        },
        StepSyntax("airplaneMode", value: { arg, _ in .airplaneMode(try arg.onOff("airplaneMode")) }) {
            guard case .airplaneMode(let on) = $0 else { return nil }
            return .value(YAMLText.onOff(on))
        },
        word("tapLocationButton", .tapLocationButton),
        word("reinstall", .reinstall),
        StepSyntax("checkLocationServices", bare: .checkLocationServices(onMainThread: true), value: { arg, _ in
            .checkLocationServices(onMainThread: try arg.word("checkLocationServices", from: ["main", "background"]) == "main")
        }) {
            guard case .checkLocationServices(let main) = $0 else { return nil }
            return main ? .bare : .value("background")
        },
        word("addWidget", .addWidget),
        word("viewWidget", .viewWidget),
        StepSyntax("confirmLocation", value: ScenarioParser.confirmLocation) {
            guard case .confirmLocation(let r) = $0, let c = r.center else { return nil }
            return .value(YAMLText.mapping([("latitude", YAMLText.number(c.latitude)), ("longitude", YAMLText.number(c.longitude)),
                                            ("radius", YAMLText.number(r.radius))]))
        },
    ]

    /// The entries of ``all`` by word.
    static let named: [String: StepSyntax] = Dictionary(uniqueKeysWithValues: all.map { ($0.word, $0) })

    /// The entry that writes `action`, and its spelling.
    public static func spelling(of action: StepAction) -> (word: String, spelling: Spelling) {
        for syntax in all {
            if let spelling = syntax.write(action) { return (syntax.word, spelling) }
        }
        preconditionFailure("no step word writes \(action)")
    }

    // MARK: Kinds of entries

    private init(_ word: String, bare: StepAction? = nil,
                 value: (@Sendable (_ arg: YAMLValue, _ step: YAMLValue) throws -> StepAction)?,
                 write: @escaping @Sendable (_ action: StepAction) -> Spelling?) {
        self.word = word
        self.bare = bare
        self.value = value
        self.write = write
    }

    /// A word that takes no value and stands for `action`.
    private static func word(_ word: String, _ action: StepAction) -> StepSyntax {
        StepSyntax(word, bare: action, value: nil) { $0 == action ? .bare : nil }
    }

    private static func lifecycle(_ l: StepAction.Lifecycle) -> StepSyntax { word(l.rawValue, .lifecycle(l)) }

    /// An app call named by its word alone on `main` (`- requestAlways`), or with `{on: MANAGER}`,
    /// or as a key with no value (`- requestAlways:`).
    private static func call(_ call: AppCall) -> StepSyntax {
        StepSyntax(call.word, bare: .call(call, manager: "main"), value: { arg, v in
            .call(call, manager: try ScenarioParser.manager(of: arg, call.word, v))
        }) {
            guard case .call(call, let manager) = $0 else { return nil }
            return manager == "main" ? .bare : .value(onManager([], manager))
        }
    }

    /// A section-O call on the object its value names (`- startLiveUpdates: nav`, `- openMonitor:
    /// places`): `make` builds the call from the name.
    private static func object(_ make: @escaping @Sendable (String) -> AppCall) -> StepSyntax {
        let word = make("").word
        return StepSyntax(word, value: { arg, _ in
            let name = try ScenarioParser.objectName(arg, word)
            return .objectCall(make(name), object: name)
        }) {
            guard case .objectCall(let call, let name) = $0, call == make(name) else { return nil }
            return .value(YAMLText.quoted(name))
        }
    }

    /// `pairs` as a flow mapping, with `on: MANAGER` last unless the manager is `main`.
    private static func onManager(_ pairs: [(String, String)], _ manager: String) -> String {
        YAMLText.mapping(manager == "main" ? pairs : pairs + [("on", YAMLText.quoted(manager))])
    }
}

extension ManagerProperty {
    /// The key and value of a `set:` step: `("desiredAccuracy", "best")`.
    var scenarioPair: (String, String) {
        switch self {
        case .allowsBackgroundLocationUpdates(let v): ("allowsBackgroundLocationUpdates", "\(v)")
        case .showsBackgroundLocationIndicator(let v): ("showsBackgroundLocationIndicator", "\(v)")
        case .pausesLocationUpdatesAutomatically(let v): ("pausesLocationUpdatesAutomatically", "\(v)")
        case .desiredAccuracy(let v): ("desiredAccuracy", v.rawValue)
        }
    }
}

extension YAMLText {
    /// `{latitude: 37.3349, longitude: -122.009}`.
    static func coordinate(_ c: Coordinate) -> String {
        mapping([("latitude", number(c.latitude)), ("longitude", number(c.longitude))])
    }
}
