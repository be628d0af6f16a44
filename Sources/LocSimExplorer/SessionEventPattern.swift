import LocSimModel

/// An event of the iOS 17/18 API an app model reacts to (section O): a session's diagnostic, a
/// live update, or a monitor event, with what it must carry.
///
/// Spelled like a callback, `KIND(ARG, …)`, or as a one-key mapping `{KIND: ARG}` / `{KIND: [ARG, …]}`:
/// - `diagnostic`: a service session's or a background activity session's diagnostic changed
///   (`CLServiceSession.diagnostics`, `CLBackgroundActivitySession.diagnostics`, O12, O13);
/// - `liveUpdate`: a live-updates stream yielded an update (`CLLocationUpdate.liveUpdates(_:)`, O2);
///   the argument `location` asks for an update with a location, `nil` for one without;
/// - `monitorEvent`: a monitor yielded an event (`CLMonitor.events`, O15); a state word
///   (`satisfied`, `unsatisfied`, `unknown`, `unmonitored`) asks for that state.
///
/// Every kind takes flag arguments: a flag name (`insufficientlyInUse`) must be set, `!FLAG` must
/// be clear, `none` asks for no flag at all. Any other argument names the object: the session or
/// stream (by the name its creating action gave it), the monitor, or a monitor's condition
/// identifier. A bare kind matches every event of that kind. Core Location has no such type.
public struct SessionEventPattern: Hashable, Sendable, CustomStringConvertible {
    /// What kind of value Core Location yields.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A session's diagnostic.
        case diagnostic
        /// A live update.
        case liveUpdate
        /// A monitor event.
        case monitorEvent

        /// The flags the kind's Core Location type has.
        public var flags: Diagnostics {
            switch self {
            case .diagnostic: Diagnostics.serviceSession.union(.backgroundActivity)
            case .liveUpdate: .liveUpdate
            case .monitorEvent: .monitorEvent
            }
        }
    }

    /// The kind.
    public var kind: Kind
    /// The arguments as written, in order (``description`` spells them back).
    public var arguments: [String]
    /// The session or stream the event must be for (a `diagnostic` or `liveUpdate` event), once resolved.
    public var session: SessionID?
    /// The monitor the event must come from (a `monitorEvent`).
    public var monitor: String?
    /// The condition the event must be about (a `monitorEvent`).
    public var identifier: String?
    /// The state a monitor event must report.
    public var state: MonitoringState?
    /// Whether a live update must carry a location (`location`) or must not (`nil`).
    public var location: Bool?
    /// Flags that must be set.
    public var required: Diagnostics = []
    /// Flags that must be clear (`!FLAG`, or every flag for `none`).
    public var forbidden: Diagnostics = []
    /// Arguments that name an object, resolved by ``resolve(_:)`` once every action of the model is read.
    public var names: [String] = []

    /// Parses `KIND` or `KIND(ARG, …)`; `nil` when the text is not a session event. Throws (a
    /// message) when it is one with a bad argument.
    public init?(parsing text: String) throws {
        let t = text.replacingOccurrences(of: " ", with: "")
        let name = t.prefix { $0 != "(" }
        guard let kind = Kind(rawValue: String(name)) else { return nil }
        var args: [String] = []
        if name.count < t.count {
            guard t.hasSuffix(")"), t.count > name.count + 2 else {
                throw PatternError("'\(text)' is not \(kind.rawValue)(ARG, …) (inside {…} a comma ends the value: quote the event, or write {\(kind.rawValue): [ARG, …]})")
            }
            args = t.dropFirst(name.count + 1).dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        try self.init(kind: kind, arguments: args)
    }

    /// A pattern of `kind` with `arguments` (flags, `none`, `!FLAG`, `location`/`nil`, states, names).
    public init(kind: Kind, arguments: [String]) throws {
        self.kind = kind
        self.arguments = arguments
        for arg in arguments {
            guard !arg.isEmpty else { throw PatternError("\(kind.rawValue): an empty argument") }
            if arg == "none" {
                forbidden = kind.flags
            } else if arg.hasPrefix("!") {
                forbidden.insert(try Self.flag(String(arg.dropFirst()), kind))
            } else if let flag = Diagnostics(name: arg) {
                required.insert(try Self.flag(arg, kind, flag))
            } else if kind == .liveUpdate, arg == "location" || arg == "nil" {
                location = arg == "location"
            } else if kind == .monitorEvent, let s = MonitoringState(rawValue: arg) {
                state = s
            } else {
                names.append(arg)
            }
        }
        if !required.isDisjoint(with: forbidden) { throw PatternError("\(description): a flag both required and excluded") }
    }

    private static func flag(_ name: String, _ kind: Kind, _ known: Diagnostics? = nil) throws -> Diagnostics {
        guard let flag = known ?? Diagnostics(name: name), kind.flags.contains(flag) else {
            let names = Diagnostics.names.filter { kind.flags.contains($0.0) }.map(\.1)
            throw PatternError("\(kind.rawValue): '\(name)' is not a flag of this event (expected one of: \(names.joined(separator: ", ")))")
        }
        return flag
    }

    /// The objects an app model names, for resolving ``names``.
    public struct Objects: Sendable {
        /// Sessions and streams by name, with their kind.
        public var sessions: [String: (id: SessionID, kind: SessionObject.Kind)] = [:]
        /// Monitor names.
        public var monitors: Set<String> = []
        /// Condition identifiers of every monitor.
        public var identifiers: Set<String> = []
    }

    /// Resolves the name arguments against the model's objects; throws a message when one names
    /// nothing of the pattern's kind.
    public mutating func resolve(_ objects: Objects) throws {
        for name in names {
            switch kind {
            case .diagnostic, .liveUpdate:
                let wanted: [SessionObject.Kind] = kind == .diagnostic ? [.serviceSession, .backgroundActivity] : [.liveUpdates]
                guard let o = objects.sessions[name], wanted.contains(o.kind), session == nil else {
                    let known = objects.sessions.filter { wanted.contains($0.value.kind) }.keys.sorted()
                    throw PatternError("\(description): '\(name)' is not a flag\(kind == .liveUpdate ? ", location, nil" : ""), none, or the name of \(kind == .diagnostic ? "a session" : "live updates") the app starts"
                                       + (known.isEmpty ? "" : " (\(known.joined(separator: ", ")))"))
                }
                session = o.id
            case .monitorEvent:
                if objects.monitors.contains(name), monitor == nil {
                    monitor = name
                } else if objects.identifiers.contains(name), identifier == nil {
                    identifier = name
                } else {
                    throw PatternError("\(description): '\(name)' is not a flag, a state, none, a monitor the app opens or a condition it adds")
                }
            }
        }
    }

    /// Whether a value Core Location yields matches.
    @inline(__always)
    public func matches(_ delivery: SessionDelivery) -> Bool {
        let flags: Diagnostics
        switch delivery {
        case .serviceSessionDiagnostic(let id, let d), .backgroundActivityDiagnostic(let id, let d):
            guard kind == .diagnostic, session.map({ $0 == id }) ?? true else { return false }
            flags = d
        case .liveUpdate(let id, let u):
            guard kind == .liveUpdate, session.map({ $0 == id }) ?? true else { return false }
            if let location, location != (u.location != nil) { return false }
            flags = u.diagnostics
        case .monitorEvent(let m, let e):
            guard kind == .monitorEvent, monitor.map({ $0 == m }) ?? true, identifier.map({ $0 == e.identifier }) ?? true,
                  state.map({ $0 == e.state }) ?? true else { return false }
            flags = e.diagnostics
        }
        return flags.isSuperset(of: required) && flags.isDisjoint(with: forbidden)
    }

    /// `diagnostic(insufficientlyInUse)`, `liveUpdate(nav, nil)`: the spelling in app model files.
    public var description: String {
        arguments.isEmpty ? kind.rawValue : "\(kind.rawValue)(\(arguments.joined(separator: ", ")))"
    }

    /// A bad session-event argument: its message.
    struct PatternError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// A service session, background activity session or live-updates stream an app model holds,
/// by the name its actions give it; the explorer numbers them `s1`, `s2`… in the order the model
/// file first names them. LocSim's addition: Core Location's objects are references.
public struct SessionObject: Hashable, Sendable {
    /// What the name holds.
    public enum Kind: String, Hashable, Sendable {
        /// A `CLServiceSession`.
        case serviceSession = "a service session"
        /// A `CLBackgroundActivitySession`.
        case backgroundActivity = "a background activity session"
        /// A `CLLocationUpdate.liveUpdates(_:)` iteration.
        case liveUpdates = "live updates"
    }

    /// The name.
    public var name: String
    /// What it holds.
    public var kind: Kind
}
