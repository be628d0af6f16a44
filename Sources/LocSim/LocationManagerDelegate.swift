import LocSimModel

/// The methods a location manager calls on its delegate.
///
/// Corresponds to `CLLocationManagerDelegate`. Every method has an empty default, as the
/// Objective-C protocol's methods are optional. On platforms of the iOS 14 generation and later
/// the manager calls ``locationManagerDidChangeAuthorization(_:)``, whose default forwards to the
/// deprecated ``locationManager(_:didChangeAuthorization:)`` when the status changed (C1); earlier
/// platforms call the deprecated method directly.
public protocol LocationManagerDelegate: AnyObject {
    /// The methods this delegate implements, as `respondsToSelector:` would answer (N4, C1):
    /// Core Location calls only these, and `requestLocation()` throws without `didUpdateLocations`
    /// and `didFailWithError`. LocSim's addition (Swift protocol methods always exist); default all.
    var implementedMethods: DelegateMethods { get }
    /// The app's authorization or accuracy changed, or the manager was created (C1, C2, C7).
    /// Corresponds to `locationManagerDidChangeAuthorization(_:)`.
    func locationManagerDidChangeAuthorization(_ manager: LocationManager)
    /// The status changed (deprecated since iOS 14). Corresponds to `locationManager(_:didChangeAuthorization:)`.
    func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus)
    /// New fixes arrived. Corresponds to `locationManager(_:didUpdateLocations:)`.
    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location])
    /// A service failed (N2, N3). Corresponds to `locationManager(_:didFailWithError:)`.
    func locationManager(_ manager: LocationManager, didFailWithError error: any Error)
    /// The device entered a monitored region. Corresponds to `locationManager(_:didEnterRegion:)`.
    func locationManager(_ manager: LocationManager, didEnterRegion region: Region)
    /// The device left a monitored region. Corresponds to `locationManager(_:didExitRegion:)`.
    func locationManager(_ manager: LocationManager, didExitRegion region: Region)
    /// Region monitoring failed. Corresponds to `locationManager(_:monitoringDidFailFor:withError:)`.
    func locationManager(_ manager: LocationManager, monitoringDidFailFor region: Region?, withError error: any Error)
    /// A visit was recorded. Corresponds to `locationManager(_:didVisit:)`.
    func locationManager(_ manager: LocationManager, didVisit visit: Visit)
    /// A new heading arrived. Corresponds to `locationManager(_:didUpdateHeading:)`.
    func locationManager(_ manager: LocationManager, didUpdateHeading newHeading: Heading)
    /// Whether to show the compass calibration panel; LocSim never calibrates, so never asks.
    /// Corresponds to `locationManagerShouldDisplayHeadingCalibration(_:)`.
    func locationManagerShouldDisplayHeadingCalibration(_ manager: LocationManager) -> Bool
    /// The state of a region: the answer to `requestState(for:)`, and after each entry (`.inside`)
    /// or exit (`.outside`), following `didEnterRegion` or `didExitRegion` as Core Location calls it
    /// in addition to them. Corresponds to `locationManager(_:didDetermineState:for:)`.
    func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: Region)
    /// Monitoring of a region started. LocSim does not call it.
    /// Corresponds to `locationManager(_:didStartMonitoringFor:)`.
    func locationManager(_ manager: LocationManager, didStartMonitoringFor region: Region)
    /// Updates paused automatically. LocSim never pauses updates on its own, so never calls it.
    /// Corresponds to `locationManagerDidPauseLocationUpdates(_:)`.
    func locationManagerDidPauseLocationUpdates(_ manager: LocationManager)
    /// Paused updates resumed. LocSim does not call it. Corresponds to `locationManagerDidResumeLocationUpdates(_:)`.
    func locationManagerDidResumeLocationUpdates(_ manager: LocationManager)
    /// Deferred updates ended. LocSim has no deferred updates, so never calls it.
    /// Corresponds to `locationManager(_:didFinishDeferredUpdatesWithError:)`.
    func locationManager(_ manager: LocationManager, didFinishDeferredUpdatesWithError error: (any Error)?)
}

extension LocationManagerDelegate {
    /// Every method.
    public var implementedMethods: DelegateMethods { .all }
    /// Forwards to the deprecated callback when the status changed, as Core Location does for
    /// delegates that implement only the old method.
    public func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
        if manager.lastCallbackChangedStatus {
            locationManager(manager, didChangeAuthorization: manager.authorizationStatus)
        }
    }
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didEnterRegion region: Region) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didExitRegion region: Region) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, monitoringDidFailFor region: Region?, withError error: any Error) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didVisit visit: Visit) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didUpdateHeading newHeading: Heading) {}
    /// Returns false.
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: LocationManager) -> Bool { false }
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: Region) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didStartMonitoringFor region: Region) {}
    /// Does nothing.
    public func locationManagerDidPauseLocationUpdates(_ manager: LocationManager) {}
    /// Does nothing.
    public func locationManagerDidResumeLocationUpdates(_ manager: LocationManager) {}
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {}
}
