/// Resolves `$(VAR)` / `${VAR}` references against one configuration's build settings, with
/// each setting's resolved value memoized and the total expansion bounded.
///
/// Settings may reference each other many times per level (`A = $(B)$(B)…`, `B = $(C)$(C)…`):
/// without memoizing, each reference re-resolves the whole tree below it (exponential work), and
/// even with it the resolved text can grow exponentially. The resolver computes each setting once
/// and counts every character it substitutes across all calls; past
/// ``maximumSubstitutedCharacters`` it throws ``Overflow``.
struct BuildSettingResolver {
    /// The most characters one configuration's resolutions may substitute in total: 4 Mi
    /// characters (real projects substitute a few kilobytes).
    static let maximumSubstitutedCharacters = 1 << 22
    /// The deepest chain of references followed (`$(A)` → `$(B)` → …); deeper values are unknown.
    static let maximumNesting = 8

    /// The substitutions of a configuration exceeded ``maximumSubstitutedCharacters``.
    struct Overflow: Error, Hashable, Sendable {
        /// The setting whose expansion crossed the limit.
        var name: String

        /// What went wrong, for an input error naming the setting being read.
        var message: String {
            "build setting '\(name)' expands to more than \(BuildSettingResolver.maximumSubstitutedCharacters) characters "
                + "(settings referencing each other too many times)"
        }
    }

    /// A setting's resolved value and how many levels of references it went through.
    private enum Entry {
        case resolved(String, height: Int)
        case unresolved
        case inProgress
    }

    private let values: [String: String]
    private var memo: [String: Entry] = [:]
    private var substituted = 0

    /// A resolver for `settings`.
    init(_ settings: BuildSettings) {
        values = settings.values
    }

    /// `text` with every reference resolved; `nil` if a variable is undefined, a reference is not
    /// closed, references loop, or they nest deeper than ``maximumNesting``.
    mutating func resolve(_ text: String) throws(Overflow) -> String? {
        guard let (result, height) = try expand(text), height < Self.maximumNesting else { return nil }
        return result
    }

    /// `text` expanded, with its height (0 without references, else one more than the highest
    /// setting it references); `nil` when it cannot be resolved.
    private mutating func expand(_ text: String) throws(Overflow) -> (String, Int)? {
        guard text.contains("$(") || text.contains("${") else { return (text, 0) }
        var result = ""
        var height = 0
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
            guard let (value, valueHeight) = try self.value(of: name) else { return nil }
            substituted += value.utf8.count
            guard substituted <= Self.maximumSubstitutedCharacters else { throw Overflow(name: name) }
            result += value
            height = max(height, valueHeight)
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return (result, height + 1)
    }

    /// The resolved value of the setting `name`, computed once.
    private mutating func value(of name: String) throws(Overflow) -> (String, Int)? {
        switch memo[name] {
        case .resolved(let value, let height)?: return (value, height)
        case .unresolved?, .inProgress?: return nil
        case nil: break
        }
        guard let raw = values[name] else {
            memo[name] = .unresolved
            return nil
        }
        memo[name] = .inProgress
        // A value nested too deep can never be used: stop growing it.
        guard let (value, height) = try expand(raw), height < Self.maximumNesting else {
            memo[name] = .unresolved
            return nil
        }
        memo[name] = .resolved(value, height: height)
        return (value, height)
    }
}
