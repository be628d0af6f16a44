import Foundation

/// The direction the device points, delivered to managers that update the heading.
///
/// Corresponds to `CLHeading`. LocSim simulates the heading minimally: the device has one
/// (``SimulatedDevice/heading``, north at first) that only ``SimulatedDevice/turn(toHeading:)``
/// changes; no calibration, no magnetic declination (`trueHeading` equals `magneticHeading`).
public struct Heading: Hashable, Sendable {
    /// Degrees from magnetic north, 0–359.9. Corresponds to `CLHeading.magneticHeading`.
    public var magneticHeading: Double
    /// Degrees from true north. Corresponds to `CLHeading.trueHeading`.
    public var trueHeading: Double
    /// The maximum error in degrees. Corresponds to `CLHeading.headingAccuracy`.
    public var headingAccuracy: Double
    /// When it was measured, as virtual time since the simulation started.
    public var time: Duration

    /// Creates a heading; `trueHeading` defaults to `magneticHeading`.
    public init(magneticHeading: Double, trueHeading: Double? = nil, headingAccuracy: Double = 5, time: Duration = .zero) {
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading ?? magneticHeading
        self.headingAccuracy = headingAccuracy
        self.time = time
    }

    /// The wall-clock `Date` the simulator stamped when it delivered the heading to app code
    /// (as `Location.deliveredDate`), `nil` before. Not part of the heading's identity.
    public var deliveredDate: Date?

    /// When it was measured. Corresponds to `CLHeading.timestamp`.
    public var timestamp: Date { deliveredDate ?? VirtualDate.date(at: time) }

    /// Whether two headings are the same reading (``deliveredDate`` is not compared).
    public static func == (a: Heading, b: Heading) -> Bool {
        a.magneticHeading == b.magneticHeading && a.trueHeading == b.trueHeading
            && a.headingAccuracy == b.headingAccuracy && a.time == b.time
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(magneticHeading)
        hasher.combine(trueHeading)
        hasher.combine(headingAccuracy)
        hasher.combine(time)
    }
}
