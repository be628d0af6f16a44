/// The strict RFC 3339 timestamp parser of GPX `<time>` values.
///
/// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (`t` and `z` in either case), the profile
/// of ISO 8601 that GPX uses: a real calendar date (`2024-02-30` is rejected), hours 00–23,
/// minutes and seconds 00–59 (no leap second), an offset within ±23:59, any number of fraction
/// digits (those past nanoseconds are ignored). No `DateFormatter` and no locale: one pass over
/// the bytes.
enum GPXTime {
    /// The time since the Unix epoch that `text` names, or nil when it is not an RFC 3339
    /// timestamp.
    static func parse(_ text: Substring) -> Duration? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
              let day = scanner.digits(2), scanner.take("T") || scanner.take("t"),
              let hour = scanner.digits(2), scanner.take(":"), let minute = scanner.digits(2), scanner.take(":"),
              let second = scanner.digits(2) else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var nanoseconds: Int64 = 0
        if scanner.take(".") {
            var count = 0, scale: Int64 = 100_000_000
            while let digit = scanner.digit() {
                if count < 9 {
                    nanoseconds += Int64(digit) * scale
                    scale /= 10
                }
                count += 1
            }
            guard count > 0 else { return nil }
        }
        var offsetMinutes = 0
        if scanner.take("Z") || scanner.take("z") {
            offsetMinutes = 0
        } else {
            let sign: Int
            if scanner.take("+") { sign = 1 } else if scanner.take("-") { sign = -1 } else { return nil }
            guard let offsetHour = scanner.digits(2), scanner.take(":"), let offsetMinute = scanner.digits(2),
                  offsetHour < 24, offsetMinute < 60 else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        }
        guard scanner.atEnd else { return nil }
        let days = daysFromEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }

    /// The number of days in `month` of `year` (proleptic Gregorian calendar).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's `days_from_civil`).
    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// ASCII bytes read left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Consumes `character` if it is next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Consumes one ASCII digit, if next.
        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return nil }
            index += 1
            return Int(bytes[index - 1] - UInt8(ascii: "0"))
        }

        /// Consumes exactly `count` ASCII digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let d = digit() else { return nil }
                value = value * 10 + d
            }
            return value
        }
    }
}
