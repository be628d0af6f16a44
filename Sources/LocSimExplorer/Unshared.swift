import LocSimModel
import LocSimScenario

/// Deep copies whose storage no other value shares (see ``AppModelSystem``).
extension String {
    var unshared: String { String(decoding: Array(utf8), as: UTF8.self) }
}

extension AppDescription {
    /// A copy with every string fresh and every other field (entitlements, delegate methods, App
    /// Clip and explicit-session keys) kept.
    func unshared() -> AppDescription {
        var copy = self
        copy.name = name.unshared
        copy.purposeStrings = Dictionary(uniqueKeysWithValues: purposeStrings.map { ($0.key, $0.value.unshared) })
        copy.purposeStrings.reserveCapacity(purposeStrings.count)
        copy.backgroundModes = Set(backgroundModes.map(\.unshared))
        copy.temporaryPurposeKeys = Dictionary(uniqueKeysWithValues: temporaryPurposeKeys.map { ($0.key.unshared, $0.value.unshared) })
        return copy
    }
}

extension AppCall {
    func unshared() -> AppCall {
        switch self {
        case .monitorRegion(var r): r.name = r.name.unshared; return .monitorRegion(r)
        case .stopMonitoringRegion(let n): return .stopMonitoringRegion(n.unshared)
        case .requestFullAccuracy(let k): return .requestFullAccuracy(k.unshared)
        case .set(let props): return .set(props.map { $0 })
        case .openMonitor(let n): return .openMonitor(n.unshared)
        case .addCondition(let m, var r, let a): r.name = r.name.unshared; return .addCondition(monitor: m.unshared, r, assuming: a)
        case .removeCondition(let m, let i): return .removeCondition(monitor: m.unshared, identifier: i.unshared)
        case .createServiceSession(let id, let r, let k): return .createServiceSession(id, r, fullAccuracyPurposeKey: k?.unshared)
        default: return self
        }
    }
}

extension AppEventPattern {
    func unshared() -> AppEventPattern {
        switch self {
        case .tap(let t): return .tap(t.unshared)
        case .callback(.didEnterRegion(let n)): return .callback(.didEnterRegion(n?.unshared))
        case .callback(.didExitRegion(let n)): return .callback(.didExitRegion(n?.unshared))
        case .callback(.monitoringDidFail(let f?)): return .callback(.monitoringDidFail(.init(region: f.region.unshared, code: f.code)))
        case .session(var p):
            p.monitor = p.monitor?.unshared
            p.identifier = p.identifier?.unshared
            p.arguments = p.arguments.map(\.unshared)
            p.names = p.names.map(\.unshared)
            return .session(p)
        default: return self
        }
    }
}

extension AppModel {
    func unshared() -> AppModel {
        var copy = self
        copy.name = name.unshared
        copy.file = file.unshared
        copy.app = app.unshared()
        copy.screens = screens.map(\.unshared)
        copy.waiting = Set(waiting.map(\.unshared))
        copy.taps = taps.map(\.unshared)
        copy.platforms = platforms.map { $0 }
        copy.reactions = reactions.map { r in
            var copy = Reaction(event: r.event.unshared(), screens: r.screens.map { Set($0.map { $0 }) }, actions: r.actions.map { $0.unshared() },
                                goto: r.goto, line: r.line)
            copy.requires = r.requires
            copy.forbids = r.forbids
            copy.sets = r.sets
            copy.clears = r.clears
            return copy
        }
        copy.tapsOn = tapsOn.mapValues { $0.map(\.unshared) }
        copy.flags = flags.map(\.unshared)
        copy.sessionObjects = sessionObjects.map { SessionObject(name: $0.name.unshared, kind: $0.kind) }
        return copy
    }
}
