/// The table of every check `locsim lint` runs.
///
/// Each entry has an id, a default severity, a doc line and the SPEC rule ids it enforces.
/// `Docs/Lint.md` explains each one with examples.
public enum CheckCatalog {
    /// A request is made but the When In Use key (on macOS, `NSLocationUsageDescription`) is missing.
    public static let missingWhenInUseKey = Check(
        id: "LOC001", name: "missing-when-in-use-key", defaultSeverity: .error,
        summary: "A location request is made but the Info.plist lacks the When In Use purpose key, so the request silently does nothing.",
        ruleIDs: ["J1", "J3", "J4", "D1"])
    /// `requestAlwaysAuthorization` is called without `NSLocationAlwaysAndWhenInUseUsageDescription`.
    public static let missingAlwaysKey = Check(
        id: "LOC002", name: "missing-always-key", defaultSeverity: .error,
        summary: "requestAlwaysAuthorization is called but the Info.plist lacks NSLocationAlwaysAndWhenInUseUsageDescription, so it silently does nothing on iOS 11+.",
        ruleIDs: ["E9", "J2", "J4"])
    /// Only the legacy Always key is declared for an iOS 11+ target.
    public static let legacyAlwaysKeyOnly = Check(
        id: "LOC003", name: "legacy-always-key-only", defaultSeverity: .warning,
        summary: "Only the legacy NSLocationAlwaysUsageDescription is declared; iOS 11+ never reads it and needs NSLocationAlwaysAndWhenInUseUsageDescription.",
        ruleIDs: ["E9", "J2", "J4", "Q1"])
    /// The target deploys to iOS 10 or earlier and asks for Always without the legacy key.
    public static let legacyAlwaysKeyMissing = Check(
        id: "LOC004", name: "legacy-always-key-missing", defaultSeverity: .warning,
        summary: "The target deploys to iOS 10 or earlier and asks for Always, but NSLocationAlwaysUsageDescription, the only key iOS 8–10 read, is missing.",
        ruleIDs: ["P5", "F1", "J4"])
    /// A macOS target declares iOS purpose keys but not `NSLocationUsageDescription`.
    public static let macOSUsageKey = Check(
        id: "LOC005", name: "macos-usage-key", defaultSeverity: .warning,
        summary: "A macOS target declares iOS location purpose keys but not NSLocationUsageDescription, the only key macOS reads.",
        ruleIDs: ["P2", "J4"])
    /// `allowsBackgroundLocationUpdates = true` without the `location` background mode.
    public static let backgroundUpdatesWithoutMode = Check(
        id: "LOC006", name: "background-updates-without-mode", defaultSeverity: .error,
        summary: "allowsBackgroundLocationUpdates is set to true but UIBackgroundModes lacks location: the setter crashes the app.",
        ruleIDs: ["I8", "I6"])
    /// The `location` background mode is declared but nothing turns background updates on (neither
    /// `allowsBackgroundLocationUpdates = true` nor a `CLBackgroundActivitySession`).
    public static let unusedBackgroundMode = Check(
        id: "LOC007", name: "unused-location-background-mode", defaultSeverity: .warning,
        summary: "UIBackgroundModes declares location but no scanned source sets allowsBackgroundLocationUpdates = true or creates a CLBackgroundActivitySession, so the mode does nothing.",
        ruleIDs: ["I6", "I7"])
    /// A temporary full accuracy purpose key is not in the dictionary.
    public static let temporaryAccuracyKey = Check(
        id: "LOC008", name: "temporary-accuracy-purpose-key", defaultSeverity: .error,
        summary: "A temporary full accuracy purpose key is not an entry of NSLocationTemporaryUsageDescriptionDictionary, so the request fails with kCLErrorPromptDeclined.",
        ruleIDs: ["K5"])
    /// A purpose string the system shows is empty.
    public static let emptyPurposeString = Check(
        id: "LOC009", name: "empty-purpose-string", defaultSeverity: .error,
        summary: "A purpose string the system reads is empty, so the prompt explains nothing.",
        ruleIDs: ["D3", "J1", "J2"])
    /// A purpose string is a placeholder or too vague.
    public static let vaguePurposeString = Check(
        id: "LOC010", name: "vague-purpose-string", defaultSeverity: .warning,
        summary: "A purpose string is a placeholder or too vague to tell the user why the app needs their location.",
        ruleIDs: ["D3", "F5"])
    /// The When In Use and Always texts are identical.
    public static let identicalPurposeStrings = Check(
        id: "LOC011", name: "identical-purpose-strings", defaultSeverity: .note,
        summary: "The When In Use and Always-and-When-In-Use texts are identical, so the upgrade prompt does not say why Always is needed.",
        ruleIDs: ["E6", "F3", "F5"])
    /// Purpose strings sit in a plist the system never reads.
    public static let unreadPurposeStrings = Check(
        id: "LOC012", name: "unread-purpose-strings", defaultSeverity: .warning,
        summary: "Location purpose strings are in a file the system never reads for the app (a test bundle, a framework, a settings plist, an unreferenced plist, or an InfoPlist.strings entry for a key the Info.plist lacks).",
        ruleIDs: ["J3", "J4"])
    /// A request runs automatically every time the app comes to the foreground.
    public static let requestOnEveryForeground = Check(
        id: "LOC013", name: "request-on-every-foreground", defaultSeverity: .warning,
        summary: "A location request runs automatically every time the app becomes active, so a prompt can appear with no user action (after Allow Once lapses) and repeated Always requests are ignored.",
        ruleIDs: ["D6", "H5", "E2"])
    /// A request is made where it can only be ignored.
    public static let ignoredRequest = Check(
        id: "LOC014", name: "ignored-request", defaultSeverity: .warning,
        summary: "A location request is made where Core Location can only ignore it: from a background path, or in a branch for a status the request cannot change.",
        ruleIDs: ["E1", "E10", "C5", "D1", "D5", "F8"])
    /// The code waits for a request's answer with no way out if none ever comes.
    public static let unboundedWait = Check(
        id: "LOC015", name: "unbounded-authorization-wait", defaultSeverity: .warning,
        summary: "The code waits for the answer to a location request (a continuation or semaphore) with no timeout or foreground check, but a request that has no effect never answers.",
        ruleIDs: ["C4", "C10", "C12", "J3"])
    /// A source file, or part of one, was not analysed (too large, nested too deeply to parse).
    public static let sourceNotAnalysed = Check(
        id: "LOC016", name: "source-not-analysed", defaultSeverity: .note,
        summary: "A source file, or the part of it from the given line on, was not analysed (larger than the size limit, or nested too deeply to parse), so location requests in it are not checked.",
        ruleIDs: ["J3"])
    /// A service or background activity session is created only where the app is not in use.
    public static let sessionCreatedInBackground = Check(
        id: "LOC017", name: "session-created-in-background", defaultSeverity: .warning,
        summary: "A CLServiceSession or CLBackgroundActivitySession is created only on background paths (didEnterBackground, region callbacks, background tasks): a service session made there reports insufficientlyInUse until the app comes to the foreground, and a background activity session must be started in the foreground, so neither has an effect.",
        ruleIDs: ["O6", "O13", "O11"])
    /// The explicit-service-session opt-in key is declared in a way whose meaning is unclear.
    public static let explicitSessionKeyMisdeclared = Check(
        id: "LOC018", name: "explicit-session-key-misdeclared", defaultSeverity: .warning,
        summary: "The explicit-service-session opt-in key (NSLocationRequireExplicitServiceSession or CLRequireExplicitServiceSession) has different values in its two spellings, a non-Boolean value, or sits outside an app's Info.plist (an app extension, an InfoPlist.strings file, a test, framework or unreferenced plist), so whether the app opts in is unclear.",
        ruleIDs: ["O9"])
    /// The app opts into explicit service sessions but never creates one.
    public static let explicitSessionWithoutSession = Check(
        id: "LOC019", name: "explicit-session-without-session", defaultSeverity: .error,
        summary: "The app opts into explicit service sessions but no scanned source creates a CLServiceSession: with none outstanding, Location Services is disabled for the app and diagnostics report serviceSessionRequired.",
        ruleIDs: ["O9", "O12"])
    /// A background activity session in a target without the `location` background mode.
    public static let backgroundActivitySessionWithoutMode = Check(
        id: "LOC020", name: "background-activity-session-without-mode", defaultSeverity: .warning,
        summary: "A CLBackgroundActivitySession is created but UIBackgroundModes lacks location; CLBackgroundActivitySession.h says a session becomes active only for an app with the mode, so it keeps nothing in use in the background.",
        ruleIDs: ["O16", "O13", "I6"])
    /// A request made at launch or while the first screen is created, before any user action.
    public static let requestAtLaunch = Check(
        id: "LOC021", name: "request-at-launch", defaultSeverity: .note,
        summary: "A location request runs at launch or while the first screen is created (didFinishLaunching, the App's init or body, the root view controller's viewDidLoad), so the prompt appears before the user has done anything that needs location.",
        ruleIDs: ["D6", "E2"])
    /// `requestAlwaysAuthorization()` in the authorization callback's When In Use branch.
    public static let alwaysRequestInAuthorizationCallback = Check(
        id: "LOC022", name: "always-request-in-authorization-callback", defaultSeverity: .warning,
        summary: "requestAlwaysAuthorization() is called from the authorization callback whenever the status is When In Use: the callback fires when a manager is created, so the Always prompt appears with no user action, and after Allow Once the request is ignored.",
        ruleIDs: ["E8", "C2", "E2"])
    /// A continuation or promise is resumed from a timer with a status the user never chose.
    public static let timedAuthorizationAnswer = Check(
        id: "LOC023", name: "timed-authorization-answer", defaultSeverity: .warning,
        summary: "A continuation or promise is resumed from a timer (asyncAfter, Timer, after Task.sleep) with a literal authorization status: the app reports an answer the user never gave while the prompt may still be on screen.",
        ruleIDs: ["C4", "C12", "D2"])
    /// The Always key is declared but no source requests Always.
    public static let alwaysKeyNeverRequested = Check(
        id: "LOC024", name: "always-key-never-requested", defaultSeverity: .note,
        summary: "NSLocationAlwaysAndWhenInUseUsageDescription is declared but no scanned source (and no dependency) requests Always, so the text is never shown.",
        ruleIDs: ["J2", "J4"])
    /// An App Clip references `requestAlwaysAuthorization`.
    public static let appClipRequestsAlways = Check(
        id: "LOC025", name: "app-clip-requests-always", defaultSeverity: .error,
        summary: "An App Clip target's sources reference requestAlwaysAuthorization: App Store submission rejects the clip (ITMS-90842), and the request does nothing in a clip.",
        ruleIDs: ["P6"])
    /// Location confirmation without `NSAppClipRequestLocationConfirmation`.
    public static let appClipConfirmationWithoutKey = Check(
        id: "LOC026", name: "app-clip-confirmation-without-key", defaultSeverity: .error,
        summary: "An App Clip calls APActivationPayload.confirmAcquired(in:) but its Info.plist has no NSAppClip dictionary with NSAppClipRequestLocationConfirmation set to true, so every confirmation fails with disallowed.",
        ruleIDs: ["P6"])
    /// `NSWidgetWantsLocation` outside a widget extension's Info.plist.
    public static let widgetLocationKeyMisplaced = Check(
        id: "LOC027", name: "widget-location-key-misplaced", defaultSeverity: .warning,
        summary: "NSWidgetWantsLocation is in an Info.plist that is not a WidgetKit extension's (the app's, or another kind of extension), so the system never asks to extend location to the widgets.",
        ruleIDs: ["B5", "F10"])
    /// A dependency references a request API whose purpose string the app lacks.
    public static let dependencyNeedsPurposeString = Check(
        id: "LOC028", name: "dependency-needs-purpose-string", defaultSeverity: .warning,
        summary: "A dependency (Pods, Carthage, SwiftPM checkouts, a vendored framework) references a location request API whose purpose string the app's Info.plist lacks: App Store processing rejects the upload (ITMS-90683) even if the app never calls it.",
        ruleIDs: ["P7", "J4"])

    /// A file lint reads is malformed: a `.strings`, `.xcstrings` or `.stringsdict` localization,
    /// a property list, a `project.pbxproj`, an XcodeGen spec, an `.xcconfig` line.
    public static let malformedInput = Check(
        id: "LOC029", name: "malformed-input", defaultSeverity: .error,
        summary: "A file lint reads is malformed (a localization, a property list, a project file, an XcodeGen spec, an .xcconfig line): what it declares is unknown, and where the build reads it (an app's Info.plist or InfoPlist.strings, its project) the build or the localization fails; the other targets and checks still run.",
        ruleIDs: ["J3", "J4"])
    /// An input a project names could not be read, or was found only from another base.
    public static let inputResolution = Check(
        id: "LOC030", name: "input-resolution", defaultSeverity: .note,
        summary: "An input a project names was not read (missing, as Flutter's Generated.xcconfig and CocoaPods' xcconfigs are until they are generated; unreadable; or outside the linted tree), so the settings or targets it would give are unknown; or an XcodeGen include was found only from the repository root, which the note names.",
        ruleIDs: ["J3"])
    /// A target could not be linted as an app, or no app target of the tree could be.
    public static let targetNotLinted = Check(
        id: "LOC031", name: "target-not-linted", defaultSeverity: .note,
        summary: "A target could not be linted as an app (its Info.plist is missing, malformed or outside the linted tree, a template it uses is undefined, a Tuist target is built by a helper lint does not evaluate), or no app target of the tree could be: its purpose-string and background-mode checks did not run.",
        ruleIDs: ["J3"])
    /// Code decides it was relaunched for location by the deprecated launch-options key.
    public static let launchOptionsLocationKey = Check(
        id: "LOC032", name: "launch-options-location-key", defaultSeverity: .warning,
        summary: "Code tests UIApplication.LaunchOptionsKey.location (UIApplicationLaunchOptionsLocationKey), deprecated in iOS 26 and absent under the scene life cycle that apps built with the iOS 27 SDK must adopt: create the location manager (or CLLocationUpdate, CLMonitor) when the app or scene connects and let its delegate or events deliver what relaunched the app.",
        ruleIDs: ["O18"])
    /// Region monitoring through the deprecated `startMonitoring(for:)` and `CLCircularRegion`.
    public static let regionMonitoringDeprecated = Check(
        id: "LOC033", name: "region-monitoring-deprecated", defaultSeverity: .note,
        summary: "Region monitoring through startMonitoring(for:) or CLCircularRegion, which Apple lists as deprecated, in a target whose deployment target allows CLMonitor (iOS 17, macOS 14): CLMonitor with a CircularGeographicCondition replaces it.",
        ruleIDs: ["O15"])

    /// Every check, ordered by id.
    public static let all: [Check] = [
        missingWhenInUseKey, missingAlwaysKey, legacyAlwaysKeyOnly, legacyAlwaysKeyMissing, macOSUsageKey,
        backgroundUpdatesWithoutMode, unusedBackgroundMode, temporaryAccuracyKey, emptyPurposeString,
        vaguePurposeString, identicalPurposeStrings, unreadPurposeStrings, requestOnEveryForeground,
        ignoredRequest, unboundedWait, sourceNotAnalysed, sessionCreatedInBackground, explicitSessionKeyMisdeclared,
        explicitSessionWithoutSession, backgroundActivitySessionWithoutMode, requestAtLaunch, alwaysRequestInAuthorizationCallback,
        timedAuthorizationAnswer, alwaysKeyNeverRequested, appClipRequestsAlways, appClipConfirmationWithoutKey, widgetLocationKeyMisplaced,
        dependencyNeedsPurposeString, malformedInput, inputResolution, targetNotLinted, launchOptionsLocationKey, regionMonitoringDeprecated,
    ]

    /// The check with id or name `idOrName` (case-insensitive), if any.
    public static func check(_ idOrName: String) -> Check? {
        let wanted = idOrName.lowercased()
        return all.first { $0.id.lowercased() == wanted || $0.name == wanted }
    }
}
