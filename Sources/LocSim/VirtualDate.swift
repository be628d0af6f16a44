import Foundation

/// Virtual time as a `Date`, for the Core Location values that carry one (`CLLocation.timestamp`,
/// `CLHeading.timestamp`, `CLVisit.arrivalDate`).
///
/// The model counts time as a `Duration` since the simulation started; app code reads `Date`s and
/// compares them with `Date()`. So a virtual instant becomes ``epoch`` plus that duration, and a
/// value built outside the simulator (`CLLocation(latitude:longitude:)`) at virtual time zero is
/// about as old as the process's first conversion. Fixes, headings and visits the simulator
/// delivers to app code carry their own stamp instead (`Location.deliveredDate`): the wall
/// clock at delivery less their virtual age, so `timestamp.timeIntervalSinceNow` is near zero for
/// a fresh fix however long the process has run. LocSim's addition.
public enum VirtualDate {
    /// The `Date` of virtual time zero for values the simulator did not deliver: the wall-clock
    /// moment the process first converted a virtual instant.
    public static let epoch = Date()

    /// The `Date` of a virtual instant.
    public static func date(at time: Duration) -> Date {
        let (seconds, attoseconds) = time.components
        return epoch.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}

extension Location {
    /// When the fix was made, as a `Date`: the one the simulator stamped when it delivered the fix
    /// (`deliveredDate`), else ``VirtualDate``'s. LocSim's addition; `CLLocation.timestamp` in
    /// LocSimCoreLocation.
    public var date: Date { deliveredDate ?? VirtualDate.date(at: timestamp) }
}

extension SimulatedDevice {
    /// The wall-clock `Date` that stands for the virtual instant `time` at the moment app code
    /// receives it: `Date()` less the instant's virtual age, so what was made at the virtual now
    /// reads as made now. The simulator's only wall-clock reading, made as it hands a fix, a
    /// heading or a visit to app code, and only from the device's own delivery paths.
    func deliveredDate(of time: Duration) -> Date {
        if time == now { return Date() }            // a fresh fix: no 128-bit arithmetic
        let (seconds, attoseconds) = (now - time).components
        return Date(timeIntervalSinceNow: -(Double(seconds) + Double(attoseconds) / 1e18))
    }

    /// `location` stamped for delivery to app code (`Location.deliveredDate`).
    func delivered(_ location: Location) -> Location {
        var stamped = location
        stamped.deliveredDate = deliveredDate(of: location.timestamp)
        return stamped
    }

    /// `heading` stamped for delivery to app code (`Heading.deliveredDate`).
    func delivered(_ heading: Heading) -> Heading {
        var stamped = heading
        stamped.deliveredDate = deliveredDate(of: heading.time)
        return stamped
    }
}

extension MonitorEvent {
    /// When the state was determined, as a `Date` (``VirtualDate``). LocSim's addition;
    /// `CLMonitor.Event.date` in LocSimCoreLocation.
    public var determinedAt: Date { VirtualDate.date(at: date) }
}
