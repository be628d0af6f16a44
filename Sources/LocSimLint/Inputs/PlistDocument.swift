import Foundation

/// An Info.plist (or any property list) read from disk, XML or binary, with the line of each key.
///
/// Parsed by `PlistReader` (LocSimInput), the package's one plist reader; this type adds the line
/// of each key on top. Lines are known for XML plists only; a binary plist reports line 1 for
/// every key.
public struct PlistDocument: Sendable {
    /// The path it was read from.
    public var path: String
    /// The root dictionary (converted to Sendable values).
    public var root: [String: PlistValue]
    /// Whether the file was XML (line numbers are meaningful).
    public var isXML: Bool
    /// The text of an XML plist, to locate keys.
    private var lines: [Substring]

    /// Reads and parses the plist at `path`.
    ///
    /// - Throws: `InputError` when the file cannot be read, is not a property list, or its
    ///   root is not a dictionary.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read file")
        }
        try self.init(path: path, data: data)
    }

    /// Parses plist `data` that was read from `path`.
    public init(path: String, data: Data) throws {
        self.path = path
        let dict = try PlistReader.dictionary(data, file: path)
        root = dict.mapValues(PlistValue.init)
        isXML = data.starts(with: Array("bplist".utf8)) == false
        if isXML, let text = String(data: data, encoding: .utf8) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        } else {
            lines = []
        }
    }

    /// The location of `<key>name</key>` in the file (its first occurrence), or line 1.
    public func location(ofKey name: String) -> SourceLocation {
        let needle = "<key>\(name)</key>"
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: needle) {
                return SourceLocation(file: path, line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return SourceLocation(file: path)
    }

    /// The string value of a top-level key, if it is a string.
    public func string(_ key: String) -> String? {
        if case .string(let s)? = root[key] { return s }
        return nil
    }
}
