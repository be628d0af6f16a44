import LocSimModel

/// The fixtures shared by the rule tests (SPEC sections A–P): a launched pure model, the
/// callbacks and prompts among its effects, and the app every rule test installs. The simulated
/// device (`Rig.Sim`) and the recording delegate (`Rig.Recorder`) are in LocSimTestSupport, so the
/// pure-model tests link the model alone.
public enum Rig {
    /// The first manager an app creates.
    public static let manager = ManagerID(0)

    /// A purpose string per key, each different, so a test can tell which key a prompt shows.
    public static let purposeStrings: [PurposeKey: String] = [
        .whenInUse: "WIU: shows you on the map.",
        .alwaysAndWhenInUse: "ALWAYS+WIU: records trips in the background.",
        .always: "ALWAYS (legacy): records trips in the background.",
        .usage: "USAGE (macOS): shows you on the map.",
    ]

    /// An app that declares every key with a distinct string and the `location` background mode.
    public static let app = AppDescription(name: "Trails", purposeStrings: purposeStrings, backgroundModes: ["location"])

    /// A point and a second one about 1.1 km north of it.
    public static let here = Coordinate(latitude: 37.3349, longitude: -122.0090)
    public static let there = Coordinate(latitude: 37.3449, longitude: -122.0090)

    /// A model whose app runs in the foreground and created manager #0 with a delegate; the
    /// creation callback is consumed.
    public static func model(_ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                             parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = AuthorizationModel(platform: platform, app: app, parameters: parameters)
        _ = m.handle(.appLaunched)
        _ = m.handle(.appCreatedManager(manager, hasDelegate: true))
        return m
    }

    /// The authorization callback to manager #0 (or `id`).
    public static func auth(_ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization = .fullAccuracy,
                            changed: Bool = true, manager id: ManagerID = Rig.manager) -> Effect {
        .delegate(id, .didChangeAuthorization(status, accuracy: accuracy, statusChanged: changed))
    }

    /// The delegate calls among `effects`.
    public static func calls(_ effects: [Effect]) -> [DelegateCall] {
        effects.compactMap { if case .delegate(_, let call) = $0 { call } else { nil } }
    }

    /// The prompts shown among `effects`.
    public static func prompts(_ effects: [Effect]) -> [Prompt] {
        effects.compactMap { if case .promptShown(let p) = $0 { p } else { nil } }
    }
}
