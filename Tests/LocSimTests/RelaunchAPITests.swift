import Foundation
import LocSim
import LocSimModel
import Testing

/// The Swift API of O16–O18: the three ways an app stops, the launch options a relaunched app
/// reads, whether its scene is connected, and the timeline's note for an activity session that
/// cannot become active.
@Suite("SimulatedApp: force quit, crash, launch options and scenes")
struct RelaunchAPITests {
    static let here = Coordinate(latitude: 37.3349, longitude: -122.009)

    /// An Always app that monitors visits, launched once and ended, on a fresh device.
    static func visitLogger(scenes: Bool, platform: Platform = Platform(.iOS, 18)) -> (SimulatedDevice, SimulatedApp, Box) {
        let device = SimulatedDevice(platform: platform, location: here)
        var description = AppDescription(name: "Visits")
        description.scenes = scenes
        let app = device.install(description)
        let box = Box()
        app.onLaunch = { app in
            box.launchOptions.append(app.launchOptions)
            box.sceneConnectedAtLaunch.append(app.isSceneConnected)
            box.manager = LocationManager(app: app)
        }
        app.changeSetting(.always)
        app.launch()
        box.manager?.startMonitoringVisits()
        app.enterBackground()
        app.terminate()
        return (device, app, box)
    }

    final class Box {
        var launchOptions: [Set<LaunchOptionsKey>] = []
        var sceneConnectedAtLaunch: [Bool] = []
        var manager: LocationManager?
    }

    @Test("O18: a relaunch for a location event carries the location launch key under the app-delegate life cycle, and none under scenes, where no scene connects until the foreground")
    func launchOptionsByLifeCycle() {
        for scenes in [false, true] {
            let (device, app, box) = Self.visitLogger(scenes: scenes)
            device.visit()
            #expect(app.state == .background)
            #expect(box.launchOptions == [[], scenes ? [] : [.location]], "scenes \(scenes)")
            #expect(app.launchOptions == (scenes ? [] : [.location]))
            #expect(!app.isSceneConnected, "a launch into the background connects no scene")
            app.enterForeground()
            #expect(app.isSceneConnected == scenes)
            app.terminate()
            #expect(app.launchOptions.isEmpty && !app.isSceneConnected)
            app.launch()
            #expect(app.launchOptions.isEmpty && app.isSceneConnected == scenes, "a user's launch carries no key")
            #expect(box.sceneConnectedAtLaunch.allSatisfy { !$0 }, "launch code runs before the scene connects")
        }
    }

    @Test("O18, I12: the relaunch's visit reaches the app once its launch code starts visit monitoring again, not before")
    func visitWaitsForRestart() {
        let (device, app, box) = Self.visitLogger(scenes: true)
        device.visit()
        #expect(!device.timeline.entries.contains { $0.app == app.name && $0.text.hasPrefix("didVisit") })
        box.manager?.startMonitoringVisits()
        device.run()
        #expect(device.timeline.entries.contains { $0.app == app.name && $0.text.hasPrefix("didVisit") })
    }

    @Test("O17: forceQuit and crash end the process and show in the timeline; terminate keeps its meaning, the system ending the app")
    func forceQuitAndCrash() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.here)
        let app = device.install(AppDescription(name: "Runs"))
        for (stop, word) in [({ app.forceQuit() }, "force quit"), ({ app.crash() }, "crash"), ({ app.terminate() }, "terminate")] as [(() -> Void, String)] {
            app.launch()
            stop()
            #expect(app.state == .notRunning, "\(word)")
            #expect(device.timeline.entries.last { $0.kind == .lifecycle }?.text == word)
        }
        #expect(app.model.lifecycle.forceQuit == false, "the last stop was a termination")
        // A suspended app cannot crash: the simulator refuses it.
        app.launch()
        app.enterBackground()
        app.suspend()
        let before = device.rejections.count
        app.crash()
        #expect(device.rejections.count == before + 1)
        #expect(app.state == .suspended)
    }

    @Test("O16: the timeline notes that an activity session of an app without the location background mode cannot become active")
    func noteForModelessActivity() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.here)
        let app = device.install(AppDescription(name: "Runs"))
        app.launch()
        app.changeSetting(.whileUsing)
        let session = app.backgroundActivitySession()
        #expect(device.timeline.entries.contains { $0.kind == .note && $0.text.contains("UIBackgroundModes lacks location") && $0.text.contains("(O16)") })
        app.enterBackground()
        device.advance(by: .seconds(30))
        #expect(!app.isInUse && !app.model.indicatorShowing)
        session.invalidate()
    }

    @Test("O18: an Info.plist with a UIApplicationSceneManifest is an app with the scene life cycle")
    func sceneManifestInInfoPlist() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>NSLocationWhenInUseUsageDescription</key><string>Map.</string>
          <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>
        </dict></plist>
        """
        #expect(try InfoPlist.appDescription(from: Data(plist.utf8), file: "Info.plist").scenes)
        let without = plist.replacingOccurrences(of: "<key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>", with: "")
        #expect(try !InfoPlist.appDescription(from: Data(without.utf8), file: "Info.plist").scenes)
        let wrong = plist.replacingOccurrences(of: "<dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>", with: "<true/>")
        #expect(throws: InputError.self) { try InfoPlist.appDescription(from: Data(wrong.utf8), file: "Info.plist") }
    }
}
