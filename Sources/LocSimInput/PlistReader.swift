import Foundation

/// The one property-list reader of the package: Info.plists (XML or binary) for `locsim run` and
/// `locsim lint`, and Xcode's `project.pbxproj` (an old-style OpenStep plist) for lint.
///
/// Every plist LocSim reads goes through ``read(_:file:kind:)``, so a malformed file is reported
/// the same way everywhere: `malformed property list` (or `malformed project file`), with the
/// line when the parser names one.
///
/// It uses Foundation's `PropertyListSerialization`. That parser is not safe on hostile bytes on
/// Linux (swift-corelibs-foundation can crash or run away on crafted input instead of throwing),
/// so only read files you would build anyway. This type is the one place to replace with a strict
/// reader that is safe on such input.
public enum PlistReader {
    /// Parses `data`, read from `file`, into Foundation values (`[String: Any]`, `[Any]`,
    /// `String`, `Bool`, numbers, `Data`, `Date`).
    ///
    /// - Parameter kind: what the file is, for the message: `property list` or `project file`.
    /// - Throws: ``InputError`` `malformed <kind>` naming `file`, with the line when known.
    public static func read(_ data: Data, file: String, kind: String = "property list") throws(InputError) -> Any {
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw InputError(file: file, line: line(in: error, data: data), message: "malformed \(kind)")
        }
    }

    /// Parses `data`, read from `file`, whose root must be a dictionary.
    ///
    /// - Throws: ``InputError``: `malformed property list`, or `property list root is not a
    ///   dictionary`.
    public static func dictionary(_ data: Data, file: String) throws(InputError) -> [String: Any] {
        guard let root = try read(data, file: file) as? [String: Any] else {
            throw InputError(file: file, message: "property list root is not a dictionary")
        }
        return root
    }

    /// The line Foundation's parse error names ("… at line 12"), if any.
    ///
    /// Foundation tries the XML parser and then the old-style (OpenStep) one; its error carries
    /// both messages, the XML one as `NSDebugDescription` and the old-style one nested under
    /// `kCFPropertyListOldStyleParsingError`. The line is taken from the parser that fits the
    /// data: XML when it starts with `<`, else old-style. (Reading it from the error's whole
    /// description picked either, by the random order in which the dictionary printed.)
    static func line(in error: any Error, data: Data) -> Int? {
        let info = (error as NSError).userInfo
        let xml = info[NSDebugDescriptionErrorKey].map { "\($0)" }
        let oldStyle = info["kCFPropertyListOldStyleParsingError"].map { "\($0)" }
        let first = data.first { !Self.whitespace.contains($0) }
        let texts = first == UInt8(ascii: "<") ? [xml, oldStyle] : [oldStyle, xml]
        for text in texts.compactMap({ $0 }) + ["\(error)"] {
            if let line = line(in: text) { return line }
        }
        return nil
    }

    /// The number after the first `line ` in `text`.
    private static func line(in text: String) -> Int? {
        guard let range = text.range(of: "line ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Bytes that may come before a plist's first token (space, tab, newlines, a UTF-8 BOM).
    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]
}
