/// A target read from an Xcode project (`project.pbxproj`) or an XcodeGen `project.yml`.
///
/// Carries what lint needs: the kind of product, the Info.plist it uses, its build settings and
/// any purpose strings given as build settings or XcodeGen `info.properties`.
public struct ProjectTarget: Hashable, Sendable {
    /// What a target builds.
    public enum Kind: String, Hashable, Sendable {
        /// An app (`com.apple.product-type.application`, XcodeGen `application`), including watch apps.
        case application
        /// An app extension, including WatchKit extensions (their plist carries the watch purpose strings).
        case appExtension
        /// A unit or UI test bundle: the system never reads its plist for the app.
        case test
        /// A framework or library: its plist is never read for location prompts.
        case framework
        /// Anything else (aggregate targets, tools).
        case other
    }

    /// The target name.
    public var name: String
    /// The product kind.
    public var kind: Kind
    /// The project file the target was read from.
    public var projectFile: String
    /// The project's directory (`SRCROOT`).
    public var projectDirectory: String
    /// The absolute path of `INFOPLIST_FILE`, if the target names one.
    public var infoPlistPath: String?
    /// The merged build settings of the configuration lint reads (Release when present).
    public var settings: BuildSettings
    /// Purpose strings and other keys given outside the plist file (`INFOPLIST_KEY_…`,
    /// XcodeGen `info.properties`), with where they are defined.
    public var extraInfo: [String: DeclaredValue]
    /// Source directories (or files) named by the project, absolute: XcodeGen `sources`, Xcode
    /// folders synchronized with the target (`fileSystemSynchronizedGroups`).
    public var sourceRoots: [String]
    /// The files the target compiles, absolute, when the project lists them (an Xcode target's
    /// Sources build phase); `nil` when it does not.
    public var sourceFiles: [String]? = nil
    /// Whether the build writes the Info.plist at ``infoPlistPath`` (XcodeGen `info:`), so a
    /// missing file there is expected and the keys are those the project gives.
    public var generatesInfoPlist = false
    /// The platform named by the project (`SDKROOT`, XcodeGen `platform`), if any.
    public var platformName: String?
    /// The deployment target named by the project, if any (`"14.0"`).
    public var deploymentTarget: String?
    /// Where the target is declared (its name's line in a project file or spec), when known.
    public var declaration: SourceLocation?
    /// Whether the target is an App Clip (`com.apple.product-type.application.on-demand-install-capable`,
    /// XcodeGen `application.on-demand-install-capable`).
    public var isAppClip = false

    /// Creates a project target.
    public init(name: String, kind: Kind, projectFile: String, projectDirectory: String, infoPlistPath: String?, settings: BuildSettings,
                extraInfo: [String: DeclaredValue], sourceRoots: [String], platformName: String?, deploymentTarget: String?) {
        self.name = name
        self.kind = kind
        self.projectFile = projectFile
        self.projectDirectory = projectDirectory
        self.infoPlistPath = infoPlistPath
        self.settings = settings
        self.extraInfo = extraInfo
        self.sourceRoots = sourceRoots
        self.platformName = platformName
        self.deploymentTarget = deploymentTarget
    }
}
