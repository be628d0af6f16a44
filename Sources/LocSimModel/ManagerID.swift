/// Identifies one location manager of the app.
///
/// Corresponds to one `CLLocationManager` instance.
public struct ManagerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number the simulator gave the manager (0 is the first manager ever created).
    public var rawValue: Int
    /// Wraps a number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// Orders by creation.
    public static func < (l: ManagerID, r: ManagerID) -> Bool { l.rawValue < r.rawValue }
    /// `"#3"`.
    public var description: String { "#\(rawValue)" }
}
