import LocSimModel

/// Checks that need only a target's Info.plist (and, for some, whether sources were scanned):
/// LOC003, LOC004 (plist form), LOC005, LOC009, LOC010, LOC011, LOC012 (strings files).
enum PlistChecks {
    /// The purpose keys the system reads for `target` on some OS release it supports, from the shared rule table.
    static func readKeys(_ target: AppTarget) -> Set<PurposeKey> {
        PurposeStringRules.requiredKeys(for: .whenInUse, deployingTo: target.deploymentTarget)
            .union(PurposeStringRules.requiredKeys(for: .always, deployingTo: target.deploymentTarget))
    }

    /// Whether the platform's Always request reads the iOS 11+ key at the deployment target.
    static func alwaysUsesModernKey(_ target: AppTarget) -> Bool {
        PurposeStringRules.requirement(for: .always, on: target.deploymentTarget).allOf.contains(.alwaysAndWhenInUse)
    }

    static func run(_ target: AppTarget, events: [SourceEvent], sourcesScanned: Bool) -> [Finding] {
        var findings = [Finding]()
        let declared = target.declaredKeys
        let platform = target.deploymentTarget
        let requestsAlways = events.contains { if case .request(.always, _) = $0.kind { return true } else { return false } }
        func add(_ check: Check, _ message: String, _ location: SourceLocation) {
            findings.append(Finding(checkID: check.id, severity: check.defaultSeverity, message: message, location: location, ruleIDs: check.ruleIDs))
        }

        // LOC003: only the legacy Always key on an iOS 11+ target.
        if declared.contains(.always), !declared.contains(.alwaysAndWhenInUse), alwaysUsesModernKey(target),
           let value = target.purposeStrings[PurposeKey.always.rawValue] {
            let tail = sourcesScanned && !requestsAlways
                ? "; no scanned source requests Always, so the key can be removed"
                : "; add NSLocationAlwaysAndWhenInUseUsageDescription or requestAlwaysAuthorization() does nothing"
            add(CheckCatalog.legacyAlwaysKeyOnly, "NSLocationAlwaysUsageDescription is only read on iOS 10 and earlier, and this target deploys to \(platform)\(tail)", value.location)
        }

        // LOC004 (plist form): an Always intent on an iOS ≤ 10 target without the legacy key.
        if !requestsAlways, declared.contains(.alwaysAndWhenInUse), !declared.contains(.always),
           PurposeStringRules.requiredKeys(for: .always, deployingTo: platform).contains(.always),
           let value = target.purposeStrings[PurposeKey.alwaysAndWhenInUse.rawValue] {
            add(CheckCatalog.legacyAlwaysKeyMissing, "the target deploys to \(platform) (\(target.deploymentTargetOrigin)) and declares an Always text, but iOS 8–10 only read NSLocationAlwaysUsageDescription, which is missing", value.location)
        }

        // LOC005: a macOS target with only iOS keys.
        if platform.os == .macOS, !declared.contains(.usage) {
            let iOSKeys = [PurposeKey.whenInUse, .alwaysAndWhenInUse, .always].filter(declared.contains)
            if let first = iOSKeys.first, let value = target.purposeStrings[first.rawValue] {
                add(CheckCatalog.macOSUsageKey, "macOS reads only NSLocationUsageDescription, which is missing; \(iOSKeys.map(\.rawValue).joined(separator: ", ")) \(iOSKeys.count == 1 ? "is" : "are") ignored on macOS", value.location)
            }
        }

        // LOC009 / LOC010: empty, placeholder or vague texts the system reads.
        let read = readKeys(target)
        for key in read.sorted() {
            guard let value = target.purposeStrings[key.rawValue], let text = value.text else { continue }
            findings += quality(of: text, key: key, at: value.location, appNames: target.appNames)
        }
        for strings in target.localizations {
            for entry in strings.entries {
                guard let key = PurposeKey(rawValue: entry.key) else { continue }
                if target.purposeStrings[entry.key] == nil {
                    add(CheckCatalog.unreadPurposeStrings, "\(entry.key) is localized here but not declared in the target's Info.plist; the system only localizes keys the Info.plist declares", entry.location)
                } else if read.contains(key) {
                    findings += quality(of: entry.value, key: key, at: entry.location, appNames: target.appNames)
                }
            }
        }

        // LOC011: identical When In Use and Always texts, where the upgrade prompt shows the latter.
        if alwaysUsesModernKey(target), !sourcesScanned || requestsAlways,
           let whenInUse = target.purposeStrings[PurposeKey.whenInUse.rawValue]?.text,
           let always = target.purposeStrings[PurposeKey.alwaysAndWhenInUse.rawValue],
           let alwaysText = always.text, !PurposeText.isEmpty(alwaysText),
           normalized(whenInUse) == normalized(alwaysText) {
            add(CheckCatalog.identicalPurposeStrings, "NSLocationAlwaysAndWhenInUseUsageDescription repeats the When In Use text; the Always upgrade prompt should say what Always adds", always.location)
        }
        return findings
    }

    static func quality(of text: String, key: PurposeKey, at location: SourceLocation, appNames: [String] = []) -> [Finding] {
        if PurposeText.isEmpty(text) {
            let c = CheckCatalog.emptyPurposeString
            return [Finding(checkID: c.id, severity: c.defaultSeverity, message: "\(key.rawValue) is empty; the prompt shows no reason", location: location, ruleIDs: c.ruleIDs)]
        }
        if let weakness = PurposeText.weakness(of: text, appNames: appNames) {
            let c = CheckCatalog.vaguePurposeString
            return [Finding(checkID: c.id, severity: c.defaultSeverity, message: "\(key.rawValue) \"\(text)\" \(weakness)", location: location, ruleIDs: c.ruleIDs)]
        }
        return []
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split { $0.isWhitespace }.joined(separator: " ")
    }
}
