/// An Info.plist key that carries a location purpose string or setting.
///
/// Corresponds to the `NSLocation…` keys of an app's Info.plist.
public enum PurposeKey: String, Hashable, Sendable, CaseIterable, Comparable {
    /// `NSLocationWhenInUseUsageDescription`: needed for both requests (D3, J1, J4).
    case whenInUse = "NSLocationWhenInUseUsageDescription"
    /// `NSLocationAlwaysAndWhenInUseUsageDescription`: needed for Always on iOS 11+ (E9, J2).
    case alwaysAndWhenInUse = "NSLocationAlwaysAndWhenInUseUsageDescription"
    /// `NSLocationAlwaysUsageDescription`: Always on iOS 8–10 only (F1, J4, P5).
    case always = "NSLocationAlwaysUsageDescription"
    /// `NSLocationUsageDescription`: the macOS key; iOS 6–8 legacy (J4, P2).
    case usage = "NSLocationUsageDescription"

    /// Orders keys by raw value, for stable output.
    public static func < (lhs: PurposeKey, rhs: PurposeKey) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Other Info.plist keys Core Location reads.
public enum InfoPlistKey {
    /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose keys for temporary full accuracy (K5).
    public static let temporaryUsageDescriptionDictionary = "NSLocationTemporaryUsageDescriptionDictionary"
    /// `NSLocationDefaultAccuracyReduced`: the prompt defaults to approximate location (K4).
    public static let defaultAccuracyReduced = "NSLocationDefaultAccuracyReduced"
    /// `UIBackgroundModes`: contains `location` for continuous background sessions (I6).
    public static let backgroundModes = "UIBackgroundModes"
    /// `CFBundleDisplayName`: the name shown in prompt titles.
    public static let bundleDisplayName = "CFBundleDisplayName"
    /// `CFBundleIdentifier`: the bundle's identifier (`Bundle.app` in `LocSimCoreLocation`).
    public static let bundleIdentifier = "CFBundleIdentifier"
    /// `CFBundleName`: the fallback name shown in prompt titles.
    public static let bundleName = "CFBundleName"
    /// `NSAppClip`: the dictionary that makes the bundle an App Clip (P6).
    public static let appClip = "NSAppClip"
    /// `NSAppClipRequestLocationConfirmation`, inside `NSAppClip`: the clip confirms the user's location (P6).
    public static let appClipRequestLocationConfirmation = "NSAppClipRequestLocationConfirmation"
    /// `UIApplicationSceneManifest`: the app uses the UIScene life cycle (O18).
    public static let applicationSceneManifest = "UIApplicationSceneManifest"
    /// `NSWidgetWantsLocation`: a widget extension that uses location (B5, F10).
    public static let widgetWantsLocation = "NSWidgetWantsLocation"
}
