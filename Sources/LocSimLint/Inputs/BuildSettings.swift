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

    /// Adds `other` like ``overlay(_:)``, refusing a value that `$(inherited)` grows past
    /// `BuildSettingResolver.maximumSubstitutedCharacters` (each `X = $(inherited)$(inherited)`
    /// line doubles a value: a few dozen lines would need gigabytes).
    mutating func overlayBounded(_ other: BuildSettings) throws(BuildSettingResolver.Overflow) {
        overlay(other)
        for key in other.values.keys.sorted() where (values[key]?.utf8.count ?? 0) > BuildSettingResolver.maximumSubstitutedCharacters {
            throw BuildSettingResolver.Overflow(name: key)
        }
    }

    /// Resolves every `$(VAR)` / `${VAR}` in `text`; `nil` if a variable is undefined.
    ///
    /// A value that cannot be resolved is "unknown" to the checks, never "missing". So is one
    /// whose expansion exceeds `BuildSettingResolver.maximumSubstitutedCharacters`; readers that
    /// must report that use `BuildSettingResolver` directly.
    public func resolve(_ text: String) -> String? {
        var resolver = BuildSettingResolver(self)
        return (try? resolver.resolve(text)) ?? nil
    }
}
