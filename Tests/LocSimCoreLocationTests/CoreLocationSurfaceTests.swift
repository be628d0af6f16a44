import Foundation
import Testing
import LocSim
import LocSimCoreLocation

/// A view model written as an iOS developer writes one against Core Location: it touches the
/// manager and delegate surface permission-handling code uses (the apps of the shared corpus and
/// issue 14's list). That this file compiles is the test that the surface exists; the tests below
/// exercise the names that have behaviour.
final class SurfaceViewModel: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var status: CLAuthorizationStatus = .notDetermined
    var accuracy: CLAccuracyAuthorization = .fullAccuracy
    var oldStyleStatuses: [CLAuthorizationStatus] = []
    var lastLocation: CLLocation?
    var errors: [CLError.Code] = []
    var deniedByCatch = false
    var headings: [CLLocationDirection] = []
    var entered: [String] = []
    var exited: [String] = []
    var visits: [CLVisit] = []

    override init() {
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        manager.distanceFilter = kCLDistanceFilterNone
        manager.activityType = .fitness
        manager.pausesLocationUpdatesAutomatically = true
        manager.headingFilter = 5
    }

    /// Everything a permission screen reads before it asks.
    func describe() -> String {
        let services = CLLocationManager.locationServicesEnabled()
        let classStatus: CLAuthorizationStatus = CLLocationManager.authorizationStatus()
        let significant = CLLocationManager.significantLocationChangeMonitoringAvailable()
        let regions = CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self)
        let heading = CLLocationManager.headingAvailable()
        return "\(services) \(classStatus) \(manager.authorizationStatus) \(manager.accuracyAuthorization) \(significant) \(regions) \(heading)"
    }

    func statusText(_ status: CLAuthorizationStatus) -> String {
        switch status {
        case .notDetermined: "ask"
        case .restricted, .denied: "settings"
        case .authorizedWhenInUse: "while using"
        case .authorizedAlways: "always"
        @unknown default: "unknown"
        }
    }

    func askAndStart() {
        switch manager.authorizationStatus {
        case .notDetermined: manager.requestWhenInUseAuthorization()
        case .authorizedWhenInUse: manager.requestAlwaysAuthorization()
        case .authorized, .authorizedAlways:
            manager.allowsBackgroundLocationUpdates = false
            manager.showsBackgroundLocationIndicator = true
            manager.startUpdatingLocation()
        default: break
        }
    }

    func startEverything(region: CLCircularRegion) {
        manager.requestLocation()
        manager.startUpdatingLocation()
        manager.startMonitoringSignificantLocationChanges()
        manager.startMonitoringVisits()
        manager.startMonitoring(for: region)
        manager.startUpdatingHeading()
    }

    func stopEverything(region: CLRegion) {
        manager.stopUpdatingLocation()
        manager.stopMonitoringSignificantLocationChanges()
        manager.stopMonitoringVisits()
        manager.stopMonitoring(for: region)
        manager.stopUpdatingHeading()
        _ = manager.monitoredRegions.map(\.identifier)
        _ = manager.location?.coordinate
        _ = manager.heading?.trueHeading
    }

    // MARK: CLLocationManagerDelegate

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        status = manager.authorizationStatus
        accuracy = manager.accuracyAuthorization
    }
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        oldStyleStatuses.append(status)
    }
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last, CLLocationCoordinate2DIsValid(location.coordinate) else { return }
        let age: TimeInterval = -location.timestamp.timeIntervalSinceNow
        guard age < 60, location.horizontalAccuracy >= 0 else { return }
        let motion: [Double] = [location.speed, location.speedAccuracy, location.course, location.courseAccuracy,
                                location.altitude, location.verticalAccuracy]
        _ = motion
        lastLocation = location
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        if let error = error as? CLError {
            errors.append(error.code)
            if error.code == .denied { manager.stopUpdatingLocation() }
        }
        do { throw error } catch CLError.denied { deniedByCatch = true } catch {}
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) { entered.append(region.identifier) }
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) { exited.append(region.identifier) }
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {}
    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: Error) {}
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {}
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) { visits.append(visit) }
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        headings.append(newHeading.magneticHeading)
        _ = (newHeading.trueHeading, newHeading.headingAccuracy, newHeading.timestamp)
    }
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}

    /// The async accuracy request, as Swift concurrency code writes it.
    func askForPrecision() async -> Bool {
        guard manager.accuracyAuthorization == .reducedAccuracy else { return true }
        do {
            try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
        } catch {
            return false
        }
        return manager.accuracyAuthorization == .fullAccuracy
    }
}

@Suite("The CL… surface permission-handling code touches, compiled and exercised")
struct CoreLocationSurfaceTests {
    let cupertino = CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.009)

    @Test("CLLocation(latitude:longitude:), distance(from:), a Date timestamp, and no speed, course or altitude")
    func locationValues() {
        let a = CLLocation(latitude: 37.3349, longitude: -122.009)
        let b = CLLocation(latitude: 37.3349, longitude: -122.019)
        let d: CLLocationDistance = a.distance(from: b)
        #expect(d > 870 && d < 890)                       // 0.01° of longitude at 37.3° N ≈ 885 m
        #expect(a.distance(from: a) == 0)
        let t: Date = a.timestamp
        #expect(abs(t.timeIntervalSinceNow) < 3600)       // virtual time zero is about now
        #expect(a.speed < 0 && a.course < 0 && a.verticalAccuracy < 0 && a.speedAccuracy < 0 && a.courseAccuracy < 0)
        #expect(a.altitude == 0 && a.horizontalAccuracy == 0)
    }

    @Test("CLLocationCoordinate2DIsValid and kCLLocationCoordinate2DInvalid")
    func coordinateValidity() {
        #expect(CLLocationCoordinate2DIsValid(cupertino))
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(-90, 180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: -180.5)))
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    }

    @Test("CLCircularRegion(center:radius:identifier:) is monitored and entered by its identifier")
    func circularRegion() throws {
        let region = CLCircularRegion(center: cupertino, radius: 150, identifier: "campus")
        #expect(region.identifier == "campus")
        #expect(region.center.latitude == 37.3349)
        #expect(region.radius == 150)
        #expect(region.contains(cupertino))
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: cupertino)
        let app = device.install(AppDescription(name: "Runner", backgroundModes: ["location"]))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        withSimulatedApp(app) { model.manager.requestAlwaysAuthorization() }
        device.run()
        try device.choose(.allowWhileUsing)
        model.manager.startMonitoring(for: region)
        device.run()
        #expect(model.manager.monitoredRegions.map(\.identifier) == ["campus"])
        device.exitRegion("campus")
        device.enterRegion("campus")
        #expect(model.exited == ["campus"])
        #expect(model.entered == ["campus"])
    }

    @Test("a denied app's updates fail with CLError.Code.denied: error as? CLError, .code, catch CLError.denied, NSError domain")
    func deniedError() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: cupertino)
        let app = device.install(AppDescription(name: "Runner"))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        model.askAndStart()
        device.run()
        try device.choose(.dontAllow)
        #expect(model.status == .denied)
        #expect(model.statusText(model.status) == "settings")
        model.manager.startUpdatingLocation()
        device.run()
        #expect(model.errors == [.denied])
        #expect(model.deniedByCatch)
        let nsError = LocationError(.denied) as NSError
        #expect(nsError.domain == kCLErrorDomain)
        #expect(nsError.code == CLError.Code.denied.rawValue)
    }

    @Test("updates reach the delegate with a fresh Date timestamp; distanceFilter, activityType and headingFilter are kept")
    func updatesAndProperties() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: cupertino)
        let app = device.install(AppDescription(name: "Runner"))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        model.askAndStart()
        device.run()
        try device.choose(.allowWhileUsing)
        #expect(model.oldStyleStatuses.isEmpty)           // iOS 14+: the new callback only (C1)
        model.manager.startUpdatingLocation()
        device.advance(by: .seconds(5))
        device.move(to: CLLocationCoordinate2D(latitude: 37.34, longitude: -122.01))
        let fix = try #require(model.lastLocation)
        #expect(fix.coordinate.latitude == 37.34)
        let virtual: Duration = fix.timestamp            // made 5 virtual seconds in; its Date is fresh (above)
        #expect(virtual == .seconds(5))
        #expect(model.manager.distanceFilter == kCLDistanceFilterNone)
        #expect(model.manager.activityType == CLActivityType.fitness)
        #expect(model.manager.headingFilter == 5)
        #expect(withSimulatedApp(app) { model.describe() } == "true authorizedWhenInUse authorizedWhenInUse full true true true")
    }

    @Test("a delivered fix, heading or visit is stamped at delivery: fresh against Date() after hours of virtual time, its virtual age kept, not part of its identity")
    func deliveredDatesAreFresh() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: cupertino)
        let app = device.install(AppDescription(name: "Runner", backgroundModes: ["location"]))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        model.askAndStart()
        device.run()
        try device.choose(.allowWhileUsing)
        model.manager.startUpdatingLocation()
        model.manager.startUpdatingHeading()
        model.manager.startMonitoringVisits()
        device.advance(by: .seconds(7_200))            // two virtual hours: Date() does not move with them
        device.move(to: CLLocationCoordinate2D(latitude: 37.34, longitude: -122.01))
        device.turn(toHeading: 90)
        device.visit()
        // What Apple's sample code checks before it trusts a fix: abs(timeIntervalSinceNow) < 15.
        let fix = try #require(model.lastLocation)
        #expect(abs(fix.timestamp.timeIntervalSinceNow) < 15)
        #expect(abs(try #require(model.manager.location).timestamp.timeIntervalSinceNow) < 15)
        #expect(abs(try #require(model.manager.heading).timestamp.timeIntervalSinceNow) < 15)
        let visit = try #require(model.visits.last)
        #expect(abs(visit.arrivalDate.timeIntervalSinceNow) < 15)
        // The virtual clock still says when: the stamp is the fix's identity-free wall-clock face.
        let virtual: Duration = fix.timestamp
        #expect(virtual == device.now)
        var unstamped = fix
        unstamped.deliveredDate = nil
        #expect(unstamped == fix && unstamped.hashValue == fix.hashValue)
        #expect(unstamped.timestamp.timeIntervalSince(fix.timestamp) > 7_000)   // VirtualDate's epoch + 2 h
    }

    @Test("heading: delivered on start and on each turn past the filter, not after stop; unavailable on tvOS")
    func heading() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        model.manager.startUpdatingHeading()             // no authorization needed
        device.run()
        #expect(model.headings == [0])
        device.turn(toHeading: 3)                        // under the 5° filter
        device.turn(toHeading: 90)
        device.turn(toHeading: 358)                      // 92° the short way round
        #expect(model.headings == [0, 90, 358])
        #expect(model.manager.heading?.magneticHeading == 358)
        model.manager.stopUpdatingHeading()
        device.turn(toHeading: 180)
        #expect(model.headings == [0, 90, 358])

        let tv = SimulatedDevice(platform: Platform(.tvOS, 17))
        let tvApp = tv.install(AppDescription(name: "Runner"))
        withSimulatedApp(tvApp) {
            #expect(!CLLocationManager.headingAvailable())
            #expect(!CLLocationManager.significantLocationChangeMonitoringAvailable())
            #expect(!CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))
        }
    }

    @Test("visits carry Date arrival and departure dates")
    func visits() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: cupertino)
        let app = device.install(AppDescription(name: "Runner", backgroundModes: ["location"]))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        model.manager.requestAlwaysAuthorization()
        device.run()
        try device.choose(.allowWhileUsing)
        model.manager.startMonitoringVisits()
        device.run()
        device.visit()
        let visit = try #require(model.visits.first)
        #expect(visit.arrivalDate <= Date().addingTimeInterval(60))
        #expect(visit.departureDate == .distantFuture)
    }

    @Test("async requestTemporaryFullAccuracyAuthorization returns after the scripted answer, and throws when nobody answers")
    func asyncFullAccuracy() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: cupertino)
        let app = device.install(AppDescription(name: "Runner", temporaryPurposeKeys: ["Navigation": "To guide you"]))
        let model = withSimulatedApp(app) { SurfaceViewModel() }
        model.manager.requestWhenInUseAuthorization()
        device.run()
        try device.choose(.allowWhileUsing, precise: false)
        #expect(model.accuracy == .reducedAccuracy)
        await #expect(throws: SimulationError.self) {
            try await model.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
        }
        try device.choose(.dontAllow)                    // the prompt the failed await left on screen
        #expect(model.manager.accuracyAuthorization == .reducedAccuracy)
        device.user.willChoose(.allow)
        #expect(await model.askForPrecision())           // the scripted user allows while it awaits
        #expect(device.promptOnScreen == nil)
        #expect(await model.askForPrecision())           // already full: returns at once
    }
}
