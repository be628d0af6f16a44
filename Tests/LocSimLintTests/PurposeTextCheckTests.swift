import Testing
@testable import LocSimLint

/// LOC009–LOC012: the texts themselves and where they live.
@Suite struct PurposeTextCheckTests {
    @Test("LOC009 (D3): an empty purpose string is an error")
    func empty() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: "  "])])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC009"])
        #expect(findings.first?.severity == .error)
    }

    @Test("LOC009 (D3): a real explanation is not reported")
    func notEmpty() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse])])
        #expect(try f.ids() == [])
    }

    @Test("LOC010 (D3): placeholder and vague texts are warnings", arguments: [
        "TODO", "Lorem ipsum dolor sit amet", "want to use location", "This app needs your location.", "Location", "We need access to your location",
        "Testing purposes", "For testing only, please allow",
    ])
    func vague(text: String) throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: text])])
        #expect(try f.ids() == ["LOC010"])
    }

    @Test("LOC010 (D3): specific texts from real apps are not vague", arguments: [
        "Add GPS coordinates to observations, show your location on maps, and more.",
        "Location is used to demonstrate LocoKit's functionality",
        "Get article recommendations based on your location",
        "This is a tracking application and therefore requires access to location services",
        "This is a region monitoring testing app. It records when you enter and leave the regions you set.",
    ])
    func specific(text: String) throws {
        #expect(PurposeText.weakness(of: text) == nil)
    }

    @Test("LOC010 (D3): a vague localized value in InfoPlist.strings is reported there")
    func vagueLocalization() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/fr.lproj/InfoPlist.strings": "/* French */\n\"NSLocationWhenInUseUsageDescription\" = \"TODO\";\n"])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.location.file.hasSuffix("InfoPlist.strings") == true)
        #expect(findings.first?.location.line == 2)
    }

    @Test("LOC011 (F5): identical When In Use and Always texts are a note")
    func identical() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.alwaysAndWhenInUse: Text.whenInUse])])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC011"])
        #expect(findings.first?.severity == .note)
    }

    @Test("LOC011 (F5): different texts, or sources that never request Always, are not reported")
    func different() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys)])
        #expect(try f.ids() == [])
        let whenInUseOnly = "import CoreLocation\nfunc ask(_ m: CLLocationManager) { m.requestWhenInUseAuthorization() }\n"
        let g = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse, PurposeKeyName.alwaysAndWhenInUse: Text.whenInUse]),
                             "App/Ask.swift": whenInUseOnly])
        #expect(try g.ids() == ["LOC024"]) // not LOC011: the Always text is never shown, which LOC024 notes
    }

    @Test("LOC012 (J3): purpose strings in a test bundle, a Settings.bundle and a framework plist are never read")
    func unreadPlists() throws {
        let f = try Fixture([
            "App/Info.plist": infoPlist(goodKeys),
            "AppTests/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
            "App/Settings.bundle/Root.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse], bundle: false),
            "Kit/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse], raw: "\t<key>CFBundlePackageType</key>\n\t<string>FMWK</string>\n", bundle: false)
                .replacingOccurrences(of: "<dict>\n", with: "<dict>\n\t<key>CFBundleIdentifier</key><string>kit</string>\n"),
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC012", "LOC012", "LOC012"])
        #expect(findings.allSatisfy { $0.severity == .warning })
    }

    @Test("LOC012 (J3): a plist not named by any target's INFOPLIST_FILE is never read")
    func unreferencedPlist() throws {
        let f = try Fixture([
            "App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist"),
            "App/Info.plist": infoPlist(goodKeys),
            "App/Old-Info.plist": infoPlist(goodKeys),
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC012", "LOC012"])
        #expect(findings.allSatisfy { $0.location.file.hasSuffix("Old-Info.plist") })
    }

    @Test("LOC012 (J3): a localized key the Info.plist does not declare is never read")
    func orphanLocalization() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/de.lproj/InfoPlist.strings": "NSLocationAlwaysAndWhenInUseUsageDescription = \"Zeichnet Ihre Wanderung im Hintergrund auf.\";\n"])
        #expect(try f.ids() == ["LOC012"])
    }

    @Test("LOC012 (J3): the app's own plist and the test target's plist without keys are fine")
    func readPlists() throws {
        let f = try Fixture([
            "App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", testPlist: "AppTests/Info.plist"),
            "App/Info.plist": infoPlist(goodKeys),
            "AppTests/Info.plist": infoPlist(),
        ])
        #expect(try f.ids() == [])
    }
}
