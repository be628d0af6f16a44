import Foundation
import Testing
import LocSim
import LocSimCoreLocation

// The Core Location surface that the permission-handling code of the shared corpus apps
// (`shared/corpus/SOURCES.tsv`) touches, in Swift spelling: their location managers, their
// delegates, and the values those read. Written for this test; no corpus code is copied. Many of the
// apps are Objective-C, so their calls appear here as Swift writes them.
//
// Which repository uses which name (read at the corpus commits; wikimedia/wikipedia-ios from the
// index's stored copy of its location manager):
//
// CLLocationManager()                       every repository
// delegate (set, and set to nil)            every repository but vayun-mathur/Find-Family; nil: inaturalist/INaturalistIOS, wikimedia/wikipedia-ios
// requestWhenInUseAuthorization()           inaturalist/INaturalistIOS, sobri909/LocoKit, wikimedia/wikipedia-ios, vayun-mathur/Find-Family
// requestAlwaysAuthorization()              owntracks/ios, merlos/iOS-Open-GPX-Tracker, tananaev/traccar-client-ios, sobri909/LocoKit,
//                                           osmandapp/OsmAnd-iOS, bharathprabhu01/iOS-Project, hiren1995/GeoFencingDemo, dalianmengwei/DeathlessLocation
// authorizationStatus (instance)            owntracks/ios, osmandapp/OsmAnd-iOS, wikimedia/wikipedia-ios, vayun-mathur/Find-Family
// CLLocationManager.authorizationStatus()   merlos/iOS-Open-GPX-Tracker, tananaev/traccar-client-ios, inaturalist/INaturalistIOS,
//                                           sobri909/LocoKit, dalianmengwei/DeathlessLocation
// CLLocationManager.locationServicesEnabled()  merlos/iOS-Open-GPX-Tracker, sobri909/LocoKit, osmandapp/OsmAnd-iOS,
//                                           bharathprabhu01/iOS-Project, dalianmengwei/DeathlessLocation
// CLLocationManager.headingAvailable()      osmandapp/OsmAnd-iOS
// desiredAccuracy, kCLLocationAccuracy…     every repository that updates locations (Best, BestForNavigation, NearestTenMeters,
//                                           HundredMeters, Kilometer, ThreeKilometers: sobri909/LocoKit, osmandapp/OsmAnd-iOS, tananaev/traccar-client-ios, …)
// distanceFilter, kCLDistanceFilterNone     owntracks/ios, sobri909/LocoKit, osmandapp/OsmAnd-iOS, dalianmengwei/DeathlessLocation,
//                                           merlos/iOS-Open-GPX-Tracker, inaturalist/INaturalistIOS, bharathprabhu01/iOS-Project, wikimedia/wikipedia-ios
// CLLocationDistanceMax                     sobri909/LocoKit
// pausesLocationUpdatesAutomatically        owntracks/ios, merlos/iOS-Open-GPX-Tracker, tananaev/traccar-client-ios, sobri909/LocoKit,
//                                           osmandapp/OsmAnd-iOS, bharathprabhu01/iOS-Project, dalianmengwei/DeathlessLocation
// allowsBackgroundLocationUpdates           the same, and vayun-mathur/Find-Family
// activityType, CLActivityType(rawValue:)   merlos/iOS-Open-GPX-Tracker, wikimedia/wikipedia-ios
// headingFilter                             merlos/iOS-Open-GPX-Tracker
// headingOrientation, CLDeviceOrientation   osmandapp/OsmAnd-iOS, wikimedia/wikipedia-ios
// start/stopUpdatingLocation()              every repository that updates locations
// start/stopUpdatingHeading(), heading      merlos/iOS-Open-GPX-Tracker, osmandapp/OsmAnd-iOS, wikimedia/wikipedia-ios
// requestLocation()                         owntracks/ios
// start/stopMonitoringSignificantLocationChanges()  owntracks/ios, tananaev/traccar-client-ios, sobri909/LocoKit
// start/stopMonitoringVisits()              owntracks/ios, sobri909/LocoKit
// startMonitoring(for:), stopMonitoring(for:)  owntracks/ios, bharathprabhu01/iOS-Project, hiren1995/GeoFencingDemo
// monitoredRegions, requestState(for:)      owntracks/ios
// location                                  owntracks/ios, merlos/iOS-Open-GPX-Tracker, inaturalist/INaturalistIOS, sobri909/LocoKit,
//                                           bharathprabhu01/iOS-Project, wikimedia/wikipedia-ios
// CLCircularRegion(center:radius:identifier:), identifier  owntracks/ios, bharathprabhu01/iOS-Project, hiren1995/GeoFencingDemo
// CLLocationCoordinate2DMake, CLLocationDegrees  owntracks/ios, bharathprabhu01/iOS-Project, hiren1995/GeoFencingDemo
// CLLocationCoordinate2DIsValid, kCLLocationCoordinate2DInvalid  owntracks/ios, inaturalist/INaturalistIOS, sobri909/LocoKit
// CLLocation(latitude:longitude:), distance(from:)  owntracks/ios, merlos/iOS-Open-GPX-Tracker, inaturalist/INaturalistIOS, bharathprabhu01/iOS-Project
// CLLocation coordinate, horizontalAccuracy, timestamp  every repository that updates locations
// CLLocation speed, course, altitude        owntracks/ios, merlos/iOS-Open-GPX-Tracker, tananaev/traccar-client-ios, osmandapp/OsmAnd-iOS
// CLLocation verticalAccuracy, floor        merlos/iOS-Open-GPX-Tracker
// CLHeading trueHeading, magneticHeading    merlos/iOS-Open-GPX-Tracker, osmandapp/OsmAnd-iOS; headingAccuracy: wikimedia/wikipedia-ios
// CLVisit coordinate, horizontalAccuracy, arrivalDate, departureDate  owntracks/ios
// CLRegionState .inside, .outside           owntracks/ios
// CLError, .code, CLError.locationUnknown/.denied/.headingFailure  merlos/iOS-Open-GPX-Tracker
// kCLErrorDomain, CLError.Code raw values   owntracks/ios (regionMonitoringFailure), osmandapp/OsmAnd-iOS (denied, locationUnknown),
//                                           dalianmengwei/DeathlessLocation (network, denied), inaturalist/INaturalistIOS (network),
//                                           wikimedia/wikipedia-ios (NSError(domain: kCLErrorDomain, code: CLError.locationUnknown.rawValue))
// CLAuthorizationStatus cases, rawValue, an app's own extension  every repository; rawValue and `isAuthorized`: wikimedia/wikipedia-ios
// Delegate methods:
//   locationManagerDidChangeAuthorization(_:)      owntracks/ios, merlos/iOS-Open-GPX-Tracker, osmandapp/OsmAnd-iOS, wikimedia/wikipedia-ios
//   locationManager(_:didChangeAuthorization:)     tananaev/traccar-client-ios, inaturalist/INaturalistIOS, sobri909/LocoKit, bharathprabhu01/iOS-Project
//   didUpdateLocations, didFailWithError           nearly every repository
//   didEnterRegion, didExitRegion                  owntracks/ios, sobri909/LocoKit, bharathprabhu01/iOS-Project (enter), hiren1995/GeoFencingDemo
//   didDetermineState, didStartMonitoringFor, monitoringDidFailFor, didFinishDeferredUpdatesWithError,
//   locationManagerShouldDisplayHeadingCalibration(_:)  owntracks/ios
//   didVisit                                       owntracks/ios, sobri909/LocoKit
//   didUpdateHeading                               owntracks/ios, merlos/iOS-Open-GPX-Tracker, osmandapp/OsmAnd-iOS, wikimedia/wikipedia-ios
//   locationManagerDidPauseLocationUpdates(_:)     owntracks/ios, wikimedia/wikipedia-ios; DidResume: owntracks/ios
//   a delegate forwarding to another CLLocationManagerDelegate  sobri909/LocoKit
//
// Not here (see Docs/SwiftAPI.md): beacons and ranging (owntracks/ios, sobri909/LocoKit),
// CLServiceSession, CLBackgroundActivitySession and CLLocationUpdate.liveUpdates()
// (vayun-mathur/Find-Family), CLLocation's initializers with altitude, speed or course
// (owntracks/ios), CLCircularRegion.notifyOnEntry (hiren1995/GeoFencingDemo), CLGeocoder.

/// An app's own convenience on the status, declared as wikimedia/wikipedia-ios declares one; it
/// shadows LocSim's `AuthorizationStatus.isAuthorized` with the same meaning.
extension CLAuthorizationStatus {
    var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// An app's own names for the activity types, as merlos/iOS-Open-GPX-Tracker adds them.
extension CLActivityType {
    var name: String {
        switch self {
        case .other: "automatic"
        case .automotiveNavigation: "automotive"
        case .fitness: "fitness"
        case .otherNavigation: "other navigation"
        case .airborne: "airborne"
        }
    }
    static var count: Int { 5 }
}

/// What an app's own device-orientation type maps to (osmandapp/OsmAnd-iOS, wikimedia/wikipedia-ios).
enum ScreenOrientation { case portrait, upsideDown, left, right, up, down, other }

extension ScreenOrientation {
    var clOrientation: CLDeviceOrientation {
        switch self {
        case .portrait: .portrait
        case .upsideDown: .portraitUpsideDown
        case .left: .landscapeLeft
        case .right: .landscapeRight
        case .up: .faceUp
        case .down: .faceDown
        case .other: .unknown
        }
    }
}

/// A tracker that touches the whole manager surface of the corpus.
final class CorpusTracker: NSObject, CLLocationManagerDelegate {
    /// A manager configured in a closure, the way several corpus apps declare theirs.
    let locationManager: CLLocationManager = {
        let manager = CLLocationManager()
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.distanceFilter = kCLDistanceFilterNone
        manager.headingFilter = 3
        manager.pausesLocationUpdatesAutomatically = false
        manager.activityType = CLActivityType(rawValue: 3)!
        return manager
    }()
    /// A second, optional manager without a delegate of its own: regions are shared by an app's
    /// managers, so the tracker's delegate hears of them through `locationManager`.
    var regionManager: CLLocationManager?
    /// Another delegate that events are forwarded to, as a library forwards to its client.
    weak var forward: (any CLLocationManagerDelegate)?

    var authorizationChanges: [CLAuthorizationStatus] = []
    var deprecatedStatuses: [CLAuthorizationStatus] = []
    var fixes: [CLLocation] = []
    var errorKinds: [String] = []
    var regionEvents: [String] = []
    var states: [String: CLRegionState] = [:]
    var headings: [CLLocationDirection] = []
    var visits: [CLVisit] = []

    init(locationManager injected: CLLocationManager = .init()) {
        super.init()
        locationManager.delegate = self
        regionManager = injected
    }

    /// Lets the second manager go, as a screen does when it closes.
    func releaseRegionManager() {
        regionManager?.stopUpdatingLocation()
        regionManager?.delegate = nil
        regionManager = nil
    }

    /// The permission check an app runs before it asks or starts.
    func checkPermission() -> String {
        guard CLLocationManager.locationServicesEnabled() else { return "services off" }
        let status = CLLocationManager.authorizationStatus()
        guard status != .notDetermined else { return "ask" }
        guard [.authorizedAlways, .authorizedWhenInUse].contains(status) else { return "settings" }
        switch status {
        case .denied, .restricted: return "settings"
        case .authorizedAlways, .authorized: return "always"
        default: return "while using (\(status.rawValue))"
        }
    }

    func askAndStart(always: Bool) {
        let manager = locationManager
        switch manager.authorizationStatus {
        case .notDetermined:
            if always { manager.requestAlwaysAuthorization() } else { manager.requestWhenInUseAuthorization() }
        case .authorizedAlways, .authorizedWhenInUse:
            manager.desiredAccuracy = manager.desiredAccuracy == kCLLocationAccuracyBest
                ? kCLLocationAccuracyBestForNavigation : kCLLocationAccuracyBest
            manager.startUpdatingLocation()
            if CLLocationManager.headingAvailable() {
                manager.headingOrientation = ScreenOrientation.portrait.clOrientation
                manager.startUpdatingHeading()
            }
        default:
            break
        }
    }

    /// Low power: ask for nothing precise and filter every fix, then wake on big moves and visits.
    func sleep() {
        locationManager.desiredAccuracy = kCLLocationAccuracyThreeKilometers
        locationManager.distanceFilter = CLLocationDistanceMax
        locationManager.stopUpdatingLocation()
        locationManager.stopUpdatingHeading()
        locationManager.startMonitoringSignificantLocationChanges()
        locationManager.startMonitoringVisits()
    }

    func wake() {
        locationManager.stopMonitoringSignificantLocationChanges()
        locationManager.stopMonitoringVisits()
        for accuracy in [kCLLocationAccuracyHundredMeters, kCLLocationAccuracyKilometer, kCLLocationAccuracyNearestTenMeters] {
            locationManager.desiredAccuracy = accuracy
        }
        locationManager.distanceFilter = 1_000
        locationManager.allowsBackgroundLocationUpdates = true
        locationManager.requestLocation()
        for region in locationManager.monitoredRegions { locationManager.requestState(for: region) }
    }

    func geofence(latitude: Double, longitude: Double, name: String) -> CLCircularRegion {
        let center = CLLocationCoordinate2DMake(CLLocationDegrees(latitude), CLLocationDegrees(longitude))
        let region = CLCircularRegion(center: center, radius: 100, identifier: "\(name)")
        locationManager.startMonitoring(for: region)
        return region
    }

    func forget(_ region: CLRegion) {
        if locationManager.monitoredRegions.contains(region) { locationManager.stopMonitoring(for: region) }
    }

    /// The manager's last fix if it is recent enough (five minutes by default), or none.
    func recentLocation(maxAge: TimeInterval = 300) -> CLLocation? {
        guard let location = locationManager.location, location.timestamp.timeIntervalSinceNow > -maxAge else { return nil }
        return location
    }

    // MARK: CLLocationManagerDelegate

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        authorizationChanges.append(manager.authorizationStatus)
        if !manager.authorizationStatus.isAuthorized { manager.stopUpdatingLocation() }
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        deprecatedStatuses.append(status)
        forward?.locationManager(manager, didChangeAuthorization: status)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last, CLLocationCoordinate2DIsValid(location.coordinate) else { return }
        let stamp = location.timestamp                                        // a Date, as in Core Location
        if let previous = fixes.last {
            _ = stamp.timeIntervalSince(previous.timestamp)
            _ = location.distance(from: previous)
            _ = abs(location.course - previous.course)
        }
        let speed = location.speed >= 0 ? location.speed * 3.6 : nil
        let course = location.course >= 0 ? location.course : nil
        _ = (speed, course, location.altitude, location.verticalAccuracy, location.floor?.level, location.floor?.description)
        guard location.horizontalAccuracy >= 0, location.horizontalAccuracy < 100 else { return }
        fixes.append(location)
        forward?.locationManager(manager, didUpdateLocations: locations)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        let locationError = error as? CLError
        switch locationError?.code {
        case CLError.locationUnknown: errorKinds.append("unknown")
        case CLError.denied: errorKinds.append("denied")
        case CLError.headingFailure: errorKinds.append("heading")
        default: errorKinds.append("other")
        }
        let nsError = error as NSError
        if nsError.domain == kCLErrorDomain, nsError.code == CLError.Code.denied.rawValue { manager.stopUpdatingLocation() }
        if nsError.code == CLError.Code.network.rawValue { errorKinds.append("network") }
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        regionEvents.append("enter \(region.identifier)")
        forward?.locationManager(manager, didEnterRegion: region)
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        regionEvents.append("exit \(region.identifier)")
        forward?.locationManager(manager, didExitRegion: region)
    }

    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        states[region.identifier] = state
        if state == .inside {
            let center = region.center                                        // a coordinate, as in Core Location
            _ = (center.latitude, center.longitude)
        }
    }

    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        manager.requestState(for: region)
    }

    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: Error) {
        let nsError = error as NSError
        let transient = nsError.domain == kCLErrorDomain && nsError.code == CLError.Code.regionMonitoringFailure.rawValue
        if !transient, let region, manager.monitoredRegions.contains(region) { manager.stopMonitoring(for: region) }
        regionEvents.append("failed \(region?.identifier ?? "?")")
    }

    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        _ = (visit.coordinate.latitude, visit.coordinate.longitude, visit.horizontalAccuracy)
        _ = (visit.arrivalDate, visit.departureDate)
        visits.append(visit)
        forward?.locationManager(manager, didVisit: visit)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        guard newHeading.headingAccuracy > 0 else { return }
        headings.append(newHeading.trueHeading)
        _ = newHeading.magneticHeading - newHeading.trueHeading
    }

    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }

    func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: Error?) {}

    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        let error = NSError(domain: kCLErrorDomain, code: CLError.locationUnknown.rawValue,
                            userInfo: [NSLocalizedDescriptionKey: "paused"])
        errorKinds.append("paused \(error.code)")
    }

    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
}

/// The client a library forwards its delegate events to.
final class ForwardedClient: CLLocationManagerDelegate {
    var entered: [String] = []
    var statuses: [CLAuthorizationStatus] = []
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) { entered.append(region.identifier) }
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) { statuses.append(status) }
}

@Suite("The CL… surface of the corpus apps' managers and delegates, compiled and exercised")
struct CorpusSurfaceTests {
    let here = CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.009)

    func launch(_ description: AppDescription = AppDescription(name: "Tracker", backgroundModes: ["location"])) -> (SimulatedDevice, SimulatedApp) {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: here)
        return (device, device.install(description))
    }

    @Test("the permission check, the request and the start read as the apps expect them")
    func permissionFlow() throws {
        let (device, app) = launch()
        let tracker = withSimulatedApp(app) { CorpusTracker() }
        #expect(withSimulatedApp(app) { tracker.checkPermission() } == "ask")
        tracker.askAndStart(always: true)
        device.run()
        try device.choose(.allowWhileUsing)
        #expect(tracker.authorizationChanges.last == .authorizedAlways)       // provisional Always (G1)
        #expect(tracker.deprecatedStatuses.isEmpty)                           // iOS 14+: the new callback only (C1)
        #expect(withSimulatedApp(app) { tracker.checkPermission() } == "always")
        tracker.askAndStart(always: true)
        #expect(tracker.locationManager.desiredAccuracy == kCLLocationAccuracyBestForNavigation)
        #expect(tracker.locationManager.headingOrientation == .portrait)
        device.move(to: CLLocationCoordinate2D(latitude: 37.34, longitude: -122.01))
        let fix = try #require(tracker.fixes.last)
        #expect(fix.floor == nil && fix.altitude == 0 && fix.speed < 0)
        #expect(tracker.recentLocation(maxAge: 86_400)?.coordinate.latitude == 37.34)   // virtual time is near the test's start
        #expect(tracker.headings == [0])                                      // the first heading, north
        #expect(tracker.locationManager.activityType == .fitness && tracker.locationManager.activityType.name == "fitness")
        #expect(CLActivityType.count == CLActivityType.allCases.count)
    }

    @Test("requestState(for:) answers inside or outside for monitored regions; crossings add didDetermineState")
    func regionStates() throws {
        let (device, app) = launch()
        let tracker = withSimulatedApp(app) { CorpusTracker() }
        tracker.askAndStart(always: true)
        device.run()
        try device.choose(.allowWhileUsing)
        let home = tracker.geofence(latitude: here.latitude, longitude: here.longitude, name: "home")
        _ = tracker.geofence(latitude: 48.85, longitude: 2.35, name: "paris")
        device.run()
        #expect(tracker.states.isEmpty)                                       // LocSim does not call didStartMonitoringFor
        tracker.wake()                                                        // requestState for each monitored region
        #expect(tracker.states.isEmpty)                                       // asynchronous, like every delegate call
        device.run()
        #expect(tracker.states == ["home": .inside, "paris": .outside])
        #expect(home.contains(here))

        tracker.locationManager.requestState(for: CLCircularRegion(center: here, radius: 10, identifier: "unmonitored"))
        device.run()
        #expect(tracker.states["unmonitored"] == nil)                         // not monitored: no answer

        device.move(to: CLLocationCoordinate2D(latitude: 37.40, longitude: -122.009))
        #expect(tracker.regionEvents == ["exit home"])
        #expect(tracker.states["home"] == .outside)
        tracker.forget(home)
        #expect(tracker.locationManager.monitoredRegions.map(\.identifier) == ["paris"])
    }

    @Test("requestState(for:) is not answered for an app with approximate location, whose region events LocSim withholds")
    func regionStateNeedsPreciseLocation() throws {
        let (device, app) = launch()
        let tracker = withSimulatedApp(app) { CorpusTracker() }
        tracker.askAndStart(always: false)
        device.run()
        try device.choose(.allowWhileUsing, precise: false)
        #expect(tracker.locationManager.accuracyAuthorization == .reducedAccuracy)
        let home = tracker.geofence(latitude: here.latitude, longitude: here.longitude, name: "home")
        device.run()
        tracker.locationManager.requestState(for: home)
        device.run()
        #expect(tracker.states.isEmpty)
    }

    @Test("a denied app's errors switch on CLError codes and NSError domain; forwarding reaches the client")
    func deniedAndForwarded() throws {
        let (device, app) = launch()
        let client = ForwardedClient()
        let tracker = withSimulatedApp(app) { CorpusTracker() }
        tracker.forward = client
        tracker.askAndStart(always: false)
        device.run()
        try device.choose(.dontAllow)
        #expect(tracker.authorizationChanges.last == .denied)
        #expect(!tracker.authorizationChanges.last!.isAuthorized)
        tracker.locationManager.startUpdatingLocation()
        device.run()
        #expect(tracker.errorKinds == ["denied"])
        #expect(withSimulatedApp(app) { tracker.checkPermission() } == "settings")
        _ = tracker.geofence(latitude: here.latitude, longitude: here.longitude, name: "home")
        device.run()
        #expect(tracker.regionEvents == ["failed home"])                      // regionMonitoringDenied
        #expect(client.statuses.isEmpty)                                      // the new callback is implemented (C1)
    }

    @Test("sleep and wake: CLLocationDistanceMax is kept, visits arrive with Date fields, and region entries are forwarded")
    func sleepWakeVisitsAndForwarding() throws {
        let (device, app) = launch()
        let client = ForwardedClient()
        let injected = withSimulatedApp(app) { CLLocationManager() }
        let tracker = withSimulatedApp(app) { CorpusTracker(locationManager: injected) }
        tracker.forward = client
        tracker.askAndStart(always: true)
        device.run()
        try device.choose(.allowWhileUsing)
        tracker.sleep()
        #expect(tracker.locationManager.distanceFilter == CLLocationDistanceMax)
        #expect(tracker.locationManager.desiredAccuracy == kCLLocationAccuracyThreeKilometers)
        device.run()
        device.visit()
        let visit = try #require(tracker.visits.first)
        #expect(visit.departureDate == .distantFuture && visit.arrivalDate <= Date().addingTimeInterval(60))
        tracker.wake()
        #expect(tracker.locationManager.distanceFilter == 1_000)
        #expect(tracker.locationManager.allowsBackgroundLocationUpdates)
        _ = tracker.geofence(latitude: 37.40, longitude: -122.009, name: "office")
        device.run()
        device.move(to: CLLocationCoordinate2D(latitude: 37.40, longitude: -122.009))
        #expect(client.entered == ["office"])
        #expect(tracker.states["office"] == .inside)
        #expect(injected.monitoredRegions.map(\.identifier) == ["office"])     // regions are shared by the app's managers
        tracker.releaseRegionManager()
        #expect(tracker.regionManager == nil)
    }

    @Test("headingOrientation keeps what the app sets, for every CLDeviceOrientation")
    func headingOrientation() {
        let (device, app) = launch()
        let tracker = withSimulatedApp(app) { CorpusTracker() }
        #expect(tracker.locationManager.app.device === device)
        for orientation in [ScreenOrientation.portrait, .upsideDown, .left, .right, .up, .down, .other] {
            tracker.locationManager.headingOrientation = orientation.clOrientation
            #expect(tracker.locationManager.headingOrientation == orientation.clOrientation)
        }
        #expect(CLDeviceOrientation.allCases.map(\.rawValue) == Array(0...6))
    }
}
