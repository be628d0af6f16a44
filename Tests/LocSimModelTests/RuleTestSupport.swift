import LocSimModel

/// Shared fixtures for the rule tests of SPEC sections A–F.

/// The first manager an app creates.
let firstManager = ManagerID(0)

/// A purpose string per key, each different, so a test can tell which key a prompt shows.
let distinctPurposeStrings: [PurposeKey: String] = [
    .whenInUse: "WIU: shows you on the map.",
    .alwaysAndWhenInUse: "ALWAYS+WIU: records trips in the background.",
    .always: "ALWAYS (legacy): records trips in the background.",
    .usage: "USAGE (macOS): shows you on the map.",
]

/// An app declaring every key with a distinct string.
let distinctApp = AppDescription(name: "Trails", purposeStrings: distinctPurposeStrings)

/// The authorization callback to the first manager.
func authCallback(_ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization = .fullAccuracy,
                  changed: Bool = true, manager: ManagerID = firstManager) -> Effect {
    .delegate(manager, .didChangeAuthorization(status, accuracy: accuracy, statusChanged: changed))
}

/// The delegate calls among `effects`.
func delegateCalls(_ effects: [Effect]) -> [DelegateCall] {
    effects.compactMap { if case .delegate(_, let call) = $0 { call } else { nil } }
}

/// The prompts shown among `effects`.
func promptsShown(_ effects: [Effect]) -> [Prompt] {
    effects.compactMap { if case .promptShown(let p) = $0 { p } else { nil } }
}

extension AuthorizationModel {
    /// A model whose app was launched in the foreground and created one manager with a delegate;
    /// the creation callback is already consumed.
    static func launched(_ platform: Platform = Platform(.iOS, 18), app: AppDescription = distinctApp,
                         parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = AuthorizationModel(platform: platform, app: app, parameters: parameters)
        _ = m.handle(.appLaunched)
        _ = m.handle(.appCreatedManager(firstManager, hasDelegate: true))
        return m
    }

    /// Requests When In Use and taps `button` on the prompt; returns the effects of the answer.
    @discardableResult
    mutating func answerWhenInUse(_ button: PromptButton) -> [Effect] {
        _ = handle(.appRequestedWhenInUseAuthorization(firstManager))
        return handle(.userChoseButton(button, precise: nil))
    }

    /// Requests Always and taps `button` on the prompt; returns the effects of the answer.
    @discardableResult
    mutating func answerAlways(_ button: PromptButton) -> [Effect] {
        _ = handle(.appRequestedAlwaysAuthorization(firstManager))
        return handle(.userChoseButton(button, precise: nil))
    }

    /// Sends the app to the background and lets the grace period (and any lapse) pass.
    mutating func leaveUse() -> [Effect] {
        var fx = handle(.appEnteredBackground)
        fx += handle(.clockAdvanced(to: clock.now + parameters.gracePeriod + parameters.allowOnceLapse + .seconds(1)))
        return fx
    }
}
