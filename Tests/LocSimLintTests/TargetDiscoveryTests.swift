import Foundation
import Testing
@testable import LocSimLint
import LocSimModel

@Suite("Target discovery: partial Info.plists and sources without a target")
struct TargetDiscoveryTests {
    static let alwaysCall = """
    import CoreLocation
    final class Tracker {
        let manager = CLLocationManager()
        func start() {
            manager.requestAlwaysAuthorization()
            manager.allowsBackgroundLocationUpdates = true
        }
    }
    """

    @Test("LOC002, LOC006 (E9, I8): an Info.plist with purpose keys but no bundle keys is still the app's plist")
    func partialInfoPlistIsATarget() throws {
        let fixture = try Fixture([
            "App/Info.plist": infoPlist(["NSLocationWhenInUseUsageDescription": "Shows you on the trail map."], bundle: false),
            "App/Tracker.swift": Self.alwaysCall,
        ])
        let ids = try fixture.ids()
        #expect(ids.contains("LOC002"))
        #expect(ids.contains("LOC006"))
    }

    @Test("A plist with no bundle keys and no location facts is not a target")
    func unrelatedPlistIsNotATarget() throws {
        let fixture = try Fixture([
            "App/Settings.plist": infoPlist(["Theme": "dark"], bundle: false),
        ])
        let out = fixture.commandLine([fixture.root])
        #expect(out.status == 0)
        #expect(out.stderr.contains("no app target found"))
    }

    @Test("Sources with no Info.plist at all: a note on stderr says the plist checks did not run")
    func sourcesWithoutTarget() throws {
        let fixture = try Fixture(["Tracker.swift": Self.alwaysCall])
        let out = fixture.commandLine([fixture.root])
        #expect(out.stderr.contains("note: no app target found"))
        #expect(out.stderr.contains("purpose-string and background-mode checks need the app's Info.plist"))
    }
}
