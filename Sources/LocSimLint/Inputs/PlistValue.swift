import Foundation

/// A property-list value in a Sendable form.
///
/// Corresponds to the types `PropertyListSerialization` returns (`NSString`, `NSNumber`,
/// `NSArray`, `NSDictionary`, `NSData`, `NSDate`).
public enum PlistValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// A boolean.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// An array.
    case array([PlistValue])
    /// A dictionary.
    case dictionary([String: PlistValue])
    /// Data, a date, or anything else lint does not look into.
    case other

    /// Converts a value returned by `PropertyListSerialization`.
    public init(_ any: Any) {
        switch any {
        case let s as String: self = .string(s)
        case let b as Bool: self = .bool(b)
        case let n as NSNumber: self = .number(n.doubleValue)
        case let a as [Any]: self = .array(a.map(PlistValue.init))
        case let d as [String: Any]: self = .dictionary(d.mapValues(PlistValue.init))
        default: self = .other
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The strings of an array (non-strings skipped), or `nil` if this is not an array.
    public var stringArray: [String]? {
        if case .array(let items) = self { return items.compactMap(\.stringValue) }
        return nil
    }
}
