/// Whether the device is inside a region.
///
/// Corresponds to `CLRegionState`.
public enum RegionState: Int, Hashable, Sendable, CaseIterable {
    /// Corresponds to `CLRegionState.unknown`.
    case unknown = 0
    /// Corresponds to `CLRegionState.inside`.
    case inside = 1
    /// Corresponds to `CLRegionState.outside`.
    case outside = 2
}
