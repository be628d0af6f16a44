import Testing
@testable import LocSimLint

/// A call is a Core Location call by its receiver and exact name, never by a name prefix;
/// turning background updates off is no use of the background mode.
@Suite struct ReadingCodeAsItIsTests {
    /// When In Use only: these fixtures never ask for Always (an Always text would get LOC024).
    static let whenInUseKeys = [PurposeKeyName.whenInUse: Text.whenInUse]
    static let plistWithMode = infoPlist(whenInUseKeys, raw: backgroundModes("location", "audio"))
    /// Both texts and the mode, for the fixtures that ask for Always.
    static let alwaysPlistWithMode = infoPlist(goodKeys, raw: backgroundModes("location", "audio"))

    @Test("LOC007 (I6): startMonitoringAudioLevels() is no location call, so it proves nothing either way")
    func audioLevelsIsNotMonitoring() throws {
        let audio = """
        import AVFoundation
        final class Meter {
            let recorder = AudioRecorder()
            func start() { recorder.startMonitoringAudioLevels() }
        }
        """
        let scan = SwiftSourceScanner.scan(text: audio, path: "Meter.swift")
        #expect(scan.events.isEmpty)
        let objc = ObjCSourceScanner.scan(text: "- (void)start {\n    [self.recorder startMonitoringAudioLevels];\n    [[Reachability sharedClient] startMonitoring];\n}\n", path: "Meter.m")
        #expect(objc.events.isEmpty)
        let reachability = SwiftSourceScanner.scan(text: "func go() { reachability.startMonitoring() }\n", path: "R.swift")
        #expect(reachability.events.isEmpty)
        let region = SwiftSourceScanner.scan(text: "func go(_ m: CLLocationManager, _ r: CLRegion) { m.startMonitoring(for: r) }\n", path: "G.swift")
        #expect(region.events.map(\.kind) == [.startMonitoring("startMonitoring")])
    }

    @Test("LOC007 (I6): startMonitoringSignificantLocationChanges() on a location manager is a monitoring call")
    func significantChangesIsMonitoring() throws {
        let source = """
        import CoreLocation
        final class Tracker {
            let manager = CLLocationManager()
            func start() { manager.startMonitoringSignificantLocationChanges() }
        }
        """
        let scan = SwiftSourceScanner.scan(text: source, path: "Tracker.swift")
        #expect(scan.events.map(\.kind) == [.startMonitoring("startMonitoringSignificantLocationChanges")])
        let f = try Fixture(["App/Info.plist": Self.plistWithMode, "App/Tracker.swift": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC007"])
        #expect(findings.first?.message.contains("do not need it") == true)
    }

    @Test("LOC002 (J2): requestAlwaysAuthorization() on a receiver of another declared type is not a location request")
    func otherReceiverType() throws {
        let source = """
        final class Onboarding {
            let permissions: NotificationPermissions
            init(permissions: NotificationPermissions) { self.permissions = permissions }
            func ask() { permissions.requestAlwaysAuthorization() }
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Onboarding.swift": source])
        #expect(try f.ids() == [])
    }

    @Test("LOC002 (J2): the same call on a location manager (declared type, initializer, parameter, subclass) is one", arguments: [
        "let manager: CLLocationManager! = nil\nfunc ask() { manager?.requestAlwaysAuthorization() }",
        "func ask() { CLLocationManager().requestAlwaysAuthorization() }",
        "func locationManager(_ manager: CLLocationManager, didFail error: Error) { manager.requestAlwaysAuthorization() }",
        "func ask() { unknownThing.requestAlwaysAuthorization() }",
    ])
    func locationReceiver(body: String) throws {
        let source = "import CoreLocation\nfinal class Locator {\n\(body)\n}\n"
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Locator.swift": source])
        #expect(try f.ids() == ["LOC002"])
    }

    @Test("LOC002 (J2): a CLLocationManager subclass calling its own method")
    func subclassSelf() throws {
        let source = "import CoreLocation\nfinal class Manager: CLLocationManager {\n    func ask() { requestAlwaysAuthorization() }\n}\n"
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Manager.swift": source])
        #expect(try f.ids() == ["LOC002"])
    }

    @Test("LOC007 (I6): allowsBackgroundLocationUpdates = false is no use of the location background mode")
    func disablingIsNotUse() throws {
        let source = """
        import CoreLocation
        final class Tracker {
            let manager = CLLocationManager()
            func stop() {
                manager.requestAlwaysAuthorization()
                manager.allowsBackgroundLocationUpdates = false
            }
        }
        """
        let f = try Fixture(["App/Info.plist": Self.alwaysPlistWithMode, "App/Tracker.swift": source])
        #expect(try f.ids() == ["LOC007"])
        let objc = "- (void)stop {\n    [self.manager requestAlwaysAuthorization];\n    self.manager.allowsBackgroundLocationUpdates = NO;\n}\n"
        let g = try Fixture(["App/Info.plist": Self.alwaysPlistWithMode, "App/Tracker.m": objc])
        #expect(try g.ids() == ["LOC007"])
    }

    @Test("LOC006, LOC007 (I6, I8): = false never needs the mode; = true with the mode is no finding")
    func disablingNeedsNoMode() throws {
        let source = "import CoreLocation\nfinal class T {\n    let m = CLLocationManager()\n    func stop() { m.allowsBackgroundLocationUpdates = false }\n}\n"
        let f = try Fixture(["App/Info.plist": infoPlist(Self.whenInUseKeys), "App/T.swift": source])
        #expect(try f.ids() == [])
        let on = source.replacingOccurrences(of: "= false", with: "= true")
        let g = try Fixture(["App/Info.plist": Self.plistWithMode, "App/T.swift": on])
        #expect(try g.ids() == [])
    }
}
