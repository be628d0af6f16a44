import Foundation
import Testing
@testable import LocSimLint

/// LOC021–LOC023: requests at launch or on the first screen, Always from the authorization
/// callback, and answers delivered by a timer.
@Suite struct FlowCheckTests {
    /// Check ids of the findings for `files` plus a well-configured When In Use Info.plist.
    func ids(_ files: [String: String]) throws -> [String] {
        var all = files
        all["App/Info.plist"] = all["App/Info.plist"] ?? infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.alwaysAndWhenInUse: Text.always])
        return try Fixture(all).ids()
    }

    @Test("LOC021 (D6, E2): a request in didFinishLaunching runs at launch, before any user action")
    func didFinishLaunching() throws {
        let source = """
        import UIKit
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate {
            let manager = CLLocationManager()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                manager.requestAlwaysAuthorization()
                return true
            }
        }
        """
        let findings = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/AppDelegate.swift": source]).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.location.line == 6)
        #expect(findings.first?.severity == .note)
        #expect(findings.first?.message.contains("at launch (application:didFinishLaunchingWithOptions:)") == true)
    }

    @Test("LOC021 (D6): a SwiftUI App's stored model whose init requests, and the root view's onAppear, run on the first screen")
    func swiftUIRoot() throws {
        let app = """
        import SwiftUI
        @main
        struct HikeApp: App {
            @StateObject var model = LocationModel()
            var body: some Scene {
                WindowGroup { ContentView() }
            }
        }
        """
        let model = """
        import CoreLocation
        final class LocationModel: NSObject, ObservableObject {
            let manager = CLLocationManager()
            override init() {
                super.init()
                manager.requestWhenInUseAuthorization()
            }
        }
        """
        let view = """
        import SwiftUI
        import CoreLocation
        struct ContentView: View {
            let manager = CLLocationManager()
            var body: some View {
                Text("Map").onAppear { manager.requestWhenInUseAuthorization() }
            }
        }
        struct SettingsView: View {
            let manager = CLLocationManager()
            var body: some View {
                Button("Use my location") { manager.requestWhenInUseAuthorization() }.onAppear { print("shown") }
            }
        }
        """
        let findings = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/HikeApp.swift": app,
                                    "App/LocationModel.swift": model, "App/ContentView.swift": view]).lint()
        #expect(findings.map(\.checkID) == ["LOC021", "LOC021"])
        #expect(findings.map { "\(($0.location.file as NSString).lastPathComponent):\($0.location.line)" } == ["ContentView.swift:6", "LocationModel.swift:6"])
        #expect(findings.last?.message.contains("HikeApp") == true)
    }

    @Test("LOC021 (D6): the main storyboard's initial view controller, through its navigation controller, requests in viewDidLoad")
    func storyboardInitialController() throws {
        let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="N1">
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="N1" sceneMemberID="viewController">
                        <connections><segue destination="V1" kind="relationship" relationship="rootViewController" id="g1"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController id="V1" customClass="MapViewController" customModule="App" sceneMemberID="viewController"/>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="V2" customClass="DetailViewController" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """
        func controller(_ name: String) -> String {
            """
            import UIKit
            import CoreLocation
            class \(name): UIViewController {
                let manager = CLLocationManager()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.requestWhenInUseAuthorization()
                }
            }
            """
        }
        let plist = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, "UIMainStoryboardFile": "Main"])
        let findings = try Fixture(["App/Info.plist": plist, "App/Base.lproj/Main.storyboard": storyboard,
                                    "App/MapViewController.swift": controller("MapViewController"),
                                    "App/DetailViewController.swift": controller("DetailViewController")]).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.location.file.hasSuffix("MapViewController.swift") == true)
        #expect(Storyboard.firstScreenClasses(in: storyboard) == ["MapViewController"])
    }

    @Test("LOC021 (D6): an Xcode target's main storyboard in a folder below its Info.plist, with no source beside it, is found")
    func storyboardBelowPlistOfXcodeTarget() throws {
        let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="V1">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="V1" customClass="MapViewController" sceneMemberID="viewController"/>
            </objects></scene></scenes>
        </document>
        """
        let controller = """
        import UIKit
        import CoreLocation
        class MapViewController: UIViewController {
            let manager = CLLocationManager()
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.requestWhenInUseAuthorization()
            }
        }
        """
        let plist = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, "UIMainStoryboardFile": "Main"])
        var files = ["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", sources: ["Controllers/MapViewController.swift"]),
                     "App/Info.plist": plist, "App/User Interface/Base.lproj/Main.storyboard": storyboard,
                     "Controllers/MapViewController.swift": controller]
        let findings = try Fixture(files).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        // Without the storyboard nothing says the controller is the first screen.
        files["App/User Interface/Base.lproj/Main.storyboard"] = nil
        #expect(try Fixture(files).lint().map(\.checkID) == [])
    }

    @Test("LOC021 (D6): Objective-C: the first tab's root view controller (storyboard in a subfolder) requests from a method viewDidAppear: calls")
    func objectiveCFirstTab() throws {
        let storyboard = """
        <document initialViewController="T1">
            <tabBarController id="T1" customClass="AppTabBarController" sceneMemberID="viewController">
                <connections>
                    <segue destination="N1" kind="relationship" relationship="viewControllers" id="a"/>
                    <segue destination="V2" kind="relationship" relationship="viewControllers" id="b"/>
                </connections>
            </tabBarController>
            <navigationController id="N1" sceneMemberID="viewController">
                <connections><segue destination="V1" kind="relationship" relationship="rootViewController" id="c"/></connections>
            </navigationController>
            <viewController id="V1" customClass="ExploreViewController" sceneMemberID="viewController"/>
            <viewController id="V2" customClass="ProfileViewController" sceneMemberID="viewController"/>
        </document>
        """
        func controller(_ name: String) -> String {
            """
            @implementation \(name)
            - (void)viewDidAppear:(BOOL)animated {
                [super viewDidAppear:animated];
                [self startLocating:NO];
            }
            - (void)startLocating:(BOOL)notify {
                self.manager = [[CLLocationManager alloc] init];
                [self.manager requestWhenInUseAuthorization];
            }
            @end
            """
        }
        let plist = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, "UIMainStoryboardFile": "Main"])
        let f = try Fixture(["App/Info.plist": plist, "App/User Interface/Base.lproj/Main.storyboard": storyboard,
                             "App/Explore/ExploreViewController.m": controller("ExploreViewController"),
                             "App/Profile/ProfileViewController.m": controller("ProfileViewController")])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.location.file.hasSuffix("ExploreViewController.m") == true)
        #expect(findings.first?.location.line == 8)
        #expect(findings.first?.message.contains("startLocating:, called from ExploreViewController.viewDidAppear:") == true)
        #expect(Storyboard.firstScreenClasses(in: storyboard) == ["AppTabBarController", "ExploreViewController"])
    }

    @Test("LOC021: a request from a button, or in viewDidLoad of a screen that is not the first, is not reported")
    func userAction() throws {
        let source = """
        import UIKit
        import CoreLocation
        class SettingsViewController: UIViewController {
            let manager = CLLocationManager()
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.requestWhenInUseAuthorization()
            }
            @IBAction func enableTapped(_ sender: UIButton) { manager.requestWhenInUseAuthorization() }
        }
        """
        #expect(try ids(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Settings.swift": source]) == [])
    }

    // MARK: LOC021 launch chains

    @Test("LOC021 (D6): a launch callback creates a tracker whose start() asks a provider that requests: followed through typed calls")
    func launchChainSwift() throws {
        let appDelegate = """
        import UIKit
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var tracker: Tracker?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                if UserDefaults.standard.bool(forKey: "tracking") {
                    tracker = Tracker()
                    tracker?.start()
                }
                return true
            }
        }
        """
        let tracker = """
        import Foundation
        final class Tracker {
            let provider = LocationProvider()
            var lastAuthorizationCheck: Date?
            func start() {
                lastAuthorizationCheck = Date()
                provider.startUpdates()
            }
        }
        """
        let provider = """
        import CoreLocation
        final class LocationProvider: NSObject {
            let manager = CLLocationManager()
            func startUpdates() {
                if manager.authorizationStatus != .authorizedAlways {
                    manager.requestAlwaysAuthorization()
                }
            }
        }
        """
        let findings = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/AppDelegate.swift": appDelegate,
                                    "App/Tracker.swift": tracker, "App/LocationProvider.swift": provider]).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.location.file.hasSuffix("LocationProvider.swift") == true)
        #expect(findings.first?.location.line == 6)
        #expect(findings.first?.message.contains("at launch (application:didFinishLaunchingWithOptions: → Tracker.start → LocationProvider.startUpdates)") == true)
    }

    @Test("LOC021 (D6): Objective-C: launch → [Store sharedInstance] → init → [self authorize], which requests")
    func launchChainObjectiveC() throws {
        let appDelegate = """
        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            Store *store = [Store sharedInstance];
            store.delegate = self;
            return YES;
        }
        @end
        """
        let store = """
        @implementation Store
        static Store *theStore;
        + (Store *)sharedInstance {
            if (theStore == nil) {
                theStore = [[Store alloc] init];
            }
            return theStore;
        }
        - (instancetype)init {
            self = [super init];
            self.manager = [[CLLocationManager alloc] init];
            [self authorize];
            return self;
        }
        - (void)authorize {
            if (self.manager.authorizationStatus == kCLAuthorizationStatusNotDetermined) {
                [self.manager requestAlwaysAuthorization];
            }
        }
        @end
        """
        let findings = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/AppDelegate.m": appDelegate, "App/Store.m": store]).lint()
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.location.file.hasSuffix("Store.m") == true)
        #expect(findings.first?.location.line == 17)
        #expect(findings.first?.message.contains("at launch (application:didFinishLaunchingWithOptions: → Store.sharedInstance → Store.init → Store.authorize)") == true)
    }

    @Test("LOC021: not followed: a method of another type with the same name, a closure run later, a receiver of unknown type, a chain over 4 calls")
    func launchChainNotFollowed() throws {
        let appDelegate = """
        import UIKit
        class AppDelegate: UIResponder, UIApplicationDelegate {
            let network = Network()
            var onEnable: (() -> Void)?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                network.start()
                let tracker = Tracker()
                onEnable = { tracker.start() }
                Registry.shared.tracker.start()
                Deep.one()
                return true
            }
        }
        final class Network {
            var lastAuthorizationCheck: Date?
            func start() { connect() }
            func connect() {}
        }
        """
        let tracker = """
        import CoreLocation
        final class Tracker {
            let manager = CLLocationManager()
            func start() { begin() }
            func begin() { manager.requestWhenInUseAuthorization() }
        }
        enum Deep {
            static let manager = CLLocationManager()
            static func one() { two() }
            static func two() { three() }
            static func three() { four() }
            static func four() { five() }
            static func five() { manager.requestWhenInUseAuthorization() }
        }
        """
        #expect(try ids(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                         "App/AppDelegate.swift": appDelegate, "App/Tracker.swift": tracker]) == [])
    }

    static func callback(_ branch: String) -> String {
        """
        import CoreLocation
        final class Tracker: NSObject, CLLocationManagerDelegate {
            let manager = CLLocationManager()
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
                switch manager.authorizationStatus {
                case \(branch):
                    manager.requestAlwaysAuthorization()
                default:
                    break
                }
            }
        }
        """
    }

    @Test("LOC022 (E8, C2): requestAlwaysAuthorization in the callback's .authorizedWhenInUse branch")
    func alwaysInCallback() throws {
        let findings = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.callback(".authorizedWhenInUse")]).lint()
        #expect(findings.map(\.checkID) == ["LOC022"])
        #expect(findings.first?.location.line == 7)
        #expect(findings.first?.message.contains("Allow Once") == true)
    }

    @Test("LOC022 (E8): the callback's .notDetermined branch, and an Always request from a button, are not reported")
    func alwaysElsewhere() throws {
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.callback(".notDetermined")]).ids() == [])
        let button = """
        import CoreLocation
        final class Settings {
            let manager = CLLocationManager()
            func alwaysSwitchChanged(on: Bool) {
                if manager.authorizationStatus == .authorizedWhenInUse { manager.requestAlwaysAuthorization() }
            }
        }
        """
        #expect(try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Settings.swift": button]).ids() == [])
    }

    static func timed(_ answer: String) -> String {
        """
        import CoreLocation
        final class Permission {
            let manager = CLLocationManager()
            var pending: CheckedContinuation<CLAuthorizationStatus, Never>?
            func request() async -> CLAuthorizationStatus {
                await withCheckedContinuation { continuation in
                    pending = continuation
                    manager.requestWhenInUseAuthorization()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 10) {
                        continuation.resume(returning: \(answer))
                    }
                }
            }
        }
        """
    }

    @Test("LOC023 (C12): a continuation resumed from asyncAfter with .denied forges the user's answer")
    func timedDenied() throws {
        let findings = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Permission.swift": Self.timed(".denied")]).lint()
        #expect(findings.map(\.checkID) == ["LOC023"])
        #expect(findings.first?.location.line == 10)
        #expect(findings.first?.message.contains("(.denied)") == true && findings.first?.message.contains("asyncAfter") == true)
        let sleeping = """
        import CoreLocation
        final class Permission {
            let manager = CLLocationManager()
            func timeout(_ promise: @escaping (CLAuthorizationStatus) -> Void) {
                Task {
                    try await Task.sleep(nanoseconds: 5_000_000_000)
                    promise(.authorizedWhenInUse)
                }
            }
            func ask() { manager.requestWhenInUseAuthorization() }
        }
        """
        let slept = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Permission.swift": sleeping]).lint()
        #expect(slept.map(\.checkID) == ["LOC023"])
        #expect(slept.first?.message.contains("Task.sleep") == true)
    }

    @Test("LOC023 (C12): a timeout that reports the real status (or .notDetermined), and a status answered from the callback, are not reported")
    func timedHonest() throws {
        for answer in ["self.manager.authorizationStatus", ".notDetermined"] {
            #expect(try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Permission.swift": Self.timed(answer)]).ids() == [])
        }
        let callback = """
        import CoreLocation
        final class Permission: NSObject, CLLocationManagerDelegate {
            var pending: CheckedContinuation<CLAuthorizationStatus, Never>?
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
                if manager.authorizationStatus == .denied { pending?.resume(returning: .denied) }
            }
        }
        """
        #expect(try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Permission.swift": callback]).ids() == [])
    }
}
