import Foundation
import LocSim
import LocSimInput
import LocSimModel

/// Reads scenario files (format 1) into ``Scenario`` values.
///
/// Every problem is an `InputError` naming the file and line: unknown steps and keys, wrong
/// types, bad durations, missing or malformed plists and GPX files. Nothing has a silent default
/// beyond those the format documents.
public enum ScenarioParser {
    /// The step words of format 1 plus LocSim's additions (the words of ``StepSyntax/all``).
    public static let stepWords: [String] = StepSyntax.all.map(\.word)

    /// The expectation keys of format 1 plus LocSim's additions (``ExpectationKey``), in the documented order.
    public static let expectationKeys: [String] = ExpectationKey.allCases.map(\.rawValue)

    /// The device keys of format 1 plus LocSim's additions (the parameters of `DeviceParameters`).
    public static let deviceKeys: [String] = [
        "platform", "locationServices", "restricted", "gracePeriod", "allowOnceLapse", "location",
        "confirmationPromptDelay", "heldEventWindow", "deliverHeldEventsAfterLateAnswer", "holdsLatestRegionEvents", "lockDismissesPrompt",
        "locationServicesOffDialog", "macOSStartShowsPrompt", "allowOnceExpiryRestoresAlwaysRequest",
        "unansweredAlwaysPromptSpendsRequest", "airplaneModeDeniesLocation", "reinstallKeepsAuthorization",
        "macOSWhenInUseKeySufficesFrom",
        "reducedAccuracyInterval", "significantChangeDistance", "usageReminderAfter",
        "startTimeOfDay", "widgetInUseDuration", "recentUseWindow", "pairedIPhonePrecise", "appClipLocationConfirmation",
        "sessionRecreationWindow", "honoredExplicitSessionKeys", "releasingBackgroundActivitySessionEndsIt",
        "monitorConditionLimit", "monitorPersistenceAvailable", "outOfUseLiveUpdatesDiagnostic",
        "sessionsEngageInGracePeriod", "forceQuitEndsBackgroundActivitySession", "forceQuitBlocksRelaunchFrom",
        "requestLocationFailsWhileNotDetermined",
    ]

    /// The app keys of format 1 plus LocSim's additions (the explicit-service-session keys, O9,
    /// spelled as in Info.plist).
    public static let appKeys: [String] = [
        "name", "infoPlist", "purposeStrings", "backgroundModes", "defaultAccuracyReduced", "temporaryPurposeKeys", "compatibleApp",
        "appSandbox", "locationEntitlement", "delegateMethods",
        "appClip", "requestsLocationConfirmation", "widgetWantsLocation", "scenes",
    ] + ExplicitSessionKey.allCases.map(\.rawValue)

    /// Reads and parses a scenario file.
    public static func parse(contentsOf path: String) throws -> Scenario {
        try parse(YAMLValue.readText(contentsOf: path, kind: "scenario file"), file: path)
    }

    /// Reads and parses a scenario from an open handle (standard input for `locsim run -`);
    /// `file` names it in errors (`<stdin>`), and relative paths are relative to the working directory.
    public static func parse(from handle: FileHandle, file: String) throws -> Scenario {
        try parse(YAMLValue.readText(from: handle, file: file, kind: "scenario file"), file: file)
    }

    /// Parses scenario text; `file` names it in errors and anchors relative paths.
    public static func parse(_ text: String, file: String) throws -> Scenario {
        guard let root = try YAMLValue.parse(text, file: file) else {
            throw InputError(file: file, line: nil, message: "empty scenario file")
        }
        if let found = appModelKey(root) {
            throw InputError(file: file, line: found.line, message: "this is an app model (it has \(found.key)); explore it with locsim explore")
        }
        var name: String?
        var device = DeviceSpec()
        var app = AppDescription()
        var steps: [Step] = []
        var sawSteps = false
        var deviceLine: Int?
        for (key, line, value) in try root.mapping("a scenario") {
            switch key {
            case "name": name = try value.string("name")
            case "device":
                device = try parseDevice(value, extraKeys: [])
                deviceLine = line
            case "app": app = try parseApp(value)
            case "steps":
                sawSteps = true
                steps = try value.sequence("steps").map(parseStep)
            default:
                throw InputError(file: file, line: line, message: misplacedKeyMessage(key, value) ?? "unknown key '\(key)' (expected name, device, app, steps)")
            }
        }
        guard sawSteps else { throw InputError(file: file, line: nil, message: "a scenario needs steps") }
        try requireSceneLifeCycle(app, on: device.platform, file: file, line: deviceLine)
        let base = (file as NSString).lastPathComponent
        return Scenario(name: name ?? base, file: file, device: device, app: app, steps: steps, counterexample: counterexampleProblem(text))
    }

    /// The first line `locsim explore` writes at the top of a counterexample.
    public static let counterexampleMark = "# locsim explore: "

    /// `hang asking.denied` for a file whose first line is `# locsim explore: hang (asking.denied) — …`;
    /// `nil` for any other.
    static func counterexampleProblem(_ text: String) -> String? {
        guard text.hasPrefix(counterexampleMark) else { return nil }
        let line = text.dropFirst(counterexampleMark.count).prefix { $0 != "\n" }
        guard let open = line.range(of: " ("), let close = line.range(of: ") — ", range: open.upperBound..<line.endIndex) else {
            return String(line.prefix { $0 != " " })
        }
        return "\(line[..<open.lowerBound]) \(line[open.upperBound..<close.lowerBound])"
    }

    /// Checks that an app run on `platform` can launch at all (O18): built with the iOS 27 SDK, a
    /// UIKit app must adopt the scene life cycle (TN3187). LocSim takes the SDK to be the
    /// platform's release.
    /// - Throws: `InputError` at `line` naming TN3187 when it does not.
    package static func requireSceneLifeCycle(_ app: AppDescription, on platform: Platform, file: String, line: Int?) throws {
        guard [.iOS, .tvOS, .visionOS].contains(platform.os), platform.major >= 27, !app.scenes else { return }
        throw InputError(file: file, line: line, message: "\(platform): an app built with the \(platform.os.rawValue) 27 SDK must adopt the UIScene life cycle or it fails to launch (TN3187, O18); add scenes: true under app (or an infoPlist with a UIApplicationSceneManifest)")
    }

    /// The keys only an app model (`locsim explore`'s input) has, by section: top-level
    /// `explore`, `device.platforms`, and the app's behaviour `app.screens`, `app.waiting`, `app.on`.
    package static let appModelKeys: [(section: String?, keys: Set<String>)] = [
        (nil, ["explore"]), ("device", ["platforms"]), ("app", ["screens", "waiting", "on"]),
    ]

    /// The keys ``appModelKeys`` adds to the section `section` (`device`, `app`) of a scenario.
    package static func appModelKeys(in section: String) -> Set<String> {
        appModelKeys.first { $0.section == section }?.keys ?? []
    }

    /// The first key of ``appModelKeys`` in `root` and its line; `nil` when it has none (or is
    /// not a mapping: the parse itself reports that).
    static func appModelKey(_ root: YAMLValue) -> (key: String, line: Int?)? {
        guard let top = try? root.mapping("a scenario") else { return nil }
        for (key, line, value) in top {
            for (section, keys) in appModelKeys {
                if section == nil, keys.contains(key) { return (key, line) }
                if section == key, let inner = try? value.mapping(key), let hit = inner.first(where: { keys.contains($0.key) }) {
                    return ("\(key).\(hit.key)", hit.keyLine)
                }
            }
        }
        return nil
    }

    // MARK: Sections

    /// Parses a `device:` mapping. `extraKeys` are accepted and skipped (the explorer's `platforms`).
    public static func parseDevice(_ value: YAMLValue, extraKeys: Set<String>) throws -> DeviceSpec {
        var spec = DeviceSpec()
        for (key, line, v) in try value.mapping("device") {
            switch key {
            case "platform":
                let text = try v.string("platform")
                guard let p = Platform(parsing: text) else {
                    throw v.error("platform: '\(text)' is not \"<OS> <major>[.<minor>]\" with OS one of iOS, macOS, watchOS, tvOS, visionOS")
                }
                guard p.isKnownRelease else {
                    throw v.error("platform: '\(text)' is not a release LocSim knows (\(Platform.knownReleasesDescription))")
                }
                spec.platform = p
            case "locationServices": spec.locationServices = try v.onOff("locationServices")
            case "restricted": spec.restricted = try v.bool("restricted")
            case "gracePeriod": spec.parameters.gracePeriod = try v.duration("gracePeriod")
            case "allowOnceLapse": spec.parameters.allowOnceLapse = try v.duration("allowOnceLapse")
            case "confirmationPromptDelay": spec.parameters.confirmationPromptDelay = try v.duration(key)
            case "heldEventWindow": spec.parameters.heldEventWindow = try v.duration(key)
            case "deliverHeldEventsAfterLateAnswer": spec.parameters.deliverHeldEventsAfterLateAnswer = try v.bool(key)
            case "holdsLatestRegionEvents": spec.parameters.holdsLatestRegionEvents = try v.bool(key)
            case "lockDismissesPrompt": spec.parameters.lockDismissesPrompt = try v.bool(key)
            case "locationServicesOffDialog": spec.parameters.showsLocationServicesOffDialog = try v.bool(key)
            case "macOSStartShowsPrompt": spec.parameters.macOSStartShowsPrompt = try v.bool(key)
            case "allowOnceExpiryRestoresAlwaysRequest": spec.parameters.allowOnceExpiryRestoresAlwaysRequest = try v.bool(key)
            case "unansweredAlwaysPromptSpendsRequest": spec.parameters.unansweredAlwaysPromptSpendsRequest = try v.bool(key)
            case "airplaneModeDeniesLocation": spec.parameters.airplaneModeDeniesLocation = try v.bool(key)
            case "reinstallKeepsAuthorization": spec.parameters.reinstallKeepsAuthorization = try v.bool(key)
            case "macOSWhenInUseKeySufficesFrom":
                let text = try v.string(key)
                guard let major = Int(text), (0...999).contains(major) else {
                    throw v.error("macOSWhenInUseKeySufficesFrom must be a macOS major version (0…999), not '\(text)'")
                }
                spec.parameters.macOSWhenInUseKeySufficesFrom = major
            case "reducedAccuracyInterval": spec.parameters.reducedAccuracyInterval = try v.duration(key)
            case "significantChangeDistance":
                let meters = try v.double(key)
                guard meters >= 0 else { throw v.error("significantChangeDistance must be a distance in meters (0 or more), not '\(try v.string(key))'") }
                spec.parameters.significantChangeDistance = meters
            case "usageReminderAfter": spec.parameters.usageReminderAfter = try v.duration(key)
            case "startTimeOfDay":
                let time = try v.duration(key)
                guard time < TimeOfDay.day else { throw v.error("startTimeOfDay is a time since midnight, less than 24h, not '\(try v.string(key))'") }
                spec.parameters.startTimeOfDay = time
            case "widgetInUseDuration": spec.parameters.widgetInUseDuration = try v.duration(key)
            case "recentUseWindow": spec.parameters.recentUseWindow = try v.duration(key)
            case "pairedIPhonePrecise": spec.parameters.pairedIPhonePrecise = try v.onOff(key)
            case "appClipLocationConfirmation": spec.parameters.appClipLocationConfirmation = try v.onOff(key)
            case "sessionRecreationWindow": spec.parameters.sessionRecreationWindow = try v.duration(key)
            case "honoredExplicitSessionKeys":
                let names = ExplicitSessionKey.allCases.map(\.rawValue)
                let items = v.isSequence ? try v.sequence(key) : [v]
                spec.parameters.honoredExplicitSessionKeys = Set(try items.map { ExplicitSessionKey(rawValue: try $0.word(key, from: names))! })
            case "releasingBackgroundActivitySessionEndsIt": spec.parameters.releasingBackgroundActivitySessionEndsIt = try v.bool(key)
            case "monitorConditionLimit":
                let text = try v.string(key)
                guard let limit = Int(text), (0...1_000_000).contains(limit) else {
                    throw v.error("monitorConditionLimit must be a whole number of conditions (0…1000000), not '\(text)'")
                }
                spec.parameters.monitorConditionLimit = limit
            case "monitorPersistenceAvailable": spec.parameters.monitorPersistenceAvailable = try v.bool(key)
            case "outOfUseLiveUpdatesDiagnostic": spec.parameters.outOfUseLiveUpdatesDiagnostic = try diagnostics(v, key)
            case "sessionsEngageInGracePeriod": spec.parameters.sessionsEngageInGracePeriod = try v.bool(key)
            case "forceQuitEndsBackgroundActivitySession": spec.parameters.forceQuitEndsBackgroundActivitySession = try v.bool(key)
            case "forceQuitBlocksRelaunchFrom":
                let text = try v.string(key)
                if text == "none" {
                    spec.parameters.forceQuitBlocksRelaunchFrom = nil
                } else {
                    guard let p = Platform(parsing: text), p.isKnownRelease else {
                        throw v.error("forceQuitBlocksRelaunchFrom must be a release (\"iOS 26.4\") or none, not '\(text)'")
                    }
                    spec.parameters.forceQuitBlocksRelaunchFrom = p
                }
            case "requestLocationFailsWhileNotDetermined": spec.parameters.requestLocationFailsWhileNotDetermined = try v.bool(key)
            case "location":
                // `none`: no fix until the first moveTo (live updates report locationUnavailable, O2).
                if v.isScalar, try v.string(key) == "none" { spec.location = nil } else { spec.location = try coordinate(v, "location") }
            default:
                if extraKeys.contains(key) { continue }
                throw InputError(file: value.file, line: line, message: "unknown device key '\(key)' (expected one of: \(deviceKeys.joined(separator: ", ")))")
            }
        }
        return spec
    }

    /// Parses an `app:` mapping. `extraKeys` are accepted and skipped (the explorer's `screens`, `on`, …).
    public static func parseApp(_ value: YAMLValue, extraKeys: Set<String> = []) throws -> AppDescription {
        var name: String?
        var plist: AppDescription?
        var strings: [PurposeKey: String]?
        var modes: Set<String>?
        var reduced: Bool?
        var temporary: [String: String]?
        var compatible = false
        var sandbox = false, entitlement = false
        var delegateMethods = DelegateMethods.all
        var clip: Bool?, confirmation: Bool?, widget: Bool?, scenes: Bool?
        var explicitKeys: [ExplicitSessionKey: Bool] = [:]
        for (key, line, v) in try value.mapping("app") {
            switch key {
            case "name": name = try v.string("name")
            case "infoPlist":
                let path = try v.string("infoPlist")
                let resolved = resolve(path, relativeTo: value.file)
                guard FileManager.default.fileExists(atPath: resolved) else {
                    throw v.error("infoPlist: no such file '\(path)'")
                }
                do {
                    plist = try InfoPlist.appDescription(contentsOf: resolved)
                } catch let e as InputError {
                    // The plist's own line, when its parser names one, after the message.
                    throw v.error("infoPlist '\(path)': \(e.message)\(e.line.map { " at line \($0)" } ?? "")")
                }
            case "purposeStrings":
                var s: [PurposeKey: String] = [:]
                for (k, kLine, sv) in try v.mapping("purposeStrings") {
                    guard let pk = PurposeKey(rawValue: k) else {
                        throw InputError(file: value.file, line: kLine, message: "purposeStrings: unknown key '\(k)' (expected one of: \(PurposeKey.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    s[pk] = try sv.string(k)
                }
                strings = s
            case "backgroundModes": modes = Set(try v.stringList("backgroundModes"))
            case "defaultAccuracyReduced": reduced = try v.bool("defaultAccuracyReduced")
            case "temporaryPurposeKeys":
                var t: [String: String] = [:]
                for (k, _, sv) in try v.mapping("temporaryPurposeKeys") { t[k] = try sv.string(k) }
                temporary = t
            case "compatibleApp": compatible = try v.bool("compatibleApp")
            case "appSandbox": sandbox = try v.bool(key)
            case "locationEntitlement": entitlement = try v.bool(key)
            case "delegateMethods":
                delegateMethods = []
                for item in try v.sequence(key) {
                    let name = try item.word("delegateMethods", from: DelegateMethods.named.map(\.name))
                    if let m = DelegateMethods.named.first(where: { $0.name == name }) { delegateMethods.insert(m.method) }
                }
            case "appClip": clip = try v.bool(key)
            case "requestsLocationConfirmation": confirmation = try v.bool(key)
            case "widgetWantsLocation": widget = try v.bool(key)
            case "scenes": scenes = try v.bool(key)
            case _ where ExplicitSessionKey(rawValue: key) != nil: explicitKeys[ExplicitSessionKey(rawValue: key)!] = try v.bool(key)
            default:
                if extraKeys.contains(key) { continue }
                throw InputError(file: value.file, line: line, message: "unknown app key '\(key)' (expected one of: \(appKeys.joined(separator: ", ")))")
            }
        }
        var app = plist ?? AppDescription(purposeStrings: strings ?? AppDescription.allPurposeStrings)
        if plist != nil, let strings { app.purposeStrings.merge(strings) { _, new in new } }
        if let name { app.name = name }
        if let modes { app.backgroundModes = modes }
        if let reduced { app.defaultAccuracyReduced = reduced }
        if let temporary { app.temporaryPurposeKeys.merge(temporary) { _, new in new } }
        app.compatibleApp = compatible
        app.appSandbox = sandbox
        app.locationEntitlement = entitlement
        app.delegateMethods = delegateMethods
        if let clip { app.appClip = clip }
        if let confirmation { app.requestsLocationConfirmation = confirmation }
        if let widget { app.widgetWantsLocation = widget }
        if let scenes { app.scenes = scenes }
        for (key, on) in explicitKeys {
            if on { app.explicitServiceSessionKeys.insert(key) } else { app.explicitServiceSessionKeys.remove(key) }
        }
        return app
    }

    static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return path }
        let dir = (file as NSString).deletingLastPathComponent
        return dir.isEmpty ? path : (dir as NSString).appendingPathComponent(path)
    }

    static func coordinate(_ v: YAMLValue, _ what: String) throws -> Coordinate {
        var lat: Double?, lon: Double?
        for (k, line, x) in try v.mapping(what) {
            switch k {
            case "latitude": lat = try x.double("latitude")
            case "longitude": lon = try x.double("longitude")
            default: throw InputError(file: v.file, line: line, message: "\(what): unknown key '\(k)' (expected latitude, longitude)")
            }
        }
        guard let lat, let lon else { throw v.error("\(what) needs latitude and longitude") }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else { throw v.error("\(what): latitude must be in -90…90 and longitude in -180…180") }
        return Coordinate(latitude: lat, longitude: lon)
    }

    // MARK: Steps

    /// Parses one step (a bare word or a one-key mapping) with the step table, ``StepSyntax``.
    public static func parseStep(_ v: YAMLValue) throws -> Step {
        let line = v.line ?? 0
        if v.isScalar {
            let word = try v.string("step")
            guard let syntax = StepSyntax.named[word] else { throw unknownStep(word, v) }
            guard let action = syntax.bare else { throw v.error("step '\(word)' needs a value (\(word): …)") }
            return Step(action, line: line)
        }
        let pairs = try v.mapping("a step")
        guard pairs.count == 1, let (word, _, arg) = pairs.first else {
            throw v.error("a step is a word or a mapping with one key, not \(pairs.count) keys (\(pairs.map(\.key).joined(separator: ", ")))")
        }
        guard let syntax = StepSyntax.named[word] else { throw unknownStep(word, v) }
        guard let read = syntax.value else { throw arg.error("step '\(word)' takes no value") }
        return Step(try read(arg, v), line: line)
    }

    private static func unknownStep(_ word: String, _ v: YAMLValue) -> InputError {
        v.error("unknown step '\(word)'\(Spelling.suggestion(for: word, among: stepWords)) (expected one of: \(stepWords.joined(separator: ", ")))")
    }

    /// The message for a top-level key that belongs under `device:` or `app:` (`platform:` at the
    /// top level): where it goes, with its value when it is a single word or number; `nil` for
    /// any other key.
    package static func misplacedKeyMessage(_ key: String, _ value: YAMLValue) -> String? {
        let section: String
        if deviceKeys.contains(key) || appModelKeys(in: "device").contains(key) { section = "device" }
        else if appKeys.contains(key) || appModelKeys(in: "app").contains(key) { section = "app" }
        else { return nil }
        var message = "'\(key)' belongs under \(section):, not at the top level"
        if value.isScalar, let text = try? value.string(key), !text.isEmpty, !text.contains(where: { $0 == "\n" || $0 == "{" || $0 == "}" || $0 == "," }) {
            message += " (\(section): {\(key): \(text)})"
        }
        return message
    }

    /// The manager of an app call given as a key: `{on: MANAGER}`, or no value for `main`.
    static func manager(of arg: YAMLValue, _ word: String, _ v: YAMLValue) throws -> String {
        // {requestLocation: {on: second}}
        var manager = "main"
        if arg.isMapping {
            for (k, line, x) in try arg.mapping(word) {
                guard k == "on" else { throw InputError(file: v.file, line: line, message: "\(word): unknown key '\(k)' (expected on)") }
                manager = try x.string("on")
            }
        } else if arg.isNull {
            // `requestAlways:` with nothing after it
        } else {
            throw arg.error("\(word) takes no value, or {on: MANAGER}")
        }
        return manager
    }

    /// `monitorRegion: NAME` or `{name, latitude, longitude, radius, on}`.
    static func monitorRegion(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        guard arg.isMapping else { return .call(.monitorRegion(Region(name: try arg.string("monitorRegion"))), manager: "main") }
        var name: String?, lat: Double?, lon: Double?, radius = 100.0, manager = "main"
        for (k, line, x) in try arg.mapping("monitorRegion") {
            switch k {
            case "name": name = try x.string("name")
            case "latitude": lat = try x.double("latitude")
            case "longitude": lon = try x.double("longitude")
            case "radius": radius = try x.double("radius")
            case "on": manager = try x.string("on")
            default: throw InputError(file: v.file, line: line, message: "monitorRegion: unknown key '\(k)' (expected name, latitude, longitude, radius, on)")
            }
        }
        guard let name else { throw arg.error("monitorRegion needs a name") }
        guard radius > 0 else { throw arg.error("monitorRegion: radius must be a positive number of metres, not \(radius)") }
        if (lat == nil) != (lon == nil) { throw arg.error("monitorRegion needs both latitude and longitude, or neither") }
        let center = lat.flatMap { la in lon.map { Coordinate(latitude: la, longitude: $0) } }
        return .call(.monitorRegion(Region(name: name, center: center, radius: radius)), manager: manager)
    }

    /// `confirmLocation: {latitude, longitude, radius}`: the region an App Clip asks to confirm (P6).
    static func confirmLocation(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        var lat: Double?, lon: Double?, radius: Double?
        for (k, line, x) in try arg.mapping("confirmLocation") {
            switch k {
            case "latitude": lat = try x.double(k)
            case "longitude": lon = try x.double(k)
            case "radius": radius = try x.double(k)
            default: throw InputError(file: v.file, line: line, message: "confirmLocation: unknown key '\(k)' (expected latitude, longitude, radius)")
            }
        }
        guard let lat, let lon, let radius else { throw arg.error("confirmLocation needs latitude, longitude and radius") }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else { throw arg.error("confirmLocation: latitude must be in -90…90 and longitude in -180…180") }
        guard radius > 0 else { throw arg.error("confirmLocation: radius must be a positive number of metres, not \(radius)") }
        return .confirmLocation(Region(name: "confirmation", center: Coordinate(latitude: lat, longitude: lon), radius: radius))
    }

    // MARK: Section O steps

    /// The name a section-O step gives its object, or refers to it by (`startLiveUpdates: nav`):
    /// a non-empty value (`~` and `null` are no name).
    static func objectName(_ arg: YAMLValue, _ word: String) throws -> String {
        guard !arg.isNull else { throw arg.error("\(word) needs a name (\(word): NAME)") }
        let name = try arg.string(word)
        guard !name.isEmpty, name != "~", name != "null" else { throw arg.error("\(word) needs a name (\(word): NAME)") }
        return name
    }

    /// `createServiceSession: {name, authorization, fullAccuracyPurposeKey}` (O3).
    static func createServiceSession(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        let word = "createServiceSession"
        guard arg.isMapping else {
            throw arg.error("\(word) needs {name: NAME, authorization: none|whenInUse|always}, and optionally fullAccuracyPurposeKey")
        }
        var name: String?, requirement: SessionRequirement?, key: String?
        for (k, line, x) in try arg.mapping(word) {
            switch k {
            case "name": name = try objectName(x, "\(word): name")
            case "authorization":
                requirement = SessionRequirement(rawValue: try x.word("\(word): authorization", from: SessionRequirement.allCases.map(\.rawValue)))
            case "fullAccuracyPurposeKey":
                let text = try x.string(k)
                guard !text.isEmpty, text != "~", text != "null" else {
                    throw x.error("\(word): fullAccuracyPurposeKey needs a purpose key (an entry of NSLocationTemporaryUsageDescriptionDictionary)")
                }
                key = text
            default:
                throw InputError(file: v.file, line: line, message: "\(word): unknown key '\(k)' (expected name, authorization, fullAccuracyPurposeKey)")
            }
        }
        guard let name else { throw arg.error("\(word) needs a name (later steps and expectations refer to the session by it)") }
        guard let requirement else { throw arg.error("\(word) needs authorization: none, whenInUse or always") }
        return .objectCall(.createServiceSession(StepAction.unnumbered, requirement, fullAccuracyPurposeKey: key), object: name)
    }

    /// The monitoring states `assuming` accepts (`CLMonitor.add(_:identifier:assuming:)`).
    static let assumableStates: [MonitoringState] = [.unknown, .satisfied, .unsatisfied]

    /// `addCondition: {monitor, identifier, center: {latitude, longitude}, radius, assuming}` (O15).
    static func addCondition(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        let word = "addCondition"
        var monitor: String?, identifier: String?, center: Coordinate?, radius = 100.0, assumed = MonitoringState.unknown
        for (k, line, x) in try arg.mapping(word) {
            switch k {
            case "monitor": monitor = try objectName(x, "\(word): monitor")
            case "identifier": identifier = try x.string(k)
            case "center": center = try coordinate(x, "\(word): center")
            case "radius": radius = try x.double("\(word): radius")
            case "assuming":
                assumed = MonitoringState(rawValue: try x.word("\(word): assuming", from: assumableStates.map(\.rawValue)))!
            default:
                throw InputError(file: v.file, line: line, message: "\(word): unknown key '\(k)' (expected monitor, identifier, center, radius, assuming)")
            }
        }
        guard let monitor, let identifier else { throw arg.error("\(word) needs monitor and identifier") }
        return .objectCall(.addCondition(monitor: monitor, Region(name: identifier, center: center, radius: radius), assuming: assumed), object: monitor)
    }

    /// `removeCondition: {monitor, identifier}` (O15).
    static func removeCondition(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        let word = "removeCondition"
        var monitor: String?, identifier: String?
        for (k, line, x) in try arg.mapping(word) {
            switch k {
            case "monitor": monitor = try objectName(x, "\(word): monitor")
            case "identifier": identifier = try x.string(k)
            default: throw InputError(file: v.file, line: line, message: "\(word): unknown key '\(k)' (expected monitor, identifier)")
            }
        }
        guard let monitor, let identifier else { throw arg.error("\(word) needs monitor and identifier") }
        return .objectCall(.removeCondition(monitor: monitor, identifier: identifier), object: monitor)
    }

    /// Diagnostic flags by their Core Location names (`Diagnostics.names`): a list, or one name.
    static func diagnostics(_ x: YAMLValue, _ what: String) throws -> Diagnostics {
        let items = x.isSequence ? try x.sequence(what) : [x]
        var flags: Diagnostics = []
        for item in items {
            let name = try item.string(what)
            guard let flag = Diagnostics(name: name) else {
                throw item.error("\(what): unknown flag '\(name)' (expected one of: \(Diagnostics.names.map(\.1).joined(separator: ", ")))")
            }
            flags.insert(flag)
        }
        return flags
    }

    /// `set: {PROPERTY: VALUE, …, on: MANAGER}`.
    static func setProperties(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        var manager = "main"
        var props: [ManagerProperty] = []
        for (k, line, x) in try arg.mapping("set") {
            switch k {
            case "on": manager = try x.string("on")
            case "allowsBackgroundLocationUpdates": props.append(.allowsBackgroundLocationUpdates(try x.bool(k)))
            case "showsBackgroundLocationIndicator": props.append(.showsBackgroundLocationIndicator(try x.bool(k)))
            case "pausesLocationUpdatesAutomatically": props.append(.pausesLocationUpdatesAutomatically(try x.bool(k)))
            case "desiredAccuracy":
                let w = try x.word(k, from: DesiredAccuracy.allCases.map(\.rawValue))
                props.append(.desiredAccuracy(DesiredAccuracy(rawValue: w)!))
            default:
                throw InputError(file: v.file, line: line, message: "set: unknown property '\(k)' (expected allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator, pausesLocationUpdatesAutomatically, desiredAccuracy, on)")
            }
        }
        guard !props.isEmpty else { throw arg.error("set needs at least one property") }
        return .call(.set(props), manager: manager)
    }

    /// `choose: BUTTON` or `{button, precise}`.
    static func choose(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        guard arg.isMapping else { return .choose(try parseButton(arg), precise: nil) }
        var button: PromptButton?, precise: Bool?
        for (k, line, x) in try arg.mapping("choose") {
            switch k {
            case "button": button = try parseButton(x)
            case "precise": precise = try x.onOff("precise")
            default: throw InputError(file: v.file, line: line, message: "choose: unknown key '\(k)' (expected button, precise)")
            }
        }
        guard let button else { throw arg.error("choose needs a button") }
        return .choose(button, precise: precise)
    }

    /// `settings: OPTION` or `{precise: on|off}`.
    static func settings(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        guard arg.isMapping else {
            let w = try arg.word("settings", from: SettingsOption.allCases.map(\.rawValue))
            return .settings(SettingsOption(rawValue: w)!)
        }
        var precise: Bool?
        for (k, line, x) in try arg.mapping("settings") {
            guard k == "precise" else { throw InputError(file: v.file, line: line, message: "settings: unknown key '\(k)' (expected precise)") }
            precise = try x.onOff("precise")
        }
        guard let precise else { throw arg.error("settings needs precise: on|off") }
        return .precise(precise)
    }

    /// `playGPX: PATH`, read relative to the scenario file.
    static func playGPX(_ arg: YAMLValue, _ v: YAMLValue) throws -> StepAction {
        let path = try arg.string("playGPX")
        let resolved = resolve(path, relativeTo: v.file)
        guard FileManager.default.fileExists(atPath: resolved) else { throw arg.error("playGPX: no such file '\(path)'") }
        do {
            return .playGPX(try GPXTrack(contentsOf: resolved), path: path)
        } catch let e as InputError {
            throw arg.error("playGPX '\(path)': \(e.description)")
        }
    }

    static func nameAndManager(_ arg: YAMLValue, _ word: String, nameKey: String, _ v: YAMLValue) throws -> (String, String) {
        if arg.isMapping {
            var name: String?, manager = "main"
            for (k, line, x) in try arg.mapping(word) {
                switch k {
                case nameKey: name = try x.string(nameKey)
                case "on": manager = try x.string("on")
                default: throw InputError(file: v.file, line: line, message: "\(word): unknown key '\(k)' (expected \(nameKey), on)")
                }
            }
            guard let name else { throw arg.error("\(word) needs \(nameKey)") }
            return (name, manager)
        }
        return (try arg.string(word), "main")
    }

    static func parseButton(_ v: YAMLValue) throws -> PromptButton {
        let w = try v.word("button", from: PromptButton.allCases.map(\.rawValue))
        return PromptButton(rawValue: w)!
    }

    // MARK: Expectations

    static func parseExpectation(_ arg: YAMLValue) throws -> Expectation {
        var e = Expectation()
        let pairs = try arg.mapping("expect")
        if pairs.isEmpty { throw arg.error("expect needs at least one key") }
        for (k, line, x) in pairs {
            guard let key = ExpectationKey(rawValue: k) else {
                throw InputError(file: arg.file, line: line, message: "unknown expectation '\(k)' (expected one of: \(expectationKeys.joined(separator: ", ")))")
            }
            try key.read(x, into: &e)
        }
        // `diagnostics` reads the flags of the object `session` names: one without the other checks nothing.
        if e.diagnostics != nil, e.session == nil {
            throw arg.error("diagnostics needs session: NAME (the service session, background activity session or live updates whose flags it checks)")
        }
        if e.session != nil, e.diagnostics == nil {
            throw arg.error("session needs diagnostics: [FLAG, …] (the flags to check)")
        }
        return e
    }

    static func checkedCallbacks(_ x: YAMLValue, _ what: String) throws -> [CallbackPattern] {
        try x.sequence(what).map { try checkedCallback($0) }
    }

    private static func checkedCallback(_ v: YAMLValue) throws -> CallbackPattern {
        switch CallbackPattern.parse(try v.string("callback")) {
        case .success(let pattern): return pattern
        case .failure(let error): throw v.error(error.description)
        }
    }
}
