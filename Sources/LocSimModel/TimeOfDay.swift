/// Times of day on the virtual clock, which has none of its own: virtual time zero is
/// ``DeviceParameters/startTimeOfDay`` after midnight (P6: an App Clip's When In Use resets at
/// 4:00 a.m.). Days are 24 hours long; there are no time zones or daylight saving changes.
///
/// Core Location has no such type.
public enum TimeOfDay {
    /// The length of a day.
    public static let day: Duration = .seconds(86_400)

    /// When an App Clip's When In Use authorization resets: 4:00 a.m. (P6).
    public static let appClipReset: Duration = .seconds(4 * 3600)

    /// The time of day (time since midnight) at virtual time `now`, when virtual time zero was
    /// `start` after midnight.
    public static func at(_ now: Duration, start: Duration) -> Duration {
        let (seconds, attoseconds) = (start + now).components
        let intoDay = ((seconds % 86_400) + 86_400) % 86_400
        return Duration(secondsComponent: intoDay, attosecondsComponent: attoseconds)
    }

    /// The first virtual instant strictly after `now` whose time of day is `target` (less than a
    /// day), when virtual time zero was `start` after midnight.
    public static func next(_ target: Duration, after now: Duration, start: Duration) -> Duration {
        var wait = target - at(now, start: start)
        if wait <= .zero { wait += day }
        return now + wait
    }
}
