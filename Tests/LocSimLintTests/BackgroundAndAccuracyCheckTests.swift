import Testing
@testable import LocSimLint

/// LOC006–LOC008: background updates, the background mode, temporary full accuracy.
@Suite struct BackgroundAndAccuracyCheckTests {
    static let enablesBackground = """
    import CoreLocation
    final class Recorder {
        let manager = CLLocationManager()
        func start() {
            manager.requestAlwaysAuthorization()
            manager.allowsBackgroundLocationUpdates = true
            manager.startUpdatingLocation()
        }
    }
    """

    @Test("LOC006 (I8): allowsBackgroundLocationUpdates = true without the location mode is an error")
    func backgroundWithoutMode() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: backgroundModes("fetch")), "App/Recorder.swift": Self.enablesBackground])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC006"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.location.line == 6)
    }

    @Test("LOC006 (I6): no finding with the location background mode")
    func backgroundWithMode() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: backgroundModes("location")), "App/Recorder.swift": Self.enablesBackground])
        #expect(try f.ids() == [])
    }

    @Test("LOC006 (I8): Objective-C YES assignment is found; a commented-out one is not")
    func objectiveC() throws {
        let source = """
        @implementation Recorder
        - (void)start {
            // self.manager.allowsBackgroundLocationUpdates = YES;
            NSString *s = @"allowsBackgroundLocationUpdates = YES";
            [self.manager requestAlwaysAuthorization];
            self.manager.allowsBackgroundLocationUpdates = YES;
        }
        @end
        """
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/Recorder.m": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC006"])
        #expect(findings.first?.location.line == 6)
    }

    @Test("LOC007 (I7): the location mode with sources that never enable background updates")
    func unusedMode() throws {
        let source = "import CoreLocation\nfinal class A { let m = CLLocationManager(); func go() { m.requestWhenInUseAuthorization() } }\n"
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: backgroundModes("location")), "App/A.swift": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC007"])
        #expect(findings.first?.location.file.hasSuffix("Info.plist") == true)
    }

    @Test("LOC007 (I6): no finding when a source enables background updates, or when no source was scanned")
    func usedMode() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: backgroundModes("location")), "App/Recorder.swift": Self.enablesBackground])
        #expect(try f.ids() == [])
        let plistOnly = try Fixture(["App/Info.plist": infoPlist(goodKeys, raw: backgroundModes("location"))])
        #expect(try plistOnly.ids() == [])
    }

    static let temporaryDictionary = """
    \t<key>NSLocationTemporaryUsageDescriptionDictionary</key>
    \t<dict>
    \t\t<key>Navigation</key>
    \t\t<string>Turn-by-turn directions need your precise location.</string>
    \t</dict>

    """

    @Test("LOC008 (K5): a purpose key not in NSLocationTemporaryUsageDescriptionDictionary is an error")
    func unknownPurposeKey() throws {
        let source = """
        import CoreLocation
        func precise(_ m: CLLocationManager) {
            m.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigaton") { _ in }
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: Self.temporaryDictionary), "App/P.swift": source])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC008"])
        #expect(findings.first?.message.contains("Navigaton") == true)
    }

    @Test("LOC008 (K5): no finding for a declared purpose key, in Swift and CLServiceSession")
    func knownPurposeKey() throws {
        let source = """
        import CoreLocation
        func precise(_ m: CLLocationManager) {
            m.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { _ in }
            let session = CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
            _ = session
        }
        """
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys, raw: Self.temporaryDictionary), "App/P.swift": source])
        #expect(try f.ids() == [])
    }

    @Test("LOC008 (K5): a missing dictionary fails the request even with a non-literal key")
    func missingDictionary() throws {
        let source = "import CoreLocation\nfunc precise(_ m: CLLocationManager, key: String) { m.requestTemporaryFullAccuracyAuthorization(withPurposeKey: key) }\n"
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys), "App/P.swift": source])
        #expect(try f.ids() == ["LOC008"])
    }
}
