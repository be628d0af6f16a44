import Foundation

/// The one property-list reader of the package: Info.plists (XML or binary) for `locsim run` and
/// `locsim lint`, and Xcode's `project.pbxproj` (an old-style OpenStep plist) for lint.
///
/// Every plist LocSim reads goes through ``read(_:file:kind:limits:)``, so a malformed file is
/// reported the same way everywhere: one ``InputError``, `malformed property list: …` (or
/// `malformed project file: …`), with the line when it is known.
///
/// The readers are LocSim's own and strict, safe on hostile bytes (Foundation's
/// `PropertyListSerialization` can crash or run away on crafted input on Linux): every offset
/// and length is checked, and size, nesting and the values materialized are bounded by
/// ``PlistLimits``.
public enum PlistReader {
    /// Parses `data`, read from `file`, into Foundation values (`[String: Any]`, `[Any]`,
    /// `String`, `Bool`, `NSNumber`, `Data`, `Date`), as `PropertyListSerialization` returns them.
    ///
    /// The format is chosen from the first bytes: `bplist` is binary; a UTF-16 byte-order mark or
    /// a first non-space `<` is XML; anything else is old-style (OpenStep).
    ///
    /// - Parameter kind: what the file is, for the message: `property list` or `project file`.
    /// - Throws: ``InputError`` naming `file`: `malformed <kind>: …` with the line when known, or
    ///   `<kind> too large` / `<kind> nested too deeply` past `limits`.
    public static func read(_ data: Data, file: String, kind: String = "property list",
                            limits: PlistLimits = PlistLimits()) throws(InputError) -> Any {
        guard data.count <= limits.bytes else {
            throw InputError(file: file, message: "\(kind) too large: more than \(limits.bytes) bytes")
        }
        let budget = PlistBudget(limits: limits, file: file, kind: kind)
        switch PlistFormat(of: data) {
        case .binary: return try BinaryPlistReader.read(data, budget: budget)
        case .xml: return try XMLPlistReader.read(data, budget: budget)
        case .openStep: return try OpenStepPlistReader.read(data, budget: budget)
        }
    }

    /// Parses `data`, read from `file`, whose root must be a dictionary.
    ///
    /// - Throws: ``InputError``: as ``read(_:file:kind:limits:)``, or `property list root is not
    ///   a dictionary`.
    public static func dictionary(_ data: Data, file: String) throws(InputError) -> [String: Any] {
        guard let root = try read(data, file: file) as? [String: Any] else {
            throw InputError(file: file, message: "property list root is not a dictionary")
        }
        return root
    }
}
