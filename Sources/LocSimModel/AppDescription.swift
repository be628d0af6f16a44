/// What Core Location knows about an app from its Info.plist.
///
/// Corresponds to the location keys of an app's `Info.plist` (J4, K4, K5, I6), its `NSAppClip`
/// dictionary (P6) and its widget extension's `NSWidgetWantsLocation` (B5).
public struct AppDescription: Hashable, Sendable {
    /// The display name, shown in prompt titles.
    public var name: String
    /// Purpose strings by key (`NSLocationWhenInUseUsageDescription`, …). A key is declared when it has a string.
    public var purposeStrings: [PurposeKey: String]
    /// `UIBackgroundModes` (`location`, `fetch`, …).
    public var backgroundModes: Set<String>
    /// `NSLocationDefaultAccuracyReduced` (K4).
    public var defaultAccuracyReduced: Bool
    /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key → message (K5).
    public var temporaryPurposeKeys: [String: String]
    /// An iPhone or iPad app running as a compatible app on visionOS (E11, P3).
    public var compatibleApp: Bool
    /// The app runs in the macOS App Sandbox (`com.apple.security.app-sandbox`, P2). Default false.
    /// An entitlement, not an Info.plist key.
    public var appSandbox = false
    /// The app has the `com.apple.security.personal-information.location` entitlement (P2): a
    /// sandboxed Mac app without it gets no prompt and no change. Default false.
    public var locationEntitlement = false
    /// The methods the app's location-manager delegates implement (N4, C1). Default every method.
    /// App code, not an Info.plist fact: LocSim's addition, for scenarios and app models.
    public var delegateMethods = DelegateMethods.all
    /// The app is an App Clip: its Info.plist has an `NSAppClip` dictionary (P6).
    public var appClip: Bool
    /// `NSAppClip` → `NSAppClipRequestLocationConfirmation`: the App Clip may confirm the user's
    /// location with `APActivationPayload.confirmAcquired(in:)` (P6).
    public var requestsLocationConfirmation: Bool
    /// The explicit-service-session keys the Info.plist sets to true (O9). Default none.
    public var explicitServiceSessionKeys: Set<ExplicitSessionKey> = []
    /// `NSWidgetWantsLocation` in a widget extension's Info.plist: the app has a widget that uses
    /// location (B5, F10).
    public var widgetWantsLocation: Bool
    /// The app uses the UIScene life cycle: its Info.plist has a `UIApplicationSceneManifest`
    /// (O18). Default false, the app-delegate life cycle. Apps built with the iOS 27 SDK must
    /// adopt it (TN3187).
    public var scenes = false

    /// Creates an app description. With no arguments the app declares every location purpose string
    /// and no background mode, as the scenario format's default app does.
    public init(name: String = "Example",
                purposeStrings: [PurposeKey: String]? = nil,
                backgroundModes: Set<String> = [],
                defaultAccuracyReduced: Bool = false,
                temporaryPurposeKeys: [String: String] = [:],
                compatibleApp: Bool = false,
                appClip: Bool = false,
                requestsLocationConfirmation: Bool = false,
                widgetWantsLocation: Bool = false) {
        self.name = name
        self.purposeStrings = purposeStrings ?? AppDescription.allPurposeStrings
        self.backgroundModes = backgroundModes
        self.defaultAccuracyReduced = defaultAccuracyReduced
        self.temporaryPurposeKeys = temporaryPurposeKeys
        self.compatibleApp = compatibleApp
        self.appClip = appClip
        self.requestsLocationConfirmation = requestsLocationConfirmation
        self.widgetWantsLocation = widgetWantsLocation
    }

    /// A purpose string for every key, used when an app declares none explicitly.
    public static let allPurposeStrings: [PurposeKey: String] = [
        .whenInUse: "Shows where you are on the map.",
        .alwaysAndWhenInUse: "Records your trips in the background.",
        .always: "Records your trips in the background.",
        .usage: "Shows where you are on the map.",
    ]

    /// The keys the app declares with a non-empty string.
    public var declaredKeys: Set<PurposeKey> {
        Set(purposeStrings.compactMap { $0.value.isEmpty ? nil : $0.key })
    }

    /// Whether the App Sandbox keeps the app from location on macOS: sandboxed without the location
    /// entitlement (P2).
    public var sandboxBlocksLocation: Bool { appSandbox && !locationEntitlement }

    /// Whether a launch by the system for a location event hands the app
    /// `UIApplication.LaunchOptionsKey.location` (O18): under the app-delegate life cycle; under
    /// the scene life cycle the key is absent from the app delegate's and the scene's options
    /// (reported on iOS 17.4; the key is deprecated from iOS 26).
    public var locationLaunchKeyDelivered: Bool { !scenes }

    /// Whether `UIBackgroundModes` contains `location` (I6, I8).
    public var hasLocationBackgroundMode: Bool { backgroundModes.contains("location") }
}

/// A spelling of the Info.plist key that opts an app into explicit service sessions (O9).
public enum ExplicitSessionKey: String, Hashable, Sendable, CaseIterable {
    /// `NSLocationRequireExplicitServiceSession` ("Handling location updates in the background").
    case nsLocation = "NSLocationRequireExplicitServiceSession"
    /// `CLRequireExplicitServiceSession` ("Suspending authorization requests", `CLServiceSession.h`).
    case cl = "CLRequireExplicitServiceSession"
}
