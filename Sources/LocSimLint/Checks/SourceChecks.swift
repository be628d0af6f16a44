import Foundation
import LocSimModel

/// Checks that relate source calls to the target's Info.plist (LOC001, LOC002, LOC004, LOC006,
/// LOC007, LOC008) and checks on the calls alone (LOC013, LOC014, LOC015). The session checks
/// (LOC017–LOC020) are in `SessionChecks`.
enum SourceChecks {
    static let explicitRequestAPIs: Set<String> = ["requestWhenInUseAuthorization", "requestAlwaysAuthorization"]

    static func make(_ check: Check, _ message: String, _ location: SourceLocation) -> Finding {
        Finding(checkID: check.id, severity: check.defaultSeverity, message: message, location: location, ruleIDs: check.ruleIDs)
    }

    /// Checks needing the target's plist.
    static func run(_ target: AppTarget, events: [SourceEvent]) -> [Finding] {
        var findings = [Finding]()
        let platform = target.deploymentTarget
        let declared = target.declaredKeys
        let plistName = target.infoPlist.map { ($0.path as NSString).lastPathComponent } ?? "the target's Info.plist"
        for event in events {
            switch event.kind {
            case .request(let kind, let api):
                let requirement = PurposeStringRules.requirement(for: kind, on: platform)
                guard requirement.isAvailable else { continue }
                let required = PurposeStringRules.requiredKeys(for: kind, deployingTo: platform)
                let explicit = explicitRequestAPIs.contains(api)
                let call = explicit ? "\(api)()" : api
                let missingWhenInUse = [PurposeKey.whenInUse, .usage].filter { required.contains($0) && !declared.contains($0) }
                if !missingWhenInUse.isEmpty {
                    let missing = "\(plistName) has no \(missingWhenInUse.map(\.rawValue).joined(separator: " or ")) (required on \(platform.os.rawValue) for target '\(target.name)')"
                    let message = explicit ? "\(call) does nothing: \(missing)" : implicitMissingWhenInUse(api: api, kind: kind, missing: missing)
                    findings.append(make(CheckCatalog.missingWhenInUseKey, message, event.location))
                }
                if kind == .always, required.contains(.alwaysAndWhenInUse), !declared.contains(.alwaysAndWhenInUse) {
                    let legacy = declared.contains(.always) ? "; NSLocationAlwaysUsageDescription is not read on iOS 11+" : ""
                    let message = explicit
                        ? "\(call) does nothing on iOS 11+: \(plistName) has no NSLocationAlwaysAndWhenInUseUsageDescription\(legacy)"
                        : "\(call) asks for Always (O8) but \(plistName) has no NSLocationAlwaysAndWhenInUseUsageDescription: the Always prompt never appears (J2), so the app never gets the Always authorization that liveUpdates and CLMonitor events need when it is not in use (O7)\(legacy)"
                    findings.append(make(CheckCatalog.missingAlwaysKey, message, event.location))
                }
                // The iOS 17/18 APIs never run on iOS 8–10, where only the legacy key is read.
                if kind == .always, explicit, required.contains(.always), !declared.contains(.always) {
                    findings.append(make(CheckCatalog.legacyAlwaysKeyMissing,
                        "\(call) does nothing on iOS 8–10, and target '\(target.name)' deploys to \(platform) (\(target.deploymentTargetOrigin)): \(plistName) has no NSLocationAlwaysUsageDescription", event.location))
                }
            case .temporaryFullAccuracy(let key, let api):
                guard PurposeStringRules.requirement(for: .temporaryFullAccuracy, on: platform).isAvailable || platform.os == .iOS else { continue }
                if let dictionary = target.temporaryPurposeKeys {
                    if let key, !dictionary.keys.contains(key) {
                        findings.append(make(CheckCatalog.temporaryAccuracyKey,
                            "\(api) purpose key \"\(key)\" is not in NSLocationTemporaryUsageDescriptionDictionary (entries: \(dictionary.keys.sorted().joined(separator: ", "))); the request fails with kCLErrorPromptDeclined", event.location))
                    }
                } else {
                    findings.append(make(CheckCatalog.temporaryAccuracyKey,
                        "\(api) needs NSLocationTemporaryUsageDescriptionDictionary\(key.map { " with an entry \"\($0)\"" } ?? ""), which \(plistName) lacks; the request fails with kCLErrorPromptDeclined", event.location))
                }
            case .backgroundUpdates(let literalTrue):
                guard literalTrue, platform.os == .iOS || platform.os == .watchOS else { continue }
                if !(target.backgroundModes?.modes.contains("location") ?? false) {
                    findings.append(make(CheckCatalog.backgroundUpdatesWithoutMode,
                        "allowsBackgroundLocationUpdates = true crashes the app: UIBackgroundModes in \(plistName) does not contain 'location'", event.location))
                }
            case .startMonitoring(let name) where name == "startMonitoring" || name == "startMonitoringForRegion":
                // LOC033: region monitoring where the deployment target allows CLMonitor.
                if platform.os == .iOS && platform.isAtLeast(17) || platform.os == .macOS && platform.isAtLeast(14) {
                    let call = name == "startMonitoring" ? "startMonitoring(for:)" : "startMonitoringForRegion:"
                    findings.append(make(CheckCatalog.regionMonitoringDeprecated,
                        "\(call) and CLCircularRegion are in Apple's deprecated list (the method is deprecated in the iOS 27 SDK), and target '\(target.name)' deploys to \(platform), where CLMonitor is available: monitor a CLMonitor.CircularGeographicCondition and read its events instead", event.location))
                }
            case .startMonitoring, .serviceSession, .backgroundActivitySession, .locationConfirmation, .timedStatusAnswer, .backgroundUpdatesDisabled, .launchOptionsLocationKey:
                continue
            }
        }
        // LOC007: the mode is declared but nothing turns background updates on.
        if let modes = target.backgroundModes, modes.modes.contains("location"), !events.isEmpty,
           platform.os != .iOS || platform.isAtLeast(9),
           !events.contains(where: { event in
               switch event.kind {
               case .backgroundUpdates, .backgroundActivitySession: return true
               default: return false
               }
           }) {
            let monitoring = events.contains { if case .startMonitoring = $0.kind { return true } else { return false } }
            let hint = monitoring ? " (region, visit and significant-change monitoring do not need it)" : ""
            findings.append(make(CheckCatalog.unusedBackgroundMode,
                "UIBackgroundModes declares 'location' but no source of target '\(target.name)' sets allowsBackgroundLocationUpdates, so background updates stop at suspension\(hint)", modes.location))
        }
        return findings
    }

    /// LOC032: the launch-options location key, wherever it is read (a relaunch test is not a
    /// location call, so these events are kept apart from the others).
    static func runLaunchOptionsCheck(_ events: [SourceEvent]) -> [Finding] {
        events.filter { $0.kind == .launchOptionsLocationKey }.map { event in
            let key = event.location.file.hasSuffix(".swift") ? "UIApplication.LaunchOptionsKey.location" : "UIApplicationLaunchOptionsLocationKey"
            return make(CheckCatalog.launchOptionsLocationKey,
                "\(key) is deprecated in iOS 26 and absent under the scene life cycle (apps built with the iOS 27 SDK must adopt it), so this relaunch test never passes: create the CLLocationManager (or CLLocationUpdate, CLMonitor) when the app or scene connects, and let its delegate or events deliver what relaunched the app (O18)", event.location)
        }
    }

    /// The LOC001 message for an implicit request (`api` is not `request…Authorization`), in the
    /// terms of its API; `missing` says which key is missing where.
    static func implicitMissingWhenInUse(api: String, kind: AuthorizationRequestKind, missing: String) -> String {
        switch api {
        case "CLLocationUpdate.liveUpdates":
            return "\(api) asks for When In Use when its updates are first iterated (O1) but \(missing): no prompt appears and no location is delivered"
        case "CLMonitor":
            return "\(api) needs When In Use authorization for its events (O9, O15) but \(missing): the app can never be authorized, so no condition event is delivered"
        default:
            return kind == .always
                ? "\(api) asks for Always (O8) but \(missing): no prompt appears, not even for When In Use"
                : "\(api) asks for When In Use (O4) but \(missing): no prompt appears and the session never becomes authorized"
        }
    }

    /// Checks on the calls alone; they also run for sources outside any app target.
    static func runContextChecks(_ events: [SourceEvent]) -> [Finding] {
        var findings = [Finding]()
        for event in events {
            guard case .request(let kind, let api) = event.kind, explicitRequestAPIs.contains(api) else { continue }
            let call = "\(api)()"
            let from = event.contextName.map { " (\($0))" } ?? ""
            switch event.context {
            case .foreground:
                let effect = kind == .always
                    ? "only the first Always request can prompt; later ones are ignored"
                    : "whenever status returns to notDetermined (Allow Once lapsing) the prompt appears again with no user action"
                findings.append(make(CheckCatalog.requestOnEveryForeground, "\(call) runs every time the app becomes active\(from): \(effect); ask in response to a user action", event.location))
            case .background:
                findings.append(make(CheckCatalog.ignoredRequest, "\(call) is called from a background path\(from); requests made while the app is not in use are ignored", event.location))
            case .launch, .unknown:
                break
            }
            if !event.branchStatuses.isEmpty {
                let ignoring: Set<String> = kind == .always
                    ? ["denied", "restricted", "authorizedAlways", "authorized"]
                    : ["denied", "restricted", "authorizedAlways", "authorized", "authorizedWhenInUse"]
                if event.branchStatuses.allSatisfy(ignoring.contains) {
                    let statuses = event.branchStatuses.map { "." + $0 }.joined(separator: ", ")
                    findings.append(make(CheckCatalog.ignoredRequest, "\(call) in a branch for \(statuses) does nothing: the request only acts from .notDetermined\(kind == .always ? " or .authorizedWhenInUse" : "")", event.location))
                }
            }
            if let wait = event.unboundedWait {
                findings.append(make(CheckCatalog.unboundedWait, "\(call) is awaited through \(wait) with no timeout or foreground check; if the request has no effect (already decided, missing key, not in use, unchanged status) no answer ever comes", event.location))
            }
        }
        return findings
    }
}

