import Foundation
import LocSimModel

/// Which purpose strings the App Store will demand and which are never shown: a dependency that
/// references a request API whose key the app lacks (LOC028, P7, ITMS-90683), and an Always text
/// no source or dependency ever asks for (LOC024).
enum PreflightChecks {
    /// The authorization kind each searched request API asks for.
    static func kind(ofAPI api: String) -> AuthorizationRequestKind {
        api == "requestAlwaysAuthorization" ? .always : .whenInUse
    }

    /// The dependencies given to `target`: those whose owner folder shares the most leading path
    /// components with one of the target's source roots, among all `targets` (apps, not extensions).
    static func dependencies(of target: AppTarget, among targets: [AppTarget], references: [DependencyReference]) -> [DependencyReference] {
        guard !target.isAppExtension else { return [] }
        func closeness(_ t: AppTarget, _ owner: String) -> Int {
            t.sourceRoots.map { root in
                root == owner || root.hasPrefix(owner + "/") ? Int.max : sharedDirectoryPrefixLength(root, owner)
            }.max() ?? 0
        }
        return references.filter { dependency in
            let mine = closeness(target, dependency.owner)
            guard mine > 0 else { return false }
            return targets.filter { !$0.isAppExtension }.allSatisfy { closeness($0, dependency.owner) <= mine }
        }
    }

    /// How many leading path components `a` and `b` share.
    static func sharedDirectoryPrefixLength(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: "/"), y = b.split(separator: "/")
        var n = 0
        while n < min(x.count, y.count), x[n] == y[n] { n += 1 }
        return n
    }

    /// LOC028 and LOC024 for `target`.
    ///
    /// - Parameters:
    ///   - dependencies: the dependencies given to the target.
    ///   - sourcesScanned: whether the target has sources (LOC024 needs them).
    ///   - alwaysRequestedOutsideTargets: whether sources outside every target request Always (the
    ///     app may link them, so LOC024 stays silent).
    static func run(_ target: AppTarget, events: [SourceEvent], dependencies: [DependencyReference], sourcesScanned: Bool,
                    alwaysRequestedOutsideTargets: Bool) -> [Finding] {
        var findings = [Finding]()
        let platform = target.deploymentTarget
        let declared = target.declaredKeys
        let plistName = target.infoPlist.map { ($0.path as NSString).lastPathComponent } ?? "the target's Info.plist"
        let ownKinds = Set(events.compactMap { event -> AuthorizationRequestKind? in
            if case .request(let kind, _) = event.kind { return kind } else { return nil }
        })

        // LOC028: each key a dependency's reference makes the App Store demand, once per key.
        var reported = Set<PurposeKey>()
        for kind in [AuthorizationRequestKind.whenInUse, .always] {
            guard PurposeStringRules.requirement(for: kind, on: platform).isAvailable, !ownKinds.contains(kind) else { continue }
            let api = kind == .always ? "requestAlwaysAuthorization" : "requestWhenInUseAuthorization"
            let needing = dependencies.filter { $0.references[api] != nil }
            guard !needing.isEmpty else { continue }
            let missing = PurposeStringRules.requiredKeys(for: kind, deployingTo: platform).subtracting(declared).subtracting(reported).sorted()
            for key in missing {
                reported.insert(key)
                let names = needing.map(\.name).joined(separator: ", ")
                let first = needing[0].references[api]!
                let at = "\(OutputFormat.displayPath(first.file, base: needing[0].owner)):\(first.line)"
                findings.append(SourceChecks.make(CheckCatalog.dependencyNeedsPurposeString,
                    "\(plistName) of target '\(target.name)' has no \(key.rawValue), but \(names) reference\(needing.count == 1 ? "s" : "") \(api) (\(at)): App Store processing rejects a binary that links such code without the key (ITMS-90683, P7), even if the app never calls it; add the key with a real reason, or drop the dependency's location code", target.anchor))
            }
        }

        // LOC024: the Always text is declared but nothing asks for Always.
        if let always = target.purposeStrings[PurposeKey.alwaysAndWhenInUse.rawValue], sourcesScanned, !events.isEmpty,
           !ownKinds.contains(.always), !alwaysRequestedOutsideTargets, !dependencies.contains(where: { $0.references["requestAlwaysAuthorization"] != nil }),
           PlistChecks.alwaysUsesModernKey(target) {
            findings.append(SourceChecks.make(CheckCatalog.alwaysKeyNeverRequested,
                "NSLocationAlwaysAndWhenInUseUsageDescription is declared, but no source of target '\(target.name)' and no dependency requests Always, so the text is never shown; remove it, or ask for Always where a feature needs it", always.location))
        }
        return findings
    }
}
