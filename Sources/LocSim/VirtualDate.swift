import Foundation

/// Virtual time as a `Date`, for the Core Location values that carry one (`CLLocation.timestamp`,
/// `CLHeading.timestamp`, `CLVisit.arrivalDate`).
///
/// The model counts time as a `Duration` since the simulation started; app code reads `Date`s and
/// compares them with `Date()`. So a virtual instant becomes ``epoch`` plus that duration, and a
/// fix delivered at virtual time zero is about as old as the test itself:
/// `timestamp.timeIntervalSinceNow` stays near zero for fresh fixes. LocSim's addition.
public enum VirtualDate {
    /// The `Date` of virtual time zero: the wall-clock moment the process first converted a
    /// virtual instant (the only wall-clock reading in LocSim, and only for these dates).
    public static let epoch = Date()

    /// The `Date` of a virtual instant.
    public static func date(at time: Duration) -> Date {
        let (seconds, attoseconds) = time.components
        return epoch.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}

extension Location {
    /// When the fix was made, as a `Date` (``VirtualDate``). LocSim's addition; `CLLocation.timestamp`
    /// in LocSimCoreLocation.
    public var date: Date { VirtualDate.date(at: timestamp) }
}

extension MonitorEvent {
    /// When the state was determined, as a `Date` (``VirtualDate``). LocSim's addition;
    /// `CLMonitor.Event.date` in LocSimCoreLocation.
    public var determinedAt: Date { VirtualDate.date(at: date) }
}
