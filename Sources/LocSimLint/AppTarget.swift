import LocSimModel

/// An app (or app extension) target found by ``TargetDiscovery``: its Info.plist as the system
/// would read it, its platform and deployment target, and the sources that belong to it.
public struct AppTarget: Sendable {
    /// A display name: the project target name, or the plist's directory.
    public var name: String
    /// Directories whose sources belong to this target (absolute).
    public var sourceRoots: [String]
    /// The deployment target (the oldest OS the app runs on).
    public var deploymentTarget: Platform
    /// Where the deployment target came from (`IPHONEOS_DEPLOYMENT_TARGET`, `MinimumOSVersion`,
    /// `--platform`, `default`), for messages.
    public var deploymentTargetOrigin: String
    /// The Info.plist file, when the target has one (generated plists have none).
    public var infoPlist: PlistDocument?
    /// Location purpose strings the system reads for this target, by key raw value: from the
    /// plist, `INFOPLIST_KEY_…` build settings or XcodeGen `info.properties`.
    public var purposeStrings: [String: DeclaredValue]
    /// `UIBackgroundModes`, when declared, with where.
    public var backgroundModes: (modes: [String], location: SourceLocation)?
    /// The entries of `NSLocationTemporaryUsageDescriptionDictionary`, when declared, with where.
    public var temporaryPurposeKeys: (keys: Set<String>, location: SourceLocation)?
    /// `InfoPlist.strings`, `InfoPlist.xcstrings` and `InfoPlist.stringsdict` files under the target's directory.
    public var localizations: [StringsFile]
    /// Directories whose `InfoPlist.strings` belong to the target besides ``sourceRoots``: the
    /// directory of its Info.plist (an Xcode target lists its sources one by one).
    public var localizationRoots: [String] = []
    /// Swift and Objective-C files assigned to the target.
    public var sourceFiles: [String]
    /// Whether the target is an app extension (a project's extension target, or a plist with an
    /// `NSExtension` or `EXAppExtensionAttributes` dictionary), not an app.
    public var isAppExtension: Bool
    /// The explicit-service-session opt-in keys the target declares, by spelling order (O9).
    public var explicitSessionKeys: [ExplicitSessionKey]
    /// Whether the target is an App Clip: its project's product type, or an `NSAppClip`
    /// dictionary in its Info.plist (P6).
    public var isAppClip = false
    /// The names the app goes by (target name, `CFBundleDisplayName`, `CFBundleName`,
    /// `PRODUCT_NAME`), so a purpose string that only says "Allow <name> to use your location" is
    /// seen to give no purpose (LOC010).
    public var appNames: [String] = []
    /// Third-party dependencies next to the target (`Pods/…`, `Carthage/Checkouts/…`, SwiftPM
    /// checkouts, vendored frameworks) and the request APIs their code references (P7).
    public var dependencyReferences: [DependencyReference] = []

    /// Creates a target.
    public init(name: String, sourceRoots: [String], deploymentTarget: Platform, deploymentTargetOrigin: String, infoPlist: PlistDocument?,
                purposeStrings: [String: DeclaredValue], backgroundModes: (modes: [String], location: SourceLocation)?,
                temporaryPurposeKeys: (keys: Set<String>, location: SourceLocation)?, localizations: [StringsFile], sourceFiles: [String],
                isAppExtension: Bool = false, explicitSessionKeys: [ExplicitSessionKey] = []) {
        self.name = name
        self.sourceRoots = sourceRoots
        self.deploymentTarget = deploymentTarget
        self.deploymentTargetOrigin = deploymentTargetOrigin
        self.infoPlist = infoPlist
        self.purposeStrings = purposeStrings
        self.backgroundModes = backgroundModes
        self.temporaryPurposeKeys = temporaryPurposeKeys
        self.localizations = localizations
        self.sourceFiles = sourceFiles
        self.isAppExtension = isAppExtension
        self.explicitSessionKeys = explicitSessionKeys
    }

    /// The purpose keys that are declared (known or unknown value).
    public var declaredKeys: Set<PurposeKey> {
        Set(purposeStrings.keys.compactMap(PurposeKey.init(rawValue:)))
    }

    /// Where a finding about the target as a whole points: its plist, or the first purpose string.
    public var anchor: SourceLocation {
        if let infoPlist { return SourceLocation(file: infoPlist.path) }
        return purposeStrings.values.map(\.location).min() ?? SourceLocation(file: sourceRoots.first ?? ".")
    }
}
