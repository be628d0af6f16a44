import LocSimModel

/// A renaming of an app model's regions, monitor conditions and sessions, with the taps that
/// follow them (`tap(r1)` → `tap(r2)` when the regions `r1` and `r2` swap), and the check that it
/// maps the model onto itself.
///
/// The renaming acts on what names a region or a condition: `monitorRegion` and
/// `stopMonitoringRegion` calls, `addCondition` and `removeCondition` calls (their identifiers,
/// never their monitor), region callbacks (`didEnterRegion(r1)`, `monitoringDidFail(r1, …)`),
/// monitor events that name a condition (`monitorEvent(c1)`), the explorer's region choices,
/// finding keys and explorer states; on what names a session or live-updates stream (the calls
/// that make and end it, `diagnostic(s1)` and `liveUpdate(s1)` events); and on tap names. Names
/// it does not list are left alone. Core Location has no such type.
struct RegionRenaming: Sendable {
    /// Region names that change, old → new.
    var regions: [String: String] = [:]
    /// Tap names that change, old → new.
    var taps: [String: String] = [:]
    /// Session and stream numbers that change, old → new.
    var sessions: [SessionID: SessionID] = [:]
    /// The name the model gives each session of ``sessions`` (``AppModel/sessionObjects``): a
    /// session pattern spells its session by name.
    var sessionNames: [SessionID: String] = [:]

    /// The new name of region `name`.
    func region(_ name: String) -> String { regions[name] ?? name }

    /// The new name of tap `name`.
    func tap(_ name: String) -> String { taps[name] ?? name }

    /// The new number of session `id`.
    func session(_ id: SessionID) -> SessionID { sessions[id] ?? id }

    // MARK: Renaming

    func apply(_ call: AppCall) -> AppCall {
        switch call {
        case .monitorRegion(var r):
            r.name = region(r.name)
            return .monitorRegion(r)
        case .stopMonitoringRegion(let name):
            return .stopMonitoringRegion(region(name))
        case .addCondition(let monitor, var r, let assuming):
            r.name = region(r.name)
            return .addCondition(monitor: monitor, r, assuming: assuming)
        case .removeCondition(let monitor, let identifier):
            return .removeCondition(monitor: monitor, identifier: region(identifier))
        case .createServiceSession(let id, let r, let k) where !sessions.isEmpty:
            return .createServiceSession(session(id), r, fullAccuracyPurposeKey: k)
        case .invalidateServiceSession(let id) where !sessions.isEmpty: return .invalidateServiceSession(session(id))
        case .startBackgroundActivity(let id) where !sessions.isEmpty: return .startBackgroundActivity(session(id))
        case .invalidateBackgroundActivity(let id) where !sessions.isEmpty: return .invalidateBackgroundActivity(session(id))
        case .startLiveUpdates(let id) where !sessions.isEmpty: return .startLiveUpdates(session(id))
        case .stopLiveUpdates(let id) where !sessions.isEmpty: return .stopLiveUpdates(session(id))
        default:
            return call
        }
    }

    func apply(_ event: AppEventPattern) -> AppEventPattern {
        switch event {
        case .tap(let t): .tap(tap(t))
        case .callback(.didEnterRegion(let n?)): .callback(.didEnterRegion(region(n)))
        case .callback(.didExitRegion(let n?)): .callback(.didExitRegion(region(n)))
        case .callback(.monitoringDidFail(let f?)): .callback(.monitoringDidFail(.init(region: region(f.region), code: f.code)))
        case .session(let p): .session(apply(p))
        default: event
        }
    }

    /// A monitor-event pattern with the condition it names renamed, or a session pattern with its
    /// session, in its arguments too (they spell it back).
    func apply(_ pattern: SessionEventPattern) -> SessionEventPattern {
        if let id = pattern.session, let new = sessions[id], let old = sessionNames[id], let newName = sessionNames[new] {
            var p = pattern
            p.session = new
            p.arguments = p.arguments.map { $0 == old ? newName : $0 }
            p.names = p.names.map { $0 == old ? newName : $0 }
            return p
        }
        guard let id = pattern.identifier, let new = regions[id] else { return pattern }
        var p = pattern
        p.identifier = new
        p.arguments = p.arguments.map { $0 == id ? new : $0 }
        p.names = p.names.map { $0 == id ? new : $0 }
        return p
    }

    /// The reaction renamed, its line number dropped (it is no part of what the app does).
    func apply(_ reaction: Reaction) -> Reaction {
        var r = reaction
        r.event = apply(r.event)
        r.actions = r.actions.map(apply)
        r.line = 0
        return r
    }

    func apply(_ choice: ExplorerChoice) -> ExplorerChoice {
        switch choice {
        case .tap(let t): .tap(tap(t))
        case .enterRegion(let n): .enterRegion(region(n))
        case .exitRegion(let n): .exitRegion(region(n))
        default: choice
        }
    }

    func apply(_ key: FindingKey) -> FindingKey {
        switch key {
        case .ignored(let call, let reason): .ignored(apply(call), reason)
        case .backgroundStart(let call): .backgroundStart(apply(call))
        case .promptOnForeground(let kind, let choice): .promptOnForeground(kind, apply(choice))
        default: key
        }
    }

    // MARK: The check

    /// Whether the renaming maps `model` onto itself: every reaction onto a reaction of the model
    /// (line numbers aside), keeping the file order of any two whose events can be the same event
    /// (the first match wins), and the taps and each screen's taps onto themselves. Then the app
    /// reacts to a renamed event as it reacts to the event, renamed, in every state.
    ///
    /// With `commuting`, a run of consecutive `monitorRegion` calls in one reaction counts in any
    /// order (the caller allows it only for an app that reacts to no `monitoringDidFail`: the run's
    /// order is then the order of callbacks no reaction reads, and the state after it is the same).
    func maps(_ model: AppModel, commuting: Bool) -> Bool {
        guard Set(model.taps.map(tap)) == Set(model.taps) else { return false }
        for (_, taps) in model.tapsOn where Set(taps.map(tap)) != Set(taps) { return false }
        let original = model.reactions.map { Self.normalized($0, commuting: commuting) }
        var used = [Bool](repeating: false, count: original.count)
        var image: [Int] = []
        for reaction in model.reactions {
            let renamed = Self.normalized(apply(reaction), commuting: commuting)
            guard let j = original.indices.first(where: { !used[$0] && original[$0] == renamed }) else { return false }
            used[j] = true
            image.append(j)
        }
        let events = model.reactions.map(\.event)
        for i in events.indices {
            for k in events.indices where k > i && image[k] < image[i] && Self.overlap(events[i], events[k]) { return false }
        }
        return true
    }

    /// The reaction as the check compares it: without its line, and with `commuting` each run of
    /// consecutive `monitorRegion` calls in order of region name.
    static func normalized(_ reaction: Reaction, commuting: Bool) -> Reaction {
        var r = reaction
        r.line = 0
        guard commuting, r.actions.count > 1 else { return r }
        var i = 0
        while i < r.actions.count {
            var j = i
            while j < r.actions.count, case .monitorRegion = r.actions[j] { j += 1 }
            if j - i > 1 {
                r.actions[i..<j].sort { a, b in
                    guard case .monitorRegion(let x) = a, case .monitorRegion(let y) = b else { return false }
                    return (x.name, x.radius, x.center?.latitude ?? -1000, x.center?.longitude ?? -1000)
                        < (y.name, y.radius, y.center?.latitude ?? -1000, y.center?.longitude ?? -1000)
                }
            }
            i = max(j, i + 1)
        }
        return r
    }

    /// Whether some event can match both patterns (conservatively: true unless they are told apart
    /// by kind, tap name, callback method, region name, or the object a session event names).
    static func overlap(_ a: AppEventPattern, _ b: AppEventPattern) -> Bool {
        switch (a, b) {
        case (.tap(let x), .tap(let y)): return x == y
        case (.session(let p), .session(let q)):
            // Told apart by kind, or by the session, monitor or condition both name.
            if p.kind != q.kind { return false }
            if let x = p.session, let y = q.session, x != y { return false }
            if let x = p.monitor, let y = q.monitor, x != y { return false }
            if let x = p.identifier, let y = q.identifier, x != y { return false }
            return true
        case (.callback(let p), .callback(let q)):
            switch (p, q) {
            case (.didEnterRegion(let x?), .didEnterRegion(let y?)), (.didExitRegion(let x?), .didExitRegion(let y?)): return x == y
            case (.monitoringDidFail(let x?), .monitoringDidFail(let y?)): return x == y
            default: return method(p) == method(q)
            }
        default:
            return a == b
        }
    }

    /// A callback pattern's method name (`didEnterRegion` of `didEnterRegion(home)`).
    private static func method(_ p: CallbackPattern) -> Substring {
        let text = p.description
        return text.prefix { $0 != "(" }
    }
}
