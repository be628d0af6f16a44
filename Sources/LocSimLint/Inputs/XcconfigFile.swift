import Foundation

/// An `.xcconfig` file: `NAME = value` lines, `//` comments and `#include` directives.
public enum XcconfigFile {
    /// Reads `path` and the files it includes (relative to it); missing optional includes
    /// (`#include?`) are skipped.
    ///
    /// - Throws: `InputError` when the file or a required include cannot be read.
    public static func load(_ path: String, depth: Int = 0) throws -> BuildSettings {
        guard depth < 16 else { throw InputError(file: path, message: "#include nesting too deep") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, message: "cannot read file")
        }
        var settings = BuildSettings()
        let directory = (path as NSString).deletingLastPathComponent
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                guard let first = trimmed.firstIndex(of: "\""), let last = trimmed.lastIndex(of: "\""), first < last else {
                    throw InputError(file: path, line: index + 1, message: "malformed #include")
                }
                let included = String(trimmed[trimmed.index(after: first)..<last])
                let full = included.hasPrefix("/") ? included : (directory as NSString).appendingPathComponent(included)
                if optional && !FileManager.default.fileExists(atPath: full) { continue }
                settings.overlay(try load(full, depth: depth + 1))
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw InputError(file: path, line: index + 1, message: "expected NAME = value")
            }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if name.contains("[") { continue }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw InputError(file: path, line: index + 1, message: "invalid setting name '\(name)'")
            }
            let column = rawLine.distance(from: rawLine.startIndex, to: rawLine.firstIndex(where: { !$0.isWhitespace }) ?? rawLine.startIndex) + 1
            settings.overlay(BuildSettings([name: value], origins: [name: SourceLocation(file: path, line: index + 1, column: column)]))
        }
        return settings
    }
}
