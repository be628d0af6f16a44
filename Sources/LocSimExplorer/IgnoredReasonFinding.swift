import LocSimModel

extension IgnoredReason {
    /// Whether a request ignored for this reason is an `ignoredRequest` finding (C12): the app
    /// asked and will never hear back. Already-granted statuses, a prompt already on screen and
    /// full-accuracy requests that need none are not.
    ///
    /// LocSim's own diagnostic; Core Location has no counterpart. A switch, not a set: the
    /// explorer asks on every ignored request, and hashing the reason was a measurable cost.
    public var isFinding: Bool {
        switch self {
        case .temporaryAuthorization, .alwaysAlreadyRequested, .denied, .restricted, .missingPurposeString, .notInUse, .notInForeground,
             .locationServicesOff, .unavailableOnPlatform, .missingLocationEntitlement, .appClip:
            true
        case .alreadyDetermined, .alreadyAlways, .promptOnScreen, .unknownPurposeKey, .alreadyFullAccuracy, .notAuthorized, .inBackground:
            false
        }
    }
}
