/// Something the system does in answer to an event: plain data, checked by tests and printed in
/// timelines.
///
/// Core Location has no such type; these are the observable consequences of its rules.
public enum Effect: Hashable, Sendable {
    /// A system prompt appeared.
    indirect case promptShown(Prompt)
    /// The prompt went away; `answer` is the button tapped, `nil` when dismissed unanswered (C10).
    case promptDismissed(PromptKind, answer: PromptButton?)
    /// Core Location called a manager's delegate.
    case delegate(ManagerID, DelegateCall)
    /// Core Location printed a console message (J1, J2, N4…).
    case console(String)
    /// The background location indicator appeared or went away (I10, I11).
    case indicatorChanged(Bool)
    /// The system launched the app in the background for a location event (A8, I12).
    case appLaunchedBySystem(reason: String)
    /// The app terminated because of an uncaught exception (I8, N4).
    case appTerminated(AppException)
    /// The app resigned active while a prompt covers it (C11).
    case appWillResignActive
    /// The app became active again when the prompt went away (C11).
    case appDidBecomeActive
    /// Core Location yields a value to one of the app's asynchronous sequences (section O). Held
    /// inline, not boxed: a live update per fix would otherwise allocate and free a box.
    case session(SessionDelivery)
    /// A request produced nothing at all (C12): LocSim's diagnostic, not something an app sees.
    case requestIgnored(AuthorizationRequestKind, reason: IgnoredReason)
    /// LocSim's explanation of something Core Location does without a word (a background activity
    /// session that cannot become active, O16): not something an app sees, nor a console line.
    case note(String)
    /// The event could not apply (no prompt to answer, an app call while the app is not running):
    /// an error in the script driving the simulation, never something iOS does.
    case rejected(String)
}

/// Why a request produced no prompt and no callback (C12). LocSim's diagnostic.
public enum IgnoredReason: String, Hashable, Sendable, CaseIterable {
    /// Status was not `notDetermined` (C5, D1).
    case alreadyDetermined
    /// The single Always request was spent (E2, E3, G9).
    case alwaysAlreadyRequested
    /// The app holds a temporary Allow Once grant (E8).
    case temporaryAuthorization
    /// Status is `denied` (D5).
    case denied
    /// Status is `restricted` (A5, M4).
    case restricted
    /// A purpose string is missing (J1–J3).
    case missingPurposeString
    /// The app is not in use (D1, E10, F8).
    case notInUse
    /// The app is still in use (the grace period) but not in the foreground, where a prompt must
    /// appear (D1, E10, F8).
    case notInForeground
    /// Temporary full accuracy: the app is in the background (K5).
    case inBackground
    /// Location Services is off (M3).
    case locationServicesOff
    /// The request does not exist on this platform (P1, P2).
    case unavailableOnPlatform
    /// Already `authorizedAlways` (E1).
    case alreadyAlways
    /// Another prompt is on screen.
    case promptOnScreen
    /// Temporary full accuracy: the purpose key is not in the dictionary (K5).
    case unknownPurposeKey
    /// Temporary full accuracy: the app already has full accuracy (K5).
    case alreadyFullAccuracy
    /// Temporary full accuracy: the app is not authorized.
    case notAuthorized
    /// A sandboxed Mac app lacks the location entitlement (P2).
    case missingLocationEntitlement
    /// An App Clip cannot ask for Always (P6).
    case appClip
}

extension IgnoredReason {
    /// A one-line explanation for timelines.
    public var explanation: String {
        switch self {
        case .alreadyDetermined: "status is already determined"
        case .alwaysAlreadyRequested: "the app's single Always request was already made"
        case .temporaryAuthorization: "the app holds a temporary Allow Once grant"
        case .denied: "the user denied location for this app"
        case .restricted: "location is restricted"
        case .missingPurposeString: "a purpose string is missing from Info.plist"
        case .notInUse: "the app is not in use"
        case .notInForeground: "the app is not in the foreground (still in use, but a prompt needs the foreground)"
        case .inBackground: "the app is in the background"
        case .locationServicesOff: "Location Services is off"
        case .unavailableOnPlatform: "the request does not exist on this platform"
        case .alreadyAlways: "the app already has Always"
        case .promptOnScreen: "another prompt is on screen"
        case .unknownPurposeKey: "the purpose key is not in NSLocationTemporaryUsageDescriptionDictionary"
        case .alreadyFullAccuracy: "the app already has full accuracy"
        case .notAuthorized: "the app is not authorized"
        case .missingLocationEntitlement: "the sandboxed app lacks the com.apple.security.personal-information.location entitlement"
        case .appClip: "App Clips cannot ask for Always (App Store processing rejects a clip that references requestAlwaysAuthorization, ITMS-90842)"
        }
    }

    /// What the call did, for timelines: `did nothing`, except for temporary full accuracy, which
    /// calls its completion with `kCLErrorPromptDeclined` without a prompt whenever the method
    /// exists (K5).
    public func outcome(of kind: AuthorizationRequestKind) -> String {
        kind == .temporaryFullAccuracy && self != .unavailableOnPlatform ? "declined without a prompt (kCLErrorPromptDeclined)" : "did nothing"
    }

    /// The SPEC rules behind the reason.
    public var ruleIDs: [String] {
        switch self {
        case .alreadyDetermined: ["C5", "D1"]
        case .alwaysAlreadyRequested: ["E2", "E3"]
        case .temporaryAuthorization: ["E8"]
        case .denied: ["D5"]
        case .restricted: ["A5", "M4"]
        case .missingPurposeString: ["J1", "J2", "J3"]
        case .notInUse, .notInForeground: ["D1", "E10", "F8"]
        case .locationServicesOff: ["M3"]
        case .unavailableOnPlatform: ["P1", "P2"]
        case .missingLocationEntitlement: ["P2"]
        case .alreadyAlways: ["E1"]
        case .promptOnScreen: ["C12"]
        case .unknownPurposeKey, .alreadyFullAccuracy, .notAuthorized, .inBackground: ["K5"]
        case .appClip: ["P6"]
        }
    }
}
