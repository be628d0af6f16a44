import Foundation

/// The one spelling of durations in scenario and app-model files and in timelines: a decimal
/// number and a unit (`1500ms`, `90s`, `2m`, `1.5h`, `1d`), whole milliseconds.
///
/// ``parse(_:)`` reads what ``format(_:)`` writes, and more. Core Location has no such type.
public enum DurationText {
    /// The longest duration a file may give: 100 years.
    public static let limit: Duration = .milliseconds(100 * 365 * 86_400_000)

    /// Parses `1500ms`, `90s`, `2m`, `1.5h`, `1d`, `0` (zero needs no unit): a decimal number and
    /// a unit, whole milliseconds, at most ``limit``. Returns nil for anything else (`0x10s`,
    /// `1e3s`, `1.5ms`, `-2s`, `99999999999d`).
    public static func parse(_ text: String) -> Duration? {
        let s = text.trimmingCharacters(in: .whitespaces)
        if s == "0" { return .zero }
        let units: [(String, Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
        for (unit, factor) in units where s.hasSuffix(unit) {
            let number = s.dropLast(unit.count)
            if unit == "m" && number.hasSuffix("m") { continue }
            let parts = number.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  parts[0].count <= 12, parts.count == 1 || parts[1].count <= 9 else { return nil }
            let whole = Int64(parts[0])!
            var fraction: Int64 = 0
            if parts.count == 2 {
                // The fraction, in units of 10^-digits, must make whole milliseconds.
                let digits = parts[1].count
                let scaled = Int64(parts[1])! * factor
                var divisor: Int64 = 1
                for _ in 0..<digits { divisor *= 10 }
                guard scaled % divisor == 0 else { return nil }
                fraction = scaled / divisor
            }
            let (product, overflow) = whole.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            let (ms, sumOverflow) = product.addingReportingOverflow(fraction)
            guard !sumOverflow, ms <= milliseconds(limit) else { return nil }
            return .milliseconds(ms)
        }
        return nil
    }

    /// `90s`, `2m`, `1500ms`, `2h`, `1d`: the largest unit that spells the duration exactly. A
    /// number of milliseconds too long for ``parse(_:)`` (more than 12 digits, over 31 years) is
    /// written in seconds with a fraction (`1000000000.001s`), so that `parse` reads back every
    /// duration up to ``limit`` that `format` writes.
    public static func format(_ d: Duration) -> String {
        let ms = milliseconds(d)
        if ms % 86_400_000 == 0 && ms > 0 { return "\(ms / 86_400_000)d" }
        if ms % 3_600_000 == 0 && ms > 0 { return "\(ms / 3_600_000)h" }
        if ms % 60_000 == 0 && ms > 0 { return "\(ms / 60_000)m" }
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        if ms >= 1_000_000_000_000 {
            var fraction = String(ms % 1000)
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(ms / 1000).\(fraction)s"
        }
        return "\(ms)ms"
    }

    /// The whole milliseconds of `d`.
    public static func milliseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }
}
