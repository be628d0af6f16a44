/// The rule table of which Info.plist keys a request needs on which platform.
///
/// This one table is used by the model (a request without its keys does nothing, J1–J3) and by
/// `locsim lint` (which keys an app must ship for its deployment target, J4, P5). It mirrors the
/// requirements stated in `CLLocationManager.h` and Apple's "Requesting Authorization for
/// Location Services".
public enum PurposeStringRules {
    /// What a request needs on one platform.
    public struct Requirement: Hashable, Sendable {
        /// Keys that must all be present with a string value.
        public var allOf: [PurposeKey]
        /// The SPEC rule ids behind the requirement.
        public var ruleIDs: [String]
        /// Whether the request exists at all on the platform (tvOS has no Always request, P1).
        public var isAvailable: Bool
    }

    /// The keys `request` needs on `platform` (the OS the app runs on).
    ///
    /// - iOS 8–10 (and watchOS before 4): When In Use needs `NSLocationWhenInUseUsageDescription`;
    ///   Always needs `NSLocationAlwaysUsageDescription` (J4, P5).
    /// - iOS 11+ (watchOS 4+): Always needs `NSLocationAlwaysAndWhenInUseUsageDescription` and
    ///   `NSLocationWhenInUseUsageDescription` (E9, J2); the legacy key is not read.
    /// - macOS: both requests read `NSLocationUsageDescription` (P2, J4).
    /// - tvOS: only When In Use exists (P1).
    /// - visionOS: Always is treated as When In Use (E11, P3).
    public static func requirement(for request: AuthorizationRequestKind, on platform: Platform) -> Requirement {
        switch request {
        case .temporaryFullAccuracy:
            return Requirement(allOf: [], ruleIDs: ["K5"], isAvailable: platform.os == .macOS ? platform.isAtLeast(11) : platform.generationIsAtLeast(iOS: 14))
        case .whenInUse:
            switch platform.os {
            case .macOS:
                return Requirement(allOf: [.usage], ruleIDs: ["J4", "P2"], isAvailable: platform.isAtLeast(10, 15))
            default:
                return Requirement(allOf: [.whenInUse], ruleIDs: ["D1", "J1", "J4"], isAvailable: platform.generationIsAtLeast(iOS: 8))
            }
        case .always:
            switch platform.os {
            case .macOS:
                return Requirement(allOf: [.usage], ruleIDs: ["J4", "P2"], isAvailable: platform.isAtLeast(10, 15))
            case .tvOS:
                return Requirement(allOf: [], ruleIDs: ["P1"], isAvailable: false)
            case .visionOS:
                return Requirement(allOf: [.whenInUse], ruleIDs: ["E11", "P3", "J1"], isAvailable: true)
            case .iOS, .watchOS:
                if platform.generationIsAtLeast(iOS: 11) {
                    return Requirement(allOf: [.alwaysAndWhenInUse, .whenInUse], ruleIDs: ["E9", "J2", "J4"], isAvailable: true)
                }
                return Requirement(allOf: [.always], ruleIDs: ["F1", "J4", "P5"], isAvailable: platform.generationIsAtLeast(iOS: 8))
            }
        }
    }

    /// The keys missing from `declared` for `request` on `platform`, in the order of the requirement.
    public static func missingKeys(for request: AuthorizationRequestKind, on platform: Platform, declared: Set<PurposeKey>) -> [PurposeKey] {
        requirement(for: request, on: platform).allOf.filter { !declared.contains($0) }
    }

    /// The console message Core Location prints when a request lacks its keys (J1, J2).
    public static func missingKeysMessage(for request: AuthorizationRequestKind, on platform: Platform) -> String {
        let keys = requirement(for: request, on: platform).allOf
        let prefix = "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain "
        if keys.count >= 2 {
            return prefix + "both “\(keys[0].rawValue)” and “\(keys[1].rawValue)” keys with string values explaining to the user how the app uses this data"
        }
        let key = keys.first?.rawValue ?? PurposeKey.whenInUse.rawValue
        return prefix + "an “\(key)” key with a string value explaining to the user how the app uses this data"
    }

    /// The key whose string the prompt of `kind`, raised by `request`, shows on `platform` (D3, E5, F1–F5, Q1).
    public static func messageKey(for prompt: PromptKind, request: AuthorizationRequestKind, on platform: Platform) -> PurposeKey? {
        if platform.os == .macOS { return .usage }
        switch prompt {
        case .initial:
            if request == .always && platform.generation == .iOS8to10 { return .always }
            if request == .always && platform.generation == .iOS11to12 { return .alwaysAndWhenInUse }
            return .whenInUse
        case .alwaysUpgrade, .alwaysConfirmation, .usageReminder:
            return platform.generation == .iOS8to10 ? .always : .alwaysAndWhenInUse
        case .fullAccuracy, .locationServicesOff, .locationButtonConfirmation, .widget:
            return nil
        }
    }

    /// Representative platforms, one per generation, from the oldest to the newest, for `os`.
    public static func generations(of os: Platform.OS) -> [Platform] {
        switch os {
        case .iOS: return [Platform(.iOS, 8), Platform(.iOS, 11), Platform(.iOS, 13), Platform(.iOS, 13, 4), Platform(.iOS, 14)]
        case .watchOS: return [Platform(.watchOS, 2), Platform(.watchOS, 4), Platform(.watchOS, 6), Platform(.watchOS, 7)]
        case .tvOS: return [Platform(.tvOS, 9), Platform(.tvOS, 14)]
        case .visionOS: return [Platform(.visionOS, 1)]
        case .macOS: return [Platform(.macOS, 10, 15), Platform(.macOS, 11)]
        }
    }

    /// Every key `request` needs on some OS release from `deploymentTarget` on: what an app that
    /// deploys there must ship (J4, P5: an app deploying to iOS 10 needs the legacy Always key too).
    public static func requiredKeys(for request: AuthorizationRequestKind, deployingTo deploymentTarget: Platform) -> Set<PurposeKey> {
        var keys = Set<PurposeKey>()
        let candidates = generations(of: deploymentTarget.os).filter { $0 >= deploymentTarget } + [deploymentTarget]
        for platform in candidates {
            let r = requirement(for: request, on: platform)
            if r.isAvailable { keys.formUnion(r.allOf) }
        }
        return keys
    }
}
