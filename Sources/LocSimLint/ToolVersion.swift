import LocSimInput

/// The version of LocSim's command line, `locsim --version` and SARIF's `tool.driver.version`.
public enum ToolVersion {
    /// The package version (`0.1.0`).
    public static let current = PackageVersion.current
}
