import Testing
import LocSim
import LocSimModelTestSupport
import LocSimTestSupport

/// The Core Location–shaped surface of `LocationManager`, beyond what the rule tests cover.
@Suite("LocationManager: Core Location's shape")
struct LocationManagerAPITests {
    final class OldStyle: LocationManagerDelegate {
        var statuses: [AuthorizationStatus] = []
        func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) { statuses.append(status) }
    }

    func launched(_ platform: Platform = Platform(.iOS, 18), app description: AppDescription = AppDescription(backgroundModes: ["location"])) -> (SimulatedDevice, SimulatedApp, LocationManager, Rig.Recorder) {
        let device = SimulatedDevice(platform: platform, location: Coordinate(latitude: 37.3349, longitude: -122.009))
        let app = device.install(description)
        let recorder = Rig.Recorder()
        var manager: LocationManager!
        app.onLaunch = { app in
            manager = LocationManager(app: app)
            manager.delegate = recorder
        }
        app.launch()
        return (device, app, manager, recorder)
    }

    @Test("authorizationUpdates yields every status the delegate is told, for Swift concurrency")
    func asyncStream() async throws {
        let (device, _, manager, _) = launched()
        let stream = manager.authorizationUpdates
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing)
        manager.app.changeSetting(.never)
        var seen: [AuthorizationStatus] = []
        for await status in stream {
            seen.append(status)
            if seen.count == 2 { break }
        }
        #expect(seen == [.authorizedWhenInUse, .denied])
    }

    @Test("C1: on iOS 14+ a delegate that implements only the deprecated method still hears status changes, not accuracy-only ones")
    func deprecatedCallbackForwarding() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install()
        let old = OldStyle()
        var manager: LocationManager!
        app.onLaunch = { manager = LocationManager(app: $0); manager.delegate = old }
        app.launch()
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing)
        app.setPreciseLocation(false)                       // accuracy only (C7)
        #expect(old.statuses == [.notDetermined, .authorizedWhenInUse])
    }

    @Test("K5: the temporary full accuracy completion gets nil after a shown prompt and promptDeclined without one")
    func fullAccuracyCompletion() throws {
        let description = AppDescription(temporaryPurposeKeys: ["Navigation": "Turn-by-turn needs your exact location."])
        let (device, app, manager, _) = launched(app: description)
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing, precise: false)
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        var results: [String] = []
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Unknown") { results.append($0.map { "\($0)" } ?? "nil") }
        device.run()
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { results.append($0.map { "\($0)" } ?? "nil") }
        #expect(device.promptOnScreen?.prompt.message == "Turn-by-turn needs your exact location.")
        try device.choose(.allow)
        #expect(results == ["kCLErrorDomain error 18 (promptDeclined)", "nil"])
        #expect(manager.accuracyAuthorization == .fullAccuracy)
        app.enterBackground()
        device.advance(by: .seconds(11))                    // K6: expires when no longer in use
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
    }

    @Test("desiredAccuracy takes the kCLLocationAccuracy… values; properties read back what was set")
    func properties() {
        let (_, _, manager, _) = launched()
        #expect(manager.desiredAccuracy == DesiredAccuracy.best.meters)
        manager.desiredAccuracy = DesiredAccuracy.hundredMeters.meters
        #expect(manager.desiredAccuracy == 100)
        manager.pausesLocationUpdatesAutomatically = false
        #expect(!manager.pausesLocationUpdatesAutomatically)
        manager.showsBackgroundLocationIndicator = true
        #expect(manager.showsBackgroundLocationIndicator)
        manager.allowsBackgroundLocationUpdates = true
        #expect(manager.allowsBackgroundLocationUpdates)
    }

    @Test("Regions, visits and one-shot requests reach the right delegate methods")
    func monitoringCallbacks() throws {
        let (device, _, manager, recorder) = launched()
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing)
        let home = Region(name: "home", center: Coordinate(latitude: 37.0, longitude: -122.0), radius: 200)
        manager.startMonitoring(for: home)
        manager.startMonitoringVisits()
        #expect(manager.monitoredRegions == [home])
        device.move(to: Coordinate(latitude: 37.0, longitude: -122.0))
        device.visit()
        device.move(to: Coordinate(latitude: 37.5, longitude: -122.0))
        manager.requestLocation()
        device.run()
        #expect(recorder.log == ["auth(notDetermined)", "auth(authorizedWhenInUse)", "enter(home)", "visit", "exit(home)", "locations(1)"])
        #expect(manager.location?.coordinate == Coordinate(latitude: 37.5, longitude: -122.0))
        manager.stopMonitoring(for: home)
        #expect(manager.monitoredRegions.isEmpty)
    }

    @Test("B1: the class spellings read the same app-wide values")
    func classSpellings() throws {
        let (device, app, manager, _) = launched()
        #expect(LocationManager.authorizationStatus(of: app) == .notDetermined)
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowOnce)
        #expect(LocationManager.authorizationStatus(of: app) == .authorizedWhenInUse)
        #expect(LocationManager.locationServicesEnabled(on: device))
        device.setLocationServices(false)
        #expect(!LocationManager.locationServicesEnabled(on: device))
        #expect(manager.authorizationStatus == .denied)
    }

    @Test("Same inputs, byte-identical timelines")
    func deterministicTimeline() throws {
        func run() throws -> String {
            let (device, app, manager, _) = launched()
            manager.requestAlwaysAuthorization()
            try device.choose(.allowWhileUsing)
            manager.startUpdatingLocation()
            manager.startMonitoring(for: Region(name: "work", center: Coordinate(latitude: 37.4, longitude: -122.1), radius: 300))
            app.enterBackground()
            device.advance(by: .seconds(30))
            app.terminate()
            device.move(to: Coordinate(latitude: 37.4, longitude: -122.1))
            try device.choose(.changeToAlwaysAllow)
            device.advance(by: .seconds(3600))
            return device.timeline.text
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.contains("alwaysConfirmation"))
        #expect(first.contains("didEnterRegion(work)"))
    }
}
