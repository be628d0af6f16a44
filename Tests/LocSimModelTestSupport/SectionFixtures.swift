import LocSimModel

/// Starting points of one section's rule tests that both its pure-model tests (LocSimModelTests)
/// and its simulator tests (LocSimTests) use.
extension Rig {
    // MARK: H: Allow Once

    /// A launched model whose user answered Allow Once to requestWhenInUse.
    public static func allowedOnce(_ parameters: DeviceParameters = DeviceParameters(), app: AppDescription = Rig.app) -> AuthorizationModel {
        var m = Rig.model(app: app, parameters: parameters)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowOnce, precise: nil))
        precondition(m.isTemporary)
        return m
    }

    // MARK: I: In use and background

    /// A launched model with `option` set in Settings (no prompt).
    public static func authorized(_ option: SettingsOption, _ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                                  parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = Rig.model(platform, app: app, parameters: parameters)
        _ = m.handle(.userChangedSetting(option))
        return m
    }

    /// A fix at `c`, taken at `t`.
    public static func fix(_ c: Coordinate, at t: Duration) -> Location { Location(coordinate: c, timestamp: t) }

    // MARK: J: Missing purpose strings

    /// The console line of a When In Use request without NSLocationWhenInUseUsageDescription (J1).
    public static let missingWhenInUseKeyMessage = "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string value explaining to the user how the app uses this data"
    /// The console line of an Always request without both keys it needs (J2).
    public static let missingAlwaysKeysMessage = "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and “NSLocationWhenInUseUsageDescription” keys with string values explaining to the user how the app uses this data"

    // MARK: K: Accuracy

    /// An app like ``app`` that also declares the temporary full accuracy purpose key `Navigation`.
    public static let navigationApp = AppDescription(name: "Trails", purposeStrings: purposeStrings, backgroundModes: ["location"],
                                                     temporaryPurposeKeys: ["Navigation": "Turn-by-turn directions need your exact position."])

    /// A launched app (``navigationApp`` unless told) with permanent When In Use answered with Precise `precise`.
    public static func whenInUse(precise: Bool, _ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.navigationApp,
                                 parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = Rig.model(platform, app: app, parameters: parameters)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: precise))
        return m
    }
}
