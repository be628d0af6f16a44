import Foundation
import LocSimModel

/// Checks on the iOS 17/18 session APIs: sessions created only on background paths (LOC017), the
/// explicit-service-session opt-in key (LOC018, LOC019) and background activity sessions without
/// the `location` background mode (LOC020).
enum SessionChecks {
    /// The two session classes LOC017 looks at.
    enum SessionClass: CaseIterable {
        case service, backgroundActivity
    }

    /// The class of session an event creates, if it creates one.
    static func sessionClass(of event: SourceEvent) -> SessionClass? {
        switch event.kind {
        case .serviceSession: return .service
        case .backgroundActivitySession: return .backgroundActivity
        default: return nil
        }
    }

    /// Whether the event only ever runs while the app is in the background: its own context is a
    /// background callback or task, or every lifecycle context its function is called from is.
    /// Launch is not background: a session may be re-created at a background relaunch (O6, O11).
    static func runsOnlyInBackground(_ event: SourceEvent) -> Bool {
        event.context == .background && event.callerContexts.allSatisfy { $0 == .background }
    }

    /// LOC017 on the calls alone; also runs for sources outside any app target.
    static func runContextChecks(_ events: [SourceEvent]) -> [Finding] {
        var findings = [Finding]()
        for sessionClass in SessionClass.allCases {
            let creations = events.filter { Self.sessionClass(of: $0) == sessionClass }
            guard !creations.isEmpty, creations.allSatisfy(runsOnlyInBackground) else { continue }
            for event in creations {
                let from = event.contextName.map { " (\($0))" } ?? ""
                let message: String
                if case .serviceSession(let requirement) = event.kind {
                    message = "\(SourceEvent.serviceSessionAPI(requirement)) is created only on background paths\(from): a session created while the app is not in use reports insufficientlyInUse until the app comes to the foreground (O6), and one never held in the foreground cannot be re-created at a background relaunch; create it while the app is in use"
                } else {
                    message = "CLBackgroundActivitySession is created only on background paths\(from): it must be started in the foreground (O13), so it does not keep the app in use; start it while the app is in the foreground, before it leaves"
                }
                findings.append(SourceChecks.make(CheckCatalog.sessionCreatedInBackground, message, event.location))
            }
        }
        return findings
    }

    /// LOC018 (in the target), LOC019 and LOC020.
    ///
    /// - Parameters:
    ///   - sourcesScanned: whether the target has sources (LOC019 needs them).
    ///   - sessionsOutsideTargets: whether sources outside every target create a
    ///     `CLServiceSession` (the app may link them, so LOC019 stays silent).
    static func run(_ target: AppTarget, events: [SourceEvent], sourcesScanned: Bool, sessionsOutsideTargets: Bool) -> [Finding] {
        var findings = [Finding]()
        let platform = target.deploymentTarget
        let plistName = target.infoPlist.map { ($0.path as NSString).lastPathComponent } ?? "the target's Info.plist"
        let keys = target.explicitSessionKeys

        // LOC018: the key in an app extension (a WatchKit extension carries the watch app's keys).
        if target.isAppExtension, platform.os != .watchOS {
            for key in keys {
                findings.append(SourceChecks.make(CheckCatalog.explicitSessionKeyMisdeclared,
                    "\(key.key) is declared by app extension '\(target.name)'; the explicit-service-session opt-in is an app setting (O9), so declare it in the containing app's Info.plist", key.location))
            }
        }
        // LOC018: a non-Boolean value.
        for key in keys {
            if case .notBoolean(let described) = key.value {
                findings.append(SourceChecks.make(CheckCatalog.explicitSessionKeyMisdeclared,
                    "\(key.key) is \(described), not a Boolean (<true/> or <false/>), so whether the app opts into explicit service sessions (O9) is unclear", key.location))
            }
        }
        // LOC018: the two spellings disagree.
        let values = keys.compactMap { key -> (ExplicitSessionKey, Bool)? in
            if case .boolean(let b) = key.value { return (key, b) } else { return nil }
        }
        if let first = values.first, let other = values.first(where: { $0.1 != first.1 }) {
            findings.append(SourceChecks.make(CheckCatalog.explicitSessionKeyMisdeclared,
                "\(other.0.key) is \(other.1) but \(first.0.key) is \(first.1); Apple's documentation uses both names and which one iOS honors is uncertain (O9), so whether the app requires explicit service sessions is undefined: give both the same value", other.0.location))
        }
        // LOC018: the key in an InfoPlist.strings file.
        for strings in target.localizations {
            for entry in strings.entries where ExplicitSessionKey.names.contains(entry.key) {
                findings.append(SourceChecks.make(CheckCatalog.explicitSessionKeyMisdeclared,
                    "\(entry.key) is in a .strings file, which only localizes the Info.plist's strings; the opt-in (O9) is read from the Info.plist as a Boolean", entry.location))
            }
        }

        // LOC019: opted in, yet no source creates a CLServiceSession.
        let optedIn = !values.isEmpty && values.allSatisfy { $0.1 }
        let createsSession = events.contains { if case .serviceSession = $0.kind { return true } else { return false } }
        if optedIn, !target.isAppExtension, platform.os != .macOS, sourcesScanned, !events.isEmpty, !createsSession, !sessionsOutsideTargets,
           let key = values.first?.0 {
            findings.append(SourceChecks.make(CheckCatalog.explicitSessionWithoutSession,
                "\(key.key) is true but no source of target '\(target.name)' creates a CLServiceSession: with explicit sessions required and none outstanding, Location Services is disabled for the app and its updates and events report serviceSessionRequired (O9, O12); create a CLServiceSession while the app needs location, or remove the key", key.location))
        }

        // LOC020: a background activity session without the location background mode.
        if platform.os == .iOS || platform.os == .watchOS, !(target.backgroundModes?.modes.contains("location") ?? false) {
            for event in events {
                guard case .backgroundActivitySession = event.kind else { continue }
                findings.append(SourceChecks.make(CheckCatalog.backgroundActivitySessionWithoutMode,
                    "CLBackgroundActivitySession keeps a When In Use app in use in the background (O13) only while its Info.plist lists location in UIBackgroundModes (O16), which \(plistName) does not: the session never becomes active and the app is suspended as usual", event.location))
            }
        }
        return findings
    }

    /// LOC018 for a key found in a plist that is no app's Info.plist.
    static func misplaced(_ key: TargetDiscovery.UnreadPurposeString) -> Finding {
        SourceChecks.make(CheckCatalog.explicitSessionKeyMisdeclared,
            "\(key.key) is in a plist the system never reads for the app: \(key.reason); the explicit-service-session opt-in (O9) belongs in the app's Info.plist", key.location)
    }
}
