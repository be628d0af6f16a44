import Foundation
import LocSim
import LocSimModel
import LocSimScenario

/// Reads app model files for `locsim explore` into ``AppModel`` values.
///
/// The file is a scenario file (format 1) without `steps`, plus `device.platforms`, `app.screens`,
/// `app.waiting`, `app.on` and `explore`. Every problem is an `InputError` with the file and line.
public enum AppModelParser {
    /// The top-level keys of an app model file.
    public static let topKeys = ["name", "device", "app", "explore"]
    /// The keys of the `explore:` mapping.
    public static let exploreKeys = ["depth", "taps", "tapsOn", "maxStates", "accept", "stops"]
    /// The keys of one entry of `explore.accept`.
    public static let acceptKeys = ["finding", "reason"]
    /// The keys of one reaction in `app.on`.
    public static let reactionKeys = ["event", "when", "if", "unless", "do", "set", "clear", "goto"]

    /// Reads and parses an app model file.
    public static func parse(contentsOf path: String) throws -> AppModel {
        try parse(YAMLValue.readText(contentsOf: path, kind: "app model file"), file: path)
    }

    /// Parses app model text; `file` names it in errors and anchors relative paths.
    public static func parse(_ text: String, file: String) throws -> AppModel {
        guard let root = try YAMLValue.parse(text, file: file) else {
            throw InputError(file: file, line: nil, message: "empty app model file")
        }
        var name: String?
        var device = DeviceSpec()
        var platforms: [Platform]?
        var app = AppDescription()
        var appValue: YAMLValue?
        var depth = AppModel.defaultDepth
        var taps: [String] = []
        var maxStates = 2_000_000
        var accepted: [AcceptedFinding] = []
        var tapsOnValue: YAMLValue?
        var stops: [ExplorerChoice] = [.terminate]
        var deviceLine: Int?
        for (key, line, value) in try root.mapping("an app model") {
            switch key {
            case "name": name = try value.string("name")
            case "device":
                deviceLine = line
                device = try ScenarioParser.parseDevice(value, extraKeys: ScenarioParser.appModelKeys(in: "device"))
                for (k, _, v) in try value.mapping("device") where k == "platforms" {
                    var seen: Set<Platform> = []
                    platforms = try v.sequence("platforms").map { p in
                        let text = try p.string("platforms")
                        guard let platform = Platform(parsing: text) else {
                            throw p.error("platforms: '\(text)' is not \"<OS> <major>[.<minor>]\" with OS one of iOS, macOS, watchOS, tvOS, visionOS")
                        }
                        guard platform.isKnownRelease else {
                            throw p.error("platforms: '\(text)' is not a release LocSim knows (\(Platform.knownReleasesDescription))")
                        }
                        // Twice would explore it twice and write both runs' findings to one file name.
                        guard seen.insert(platform).inserted else { throw p.error("platforms: '\(text)' is listed twice") }
                        return platform
                    }
                    if platforms!.isEmpty { throw v.error("platforms needs at least one platform") }
                }
            case "app":
                app = try ScenarioParser.parseApp(value, extraKeys: ScenarioParser.appModelKeys(in: "app"))
                appValue = value
            case "explore":
                for (k, kLine, v) in try value.mapping("explore") {
                    switch k {
                    case "depth":
                        let s = try v.string("depth")
                        guard let d = Int(s), (1...64).contains(d) else { throw v.error("depth must be a whole number from 1 to 64, not '\(s)'") }
                        depth = d
                    case "taps":
                        taps = try v.stringList("taps")
                        guard taps.count <= 1000 else { throw v.error("taps: at most 1000 taps") }
                        for t in taps where t.isEmpty || t.contains("(") || t.contains(")") {
                            throw v.error("taps: '\(t)' is not a name")
                        }
                    case "maxStates":
                        let s = try v.string("maxStates")
                        guard let m = Int(s), m > 0 else { throw v.error("maxStates must be a positive whole number, not '\(s)'") }
                        maxStates = m
                    case "tapsOn": tapsOnValue = v
                    case "accept":
                        accepted = try v.sequence("accept").map(parseAcceptance)
                    case "stops":
                        let words = try v.stringList("stops")
                        for w in words where !ExplorerChoice.stopWords.contains(w) {
                            throw v.error("stops: '\(w)' is not a way the app stops (expected any of: \(ExplorerChoice.stopWords.joined(separator: ", ")))")
                        }
                        stops = ExplorerChoice.stops.filter { words.contains($0.description) }
                    default:
                        throw InputError(file: file, line: kLine, message: "unknown explore key '\(k)' (expected one of: \(exploreKeys.joined(separator: ", ")))")
                    }
                }
            case "steps":
                throw InputError(file: file, line: line, message: "an app model has no steps: the explorer chooses the events (this looks like a scenario; run it with locsim run)")
            default:
                throw InputError(file: file, line: line, message: ScenarioParser.misplacedKeyMessage(key, value)
                                 ?? "unknown key '\(key)' (expected one of: \(topKeys.joined(separator: ", ")))")
            }
        }
        guard let appValue else { throw InputError(file: file, line: nil, message: "an app model needs an app section with screens and on") }
        for platform in platforms ?? [device.platform] {
            try ScenarioParser.requireSceneLifeCycle(app, on: platform, file: file, line: deviceLine)
        }
        var flags: [String] = []
        var objects = ObjectTable()
        let (screens, waiting, reactions) = try parseBehaviour(appValue, taps: taps, flags: &flags, objects: &objects)
        let base = (file as NSString).lastPathComponent
        var model = AppModel(name: name ?? base, file: file, device: device, platforms: platforms, app: app, screens: screens,
                             waiting: waiting, reactions: reactions, depth: depth, taps: taps, maxStates: maxStates)
        model.accepted = accepted
        model.stops = stops
        model.flags = flags
        model.sessionObjects = objects.sessions
        if let tapsOnValue { model.tapsOn = try parseTapsOn(tapsOnValue, screens: screens, taps: taps) }
        return model
    }

    /// `explore.tapsOn: {SCREEN: [TAP, …]}`: the taps each listed screen offers.
    private static func parseTapsOn(_ v: YAMLValue, screens: [String], taps: [String]) throws -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        for (screen, line, list) in try v.mapping("tapsOn") {
            guard let i = screens.firstIndex(of: screen) else {
                throw InputError(file: v.file, line: line, message: "tapsOn: unknown screen '\(screen)' (screens are: \(screens.joined(separator: ", ")))")
            }
            let names = try list.stringList("tapsOn")
            for t in names where !taps.contains(t) {
                throw list.error("tapsOn: tap '\(t)' on \(screen) is not in explore.taps (\(taps.joined(separator: ", ")))")
            }
            out[i] = names
        }
        return out
    }

    /// One entry of `explore.accept`: `{finding: "KIND KEY", reason: "…"}`.
    private static func parseAcceptance(_ v: YAMLValue) throws -> AcceptedFinding {
        var finding: (String, YAMLValue)?
        var reason: String?
        for (k, kLine, x) in try v.mapping("an accept entry") {
            switch k {
            case "finding": finding = (try x.string("finding"), x)
            case "reason": reason = try x.string("reason")
            default:
                throw InputError(file: v.file, line: kLine, message: "unknown accept key '\(k)' (expected one of: \(acceptKeys.joined(separator: ", ")))")
            }
        }
        guard let (text, value) = finding else { throw v.error("accept: an entry needs finding: \"KIND KEY\" (as findings print)") }
        guard let reason, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw v.error("accept: '\(text)' needs a reason (why the finding is accepted)")
        }
        guard let accepted = AcceptedFinding(finding: text, reason: reason, line: value.line) else {
            throw value.error("accept: '\(text)' is not \"KIND KEY\" with KIND one of \(FindingKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return accepted
    }

    private static func parseBehaviour(_ value: YAMLValue, taps: [String], flags: inout [String],
                                       objects: inout ObjectTable) throws -> ([String], Set<String>, [Reaction]) {
        var screens: [String]?
        var waitingValue: YAMLValue?
        var onValue: YAMLValue?
        for (k, _, v) in try value.mapping("app") {
            switch k {
            case "screens":
                let list = try v.stringList("screens")
                guard !list.isEmpty else { throw v.error("screens needs at least one screen") }
                if let dup = list.first(where: { s in list.filter { $0 == s }.count > 1 }) { throw v.error("screens: '\(dup)' is listed twice") }
                guard list.count <= 255 else { throw v.error("screens: at most 255 screens") }
                screens = list
            case "waiting": waitingValue = v
            case "on": onValue = v
            default: break
            }
        }
        guard let screens else { throw value.error("app needs screens: [START, …] (the first is where the app starts)") }
        var waiting: Set<String> = []
        if let waitingValue {
            for w in try waitingValue.stringList("waiting") {
                guard screens.contains(w) else { throw waitingValue.error("waiting: unknown screen '\(w)' (screens are: \(screens.joined(separator: ", ")))") }
                waiting.insert(w)
            }
        }
        guard let onValue else { throw value.error("app needs on: [reactions] (how the app reacts to events)") }
        var reactions = try onValue.sequence("on").map { try parseReaction($0, screens: screens, taps: taps, flags: &flags, objects: &objects) }
        try objects.check()
        // Session events name objects that any reaction's actions may start: resolved once all are read.
        for i in reactions.indices {
            guard case .session(var pattern) = reactions[i].event else { continue }
            do {
                try pattern.resolve(objects.resolution)
            } catch let e as SessionEventPattern.PatternError {
                throw InputError(file: onValue.file, line: reactions[i].line, message: "event: \(e.message)")
            }
            reactions[i].event = .session(pattern)
        }
        return (screens, waiting, reactions)
    }

    private static func parseReaction(_ v: YAMLValue, screens: [String], taps: [String], flags: inout [String],
                                      objects: inout ObjectTable) throws -> Reaction {
        var requires: UInt32 = 0, forbids: UInt32 = 0, sets: UInt32 = 0, clears: UInt32 = 0
        // The bits of a flag name or list of names, numbering new names in order of first use.
        func bits(_ x: YAMLValue, _ what: String) throws -> UInt32 {
            let names = x.isSequence ? try x.stringList(what) : [try x.string(what)]
            var out: UInt32 = 0
            for name in names {
                guard !name.isEmpty, !name.contains(" ") else { throw x.error("\(what): '\(name)' is not a flag name") }
                let index: Int
                if let i = flags.firstIndex(of: name) {
                    index = i
                } else {
                    guard flags.count < AppModel.maxFlags else { throw x.error("\(what): at most \(AppModel.maxFlags) flags") }
                    flags.append(name)
                    index = flags.count - 1
                }
                out |= 1 << UInt32(index)
            }
            return out
        }
        var event: AppEventPattern?
        var when: Set<Int>?
        var actions: [AppCall] = []
        var goto: Int?
        func screen(_ x: YAMLValue, _ what: String) throws -> Int {
            let s = try x.string(what)
            guard let i = screens.firstIndex(of: s) else { throw x.error("\(what): unknown screen '\(s)' (screens are: \(screens.joined(separator: ", ")))") }
            return i
        }
        for (k, kLine, x) in try v.mapping("a reaction") {
            switch k {
            case "event":
                event = try parseEvent(x, taps: taps)
            case "when":
                if x.isSequence {
                    when = Set(try x.sequence("when").map { try screen($0, "when") })
                } else {
                    when = [try screen(x, "when")]
                }
            case "do":
                for item in try x.sequence("do") {
                    let step = try ScenarioParser.parseStep(item)
                    switch step.action {
                    case .call(let call, let manager):
                        guard manager == "main" else { throw item.error("do: the app model has one manager, main (not '\(manager)')") }
                        actions.append(call)
                    case .objectCall(let call, let object):
                        actions.append(try objects.number(call, object: object, at: item))
                    default:
                        throw item.error("do: only app calls are allowed (requestWhenInUse, requestAlways, startUpdating, set: {…}, createServiceSession: {…}, startLiveUpdates: NAME, …)")
                    }
                }
            case "goto": goto = try screen(x, "goto")
            case "if": requires = try bits(x, "if")
            case "unless": forbids = try bits(x, "unless")
            case "set": sets = try bits(x, "set")
            case "clear": clears = try bits(x, "clear")
            default:
                throw InputError(file: v.file, line: kLine, message: "unknown reaction key '\(k)' (expected one of: \(reactionKeys.joined(separator: ", ")))")
            }
        }
        guard let event else { throw v.error("a reaction needs an event") }
        var reaction = Reaction(event: event, screens: when, actions: actions, goto: goto, line: v.line ?? 0)
        reaction.requires = requires
        reaction.forbids = forbids
        reaction.sets = sets
        reaction.clears = clears
        return reaction
    }

    /// An event: a spelling (`tap(track)`, `didChangeAuthorization(denied)`, `diagnostic(insufficientlyInUse)`)
    /// or a session event as a one-key mapping (`{diagnostic: insufficientlyInUse}`, `{liveUpdate: [nav, nil]}`).
    private static func parseEvent(_ x: YAMLValue, taps: [String]) throws -> AppEventPattern {
        if x.isMapping {
            let pairs = try x.mapping("event")
            guard pairs.count == 1, let (key, _, value) = pairs.first, let kind = SessionEventPattern.Kind(rawValue: key) else {
                throw x.error("event: a mapping event is {diagnostic: …}, {liveUpdate: …} or {monitorEvent: …}")
            }
            let arguments = value.isNull ? [] : value.isSequence ? try value.stringList("event") : [try value.string("event")]
            do {
                return .session(try SessionEventPattern(kind: kind, arguments: arguments.map { $0.replacingOccurrences(of: " ", with: "") }))
            } catch let e as SessionEventPattern.PatternError {
                throw value.error("event: \(e.message)")
            }
        }
        let text = try x.string("event")
        do {
            if let p = try SessionEventPattern(parsing: text) { return .session(p) }
        } catch let e as SessionEventPattern.PatternError {
            throw x.error("event: \(e.message)")
        }
        guard let e = AppEventPattern(parsing: text) else {
            throw x.error("event: unknown event '\(text)' (expected launch, foreground, background, didBecomeActive, willResignActive, tap(NAME), a callback such as didChangeAuthorization(denied), or diagnostic(…), liveUpdate(…), monitorEvent(…))")
        }
        if case .tap(let name) = e, !taps.contains(name) {
            throw x.error("event: tap(\(name)) is not in explore.taps (\(taps.joined(separator: ", ")))")
        }
        return e
    }

    /// The section-O objects an app model's actions name: sessions and streams numbered in order
    /// of first use (one number per name, in every state), monitors and their conditions.
    struct ObjectTable {
        var sessions: [SessionObject] = []
        var monitors: Set<String> = []
        var identifiers: Set<String> = []
        /// Names some action creates or starts, and the first line that only ends one.
        private var created: Set<String> = []
        private var endedOnly: [String: YAMLValue] = [:]
        private var lines: [String: Int] = [:]

        /// `call` with the number of the object it names (calls on monitors name them inside).
        mutating func number(_ call: AppCall, object: String, at item: YAMLValue) throws -> AppCall {
            func id(_ kind: SessionObject.Kind, creates: Bool) throws -> SessionID {
                if creates { created.insert(object); endedOnly[object] = nil } else if !created.contains(object), endedOnly[object] == nil { endedOnly[object] = item }
                if let i = sessions.firstIndex(where: { $0.name == object }) {
                    guard sessions[i].kind == kind else {
                        throw item.error("\(call.word): '\(object)' names \(sessions[i].kind.rawValue) (line \(lines[object] ?? 0)); give \(kind.rawValue) another name")
                    }
                    return SessionID(i + 1)
                }
                sessions.append(SessionObject(name: object, kind: kind))
                lines[object] = item.line ?? 0
                return SessionID(sessions.count)
            }
            switch call {
            case .createServiceSession(_, let r, let k): return .createServiceSession(try id(.serviceSession, creates: true), r, fullAccuracyPurposeKey: k)
            case .invalidateServiceSession: return .invalidateServiceSession(try id(.serviceSession, creates: false))
            case .startBackgroundActivity: return .startBackgroundActivity(try id(.backgroundActivity, creates: true))
            case .invalidateBackgroundActivity: return .invalidateBackgroundActivity(try id(.backgroundActivity, creates: false))
            case .startLiveUpdates: return .startLiveUpdates(try id(.liveUpdates, creates: true))
            case .stopLiveUpdates: return .stopLiveUpdates(try id(.liveUpdates, creates: false))
            case .openMonitor(let m): monitors.insert(m)
            case .addCondition(_, let r, _): identifiers.insert(r.name)
            default: break
            }
            return call
        }

        /// Every ended object is started somewhere.
        func check() throws {
            if let (name, item) = endedOnly.min(by: { ($0.value.line ?? 0) < ($1.value.line ?? 0) }),
               let kind = sessions.first(where: { $0.name == name })?.kind {
                let start = kind == .serviceSession ? "createServiceSession" : kind == .backgroundActivity ? "startBackgroundActivity" : "startLiveUpdates"
                throw item.error("no action starts '\(name)' (\(start)), so nothing can end it")
            }
        }

        /// What session events resolve their names against.
        var resolution: SessionEventPattern.Objects {
            var out = SessionEventPattern.Objects()
            for (i, s) in sessions.enumerated() { out.sessions[s.name] = (SessionID(i + 1), s.kind) }
            out.monitors = monitors
            out.identifiers = identifiers
            return out
        }
    }
}
