import Testing
import LocSim
import LocSimModel

/// SPEC sections B and C (and D2) through the simulator: which delegate methods run, when, on
/// which managers.
@Suite("B, C, D2: delegate callbacks through the simulator")
struct DelegateCallbackTests {
    /// Records every authorization callback, new and deprecated.
    final class BothMethods: LocationManagerDelegate {
        var calls: [String] = []
        func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
            calls.append("didChange(\(manager.authorizationStatus), \(manager.accuracyAuthorization))")
        }
        func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) {
            calls.append("didChangeAuthorization(\(status))")
        }
    }

    /// Implements only the deprecated method.
    final class OldMethodOnly: LocationManagerDelegate {
        var statuses: [AuthorizationStatus] = []
        func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) { statuses.append(status) }
    }

    /// A device with one app, launched in the foreground, with no manager yet.
    static func launchedApp(_ platform: Platform = Platform(.iOS, 18)) -> (SimulatedDevice, SimulatedApp) {
        let device = SimulatedDevice(platform: platform)
        let app = device.install(AppDescription(name: "Trails"))
        app.launch()
        return (device, app)
    }

    @Test("B1: the instance property and the deprecated class method read the same status")
    func instanceAndClassAPIAgree() throws {
        let (device, app) = Self.launchedApp()
        let manager = LocationManager(app: app)
        device.run()
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(LocationManager.authorizationStatus(of: app) == manager.authorizationStatus)
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(LocationManager.authorizationStatus(of: app) == .authorizedWhenInUse)
        app.changeSetting(.never)
        #expect(LocationManager.authorizationStatus(of: app) == .denied)
        #expect(manager.authorizationStatus == .denied)
    }

    @Test("B2: every manager reads the app's status and reports each change to its own delegate")
    func everyManagerReports() throws {
        let (device, app) = Self.launchedApp()
        let first = LocationManager(app: app, name: "first"), second = LocationManager(app: app, name: "second")
        let a = BothMethods(), b = BothMethods()
        first.delegate = a
        second.delegate = b
        device.run()
        // A request made through the second manager changes what the first reports too.
        second.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing)
        #expect(first.authorizationStatus == .authorizedWhenInUse)
        #expect(second.authorizationStatus == .authorizedWhenInUse)
        #expect(a.calls == ["didChange(notDetermined, full)", "didChange(authorizedWhenInUse, full)"])
        #expect(b.calls == a.calls)
        #expect(device.timeline.callbacks(of: "first").map(\.description) == ["didChangeAuthorization(notDetermined)", "didChangeAuthorization(authorizedWhenInUse)"])
        #expect(device.timeline.callbacks(of: "second") == device.timeline.callbacks(of: "first"))
    }

    @Test("C1: iOS 14+ calls locationManagerDidChangeAuthorization; earlier iOS calls the deprecated method")
    func newAndDeprecatedMethods() throws {
        // iOS 14 and later: the new method only (a delegate implementing both is not called twice).
        for platform in [Platform(.iOS, 14), Platform(.iOS, 18), Platform(.watchOS, 7), Platform(.tvOS, 14), Platform(.macOS, 11)] {
            let (device, app) = Self.launchedApp(platform)
            let manager = LocationManager(app: app)
            let recorder = BothMethods()
            manager.delegate = recorder
            device.run()
            manager.requestWhenInUseAuthorization()
            try device.choose(device.promptOnScreen!.prompt.buttons.contains(.allowWhileUsing) ? .allowWhileUsing : .allow)
            let granted: AuthorizationStatus = platform.os == .macOS ? .authorizedAlways : .authorizedWhenInUse
            #expect(recorder.calls == ["didChange(notDetermined, full)", "didChange(\(granted), full)"], "\(platform)")
        }
        // iOS 13: the deprecated method, with the status, creation callback included.
        let (device, app) = Self.launchedApp(Platform(.iOS, 13, 4))
        let manager = LocationManager(app: app)
        let recorder = BothMethods()
        manager.delegate = recorder
        device.run()
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowWhileUsing)
        #expect(recorder.calls == ["didChangeAuthorization(notDetermined)", "didChangeAuthorization(authorizedWhenInUse)"])

        // On iOS 14+, a delegate with only the deprecated method still hears status changes, but not accuracy-only ones.
        let (d14, app14) = Self.launchedApp(Platform(.iOS, 14))
        let m14 = LocationManager(app: app14)
        let old = OldMethodOnly()
        m14.delegate = old
        d14.run()
        m14.requestWhenInUseAuthorization()
        try d14.choose(.allowWhileUsing)
        app14.setPreciseLocation(false)
        #expect(app14.accuracyAuthorization == .reducedAccuracy)
        #expect(old.statuses == [.notDetermined, .authorizedWhenInUse])
    }

    @Test("C3: the creation callback arrives asynchronously on the run loop, so the delegate must be set in the same turn")
    func creationCallbackIsAsynchronous() {
        let (device, app) = Self.launchedApp()
        let manager = LocationManager(app: app)
        let recorder = BothMethods()
        manager.delegate = recorder
        // Nothing was delivered inside the initializer: the run loop has not turned yet.
        #expect(recorder.calls.isEmpty)
        device.run()
        #expect(recorder.calls == ["didChange(notDetermined, full)"])

        // A delegate set after the run loop turned misses the creation callback.
        let late = LocationManager(app: app, name: "late")
        device.run()
        let lateRecorder = BothMethods()
        late.delegate = lateRecorder
        device.run()
        #expect(lateRecorder.calls.isEmpty)
        #expect(device.timeline.entries.contains { $0.kind == .delegate && $0.manager == "late" && $0.text.hasSuffix("(no delegate)") })
    }

    @Test("D2: requestWhenInUseAuthorization returns at once; the answer arrives later through the delegate")
    func requestReturnsImmediately() {
        let (device, app) = Self.launchedApp()
        let manager = LocationManager(app: app)
        let recorder = BothMethods()
        manager.delegate = recorder
        device.run()
        device.user.willChoose(.allowWhileUsing)
        manager.requestWhenInUseAuthorization()
        // Back in the app: the prompt is up, nothing decided, no callback yet.
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(device.promptOnScreen?.prompt.kind == .initial)
        #expect(recorder.calls == ["didChange(notDetermined, full)"])
        device.run()
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(recorder.calls == ["didChange(notDetermined, full)", "didChange(authorizedWhenInUse, full)"])
    }
}
