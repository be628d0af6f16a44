import Foundation
import Testing
import LocSim
import LocSimModel
import LocSimCoreLocation

/// `Bundle.app`: app code reads the simulated app's Info.plist, not the test binary's.
@Suite("Bundle.app reads the simulated app's Info.plist")
struct AppBundleTests {
    static let alwaysKey = PurposeKey.alwaysAndWhenInUse.rawValue
    static let whenInUseKey = PurposeKey.whenInUse.rawValue

    @Test("J1, J2: inside withSimulatedApp it is that app's Info.plist; outside, the default app's")
    func readsTheAttachedApp() async {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Nearby", purposeStrings: [.whenInUse: "Shows what is near you."],
                                                backgroundModes: ["location"]))
        let read = await withSimulatedApp(app) { () async -> [String?] in
            await Task.yield()
            let bundle = Bundle.app
            return [bundle.object(forInfoDictionaryKey: Self.whenInUseKey) as? String,
                    bundle.object(forInfoDictionaryKey: Self.alwaysKey) as? String,
                    (bundle.infoDictionary?["UIBackgroundModes"] as? [String])?.joined(separator: ","),
                    bundle.infoDictionary?["CFBundleDisplayName"] as? String]
        }
        #expect(read == ["Shows what is near you.", nil, "location", "Nearby"])
        // A task the app starts reads the same app.
        let fromTask = await withSimulatedApp(app) { () async -> Bool in
            await Task { Bundle.app.object(forInfoDictionaryKey: Self.alwaysKey) == nil }.value
        }
        #expect(fromTask)
        // Outside any simulation: the default app, which declares every purpose string.
        #expect(Bundle.app.object(forInfoDictionaryKey: Self.alwaysKey) as? String == AppDescription.allPurposeStrings[.alwaysAndWhenInUse])
    }

    @Test("the dictionary is the one LocSim's Info.plist reader reads back as the same app")
    func roundTrips() throws {
        var scenes = AppDescription(name: "Scenes", purposeStrings: [.whenInUse: "w", .alwaysAndWhenInUse: "a"])
        scenes.scenes = true
        scenes.explicitServiceSessionKeys = [ExplicitSessionKey.allCases[0]]
        let apps = [AppDescription(), AppDescription(name: "None", purposeStrings: [:]),
                    AppDescription(name: "Trails", purposeStrings: [.whenInUse: "w", .always: "x", .usage: ""],
                                   backgroundModes: ["location", "fetch"], defaultAccuracyReduced: true,
                                   temporaryPurposeKeys: ["Navigation": "n"]),
                    AppDescription(name: "Clip", appClip: true, requestsLocationConfirmation: true, widgetWantsLocation: true),
                    scenes]
        for app in apps {
            let plist = try #require(SimulatedAppBundle(app).infoDictionary)
            #expect(try InfoPlist.appDescription(from: plist, file: "Info.plist") == app, "\(app.name)")
            #expect(plist["CFBundleIdentifier"] as? String == SimulatedAppBundle(app).bundleIdentifier)
        }
    }
}
