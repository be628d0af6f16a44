import Testing
@testable import LocSimLint
import LocSimModel

/// LOC001–LOC005: which purpose keys a request needs, from the shared rule table.
@Suite struct KeyCheckTests {
    static let requestWhenInUse = """
    import CoreLocation
    final class Locator {
        let manager = CLLocationManager()
        func ask() { manager.requestWhenInUseAuthorization() }
    }
    """
    static let requestAlways = """
    import CoreLocation
    final class Locator {
        let manager = CLLocationManager()
        func ask() { manager.requestAlwaysAuthorization() }
    }
    """

    @Test("LOC001 (J1): missing When In Use key is an error at the call")
    func missingWhenInUse() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(), "App/Locator.swift": Self.requestWhenInUse])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC001"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.location.line == 4)
        #expect(findings.first?.location.file.hasSuffix("Locator.swift") == true)
    }

    @Test("LOC001 (J1): no finding when the When In Use key is present")
    func whenInUsePresent() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Locator.swift": Self.requestWhenInUse])
        #expect(try f.ids() == [])
    }

    @Test("LOC001 (J3): a $(VAR) value that cannot be resolved is unknown, not missing")
    func unresolvedValueIsUnknown() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: "$(LOCATION_TEXT)"]), "App/Locator.swift": Self.requestWhenInUse])
        #expect(try f.ids() == [])
    }

    @Test("LOC001 (O1): CLLocationUpdate.liveUpdates asks implicitly and needs the key")
    func liveUpdatesNeedKey() throws {
        let source = "import CoreLocation\nfunc track() async { for try await _ in CLLocationUpdate.liveUpdates() {} }\n"
        let f = try Fixture(["App/Info.plist": infoPlist(), "App/Track.swift": source])
        #expect(try f.ids() == ["LOC001"])
    }

    @Test("LOC001 (P2): on macOS the request needs NSLocationUsageDescription")
    func macOSNeedsUsageKey() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.usage: Text.whenInUse]), "App/Locator.swift": Self.requestWhenInUse])
        #expect(try f.ids(platform: .macOS) == [])
        let g = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Locator.swift": Self.requestWhenInUse])
        #expect(try g.ids(platform: .macOS) == ["LOC005", "LOC001"])
    }

    @Test("LOC002 (E9, J2): requestAlways without NSLocationAlwaysAndWhenInUseUsageDescription is an error")
    func missingAlways() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Locator.swift": Self.requestAlways])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC002"])
        #expect(findings.first?.severity == .error)
    }

    @Test("LOC002 (E9): no finding when both iOS 11+ keys are present")
    func alwaysKeysPresent() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Locator.swift": Self.requestAlways])
        #expect(try f.ids() == [])
    }

    @Test("LOC002 (J2): the legacy Always key does not satisfy requestAlways on iOS 11+")
    func legacyKeyDoesNotSatisfy() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.always: Text.always]),
                             "App/Locator.swift": Self.requestAlways])
        #expect(Set(try f.ids()) == ["LOC002", "LOC003"])
    }

    @Test("LOC003 (Q1): only the legacy Always key on an iOS 11+ target is a warning at the key")
    func legacyOnly() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.always: Text.always])])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC003"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location.file.hasSuffix("Info.plist") == true)
    }

    @Test("LOC003 (P5): the legacy key is expected when deploying to iOS 10")
    func legacyOnIOS10() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.always: Text.always])])
        #expect(try f.ids(deploymentTarget: "10.0").contains("LOC003") == false)
    }

    @Test("LOC004 (P5): requestAlways deploying to iOS 10 without the legacy key")
    func legacyMissingOnIOS10() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Locator.swift": Self.requestAlways])
        #expect(try f.ids(deploymentTarget: "10.0") == ["LOC004"])
        #expect(try f.ids(deploymentTarget: "11.0") == [])
    }

    @Test("LOC004 (P5): no finding when all three keys ship for iOS 10")
    func allThreeKeys() throws {
        var keys = goodKeys
        keys[PurposeKeyName.always] = Text.always
        let f = try Fixture(["App/Info.plist": infoPlist(keys), "App/Locator.swift": Self.requestAlways])
        #expect(try f.ids(deploymentTarget: "10.0") == [])
    }

    @Test("LOC004 (P5): IPHONEOS_DEPLOYMENT_TARGET in an xcconfig-based project is read")
    func deploymentTargetFromProject() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Locator.swift": Self.requestAlways,
                             "App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", deploymentTarget: "10.0", sources: ["App/Locator.swift"])])
        #expect(try f.ids() == ["LOC004"])
    }

    @Test("LOC005 (P2): a macOS target with only iOS keys")
    func macOSWithIOSKeys() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse])])
        #expect(try f.ids(platform: .macOS) == ["LOC005"])
        #expect(try f.ids(platform: .iOS) == [])
    }

    @Test("LOC005 (P2): LSMinimumSystemVersion marks a plist as macOS; NSLocationUsageDescription satisfies it")
    func macOSInferred() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.usage: Text.whenInUse, "LSMinimumSystemVersion": "12.0"])])
        #expect(try f.ids() == [])
        let g = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, "LSMinimumSystemVersion": "12.0"])])
        #expect(try g.ids() == ["LOC005"])
    }
}

/// Key names for the tests, from the shared table.
enum PurposeKeyName {
    static let whenInUse = PurposeKey.whenInUse.rawValue
    static let alwaysAndWhenInUse = PurposeKey.alwaysAndWhenInUse.rawValue
    static let always = PurposeKey.always.rawValue
    static let usage = PurposeKey.usage.rawValue
}
