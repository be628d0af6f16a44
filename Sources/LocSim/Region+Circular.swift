import LocSimModel

extension Region {
    /// The centre, or (0, 0) for a region known only by name. LocSim's addition;
    /// `CLCircularRegion.center` in LocSimCoreLocation.
    public var circleCenter: Coordinate { center ?? Coordinate(latitude: 0, longitude: 0) }
}
