import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

/// One expectation key as written and the expectation it parses to.
struct ExpectationCase: Sendable, CustomTestStringConvertible {
    var key: String
    var yaml: String
    var expected: LocSimScenario.Expectation
    var testDescription: String { "\(key): \(yaml)" }
    init(_ key: String, _ yaml: String, _ set: (inout LocSimScenario.Expectation) -> Void) {
        self.key = key
        self.yaml = yaml
        var e = LocSimScenario.Expectation()
        set(&e)
        expected = e
    }
}

@Suite("Scenario parser: expectations")
struct ScenarioParserExpectationTests {
    /// Every expectation key of format 1 and LocSim's addition `settings`.
    static let cases: [ExpectationCase] = [
        ExpectationCase("status", "notDetermined") { $0.status = .notDetermined },
        ExpectationCase("status", "restricted") { $0.status = .restricted },
        ExpectationCase("status", "denied") { $0.status = .denied },
        ExpectationCase("status", "authorizedAlways") { $0.status = .authorizedAlways },
        ExpectationCase("status", "authorizedWhenInUse") { $0.status = .authorizedWhenInUse },
        ExpectationCase("status", "authorized") { $0.status = .authorizedAlways },
        ExpectationCase("accuracy", "full") { $0.accuracy = .fullAccuracy },
        ExpectationCase("accuracy", "reduced") { $0.accuracy = .reducedAccuracy },
        ExpectationCase("provisional", "true") { $0.provisional = true },
        ExpectationCase("temporary", "false") { $0.temporary = false },
        ExpectationCase("prompt", "none") { $0.prompt = "none" },
        ExpectationCase("prompt", "initial") { $0.prompt = "initial" },
        ExpectationCase("prompt", "alwaysUpgrade") { $0.prompt = "alwaysUpgrade" },
        ExpectationCase("prompt", "alwaysConfirmation") { $0.prompt = "alwaysConfirmation" },
        ExpectationCase("prompt", "fullAccuracy") { $0.prompt = "fullAccuracy" },
        ExpectationCase("prompt", "locationServicesOff") { $0.prompt = "locationServicesOff" },
        ExpectationCase("buttons", "[allowOnce, allowWhileUsing, dontAllow]") { $0.buttons = [.allowOnce, .allowWhileUsing, .dontAllow] },
        ExpectationCase("promptMessage", "Shows where you are") { $0.promptMessage = "Shows where you are" },
        ExpectationCase("callbacks", "[didChangeAuthorization(notDetermined), didUpdateLocations(1)]") {
            $0.callbacks = [.didChangeAuthorization(.notDetermined), .didUpdateLocations(count: 1)]
        },
        ExpectationCase("callbacks", "[]") { $0.callbacks = [] },
        ExpectationCase("received", "[didUpdateLocations, didFailWithError(locationUnknown)]") {
            $0.received = [.didUpdateLocations(count: nil), .didFailWithError(.locationUnknown)]
        },
        ExpectationCase("notReceived", "[didEnterRegion(home), didExitRegion, didVisit]") {
            $0.notReceived = [.didEnterRegion("home"), .didExitRegion(nil), .didVisit]
        },
        ExpectationCase("manager", "second") { $0.manager = "second" },
        ExpectationCase("inUse", "true") { $0.inUse = true },
        ExpectationCase("appState", "notRunning") { $0.appState = .notRunning },
        ExpectationCase("appState", "foreground") { $0.appState = .foreground },
        ExpectationCase("appState", "background") { $0.appState = .background },
        ExpectationCase("appState", "suspended") { $0.appState = .suspended },
        ExpectationCase("indicator", "false") { $0.indicator = false },
        ExpectationCase("servicesEnabled", "true") { $0.servicesEnabled = true },
        ExpectationCase("log", "without a usage description") { $0.log = "without a usage description" },
        ExpectationCase("terminated", "NSInternalInconsistencyException") { $0.terminated = "NSInternalInconsistencyException" },
        // LocSim's addition.
        ExpectationCase("settings", "askNextTime") { $0.settings = .askNextTime },
        ExpectationCase("settings", "always") { $0.settings = .always },
        ExpectationCase("widgetUpdates", "true") { $0.widgetUpdates = true },
        ExpectationCase("widgetInUse", "false") { $0.widgetInUse = false },
        ExpectationCase("controlCenter", "true") { $0.controlCenter = true },
        ExpectationCase("locationConfirmation", "disallowed") { $0.locationConfirmation = .disallowed },
        ExpectationCase("prompt", "widget") { $0.prompt = "widget" },
        // Section O: `session` and `diagnostics` come together.
        ExpectationCase("session", "nav, diagnostics: []") { $0.session = "nav"; $0.diagnostics = [] },
        ExpectationCase("diagnostics", "[insufficientlyInUse, serviceSessionRequired], session: updates") {
            $0.session = "updates"; $0.diagnostics = [.insufficientlyInUse, .serviceSessionRequired]
        },
        ExpectationCase("condition", "{monitor: places, identifier: home, state: unmonitored, diagnostics: [conditionUnsupported]}") {
            $0.condition = ConditionExpectation(monitor: "places", identifier: "home", state: .unmonitored, diagnostics: .conditionUnsupported)
        },
        // A refused step (O3), and the launch options (O18).
        ExpectationCase("refused", "\"does not exist on macOS\"") { $0.refused = "does not exist on macOS" },
        ExpectationCase("launchOptions", "[location]") { $0.launchOptions = ["location"] },
        ExpectationCase("launchOptions", "[]") { $0.launchOptions = [] },
    ]

    @Test("Every expectation key parses", arguments: cases)
    func keyParses(_ c: ExpectationCase) throws {
        #expect(try ScenarioFixtures.expectation("{\(c.key): \(c.yaml)}") == c.expected)
    }

    @Test("The expectation table covers every key the parser knows")
    func everyKeyIsCovered() {
        #expect(Set(Self.cases.map(\.key)) == Set(ScenarioParser.expectationKeys))
    }

    /// Every callback spelling of the format, and LocSim's `monitoringDidFail`.
    static let callbackSpellings: [String] = [
        "didChangeAuthorization(notDetermined)", "didChangeAuthorization(restricted)", "didChangeAuthorization(denied)",
        "didChangeAuthorization(authorizedAlways)", "didChangeAuthorization(authorizedWhenInUse)",
        "didUpdateLocations(3)", "didFailWithError(denied)", "didFailWithError(locationUnknown)",
        "didFailWithError(promptDeclined)", "didEnterRegion(home)", "didExitRegion(home)", "didVisit",
        "fullAccuracyCompletion(nil)", "fullAccuracyCompletion(promptDeclined)",
        "monitoringDidFail(home, regionMonitoringDenied)",
        "didChangeAuthorization", "didUpdateLocations", "didFailWithError", "didEnterRegion", "didExitRegion",
        "fullAccuracyCompletion", "monitoringDidFail",
    ]

    @Test("Every callback spelling parses to a pattern that spells it unchanged", arguments: callbackSpellings)
    func callbackSpelling(_ spelling: String) throws {
        let e = try ScenarioFixtures.expectation("{callbacks: [\"\(spelling)\"]}")
        #expect(e.callbacks?.map(\.description) == [spelling])
    }

    @Test("A2: didChangeAuthorization(authorized) means authorizedAlways")
    func authorizedAlias() throws {
        #expect(try ScenarioFixtures.expectation("{callbacks: [didChangeAuthorization(authorized)]}").callbacks == [.didChangeAuthorization(.authorizedAlways)])
    }

    @Test("A2: expect's status and didChangeAuthorization(…) accept the same words, each for the same status", arguments: AuthorizationStatus.words)
    func statusWordsAgree(_ word: String) throws {
        let status = try #require(AuthorizationStatus(word: word))
        let e = try ScenarioFixtures.expectation("{status: \(word), callbacks: [didChangeAuthorization(\(word))]}")
        #expect(e.status == status)
        #expect(e.callbacks == [.didChangeAuthorization(status)])
    }

    @Test("monitoringDidFail is normalized to the timeline's spelling whatever the spaces")
    func monitoringDidFailSpacing() throws {
        #expect(try ScenarioFixtures.expectation("{callbacks: [\"monitoringDidFail(home,regionMonitoringDenied)\"]}").callbacks
                == [.monitoringDidFail(.init(region: "home", code: .regionMonitoringDenied))])
    }

    @Test("Several keys in one expect are all kept; manager defaults to main")
    func severalKeys() throws {
        let e = try ScenarioFixtures.expectation("{status: denied, inUse: false, prompt: none}")
        #expect(e.status == .denied && e.inUse == false && e.prompt == "none" && e.manager == "main")
    }
}

@Suite("Scenario parser: device and app")
struct ScenarioParserSectionTests {
    /// Every device key of format 1 and LocSim's additions, with a value.
    static let deviceCases: [(String, String)] = [
        ("platform", "iOS 13.4"), ("locationServices", "off"), ("restricted", "true"), ("gracePeriod", "5s"),
        ("allowOnceLapse", "2m"), ("location", "{latitude: 1.5, longitude: 2.5}"),
        ("confirmationPromptDelay", "1h"), ("heldEventWindow", "30s"), ("deliverHeldEventsAfterLateAnswer", "true"),
        ("holdsLatestRegionEvents", "true"), ("lockDismissesPrompt", "false"), ("locationServicesOffDialog", "false"), ("macOSStartShowsPrompt", "false"),
        ("allowOnceExpiryRestoresAlwaysRequest", "false"), ("unansweredAlwaysPromptSpendsRequest", "false"), ("reducedAccuracyInterval", "20m"),
        ("significantChangeDistance", "750"), ("usageReminderAfter", "3d"), ("airplaneModeDeniesLocation", "false"),
        ("reinstallKeepsAuthorization", "false"), ("macOSWhenInUseKeySufficesFrom", "14"),
        ("startTimeOfDay", "23.5h"), ("widgetInUseDuration", "2m"), ("recentUseWindow", "1h"), ("pairedIPhonePrecise", "off"),
        ("appClipLocationConfirmation", "off"), ("sessionRecreationWindow", "3s"),
        ("honoredExplicitSessionKeys", "[CLRequireExplicitServiceSession]"), ("releasingBackgroundActivitySessionEndsIt", "false"),
        ("monitorConditionLimit", "2"), ("monitorPersistenceAvailable", "false"), ("outOfUseLiveUpdatesDiagnostic", "serviceSessionRequired"),
        ("sessionsEngageInGracePeriod", "false"), ("forceQuitEndsBackgroundActivitySession", "false"),
        ("forceQuitBlocksRelaunchFrom", "\"iOS 26.4\""), ("requestLocationFailsWhileNotDetermined", "true"),
    ]

    static func device(_ body: String) throws -> DeviceSpec {
        try ScenarioParser.parse("device:\n  \(body)\nsteps: [launch]\n", file: ScenarioFixtures.scenarioPath).device
    }

    @Test("Every device key parses to its setting")
    func deviceKeys() throws {
        #expect(Set(Self.deviceCases.map(\.0)) == Set(ScenarioParser.deviceKeys))
        var expected = DeviceSpec()
        expected.platform = Platform(.iOS, 13, 4)
        expected.locationServices = false
        expected.restricted = true
        expected.parameters.gracePeriod = .seconds(5)
        expected.parameters.allowOnceLapse = .seconds(120)
        expected.location = Coordinate(latitude: 1.5, longitude: 2.5)
        expected.parameters.confirmationPromptDelay = .seconds(3600)
        expected.parameters.heldEventWindow = .seconds(30)
        expected.parameters.deliverHeldEventsAfterLateAnswer = true
        expected.parameters.holdsLatestRegionEvents = true
        expected.parameters.lockDismissesPrompt = false
        expected.parameters.showsLocationServicesOffDialog = false
        expected.parameters.macOSStartShowsPrompt = false
        expected.parameters.allowOnceExpiryRestoresAlwaysRequest = false
        expected.parameters.unansweredAlwaysPromptSpendsRequest = false
        expected.parameters.airplaneModeDeniesLocation = false
        expected.parameters.reinstallKeepsAuthorization = false
        expected.parameters.macOSWhenInUseKeySufficesFrom = 14
        expected.parameters.reducedAccuracyInterval = .seconds(1200)
        expected.parameters.significantChangeDistance = 750
        expected.parameters.usageReminderAfter = .seconds(3 * 86_400)
        expected.parameters.startTimeOfDay = .seconds(23 * 3600 + 1800)
        expected.parameters.widgetInUseDuration = .seconds(120)
        expected.parameters.recentUseWindow = .seconds(3600)
        expected.parameters.pairedIPhonePrecise = false
        expected.parameters.appClipLocationConfirmation = false
        expected.parameters.sessionRecreationWindow = .seconds(3)
        expected.parameters.honoredExplicitSessionKeys = [.cl]
        expected.parameters.releasingBackgroundActivitySessionEndsIt = false
        expected.parameters.monitorConditionLimit = 2
        expected.parameters.monitorPersistenceAvailable = false
        expected.parameters.outOfUseLiveUpdatesDiagnostic = .serviceSessionRequired
        expected.parameters.sessionsEngageInGracePeriod = false
        expected.parameters.forceQuitEndsBackgroundActivitySession = false
        expected.parameters.forceQuitBlocksRelaunchFrom = Platform(.iOS, 26, 4)
        expected.parameters.requestLocationFailsWhileNotDetermined = true
        let body = Self.deviceCases.map { "\($0.0): \($0.1)" }.joined(separator: "\n  ")
        #expect(try Self.device(body) == expected)
    }

    @Test("The device defaults are those the format documents")
    func deviceDefaults() throws {
        let s = try ScenarioFixtures.parse(["launch"])
        #expect(s.device.platform == Platform(.iOS, 18))
        #expect(s.device.locationServices)
        #expect(!s.device.restricted)
        #expect(s.device.parameters.gracePeriod == .seconds(10))
        #expect(s.device.parameters.allowOnceLapse == .seconds(50))
        #expect(s.device.location == Coordinate(latitude: 37.3349, longitude: -122.009))
    }

    @Test("Every platform OS parses", arguments: ["iOS 10.3", "macOS 14", "watchOS 10.0", "tvOS 17.0", "visionOS 2"])
    func platforms(_ text: String) throws {
        #expect(try Self.device("platform: \(text)").platform == Platform(parsing: text))
    }

    @Test("Every app key parses")
    func appKeys() throws {
        let text = """
        app:
          name: Trails
          purposeStrings:
            NSLocationWhenInUseUsageDescription: Map.
          backgroundModes: [location, fetch]
          defaultAccuracyReduced: true
          temporaryPurposeKeys: {Navigation: Exact.}
          compatibleApp: true
          appSandbox: true
          locationEntitlement: true
          delegateMethods: [didUpdateLocations, locationManagerDidChangeAuthorization]
          appClip: true
          requestsLocationConfirmation: true
          widgetWantsLocation: true
          CLRequireExplicitServiceSession: true
        steps: [launch]
        """
        let app = try ScenarioParser.parse(text, file: ScenarioFixtures.scenarioPath).app
        #expect(app.name == "Trails")
        #expect(app.purposeStrings == [.whenInUse: "Map."])
        #expect(app.backgroundModes == ["location", "fetch"])
        #expect(app.defaultAccuracyReduced)
        #expect(app.temporaryPurposeKeys == ["Navigation": "Exact."])
        #expect(app.compatibleApp)
        #expect(app.appSandbox && app.locationEntitlement)
        #expect(app.delegateMethods == [.didUpdateLocations, .locationManagerDidChangeAuthorization])
        #expect(Set(ScenarioParser.appKeys).isSuperset(of: ["appSandbox", "locationEntitlement", "delegateMethods"]))
        #expect(app.appClip && app.requestsLocationConfirmation && app.widgetWantsLocation)
        #expect(app.explicitServiceSessionKeys == [.cl])
    }

    @Test("P6: startTimeOfDay is a time since midnight, less than 24 hours")
    func startTimeOfDayBound() throws {
        #expect(try Self.device("startTimeOfDay: 0").parameters.startTimeOfDay == .zero)
        #expect(throws: InputError.self) { try Self.device("startTimeOfDay: 24h") }
    }

    @Test("With no infoPlist and no purposeStrings the app declares every purpose string and no background mode")
    func appDefaults() throws {
        let app = try ScenarioFixtures.parse(["launch"]).app
        #expect(app.declaredKeys == Set(PurposeKey.allCases))
        #expect(app.backgroundModes.isEmpty)
    }

    @Test("infoPlist reads an XML plist relative to the scenario file; inline keys are added")
    func infoPlistXML() throws {
        let path = ScenarioFixtures.write(ScenarioFixtures.plist, name: "Info", ext: "plist")
        let name = (path as NSString).lastPathComponent
        let text = "app:\n  infoPlist: \(name)\n  temporaryPurposeKeys: {Nav: Exact.}\nsteps: [launch]\n"
        let app = try ScenarioParser.parse(text, file: ScenarioFixtures.scenarioPath).app
        #expect(app.name == "Fixture")
        #expect(app.declaredKeys == [.whenInUse])
        #expect(app.hasLocationBackgroundMode)
        #expect(app.temporaryPurposeKeys == ["Nav": "Exact."])
    }

    @Test("infoPlist reads the binary plist of Examples/fixtures")
    func infoPlistBinary() throws {
        let file = (ScenarioFixtures.packageRoot as NSString).appendingPathComponent("Examples/k-binary-plist-reduced-accuracy.yml")
        let app = try ScenarioParser.parse(contentsOf: file).app
        #expect(app.name == "Precise")
        #expect(app.defaultAccuracyReduced)
        #expect(app.temporaryPurposeKeys["Boarding"] != nil)
    }
}
