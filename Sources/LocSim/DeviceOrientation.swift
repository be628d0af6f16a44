/// The physical orientation of the device, which Core Location uses as the reference for headings.
///
/// Corresponds to `CLDeviceOrientation` (the same raw values). LocSim's heading is the device's
/// own (``SimulatedDevice/turn(toHeading:)``): a manager stores the orientation it is given in
/// ``LocationManager/headingOrientation`` and its headings do not depend on it.
public enum DeviceOrientation: Int32, Hashable, Sendable, CaseIterable {
    /// Corresponds to `CLDeviceOrientation.unknown`.
    case unknown = 0
    /// Corresponds to `CLDeviceOrientation.portrait` (the default).
    case portrait = 1
    /// Corresponds to `CLDeviceOrientation.portraitUpsideDown`.
    case portraitUpsideDown = 2
    /// Corresponds to `CLDeviceOrientation.landscapeLeft`.
    case landscapeLeft = 3
    /// Corresponds to `CLDeviceOrientation.landscapeRight`.
    case landscapeRight = 4
    /// Corresponds to `CLDeviceOrientation.faceUp`.
    case faceUp = 5
    /// Corresponds to `CLDeviceOrientation.faceDown`.
    case faceDown = 6
}
