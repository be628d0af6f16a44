/// The package version, in one place for every executable of the command line (`locsim --version`)
/// and lint's SARIF output (`ToolVersion`).
package enum PackageVersion {
    /// `0.1.0`.
    package static let current = "0.1.0"
}
