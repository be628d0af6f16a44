import Testing
@testable import LocSimLint

/// LOC013–LOC015: where requests are called from and how their answer is awaited.
@Suite struct ContextCheckTests {
    /// Lints `source` beside an Info.plist with the keys it needs: the Always text only when it asks
    /// for Always (otherwise LOC024 would note the unused text).
    func lint(_ source: String, file: String = "App/Source.swift") throws -> [Finding] {
        let keys = source.contains("Always") ? goodKeys : [PurposeKeyName.whenInUse: Text.whenInUse]
        return try Fixture(["App/Info.plist": infoPlist(keys), file: source]).lint()
    }

    @Test("LOC013 (D6, H5): a request in sceneDidBecomeActive runs on every foreground")
    func sceneDidBecomeActive() throws {
        let source = """
        import UIKit
        import CoreLocation
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let manager = CLLocationManager()
            func sceneDidBecomeActive(_ scene: UIScene) {
                manager.requestWhenInUseAuthorization()
            }
        }
        """
        let findings = try lint(source)
        #expect(findings.map(\.checkID) == ["LOC013"])
        #expect(findings.first?.message.contains("sceneDidBecomeActive:") == true)
    }

    @Test("LOC013 (D6): one level of indirection and foreground observers are followed")
    func indirectAndObserver() throws {
        let delegate = """
        import UIKit
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillEnterForeground(_ application: UIApplication) {
                LocationService.shared.askForPermission()
            }
        }
        """
        let service = """
        import CoreLocation
        final class LocationService {
            static let shared = LocationService()
            let manager = CLLocationManager()
            func askForPermission() { manager.requestWhenInUseAuthorization() }
            func observe() {
                NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main) { _ in
                    self.manager.requestAlwaysAuthorization()
                }
            }
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/AppDelegate.swift": delegate, "App/LocationService.swift": service])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC013", "LOC013"])
        #expect(findings.map(\.location.line) == [5, 8])
    }

    @Test("LOC013 (D6): a request at launch or from a button is not reported (the launch request is LOC021's)")
    func launchAndButton() throws {
        let source = """
        import UIKit
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate {
            let manager = CLLocationManager()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                manager.requestWhenInUseAuthorization()
                return true
            }
            @objc func enableTapped() { manager.requestAlwaysAuthorization() }
        }
        """
        let findings = try lint(source)
        #expect(findings.map(\.checkID) == ["LOC021"])
        #expect(findings.first?.location.line == 6)
    }

    @Test("LOC014 (E10, F8): a request from a background path is ignored")
    func backgroundPath() throws {
        let source = """
        import UIKit
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate {
            let manager = CLLocationManager()
            func applicationDidEnterBackground(_ application: UIApplication) {
                manager.requestAlwaysAuthorization()
            }
        }
        """
        let findings = try lint(source)
        #expect(findings.map(\.checkID) == ["LOC014"])
    }

    @Test("LOC014 (E1, D5): requestAlways in a .denied branch does nothing; in .authorizedWhenInUse it may upgrade")
    func statusBranches() throws {
        let source = """
        import CoreLocation
        final class Permissions: NSObject, CLLocationManagerDelegate {
            let manager = CLLocationManager()
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
                switch manager.authorizationStatus {
                case .denied, .restricted:
                    manager.requestAlwaysAuthorization()
                case .authorizedWhenInUse:
                    manager.requestAlwaysAuthorization()
                default:
                    break
                }
                if manager.authorizationStatus == .authorizedAlways {
                    manager.requestWhenInUseAuthorization()
                }
                if manager.authorizationStatus == .notDetermined {
                    manager.requestWhenInUseAuthorization()
                }
            }
        }
        """
        let findings = try lint(source)
        // The .authorizedWhenInUse branch may upgrade (no LOC014), but in the authorization callback
        // it also runs at manager creation and after Allow Once (LOC022).
        #expect(findings.map(\.checkID) == ["LOC014", "LOC022", "LOC014"])
        #expect(findings.map(\.location.line) == [7, 9, 14])
    }

    @Test("LOC014 (C5): Objective-C request in applicationDidEnterBackground: is ignored")
    func objectiveCBackground() throws {
        let source = """
        @implementation AppDelegate
        - (void)applicationDidEnterBackground:(UIApplication *)application {
            [self.locationManager requestWhenInUseAuthorization];
        }
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            [self.locationManager requestWhenInUseAuthorization];
            return YES;
        }
        @end
        """
        let findings = try lint(source, file: "App/AppDelegate.m")
        #expect(findings.map(\.checkID) == ["LOC014", "LOC021"])
        #expect(findings.map(\.location.line) == [3, 6])
    }

    @Test("LOC015 (C12): awaiting a request through a continuation with no timeout")
    func unboundedContinuation() throws {
        let source = """
        import CoreLocation
        final class Permission: NSObject, CLLocationManagerDelegate {
            let manager = CLLocationManager()
            var continuation: CheckedContinuation<CLAuthorizationStatus, Never>?
            func request() async -> CLAuthorizationStatus {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    manager.requestWhenInUseAuthorization()
                }
            }
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
                continuation?.resume(returning: manager.authorizationStatus)
            }
        }
        """
        let findings = try lint(source)
        #expect(findings.map(\.checkID) == ["LOC015"])
        #expect(findings.first?.location.line == 8)
    }

    @Test("LOC015 (C11): a continuation with a timeout or a didBecomeActive fallback is fine")
    func boundedContinuation() throws {
        let source = """
        import CoreLocation
        final class Permission: NSObject, CLLocationManagerDelegate {
            let manager = CLLocationManager()
            var continuation: CheckedContinuation<CLAuthorizationStatus, Never>?
            func request() async -> CLAuthorizationStatus {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    manager.requestWhenInUseAuthorization()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 30) { self.finish() }
                }
            }
            func finish() { continuation?.resume(returning: manager.authorizationStatus); continuation = nil }
        }
        """
        #expect(try lint(source).map(\.checkID) == [])
    }

    @Test("LOC015 (C12): Objective-C dispatch_semaphore_wait forever after a request")
    func semaphore() throws {
        let source = """
        @implementation Permission
        - (CLAuthorizationStatus)requestBlocking {
            [self.manager requestWhenInUseAuthorization];
            dispatch_semaphore_wait(self.semaphore, DISPATCH_TIME_FOREVER);
            return self.manager.authorizationStatus;
        }
        @end
        """
        #expect(try lint(source, file: "App/Permission.m").map(\.checkID) == ["LOC015"])
    }
}
