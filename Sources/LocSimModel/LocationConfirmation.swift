/// The answer an App Clip gets from `APActivationPayload.confirmAcquired(in:completionHandler:)`
/// (P6): whether the user is inside the region, or why the system does not say.
///
/// Corresponds to the handler's `(Bool, Error?)`, with the `APActivationPayloadError` codes.
public enum LocationConfirmation: String, Hashable, Sendable, CaseIterable {
    /// `(true, nil)`: the device is inside the region.
    case confirmed
    /// `(false, nil)`: the device is not inside the region, or has no fix, or the region is wider
    /// than ``maximumRadius`` (LocSim's choice: the record gives the limit, not what happens beyond it).
    case notConfirmed
    /// `(false, APActivationPayloadError.disallowed)`: the app is not an App Clip, it did not set
    /// `NSAppClipRequestLocationConfirmation`, or the user turned location confirmation off on the
    /// App Clip card.
    case disallowed

    /// The largest region radius location confirmation accepts, in metres (P6: "500 meters or less").
    public static let maximumRadius: Double = 500

    /// The handler's Bool.
    public var value: Bool { self == .confirmed }

    /// The `APActivationPayloadError` code in the handler's error, `nil` for none
    /// (`disallowed` = 1; `doesNotMatch` = 2 is about the invocation URL, which LocSim does not model).
    public var errorCode: Int? { self == .disallowed ? 1 : nil }
}
