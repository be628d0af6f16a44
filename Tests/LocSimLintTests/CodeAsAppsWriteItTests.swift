import Foundation
import Testing
@testable import LocSimLint

/// Items 2, 3, 6 and 8 of issue 28: receivers as real code holds them, branches and launch paths
/// as written, purpose strings judged by content, and the iOS 26/27 checks. Every fixture is our
/// own; each form has a finding test and a no-finding test.
@Suite struct CodeAsAppsWriteItTests {
    static let alwaysPlistWithMode = infoPlist(goodKeys, raw: backgroundModes("location"))
    static let whenInUsePlist = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse])

    // MARK: Receivers (item 2)

    static let protocolDeclaration = """
    import CoreLocation
    protocol LocationManaging: AnyObject {
        var allowsBackgroundLocationUpdates: Bool { get set }
        func requestAlwaysAuthorization()
    }
    """
    static let trackerThroughProtocol = """
    final class Tracker {
        let manager: LocationManaging
        init(manager: LocationManaging) { self.manager = manager }
        func startRecording() {
            manager.allowsBackgroundLocationUpdates = true
            manager.requestAlwaysAuthorization()
        }
    }
    """

    @Test("LOC007, LOC024 (I6, J2): a manager held through the app's protocol that CLLocationManager conforms to (in another file) is Core Location's")
    func protocolReceiver() throws {
        let f = try Fixture(["App/Info.plist": Self.alwaysPlistWithMode, "App/LocationManaging.swift": Self.protocolDeclaration,
                             "App/Conformance.swift": "import CoreLocation\nextension CLLocationManager: LocationManaging {}\n",
                             "App/Tracker.swift": Self.trackerThroughProtocol])
        #expect(try f.ids() == [])
        // Without the key, the same calls are reported (LOC002): they are location calls.
        let g = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse], raw: backgroundModes("location")),
                             "App/LocationManaging.swift": Self.protocolDeclaration,
                             "App/Conformance.swift": "import CoreLocation\nextension CLLocationManager: @retroactive Hashable, LocationManaging {}\n",
                             "App/Tracker.swift": Self.trackerThroughProtocol])
        #expect(try g.ids() == ["LOC002"])
    }

    @Test("LOC007, LOC024: an unrelated protocol with the same method names, which CLLocationManager is not made to conform to, is not Core Location's")
    func unrelatedProtocol() throws {
        let asker = """
        protocol PermissionAsking { func requestAlwaysAuthorization() }
        final class NotificationAsker: PermissionAsking { func requestAlwaysAuthorization() {} }
        final class Onboarding {
            let asker: PermissionAsking = NotificationAsker()
            func finish() { asker.requestAlwaysAuthorization() }
        }
        """
        let f = try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/Onboarding.swift": asker])
        #expect(try f.ids() == [])
    }

    @Test("LOC002 (J2): a subclass of CLLocationManager declared in another file is a location manager")
    func subclassInAnotherFile() throws {
        let f = try Fixture(["App/Info.plist": Self.whenInUsePlist,
                             "App/TrackingManager.swift": "import CoreLocation\nfinal class TrackingManager: CLLocationManager {}\n",
                             "App/Recorder.swift": "final class Recorder {\n    let tracking: TrackingManager\n    init(tracking: TrackingManager) { self.tracking = tracking }\n    func start() { tracking.requestAlwaysAuthorization() }\n}\n"])
        #expect(try f.ids() == ["LOC002"])
        // The same receiver type, not a subclass: not a location call.
        let g = try Fixture(["App/Info.plist": Self.whenInUsePlist,
                             "App/TrackingManager.swift": "final class TrackingManager { func requestAlwaysAuthorization() {} }\n",
                             "App/Recorder.swift": "final class Recorder {\n    let tracking: TrackingManager\n    init(tracking: TrackingManager) { self.tracking = tracking }\n    func start() { tracking.requestAlwaysAuthorization() }\n}\n"])
        #expect(try g.ids() == [])
    }

    @Test("LOC002 (J2): a parameter or property of a protocol type defaulted to CLLocationManager() is a location manager")
    func defaultedToLocationManager() throws {
        let parameter = "import CoreLocation\nprotocol LocationProviding { func requestAlwaysAuthorization() }\nfinal class Recorder {\n    init(provider: LocationProviding = CLLocationManager()) { provider.requestAlwaysAuthorization() }\n}\n"
        let property = "import CoreLocation\nprotocol LocationProviding { func requestAlwaysAuthorization() }\nfinal class Recorder {\n    var provider: LocationProviding = CLLocationManager()\n    func start() { provider.requestAlwaysAuthorization() }\n}\n"
        for source in [parameter, property] {
            let f = try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/Recorder.swift": source])
            #expect(try f.ids() == ["LOC002"], "\(source)")
        }
        let other = "protocol LocationProviding { func requestAlwaysAuthorization() }\nstruct Fake: LocationProviding { func requestAlwaysAuthorization() {} }\nfinal class Recorder {\n    init(provider: LocationProviding = Fake()) { provider.requestAlwaysAuthorization() }\n}\n"
        let f = try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/Recorder.swift": other])
        #expect(try f.ids() == [])
    }

    // MARK: LOC022 at any depth (item 3)

    static func callback(_ body: String) -> String {
        """
        import CoreLocation
        final class Tracker: NSObject, CLLocationManagerDelegate {
            let manager = CLLocationManager()
            var wantsBackground = false
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        \(body)
            }
        }
        """
    }

    @Test("LOC022 (E8): requestAlwaysAuthorization nested in an if, a guard's continuation, a closure run at once, inside the When In Use branch", arguments: [
        "        switch manager.authorizationStatus {\n        case .authorizedWhenInUse:\n            if wantsBackground { manager.requestAlwaysAuthorization() }\n        default: break\n        }",
        "        switch manager.authorizationStatus {\n        case .authorizedWhenInUse:\n            if !wantsBackground { return }\n            DispatchQueue.main.async { self.manager.requestAlwaysAuthorization() }\n        default: break\n        }",
        "        guard manager.authorizationStatus == .authorizedWhenInUse else { return }\n        if wantsBackground { manager.requestAlwaysAuthorization() }",
        "        if case .authorizedWhenInUse = manager.authorizationStatus, wantsBackground {\n            [manager].forEach { $0.requestAlwaysAuthorization() }\n        }",
    ])
    func nestedAlwaysRequest(_ body: String) throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.callback(body)])
        #expect(try f.ids() == ["LOC022"])
    }

    @Test("LOC022: not in the When In Use branch (notDetermined, a negated test, a closure run later) is not reported", arguments: [
        "        switch manager.authorizationStatus {\n        case .notDetermined:\n            if wantsBackground { manager.requestAlwaysAuthorization() }\n        default: break\n        }",
        "        guard manager.authorizationStatus != .authorizedWhenInUse else { return }\n        manager.requestAlwaysAuthorization()",
        "        switch manager.authorizationStatus {\n        case .authorizedWhenInUse:\n            NotificationCenter.default.addObserver(forName: .init(\"upgrade\"), object: nil, queue: .main) { _ in self.manager.requestAlwaysAuthorization() }\n        default: break\n        }",
    ])
    func notInWhenInUseBranch(_ body: String) throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.callback(body)])
        #expect(try f.ids() == [])
    }

    // MARK: LOC021 through the first screen's calls (item 3)

    static let model = """
    import CoreLocation
    import Combine
    final class LocationModel: NSObject, ObservableObject {
        let manager = CLLocationManager()
        func start() { ask() }
        func ask() { manager.requestAlwaysAuthorization() }
        func load() async { manager.requestWhenInUseAuthorization() }
    }
    """

    static func app(_ view: String) -> [String: String] {
        ["App/Info.plist": infoPlist(goodKeys),
         "App/HikeApp.swift": "import SwiftUI\n@main\nstruct HikeApp: App {\n    var body: some Scene { WindowGroup { ContentView() } }\n}\n",
         "App/LocationModel.swift": Self.model, "App/ContentView.swift": view]
    }

    @Test("LOC021 (D6): the first screen's .onAppear and .task reach a request through method calls, naming the chain")
    func swiftUIChain() throws {
        let view = """
        import SwiftUI
        struct ContentView: View {
            @StateObject private var model = LocationModel()
            var body: some View {
                Text("Trails")
                    .onAppear { model.start() }
                    .task { await model.load() }
            }
        }
        """
        let findings = try Fixture(Self.app(view)).lint()
        #expect(findings.map(\.checkID) == ["LOC021", "LOC021"])
        #expect(findings.map(\.location.line) == [6, 7])
        #expect(findings[0].message.contains("as the app's first screen is shown (ContentView.onAppear → LocationModel.start → LocationModel.ask)"))
        #expect(findings[1].message.contains("(ContentView.task → LocationModel.load)"))
    }

    @Test("LOC021 (D6): dispatched closures, Task {} and a Combine sink on the first screen are followed")
    func dispatchedClosures() throws {
        let view = """
        import SwiftUI
        import Combine
        struct ContentView: View {
            @StateObject private var model = LocationModel()
            @State private var ready = PassthroughSubject<Void, Never>()
            var body: some View {
                Text("Trails").onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { model.start() }
                    Task { await model.load() }
                }
            }
        }
        """
        let findings = try Fixture(Self.app(view)).lint()
        #expect(findings.map(\.checkID) == ["LOC021", "LOC021"])
        let controller = """
        import UIKit
        import Combine
        final class MapController: UIViewController {
            let model = LocationModel()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.publisher(for: .init("ready")).sink { [weak self] _ in self?.model.start() }.store(in: &bag)
            }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = MapController()
                return true
            }
        }
        """
        let uikit = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/LocationModel.swift": Self.model, "App/MapController.swift": controller]).lint()
        #expect(uikit.map(\.checkID) == ["LOC021"])
        #expect(uikit.first?.message.contains("(MapController.viewDidLoad → LocationModel.start → LocationModel.ask)") == true)
    }

    @Test("LOC021 (D6): a view the first screen's body creates, its .onAppear, a call through the app's protocol to the one class that conforms")
    func bodyProtocolChain() throws {
        let files = [
            "App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
            "App/HikeApp.swift": "import SwiftUI\n@main\nstruct HikeApp: App {\n    var body: some Scene { WindowGroup { RootView() } }\n}\n",
            "App/RootView.swift": "import SwiftUI\nstruct RootView: View {\n    @Environment(\\.locating) var locating: Locating\n    var onboarding = true\n    var body: some View {\n        if onboarding { WelcomePage() } else { Text(\"Map\") }\n    }\n}\n",
            "App/WelcomePage.swift": "import SwiftUI\nstruct WelcomePage: View {\n    @Environment(\\.locating) var locating: Locating\n    var body: some View {\n        VStack { Text(\"Welcome\") }.onAppear { locating.ask() }\n    }\n}\n",
            "App/Locating.swift": "import CoreLocation\nprotocol Locating { func ask() }\nfinal class LocatingService: NSObject, Locating {\n    let manager = CLLocationManager()\n    func ask() { manager.requestWhenInUseAuthorization() }\n}\nfinal class LocatingMock: Locating { func ask() {} }\n",
        ]
        let findings = try Fixture(files).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.message.contains("(RootView.body → WelcomePage.init → WelcomePage.onAppear → Locating.ask → LocatingService.ask)") == true)
        // Two real classes conform: which one the property holds is not known, so nothing is followed.
        var two = files
        two["App/Locating.swift"] = files["App/Locating.swift"]! + "final class OtherLocating: Locating { let m = CLLocationManager(); func ask() { m.requestWhenInUseAuthorization() } }\n"
        #expect(try Fixture(two).ids() == [])
    }

    @Test("LOC021 (D6): an app with scenes names its storyboard in UISceneStoryboardFile; its first screen's viewDidLoad request is found")
    func sceneStoryboard() throws {
        let scenes = "\t<key>UIApplicationSceneManifest</key>\n\t<dict>\n\t\t<key>UISceneConfigurations</key>\n\t\t<dict>\n\t\t\t<key>UIWindowSceneSessionRoleApplication</key>\n\t\t\t<array>\n\t\t\t\t<dict>\n\t\t\t\t\t<key>UISceneStoryboardFile</key>\n\t\t\t\t\t<string>Main</string>\n\t\t\t\t</dict>\n\t\t\t</array>\n\t\t</dict>\n\t</dict>\n"
        let storyboard = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" initialViewController=\"N1\">\n<scenes>\n<scene><objects><navigationController id=\"N1\"><connections><segue destination=\"V1\" kind=\"relationship\" relationship=\"rootViewController\" id=\"S1\"/></connections></navigationController></objects></scene>\n<scene><objects><viewController id=\"V1\" customClass=\"FencesViewController\"/></objects></scene>\n</scenes>\n</document>\n"
        let controller = "import UIKit\nimport CoreLocation\nfinal class FencesViewController: UIViewController {\n    let manager = CLLocationManager()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        if manager.authorizationStatus == .notDetermined { manager.requestAlwaysAuthorization() }\n    }\n}\n"
        let findings = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: scenes), "App/Base.lproj/Main.storyboard": storyboard, "App/FencesViewController.swift": controller]).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.message.contains("FencesViewController.viewDidLoad") == true)
        // Without the scene's storyboard name there is no first screen to find.
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Base.lproj/Main.storyboard": storyboard, "App/FencesViewController.swift": controller]).ids() == [])
    }

    @Test("LOC021: a button's action on the first screen is a user action, not followed")
    func buttonNotFollowed() throws {
        let view = """
        import SwiftUI
        struct ContentView: View {
            @StateObject private var model = LocationModel()
            var body: some View {
                Button("Record a hike") { model.start() }
            }
        }
        """
        #expect(try Fixture(Self.app(view)).ids() == [])
    }

    // MARK: LOC010 by content (item 6)

    @Test("LOC010 (D3): a text that only restates that the app uses your location is vague in any length and language", arguments: [
        "Allow Hikely to use your location", "Allow Hikely to access your current location while you are using the app",
        "Hikely would like to use your location in the background", "Erlaube Hikely, deinen Standort zu verwenden",
        "Autoriser Hikely à utiliser votre position", "Permitir que Hikely use tu ubicación actual",
        "允许Hikely在使用期间访问您的位置信息", "Hikelyは位置情報を使用します",
    ])
    func restatement(_ text: String) throws {
        let f = try Fixture(["Hikely/Info.plist": infoPlist([PurposeKeyName.whenInUse: text])])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"], "\(text)")
        #expect(PurposeText.weakness(of: text, appNames: ["Hikely"]) != nil)
    }

    @Test("LOC010 (D3): a text that says what location is for is not vague, in the same languages", arguments: [
        "Allow Hikely to show your position on the trail map", "Hikely uses your location to record the route of your hike",
        "Erlaube Hikely, deinen Standort für die Wanderkarte zu verwenden", "Hikely utilise votre position pour tracer votre randonnée",
        "允许Hikely访问您的位置，以便在地图上显示附近的步道", "Hikelyは近くの登山道を地図に表示するために位置情報を使用します",
    ])
    func purposeGiven(_ text: String) throws {
        #expect(PurposeText.weakness(of: text, appNames: ["Hikely"]) == nil, "\(text)")
    }

    // MARK: iOS 26/27 (item 8)

    @Test("LOC032 (O18): deciding a location relaunch from UIApplication.LaunchOptionsKey.location (Swift, Objective-C) is a warning naming the replacement")
    func launchOptionsKey() throws {
        let swift = """
        import UIKit
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                if launchOptions?[.location] != nil { resumeTracking() }
                if launchOptions?[UIApplication.LaunchOptionsKey.location] != nil { resumeTracking() }
                return true
            }
            func resumeTracking() {}
        }
        """
        let objc = "@implementation AppDelegate\n- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {\n    if (launchOptions[UIApplicationLaunchOptionsLocationKey]) { [self resume]; }\n    return YES;\n}\n@end\n"
        let f = try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/AppDelegate.swift": swift, "App/Legacy.m": objc])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC032", "LOC032", "LOC032"])
        #expect(findings.allSatisfy { $0.severity == .warning && $0.message.contains("when the app or scene connects") })
        #expect(findings.map(\.location.line) == [4, 5, 3])
    }

    @Test("LOC032: other launch options, the key only named (a reporter's table of keys), and an app that starts its manager at launch, are not reported")
    func otherLaunchOptions() throws {
        let swift = """
        import UIKit
        import CoreLocation
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let manager = CLLocationManager()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                if launchOptions?[.remoteNotification] != nil { refresh() }
                manager.startMonitoringSignificantLocationChanges()
                return true
            }
            func refresh() {}
            func name(_ key: String) -> String {
                switch key {
                case UIApplication.LaunchOptionsKey.location.rawValue: return "location"
                default: return key
                }
            }
        }
        """
        #expect(try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/AppDelegate.swift": swift]).ids() == [])
    }

    static let regionMonitoring = "import CoreLocation\nfinal class Fences {\n    let manager = CLLocationManager()\n    func watch(_ center: CLLocationCoordinate2D) {\n        manager.startMonitoring(for: CLCircularRegion(center: center, radius: 100, identifier: \"trailhead\"))\n    }\n}\n"

    @Test("LOC033 (O15): startMonitoring(for:) with CLCircularRegion is a note pointing at CLMonitor when the deployment target allows it")
    func regionMonitoringDeprecated() throws {
        let f = try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/Fences.swift": Self.regionMonitoring])
        let findings = try f.lint(deploymentTarget: "17.0")
        #expect(findings.map(\.checkID) == ["LOC033"])
        #expect(findings.first?.severity == .note)
        #expect(findings.first?.message.contains("CLMonitor.CircularGeographicCondition") == true)
        #expect(try f.ids(deploymentTarget: "16.0") == [])
    }

    @Test("LOC033: CLMonitor, and region monitoring on a target that cannot use it (watchOS), are not reported")
    func regionMonitoringNotReported() throws {
        let monitor = "import CoreLocation\nfunc watch(_ center: CLLocationCoordinate2D) async {\n    let monitor = await CLMonitor(\"fences\")\n    await monitor.add(CLMonitor.CircularGeographicCondition(center: center, radius: 100), identifier: \"trailhead\")\n}\n"
        #expect(try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/Fences.swift": monitor]).ids(deploymentTarget: "18.0") == [])
        #expect(try Fixture(["App/Info.plist": Self.whenInUsePlist, "App/Fences.swift": Self.regionMonitoring]).ids(platform: .watchOS, deploymentTarget: "10.0") == [])
    }
}
