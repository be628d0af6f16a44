import Foundation
import LocSimModel

/// An error Core Location reports through `didFailWithError`.
///
/// Corresponds to `CLError` (domain `kCLErrorDomain`, N1).
public struct LocationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The code. Corresponds to `CLError.code`.
    public var code: LocationErrorCode
    /// Wraps a code.
    public init(_ code: LocationErrorCode) { self.code = code }
    /// `kCLErrorDomain error 1 (denied)`.
    public var description: String { "\(LocationErrorCode.domain) error \(code.rawValue) (\(code))" }

    /// The codes. Corresponds to `CLError.Code`.
    public typealias Code = LocationErrorCode

    /// Corresponds to `CLError.locationUnknown`, for `catch CLError.locationUnknown`.
    public static var locationUnknown: Code { .locationUnknown }
    /// Corresponds to `CLError.denied`, for `catch CLError.denied`.
    public static var denied: Code { .denied }
    /// Corresponds to `CLError.network`.
    public static var network: Code { .network }
    /// Corresponds to `CLError.headingFailure`.
    public static var headingFailure: Code { .headingFailure }
    /// Corresponds to `CLError.regionMonitoringDenied`.
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    /// Corresponds to `CLError.regionMonitoringFailure`.
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    /// Corresponds to `CLError.promptDeclined`.
    public static var promptDeclined: Code { .promptDeclined }
}

extension LocationError: CustomNSError {
    /// `kCLErrorDomain`, for `(error as NSError).domain`.
    public static var errorDomain: String { LocationErrorCode.domain }
    /// The code's raw value, for `(error as NSError).code`.
    public var errorCode: Int { code.rawValue }
}

/// An error in the script driving a simulation (no prompt to answer, an app call while the app is
/// not running): never something iOS does.
public struct SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What could not apply.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
