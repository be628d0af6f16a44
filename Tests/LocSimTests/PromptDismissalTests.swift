import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// System prompts are modal: going to Settings takes them away unanswered, as locking does.
@Suite("Prompts that go away unanswered, through the simulator")
struct PromptDismissalTests {
    @Test("The timeline says when the app's state changes without a lifecycle step: lock, unlock, woken for an event")
    func timelineLifecycleLines() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(Rig.app)
        var manager: LocationManager!
        app.onLaunch = { manager = LocationManager(app: $0) }
        app.launch()
        device.lock()
        device.unlock()
        manager.requestAlwaysAuthorization()
        try device.choose(.allowWhileUsing)
        app.changeSetting(.always)
        manager.startMonitoring(for: Region(name: "home"))
        app.enterBackground()
        device.advance(by: .seconds(20))
        app.suspend()
        device.enterRegion("home")
        let lines = device.timeline.entries.filter { $0.kind == .lifecycle }.map(\.text)
        #expect(lines.contains("foreground → background (device locked)"))
        #expect(lines.contains("background → foreground (device unlocked)"))
        #expect(lines.contains("suspended → background (woken for a location event)"))
    }
}
