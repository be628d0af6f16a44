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
        for (key, value) in other.values { set(key, value, inheritedAt: Self.inheritedOffsets(value), origin: other.origins[key]) }
    }

    /// Sets `key` to `value`, its `$(inherited)` at `offsets` (``inheritedOffsets(_:)``) resolved
    /// against the current value.
    private mutating func set(_ key: String, _ value: String, inheritedAt offsets: [Int], origin: SourceLocation?) {
        values[key] = offsets.isEmpty ? value : Self.trimmingWhitespace(Self.inheriting(value, at: offsets, from: values[key] ?? ""))
        if let origin { origins[key] = origin }
    }

    /// Adds `other` like ``overlay(_:)``, refusing a value that `$(inherited)` grows past
    /// `BuildSettingResolver.maximumSubstitutedCharacters` (each `X = $(inherited)$(inherited)`
    /// line doubles a value: a few dozen lines would need gigabytes).
    ///
    /// The length a value would have is counted before it is built, so a value past the limit
    /// costs nothing to refuse (it is dropped: unknown to the checks).
    mutating func overlayBounded(_ other: BuildSettings) throws(BuildSettingResolver.Overflow) {
        let limit = BuildSettingResolver.maximumSubstitutedCharacters
        var over: [String] = []
        for (key, value) in other.values {
            let offsets = Self.inheritedOffsets(value)
            if Self.inheritingLength(value, at: offsets, from: values[key] ?? "") > limit {
                over.append(key)
                values[key] = nil
                if let origin = other.origins[key] { origins[key] = origin }
            } else {
                set(key, value, inheritedAt: offsets, origin: other.origins[key])
            }
        }
        if let first = over.min() { throw BuildSettingResolver.Overflow(name: first) }
        for key in other.values.keys.sorted() where (values[key]?.utf8.count ?? 0) > limit {
            throw BuildSettingResolver.Overflow(name: key)
        }
    }

    /// `$(inherited)` and `${inherited}`, the two spellings, each 12 bytes.
    private static let inheritedSpellings = [Array("$(inherited)".utf8), Array("${inherited}".utf8)]

    /// Where `value` says `$(inherited)` (or `${inherited}`): the UTF-8 offsets of each, left to
    /// right, never overlapping. One pass over the bytes, no copy of them.
    static func inheritedOffsets(_ value: String) -> [Int] {
        var value = value
        return value.withUTF8 { v in
            var offsets: [Int] = []
            var i = 0
            while i + 12 <= v.count {
                if v[i] == UInt8(ascii: "$"), inheritedSpellings.contains(where: { v[i..<(i + 12)].elementsEqual($0) }) {
                    offsets.append(i)
                    i += 12
                } else {
                    i += 1
                }
            }
            return offsets
        }
    }

    /// The length in UTF-8 bytes of ``inheriting(_:at:from:)``, counted without building it: each
    /// `$(inherited)` (12 bytes) becomes `base`.
    static func inheritingLength(_ value: String, at offsets: [Int], from base: String) -> Int {
        value.utf8.count + offsets.count * (base.utf8.count - 12)
    }

    /// `value` with the `$(inherited)` at each of `offsets` (``inheritedOffsets(_:)``) replaced by `base`.
    static func inheriting(_ value: String, at offsets: [Int], from base: String) -> String {
        let length = inheritingLength(value, at: offsets, from: base)
        var value = value
        return value.withUTF8 { v in
            var out: [UInt8] = []
            out.reserveCapacity(length)
            var from = 0
            for offset in offsets {
                out.append(contentsOf: v[from..<offset])
                out.append(contentsOf: base.utf8)
                from = offset + 12
            }
            out.append(contentsOf: v[from...])
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `text` without the whitespace at either end that `CharacterSet.whitespaces` names, as
    /// `trimmingCharacters(in: .whitespaces)` returns it, looking only at the ends: Foundation's
    /// walks the whole of a value, which `$(inherited)` can make megabytes long.
    static func trimmingWhitespace(_ text: String) -> String {
        let whitespace = CharacterSet.whitespaces
        func isSpace(_ c: Unicode.Scalar) -> Bool { whitespace.contains(c) }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
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
