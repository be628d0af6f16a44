import Testing
import LocSim
import LocSimCoreLocation

/// Records the lifecycle notifications and authorization callbacks an app sees, in order.
final class LifecycleRecorder: CLLocationManagerDelegate {
    var log: [String] = []
    var manager: CLLocationManager?

    init(app: SimulatedApp, scenes: Bool = false) {
        let names = [UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification,
                     UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification]
            + (scenes ? [UIScene.willEnterForegroundNotification, UIScene.didActivateNotification,
                         UIScene.willDeactivateNotification, UIScene.didEnterBackgroundNotification] : [])
        for name in names { app.observe(name) { [unowned self] n in log.append(n.description) } }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        log.append("didChangeAuthorization(\(manager.authorizationStatus))")
    }
}

@Suite("C11: lifecycle notifications reach app code in order, on the run loop")
struct LifecycleNotificationTests {
    @Test("launch, a prompt and its answer, background and foreground, with the scene's notifications first")
    func order() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        var recorder: LifecycleRecorder?
        app.onLaunch = { app in
            let r = LifecycleRecorder(app: app, scenes: true)
            withSimulatedApp(app) { r.manager = CLLocationManager() }
            r.manager?.delegate = r
            recorder = r
        }
        app.launch()
        let r = try #require(recorder)
        #expect(r.log == ["sceneWillEnterForeground", "sceneDidBecomeActive", "didBecomeActive", "didChangeAuthorization(notDetermined)"])
        r.log = []
        r.manager?.requestWhenInUseAuthorization()
        #expect(r.log.isEmpty)                                  // nothing inside the app's own call (C3)
        device.run()
        #expect(r.log == ["sceneWillResignActive", "willResignActive"])
        r.log = []
        try device.choose(.allowWhileUsing)
        #expect(r.log == ["sceneDidBecomeActive", "didBecomeActive", "didChangeAuthorization(authorizedWhenInUse)"])
        r.log = []
        app.enterBackground()
        app.enterForeground()
        #expect(r.log == ["sceneWillResignActive", "willResignActive", "sceneDidEnterBackground", "didEnterBackground",
                          "sceneWillEnterForeground", "willEnterForeground", "sceneDidBecomeActive", "didBecomeActive"])
    }

    @Test("locking with a prompt on screen: already inactive, the app only enters the background; unlocking shows the prompt again")
    func lockWhilePrompting() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        app.launch()
        let r = LifecycleRecorder(app: app)
        let manager = withSimulatedApp(app) { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        device.run()
        #expect(r.log == ["willResignActive"])
        r.log = []
        device.lock()
        #expect(r.log == ["didEnterBackground"])
        r.log = []
        device.unlock()
        #expect(r.log.first == "willEnterForeground")
    }

    @Test("removeObserver stops a handler; a terminated app loses its observers")
    func observersEnd() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        app.launch()
        var seen: [LifecycleNotification] = []
        let token = app.observe(nil) { seen.append($0) }
        var kept = 0
        app.observe(.didBecomeActive) { _ in kept += 1 }
        app.enterBackground()
        #expect(seen == [.sceneWillResignActive, .willResignActive, .sceneDidEnterBackground, .didEnterBackground])
        app.removeObserver(token)
        app.enterForeground()
        #expect(seen.count == 4)
        #expect(kept == 1)
        app.terminate()
        app.launch()
        #expect(kept == 1)
    }
}
