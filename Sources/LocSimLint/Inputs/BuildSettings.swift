import Foundation

/// Xcode build settings of one target, used to resolve `$(VAR)` in plist values and to read the
/// deployment target, SDK and `INFOPLIST_KEY_…` purpose strings.
///
/// Later layers win: an `.xcconfig` base, then the project's settings, then the target's.
public struct BuildSettings: Hashable, Sendable {
    /// The settings, `NAME → value` (conditional settings such as `NAME[sdk=iphoneos*]` are dropped).
    public var values: [String: String]
    /// Where each setting was defined, when known (for finding locations).
    public var origins: [String: SourceLocation]

    /// Creates settings from a dictionary.
    public init(_ values: [String: String] = [:], origins: [String: SourceLocation] = [:]) {
        self.values = values
        self.origins = origins
    }

    /// Adds `other` on top of these settings, resolving `$(inherited)` against the current value.
    public mutating func overlay(_ other: BuildSettings) {
        for (key, value) in other.values {
            if value.contains("$(inherited)") || value.contains("${inherited}") {
                let base = values[key] ?? ""
                values[key] = value.replacingOccurrences(of: "$(inherited)", with: base)
                    .replacingOccurrences(of: "${inherited}", with: base)
                    .trimmingCharacters(in: .whitespaces)
            } else {
                values[key] = value
            }
            if let origin = other.origins[key] { origins[key] = origin }
        }
    }

    /// Resolves every `$(VAR)` / `${VAR}` in `text`; `nil` if a variable is undefined.
    ///
    /// A value that cannot be resolved is "unknown" to the checks, never "missing".
    public func resolve(_ text: String) -> String? {
        resolve(text, depth: 0)
    }

    private func resolve(_ text: String, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        guard text.contains("$(") || text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let close: Character = rest[after] == "(" ? ")" : "}"
            guard let end = rest[after...].firstIndex(of: close) else { return nil }
            let inner = rest[rest.index(after: after)..<end]
            let name = inner.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            guard let value = values[name], let resolved = resolve(value, depth: depth + 1) else { return nil }
            result += resolved
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return result
    }
}
