import Foundation
import Testing
@testable import LocSimLint
import LocSimModel

/// The iOS 17/18 session APIs: implicit requests in LOC001/LOC002/LOC011 and LOC007, and the
/// session checks LOC017–LOC020.
@Suite struct SessionCheckTests {
    static let alwaysSession = """
    import CoreLocation
    final class Tracker {
        var session: CLServiceSession?
        func start() { session = CLServiceSession(authorization: .always) }
    }
    """

    // MARK: LOC001 / LOC002 / LOC011 with implicit requests

    @Test("LOC001, LOC002 (O8): CLServiceSession(authorization: .always) without keys, in iOS 18 terms")
    func alwaysSessionWithoutKeys() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(), "App/Tracker.swift": Self.alwaysSession])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC001", "LOC002"])
        #expect(findings.allSatisfy { $0.message.hasPrefix("CLServiceSession(authorization: .always) asks for Always (O8) but Info.plist has no") })
        #expect(findings.allSatisfy { $0.location.line == 4 })
    }

    @Test("LOC002 (O8): no finding for an Always session when both keys are declared")
    func alwaysSessionWithKeys() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.alwaysSession])
        #expect(try f.ids() == [])
    }

    @Test("LOC001 (O4, O1, O15): a When In Use session, liveUpdates and CLMonitor without the key speak their own terms")
    func implicitWhenInUse() throws {
        let source = """
        import CoreLocation
        func run() async throws {
            let session = CLServiceSession(authorization: .whenInUse)
            for try await _ in CLLocationUpdate.liveUpdates() { break }
            let monitor = await CLMonitor("geofences")
            _ = (session, monitor)
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(), "App/Run.swift": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC001", "LOC001", "LOC001"])
        #expect(findings.map(\.location.line) == [3, 4, 5])
        #expect(findings[0].message.hasPrefix("CLServiceSession(authorization: .whenInUse) asks for When In Use (O4)"))
        #expect(findings[1].message.hasPrefix("CLLocationUpdate.liveUpdates asks for When In Use when its updates are first iterated (O1)"))
        #expect(findings[2].message.hasPrefix("CLMonitor needs When In Use authorization"))
    }

    @Test("LOC001 (O4): no finding for a .none session, or for liveUpdates and CLMonitor with the key")
    func implicitWithKey() throws {
        let source = """
        import CoreLocation
        func run() async throws {
            let session = CLServiceSession(authorization: .none)
            for try await _ in CLLocationUpdate.liveUpdates() { break }
            _ = (session, await CLMonitor("geofences"))
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Run.swift": source])
        #expect(try f.ids() == [])
        let none = try Fixture(["App/Info.plist": infoPlist(), "App/Run.swift": "import CoreLocation\nlet s = CLServiceSession(authorization: .none)\n"])
        #expect(try none.ids() == [])
    }

    @Test("LOC004 (O3): an iOS 18 session never runs on iOS 8–10, so the legacy key is not asked for")
    func sessionNotOnIOS10() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.swift": Self.alwaysSession])
        #expect(try f.ids(deploymentTarget: "10.0") == [])
    }

    @Test("LOC011 (O8, E6): an Always session counts as an Always request; a When In Use session does not")
    func alwaysSessionCountsForIdenticalTexts() throws {
        let same = [PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.alwaysAndWhenInUse: Text.whenInUse]
        let f = try Fixture(["App/Info.plist": infoPlist(same), "App/Tracker.swift": Self.alwaysSession])
        #expect(try f.ids() == ["LOC011"])
        let whenInUse = "import CoreLocation\nlet s = CLServiceSession(authorization: .whenInUse)\n"
        let g = try Fixture(["App/Info.plist": infoPlist(same), "App/Tracker.swift": whenInUse])
        #expect(try g.ids() == ["LOC024"]) // not LOC011: the Always text is never shown, which LOC024 notes
    }

    @Test("LOC001, LOC002 (O8): Objective-C sessions are found; a declaration's type name is not a second call")
    func objectiveCSessions() throws {
        let source = """
        @implementation Tracker
        - (void)start {
            CLServiceSession *session = [[CLServiceSession alloc] initWithAuthorization:CLServiceSessionAuthorizationRequirementAlways];
            self.other = [CLServiceSession sessionRequiringAuthorization:CLServiceSessionAuthorizationRequirementWhenInUse];
            self.background = [CLBackgroundActivitySession backgroundActivitySession];
        }
        @end
        """
        let f = try Fixture(["App/Info.plist": infoPlist(raw: backgroundModes("location")), "App/Tracker.m": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC001", "LOC002", "LOC001"])
        #expect(findings.map(\.location.line) == [3, 3, 4])
        #expect(findings.map(\.location.column) == [35, 35, 19])
        let g = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: backgroundModes("location")), "App/Tracker.m": source])
        #expect(try g.ids() == [])
        // Without the location mode, the background activity session gets LOC020.
        let h = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Tracker.m": source])
        #expect(try h.lint().map { "\($0.checkID):\($0.location.line)" } == ["LOC020:5"])
    }

    @Test("LOC001 (O15): an Objective-C CLMonitor needs the When In Use key; a block parameter's type is not a call")
    func objectiveCMonitor() throws {
        let source = """
        @implementation Geofences
        - (void)start {
            [CLMonitor requestMonitorWithConfiguration:self.configuration completion:^(CLMonitor *monitor) {
                self.monitor = monitor;
            }];
        }
        @end
        """
        let f = try Fixture(["App/Info.plist": infoPlist(), "App/Geofences.m": source])
        #expect(try f.lint().map { "\($0.checkID):\($0.location.line)" } == ["LOC001:3"])
        let g = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Geofences.m": source])
        #expect(try g.ids() == [])
    }

    // MARK: LOC007 with a background activity session

    static let backgroundActivity = """
    import CoreLocation
    final class Workout {
        var session: CLBackgroundActivitySession?
        func start() async throws {
            session = CLBackgroundActivitySession()
            for try await _ in CLLocationUpdate.liveUpdates(.fitness) { }
        }
    }
    """

    @Test("LOC007 (O13): a CLBackgroundActivitySession uses the location background mode")
    func backgroundActivityUsesMode() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: backgroundModes("location")), "App/Workout.swift": Self.backgroundActivity])
        #expect(try f.ids() == [])
    }

    @Test("LOC007 (I6): liveUpdates alone do not use the location background mode")
    func liveUpdatesDoNotUseMode() throws {
        let source = "import CoreLocation\nfunc run() async throws { for try await _ in CLLocationUpdate.liveUpdates() { } }\n"
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: backgroundModes("location")), "App/Run.swift": source])
        #expect(try f.ids() == ["LOC007"])
    }

    // MARK: LOC020

    @Test("LOC020 (O16, O13): a CLBackgroundActivitySession without the location background mode")
    func backgroundActivityWithoutMode() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: backgroundModes("fetch")), "App/Workout.swift": Self.backgroundActivity])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC020"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location.line == 5)
        #expect(findings.first?.message.contains("(O16)") == true)
    }

    @Test("LOC020 (O13): no finding on macOS, where UIBackgroundModes does not apply")
    func backgroundActivityOnMacOS() throws {
        let keys = [PurposeKeyName.usage: Text.whenInUse]
        let f = try Fixture(["App/Info.plist": infoPlist(keys), "App/Workout.swift": Self.backgroundActivity])
        #expect(try f.ids(platform: .macOS) == [])
    }

    // MARK: LOC017

    @Test("LOC017 (O6): a service session created only in applicationDidEnterBackground")
    func serviceSessionInBackground() throws {
        let source = """
        import UIKit
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var session: CLServiceSession?
            func applicationDidEnterBackground(_ application: UIApplication) {
                session = CLServiceSession(authorization: .always)
            }
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/AppDelegate.swift": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC017"])
        #expect(findings.first?.location.line == 6)
        #expect(findings.first?.message.contains("insufficientlyInUse") == true)
        #expect(findings.first?.message.contains("applicationDidEnterBackground:") == true)
    }

    @Test("LOC017 (O13): a background activity session from a BGTaskScheduler task and a region callback (one level of indirection)")
    func backgroundActivityInBackground() throws {
        let delegate = """
        import UIKit
        import BackgroundTasks
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate, CLLocationManagerDelegate {
            var session: CLBackgroundActivitySession?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
                    self.session = CLBackgroundActivitySession()
                }
                return true
            }
            func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
                keepTracking()
            }
            func keepTracking() { session = CLBackgroundActivitySession() }
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: backgroundModes("location")), "App/AppDelegate.swift": delegate])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC017", "LOC017"])
        #expect(findings.map(\.location.line) == [8, 15])
        #expect(findings[0].message.contains("BGTaskScheduler task"))
    }

    @Test("LOC017 (O6, O11): no finding when the session is also created at launch or in the foreground")
    func sessionAlsoAtLaunch() throws {
        let source = """
        import UIKit
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate, CLLocationManagerDelegate {
            var session: CLServiceSession?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                resume()
                return true
            }
            func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
                resume()
            }
            func resume() { session = CLServiceSession(authorization: .always) }
            func applicationDidEnterBackground(_ application: UIApplication) {
                session = CLServiceSession(authorization: .always)
            }
        }
        """
        // `resume()` is called at launch and from a region callback: not background only, so the
        // session in applicationDidEnterBackground may be a re-creation of one held before.
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/AppDelegate.swift": source])
        #expect(try f.ids() == [])
        let atLaunch = """
        import UIKit
        import CoreLocation
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var session: CLBackgroundActivitySession?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                session = CLBackgroundActivitySession()
                return true
            }
        }
        """
        let g = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: backgroundModes("location")), "App/AppDelegate.swift": atLaunch])
        #expect(try g.ids() == [])
    }

    @Test("LOC017 (O6): Objective-C sessions in a background method")
    func objectiveCInBackground() throws {
        let source = """
        @implementation AppDelegate
        - (void)applicationDidEnterBackground:(UIApplication *)application {
            self.session = [CLServiceSession sessionRequiringAuthorization:CLServiceSessionAuthorizationRequirementNone];
        }
        @end
        """
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys), "App/AppDelegate.m": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC017"])
        #expect(findings.first?.message.hasPrefix("CLServiceSession(authorization: .none) is created only on background paths") == true)
    }

    // MARK: LOC018 / LOC019

    static let liveUpdatesOnly = "import CoreLocation\nfunc run() async throws { for try await _ in CLLocationUpdate.liveUpdates() { } }\n"
    static let withSession = """
    import CoreLocation
    final class Tracker {
        var session: CLServiceSession?
        func start() async throws {
            session = CLServiceSession(authorization: .whenInUse)
            for try await _ in CLLocationUpdate.liveUpdates() { }
        }
    }
    """

    static func flag(_ key: String, _ value: Bool) -> String { "\t<key>\(key)</key>\n\t<\(value)/>\n" }

    @Test("LOC019 (O9, O12): the opt-in key is true but no source creates a CLServiceSession")
    func optedInWithoutSession() throws {
        for key in ExplicitSessionKey.names {
            let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: Self.flag(key, true)), "App/Run.swift": Self.liveUpdatesOnly])
            let findings = try f.lint()
            #expect(findings.map(\.checkID) == ["LOC019"])
            #expect(findings.first?.severity == .error)
            #expect(findings.first?.location.file.hasSuffix("Info.plist") == true)
            #expect(findings.first?.message.contains("serviceSessionRequired") == true)
            #expect(findings.first?.message.hasPrefix(key) == true)
        }
    }

    @Test("LOC019 (O9): no finding with a session, with the key false, without sources, or without location use")
    func optedInWithSession() throws {
        let on = Self.flag("NSLocationRequireExplicitServiceSession", true)
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: on), "App/Tracker.swift": Self.withSession])
        #expect(try f.ids() == [])
        let off = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: Self.flag("CLRequireExplicitServiceSession", false)), "App/Run.swift": Self.liveUpdatesOnly])
        #expect(try off.ids() == [])
        let plistOnly = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: on)])
        #expect(try plistOnly.ids() == [])
        let noLocation = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: on), "App/View.swift": "import SwiftUI\nstruct V: View { var body: some View { Text(\"hi\") } }\n"])
        #expect(try noLocation.ids() == [])
    }

    @Test("LOC018 (O9): the two spellings with different values")
    func spellingsDisagree() throws {
        let raw = Self.flag("NSLocationRequireExplicitServiceSession", true) + Self.flag("CLRequireExplicitServiceSession", false)
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: raw), "App/Tracker.swift": Self.withSession])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC018"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.hasPrefix("CLRequireExplicitServiceSession is false but NSLocationRequireExplicitServiceSession is true") == true)
    }

    @Test("LOC018 (O9): values from build settings and XcodeGen properties: YES/NO are Boolean, $(VAR) is unknown")
    func settingValues() {
        let at = SourceLocation(file: "project.yml")
        #expect(ExplicitSessionKey.reading("CLRequireExplicitServiceSession", DeclaredValue(text: "YES", raw: "YES", location: at)).value == .boolean(true))
        #expect(ExplicitSessionKey.reading("CLRequireExplicitServiceSession", DeclaredValue(text: "false", raw: "false", location: at)).value == .boolean(false))
        #expect(ExplicitSessionKey.reading("CLRequireExplicitServiceSession", DeclaredValue(text: nil, raw: "$(X)", location: at)).value == .unknown)
        #expect(ExplicitSessionKey.reading("CLRequireExplicitServiceSession", DeclaredValue(text: "on", raw: "on", location: at)).value == .notBoolean("\"on\""))
        #expect(ExplicitSessionKey.reading("CLRequireExplicitServiceSession", .number(1e300), at: at).value == .notBoolean("a number (1e+300)"))
        #expect(ExplicitSessionKey.reading("CLRequireExplicitServiceSession", .number(1), at: at).value == .notBoolean("a number (1)"))
    }

    @Test("LOC018 (O9): both spellings with the same value are fine")
    func spellingsAgree() throws {
        let raw = Self.flag("NSLocationRequireExplicitServiceSession", true) + Self.flag("CLRequireExplicitServiceSession", true)
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: raw), "App/Tracker.swift": Self.withSession])
        #expect(try f.ids() == [])
    }

    @Test("LOC018 (O9): a non-Boolean value")
    func notBoolean() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys.merging(["CLRequireExplicitServiceSession": "YES"]) { a, _ in a }),
                             "App/Tracker.swift": Self.withSession])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC018"])
        #expect(findings.first?.message.contains("a string \"YES\"") == true)
    }

    @Test("LOC018 (O9): the key in an app extension's plist, an InfoPlist.strings file and a framework plist")
    func misplaced() throws {
        let extensionPlist = infoPlist(raw: "\t<key>NSExtension</key>\n\t<dict/>\n" + Self.flag("NSLocationRequireExplicitServiceSession", true))
        let frameworkPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.kit</string>
        \t<key>CFBundlePackageType</key>
        \t<string>FMWK</string>
        \t<key>CLRequireExplicitServiceSession</key>
        \t<true/>
        </dict>
        </plist>
        """
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys), "App/Tracker.swift": Self.withSession,
                             "App/en.lproj/InfoPlist.strings": "\"NSLocationRequireExplicitServiceSession\" = \"YES\";\n",
                             "Widget/Info.plist": extensionPlist,
                             "Kit/Info.plist": frameworkPlist])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC018", "LOC018", "LOC018"])
        let places: [String] = findings.map { finding -> String in (finding.location.file as NSString).pathComponents.suffix(2).joined(separator: "/") }
        #expect(places == ["en.lproj/InfoPlist.strings", "Kit/Info.plist", "Widget/Info.plist"])
        #expect(findings[1].message.contains("framework"))
        #expect(findings[2].message.contains("app extension"))
    }

    @Test("LOC018 (O9): no finding for the key in the app's own Info.plist, or in a WatchKit extension")
    func wellPlaced() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: Self.flag("NSLocationRequireExplicitServiceSession", false))])
        #expect(try f.ids() == [])
        let watch = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse],
                              raw: "\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.watchkit</string>\n\t</dict>\n"
                                + Self.flag("CLRequireExplicitServiceSession", false))
        let g = try Fixture(["Watch/Info.plist": watch])
        #expect(try g.ids() == [])
    }
}
