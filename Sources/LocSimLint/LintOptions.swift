import LocSimModel

/// What to lint and how: the paths, overrides for platform and deployment target, and the
/// configuration (`.locsim.yml`).
public struct LintOptions: Sendable {
    /// Files and directories to lint.
    public var paths: [String]
    /// Overrides the OS of every target (`--platform iOS`).
    public var platform: Platform.OS?
    /// Overrides the deployment target version of every target (`--deployment-target 12.0`).
    public var deploymentTarget: String?
    /// Enabled checks, severities and excluded paths.
    public var configuration: LintConfiguration
    /// Folders outside the linted paths that projects may read (`--allow-outside`): an `#include`,
    /// `INFOPLIST_FILE` or XcodeGen include leading there is read, not only noted.
    public var allowOutside: [String] = []

    /// Creates options.
    public init(paths: [String], platform: Platform.OS? = nil, deploymentTarget: String? = nil, configuration: LintConfiguration = LintConfiguration()) {
        self.paths = paths
        self.platform = platform
        self.deploymentTarget = deploymentTarget
        self.configuration = configuration
    }

    /// The deployment target assumed when nothing says otherwise, per OS.
    public static func defaultDeploymentTarget(for os: Platform.OS) -> Platform {
        switch os {
        case .iOS: return Platform(.iOS, 15)
        case .macOS: return Platform(.macOS, 12)
        case .watchOS: return Platform(.watchOS, 8)
        case .tvOS: return Platform(.tvOS, 15)
        case .visionOS: return Platform(.visionOS, 1)
        }
    }
}
