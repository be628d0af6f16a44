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
    public static let exploreKeys = ["depth", "taps", "tapsOn", "maxStates", "accept"]
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
        var depth = 12
        var taps: [String] = []
        var maxStates = 2_000_000
        var accepted: [AcceptedFinding] = []
        var tapsOnValue: YAMLValue?
        for (key, line, value) in try root.mapping("an app model") {
            switch key {
            case "name": name = try value.string("name")
            case "device":
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
                    default:
                        throw InputError(file: file, line: kLine, message: "unknown explore key '\(k)' (expected one of: \(exploreKeys.joined(separator: ", ")))")
                    }
                }
            case "steps":
                throw InputError(file: file, line: line, message: "an app model has no steps: the explorer chooses the events (this looks like a scenario; run it with locsim run)")
            default:
                throw InputError(file: file, line: line, message: "unknown key '\(key)' (expected one of: \(topKeys.joined(separator: ", ")))")
            }
        }
        guard let appValue else { throw InputError(file: file, line: nil, message: "an app model needs an app section with screens and on") }
        var flags: [String] = []
        let (screens, waiting, reactions) = try parseBehaviour(appValue, taps: taps, flags: &flags)
        let base = (file as NSString).lastPathComponent
        var model = AppModel(name: name ?? base, file: file, device: device, platforms: platforms, app: app, screens: screens,
                             waiting: waiting, reactions: reactions, depth: depth, taps: taps, maxStates: maxStates)
        model.accepted = accepted
        model.flags = flags
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

    private static func parseBehaviour(_ value: YAMLValue, taps: [String], flags: inout [String]) throws -> ([String], Set<String>, [Reaction]) {
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
        let reactions = try onValue.sequence("on").map { try parseReaction($0, screens: screens, taps: taps, flags: &flags) }
        return (screens, waiting, reactions)
    }

    private static func parseReaction(_ v: YAMLValue, screens: [String], taps: [String], flags: inout [String]) throws -> Reaction {
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
                let text = try x.string("event")
                guard let e = AppEventPattern(parsing: text) else {
                    throw x.error("event: unknown event '\(text)' (expected launch, foreground, background, didBecomeActive, willResignActive, tap(NAME), or a callback such as didChangeAuthorization(denied))")
                }
                if case .tap(let name) = e, !taps.contains(name) {
                    throw x.error("event: tap(\(name)) is not in explore.taps (\(taps.joined(separator: ", ")))")
                }
                event = e
            case "when":
                if x.isSequence {
                    when = Set(try x.sequence("when").map { try screen($0, "when") })
                } else {
                    when = [try screen(x, "when")]
                }
            case "do":
                for item in try x.sequence("do") {
                    let step = try ScenarioParser.parseStep(item)
                    guard case .call(let call, let manager) = step.action else {
                        throw item.error("do: only app calls are allowed (requestWhenInUse, requestAlways, startUpdating, set: {…}, …)")
                    }
                    guard manager == "main" else { throw item.error("do: the app model has one manager, main (not '\(manager)')") }
                    actions.append(call)
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
}
