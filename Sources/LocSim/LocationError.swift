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
