import LocSimModel

/// One line of a simulation's timeline: what happened, to whom, at what virtual time.
///
/// Core Location has no such type; this is the record a device keeps of every effect.
public struct TimelineEntry: Hashable, Sendable {
    /// What kind of thing happened.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The app was launched, moved between foreground and background, suspended or terminated.
        case lifecycle
        /// The app called Core Location.
        case appCall
        /// The user did something (answered a prompt, changed Settings, locked the device).
        case user
        /// The world changed (the device moved, entered a region, time passed).
        case world
        /// A prompt appeared.
        case prompt
        /// A prompt went away.
        case promptDismissed
        /// A delegate method was called.
        case delegate
        /// A console message was printed.
        case console
        /// The background location indicator changed.
        case indicator
        /// A request did nothing at all (LocSim's diagnostic, C12).
        case ignored
        /// The app terminated with an exception.
        case terminated
        /// Something the driver asked for could not apply.
        case rejected
        /// Core Location yielded a value to one of the app's async sequences: a session's
        /// diagnostic, a live update, a monitor event (section O).
        case delivery
        /// LocSim's explanation of something Core Location does silently (O16).
        case note
    }

    /// Virtual time.
    public var time: Duration
    /// The app's name (`nil` for device-wide entries).
    public var app: String?
    /// The manager's name, for app calls and delegate calls.
    public var manager: String?
    /// The kind.
    public var kind: Kind
    /// For a delegate entry, the call Core Location made, typed (``text`` spells it).
    public private(set) var delegateCall: DelegateCall?
    /// For a delegate entry, whether the call reached a delegate (or a completion handler); the
    /// timeline marks calls made while the manager had none.
    public private(set) var reachedDelegate: Bool
    /// For a `didChangeAuthorization(authorizedAlways)` entry, whether that Always was
    /// provisional when the call was made (G1): the app cannot tell (A10), the timeline says so.
    public private(set) var provisional: Bool
    private var note: String
    /// Extra structured detail (prompt buttons, message, …), for JSON output.
    public var detail: [String: String]

    /// Creates an entry.
    public init(time: Duration, app: String?, manager: String? = nil, kind: Kind, text: String, detail: [String: String] = [:]) {
        self.time = time
        self.app = app
        self.manager = manager
        self.kind = kind
        self.note = text
        self.delegateCall = nil
        self.reachedDelegate = true
        self.provisional = false
        self.detail = detail
    }

    /// Creates a ``Kind/delegate`` entry: Core Location called `call` on manager `manager`.
    /// `provisional`: the app's Always was provisional then (marked only on a status change to
    /// `authorizedAlways`).
    public init(time: Duration, app: String?, manager: String, delegateCall call: DelegateCall, reachedDelegate: Bool, provisional: Bool = false) {
        self.init(time: time, app: app, manager: manager, kind: .delegate, text: "")
        self.delegateCall = call
        self.reachedDelegate = reachedDelegate
        if case .didChangeAuthorization(.authorizedAlways, _, _) = call { self.provisional = provisional }
    }

    /// The text: `didChangeAuthorization(authorizedAlways)`, `requestAlwaysAuthorization()`, …;
    /// `didChangeAuthorization(authorizedAlways, provisional)` while Always is provisional.
    /// A delegate call is spelled only here, when printed.
    public var text: String {
        guard let delegateCall else { return note }
        var call = delegateCall.description
        if provisional, call.hasSuffix(")") { call = call.dropLast() + Self.provisionalMark + ")" }
        return reachedDelegate ? call : call + Timeline.noDelegateMark
    }

    /// What a provisional Always adds inside a status change's parentheses.
    public static let provisionalMark = ", provisional"

    /// `+00:00:10.000  Example  main  didChangeAuthorization(authorizedAlways)`.
    public var line: String {
        var parts = [Self.format(time), app ?? "device"]
        let label = kind.rawValue
        if let manager { parts.append("\(label) \(manager):") } else { parts.append("\(label):") }
        parts.append(text)
        return parts.joined(separator: "  ")
    }

    /// Formats virtual time as `+HH:MM:SS.mmm` (days add to the hours).
    public static func format(_ time: Duration) -> String {
        let ms = time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
        let h = ms / 3_600_000, m = (ms / 60_000) % 60, s = (ms / 1000) % 60, milli = ms % 1000
        func pad(_ v: Int64, _ n: Int) -> String { let t = String(v); return String(repeating: "0", count: max(0, n - t.count)) + t }
        return "+\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(milli, 3))"
    }
}
