/// The kinds of authorization request an app can make.
///
/// Corresponds to `requestWhenInUseAuthorization()`, `requestAlwaysAuthorization()` and
/// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`.
public enum AuthorizationRequestKind: String, Hashable, Sendable, CaseIterable {
    /// `requestWhenInUseAuthorization()`.
    case whenInUse
    /// `requestAlwaysAuthorization()`.
    case always
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`.
    case temporaryFullAccuracy
}
