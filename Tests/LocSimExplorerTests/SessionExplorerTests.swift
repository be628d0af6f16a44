import LocSim
@testable import LocSimExplorer
import LocSimModel
import LocSimScenario
import Testing

/// App models of the iOS 17/18 API (section O): what they say, and what the explorer finds.
enum SessionModels {
    /// A model from its `app.on` lines and `explore` keys, on `platforms`.
    static func model(_ on: String, platforms: String = "iOS 18.0", taps: [String] = ["track"], depth: Int = 10,
                      screens: String = "[home, tracking]", waiting: String = "[]", backgroundModes: String = "[location]") throws -> AppModel {
        let text = """
        device: {platforms: [\(platforms)]}
        app:
          name: Trails
          backgroundModes: \(backgroundModes)
          screens: \(screens)
          waiting: \(waiting)
          on:
        \(on.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        explore: {depth: \(depth), taps: [\(taps.joined(separator: ", "))]}
        """
        return try AppModelParser.parse(text, file: "sessions.yml")
    }

    /// The findings of `model` of `kind`.
    static func findings(_ model: AppModel, _ kind: FindingKind) -> [Finding] {
        Explorer.explore(model, options: ExplorationOptions(parallel: false)).findings.filter { $0.kind == kind }
    }

    /// Runs a finding's counterexample with the plain scenario runner.
    static func replay(_ finding: Finding) throws -> ScenarioResult {
        ScenarioRunner.run(try ScenarioParser.parse(finding.scenario, file: finding.fileName))
    }
}

@Suite("App models with sessions: actions, names and events")
struct SessionAppModelTests {
    @Test("objects are numbered by name in order of first use, one number per name")
    func namesAreNumbered() throws {
        let m = try SessionModels.model("""
        - {event: tap(track), do: [{startLiveUpdates: updates}, {createServiceSession: {name: nav, authorization: always, fullAccuracyPurposeKey: Nav}}]}
        - {event: background, do: [{startBackgroundActivity: activity}, {invalidateServiceSession: nav}, {openMonitor: places}]}
        - {event: launch, do: [{createServiceSession: {name: nav, authorization: whenInUse}}, {addCondition: {monitor: places, identifier: home}}]}
        """)
        #expect(m.sessionObjects.map(\.name) == ["updates", "nav", "activity"])
        #expect(m.sessionObjects.map(\.kind) == [.liveUpdates, .serviceSession, .backgroundActivity])
        #expect(m.reactions[0].actions == [.startLiveUpdates(SessionID(1)), .createServiceSession(SessionID(2), .always, fullAccuracyPurposeKey: "Nav")])
        #expect(m.reactions[1].actions == [.startBackgroundActivity(SessionID(3)), .invalidateServiceSession(SessionID(2)), .openMonitor("places")])
        #expect(m.reactions[2].actions == [.createServiceSession(SessionID(2), .whenInUse, fullAccuracyPurposeKey: nil),
                                           .addCondition(monitor: "places", Region(name: "home"), assuming: .unknown)])
        #expect(m.sessionName(SessionID(2)) == "nav")
    }

    @Test("session events: flags, none, !FLAG, location and nil, states, and the objects they name")
    func eventsParseAndMatch() throws {
        let m = try SessionModels.model("""
        - {event: tap(track), do: [{createServiceSession: {name: nav, authorization: always}}, {startLiveUpdates: updates}, {openMonitor: places}, {addCondition: {monitor: places, identifier: home}}]}
        - {event: diagnostic(insufficientlyInUse), goto: home}
        - {event: {diagnostic: [nav, none]}, goto: home}
        - {event: {liveUpdate: [updates, nil, '!authorizationRequestInProgress']}, goto: home}
        - {event: {liveUpdate: location}, goto: tracking}
        - {event: "monitorEvent(places, home, satisfied)", goto: tracking}
        - {event: monitorEvent, goto: home}
        """)
        func pattern(_ i: Int) throws -> SessionEventPattern {
            guard case .session(let p) = m.reactions[i].event else { throw PatternMissing() }
            return p
        }
        let nav = SessionID(1), updates = SessionID(2)
        #expect(try pattern(1).matches(.serviceSessionDiagnostic(nav, [.insufficientlyInUse, .authorizationDenied])))
        #expect(try pattern(1).matches(.backgroundActivityDiagnostic(SessionID(9), [.insufficientlyInUse])))
        #expect(try !pattern(1).matches(.serviceSessionDiagnostic(nav, [])))
        #expect(try pattern(2).matches(.serviceSessionDiagnostic(nav, [])))
        #expect(try !pattern(2).matches(.serviceSessionDiagnostic(nav, [.alwaysAuthorizationDenied])))
        #expect(try !pattern(2).matches(.serviceSessionDiagnostic(SessionID(5), [])))
        #expect(try pattern(3).matches(.liveUpdate(updates, LiveUpdate(location: nil, diagnostics: [.authorizationDenied]))))
        #expect(try !pattern(3).matches(.liveUpdate(updates, LiveUpdate(location: nil, diagnostics: [.authorizationRequestInProgress]))))
        let fix = Location(coordinate: Coordinate(latitude: 1, longitude: 2))
        #expect(try !pattern(3).matches(.liveUpdate(updates, LiveUpdate(location: fix, diagnostics: []))))
        #expect(try pattern(4).matches(.liveUpdate(updates, LiveUpdate(location: fix, diagnostics: [.accuracyLimited]))))
        let satisfied = MonitorEvent(identifier: "home", state: .satisfied, date: .zero, diagnostics: [])
        #expect(try pattern(5).matches(.monitorEvent(monitor: "places", satisfied)))
        #expect(try !pattern(5).matches(.monitorEvent(monitor: "places", MonitorEvent(identifier: "home", state: .unsatisfied, date: .zero, diagnostics: []))))
        #expect(try !pattern(5).matches(.monitorEvent(monitor: "other", satisfied)))
        #expect(try pattern(6).matches(.monitorEvent(monitor: "other", satisfied)))
        #expect(try !pattern(6).matches(.liveUpdate(updates, LiveUpdate(location: fix, diagnostics: []))))
        #expect(m.reactions[3].event.description == "liveUpdate(updates, nil, !authorizationRequestInProgress)")
    }

    struct PatternMissing: Error {}

    @Test("bad section-O actions and events are input errors on their line", arguments: [
        ("- {event: tap(track), do: [{createServiceSession: {name: nav, authorization: always}}, {startLiveUpdates: nav}]}", "'nav' names a service session"),
        ("- {event: tap(track), do: [{stopLiveUpdates: updates}]}", "no action starts 'updates' (startLiveUpdates)"),
        ("- {event: diagnostic(sleepy), goto: home}", "'sleepy' is not a flag"),
        ("- {event: liveUpdate(conditionUnsupported), goto: home}", "'conditionUnsupported' is not a flag of this event"),
        ("- {event: liveUpdate(updates, nil), goto: home}", "inside {…} a comma ends the value"),
        ("- {event: {liveUpdate: [nav]}, goto: home}", "'nav' is not a flag"),
        ("- {event: {wave: x}, goto: home}", "a mapping event is"),
        ("- {event: {diagnostic: [insufficientlyInUse, '!insufficientlyInUse']}, goto: home}", "both required and excluded"),
    ])
    func badInput(_ line: String, _ message: String) {
        do {
            _ = try SessionModels.model(line)
            Issue.record("no error for \(line)")
        } catch let e as InputError {
            #expect(e.line == 8, "\(e)")
            #expect(e.message.contains(message), "\(e.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("the app reacts to what its sessions yield: a live update with a location leaves the waiting screen")
    func deliveriesReachReactions() throws {
        // Without the reaction to the first update, the waiting screen can never be left.
        let waits = try SessionModels.model("""
        - {event: tap(track), when: home, do: [{startLiveUpdates: updates}], goto: asking}
        - {event: {liveUpdate: location}, when: asking, goto: tracking}
        - {event: {liveUpdate: [nil, '!authorizationRequestInProgress']}, when: asking, goto: home}
        """, screens: "[home, asking, tracking]", waiting: "[asking]")
        #expect(SessionModels.findings(waits, .hang).isEmpty)
        var deaf = waits
        deaf.reactions.removeLast(2)
        let hangs = SessionModels.findings(deaf, .hang)
        #expect(hangs.contains { $0.key == "asking.authorizedWhenInUse" }, "\(hangs.map(\.key))")
    }

    @Test("a call of the iOS 17/18 API does nothing where the API does not exist, as behind if #available")
    func unavailableAPIIsSkipped() throws {
        let m = try SessionModels.model("""
        - {event: tap(track), when: home, do: [{createServiceSession: {name: nav, authorization: whenInUse}}, {startLiveUpdates: updates}, requestWhenInUse], goto: tracking}
        """, platforms: "iOS 16.0, iOS 17.0")
        let result = Explorer.explore(m, options: ExplorationOptions(parallel: false))
        #expect(result.platforms.allSatisfy { $0.states > 10 })
        // Every counterexample (if any) replays: no step names an object the platform lacks.
        for f in result.findings { #expect(try SessionModels.replay(f).outcome == .passed, "\(f.scenario)") }
    }

    @Test("an object made and ended leaves the state it was made in: the explorer keeps no count of objects made")
    func madeAndEndedIsNoneMade() throws {
        let m = try SessionModels.model("""
        - {event: tap(start), when: home, do: [{startBackgroundActivity: activity}], goto: tracking}
        - {event: tap(stop), when: tracking, do: [{invalidateBackgroundActivity: activity}], goto: home}
        """, taps: ["start", "stop"])
        let system = AppModelSystem(m, platform: m.platforms[0])
        // Allowed in Settings first, so that starting the activity shows no prompt.
        let launched = system.apply(.settings(.whileUsing), to: system.apply(.launch, to: system.initial).state).state
        let started = system.apply(.tap("start"), to: launched).state
        #expect(!started.model.sessions.isEmpty && started.model.prompts.onScreen == nil)
        let stopped = system.apply(.tap("stop"), to: started).state
        #expect(stopped.model.sessions.isEmpty)
        #expect(stopped == launched)
        // Started again, the activity is the same object in the same state as the first time.
        #expect(system.apply(.tap("start"), to: stopped).state == started)
    }
}

@Suite("Findings of the iOS 17/18 API: each is found, and not found when the app does it right")
struct SessionFindingTests {
    @Test("sessionOutOfUse: a session created in the background reports insufficientlyInUse")
    func sessionOutOfUse() throws {
        let late = try SessionModels.model("""
        - {event: tap(track), when: home, do: [{startLiveUpdates: updates}], goto: tracking}
        - {event: {liveUpdate: insufficientlyInUse}, do: [{createServiceSession: {name: nav, authorization: whenInUse}}]}
        - {event: background, do: [{startBackgroundActivity: activity}]}
        """)
        let found = SessionModels.findings(late, .sessionOutOfUse)
        #expect(Set(found.map(\.key)) == ["createServiceSession.whenInUse", "startBackgroundActivity"])
        for f in found {
            #expect(f.rules.contains("O6"))
            #expect(f.explanation.contains("insufficientlyInUse"))
            let result = try SessionModels.replay(f)
            #expect(result.outcome == .passed, "\(f.scenario)\n\(result.timeline.text)")
        }
        let session = try #require(found.first { $0.key == "createServiceSession.whenInUse" })
        #expect(session.scenario.contains("expect: {session: nav, diagnostics: [insufficientlyInUse], inUse: false, appState: background}"))
        let early = try SessionModels.model("""
        - {event: tap(track), when: home, goto: tracking,
           do: [{createServiceSession: {name: nav, authorization: whenInUse}}, {startBackgroundActivity: activity}, {startLiveUpdates: updates}]}
        """)
        #expect(SessionModels.findings(early, .sessionOutOfUse).isEmpty)
    }

    static let tracksAlways = """
    - {event: tap(track), when: home, set: [tracking], goto: tracking,
       do: [{createServiceSession: {name: nav, authorization: always}}, {startLiveUpdates: updates}]}
    """

    @Test("sessionNotRecreated: a relaunch that re-creates nothing within the window")
    func sessionNotRecreated() throws {
        let forgets = try SessionModels.model(Self.tracksAlways + "\n- {event: launch, if: tracking, do: [{startLiveUpdates: updates}]}")
        let found = SessionModels.findings(forgets, .sessionNotRecreated)
        #expect(found.map(\.key) == ["always"])
        let f = try #require(found.first)
        #expect(f.path.last?.hasPrefix("wait") == true)
        #expect(f.rules == ["O6", "O11", "O7"])
        #expect(try SessionModels.replay(f).outcome == .passed, "\(f.scenario)")
        let recreates = try SessionModels.model(Self.tracksAlways + """

        - {event: launch, if: tracking, do: [{createServiceSession: {name: nav, authorization: always}}, {startLiveUpdates: updates}]}
        """)
        #expect(SessionModels.findings(recreates, .sessionNotRecreated).isEmpty)
    }

    @Test("O11: a When In Use session not re-created is a finding only for an app that also ran in the background with an activity session")
    func whenInUseSessionNotRecreated() throws {
        // A foreground-only screen: it makes its session again when the user opens it.
        let foreground = try SessionModels.model("""
        - {event: tap(track), when: home, set: [tracking], goto: tracking,
           do: [{createServiceSession: {name: nav, authorization: whenInUse}}, {startLiveUpdates: updates}]}
        """)
        #expect(SessionModels.findings(foreground, .sessionNotRecreated).isEmpty)
        // The same with a background activity session: the launch resumes the activity but not
        // the When In Use session the app tracked with in the background.
        let background = try SessionModels.model("""
        - {event: tap(track), when: home, set: [tracking], goto: tracking,
           do: [{createServiceSession: {name: nav, authorization: whenInUse}}, {startBackgroundActivity: activity}, {startLiveUpdates: updates}]}
        - {event: launch, if: tracking, do: [{startBackgroundActivity: activity}, {startLiveUpdates: updates}]}
        """)
        let found = SessionModels.findings(background, .sessionNotRecreated)
        #expect(found.map(\.key).contains("whenInUse"), "\(found.map(\.key))")
    }

    @Test("sessionNotRecreated: re-created in the foreground, then ended by the user within the window, is not a finding")
    func recreatedThenStopped() throws {
        let m = try SessionModels.model(Self.tracksAlways + """

        - {event: launch, if: tracking, do: [{createServiceSession: {name: nav, authorization: always}}, {startLiveUpdates: updates}]}
        - {event: tap(stop), when: tracking, clear: [tracking], goto: home, do: [{invalidateServiceSession: nav}, {stopLiveUpdates: updates}]}
        """, taps: ["track", "stop"])
        #expect(SessionModels.findings(m, .sessionNotRecreated).isEmpty)
    }

    @Test("alwaysWithoutSession: an Always app's live updates in the background, with and without a .always session")
    func alwaysWithoutSession() throws {
        let bare = try SessionModels.model("- {event: tap(track), when: home, do: [{startLiveUpdates: updates}], goto: tracking}")
        let found = SessionModels.findings(bare, .alwaysWithoutSession)
        #expect(found.map(\.key) == ["liveUpdate"])
        let f = try #require(found.first)
        #expect(f.scenario.contains("expect: {session: updates, diagnostics: [insufficientlyInUse], status: authorizedAlways, inUse: false}"))
        #expect(try SessionModels.replay(f).outcome == .passed, "\(f.scenario)")
        // iOS 17 has no diagnostics: permanent Always alone reaches live updates (O7 is iOS 18).
        #expect(SessionModels.findings(try SessionModels.model("- {event: tap(track), when: home, do: [{startLiveUpdates: updates}], goto: tracking}",
                                                               platforms: "iOS 17.0"), .alwaysWithoutSession).isEmpty)
        let held = try SessionModels.model(Self.tracksAlways)
        #expect(SessionModels.findings(held, .alwaysWithoutSession).isEmpty)
    }

    @Test("O7: a foreground-only app (no location background mode) is not told to hold an Always session for its live updates")
    func alwaysWithoutSessionForegroundOnly() throws {
        let foregroundOnly = try SessionModels.model("- {event: tap(track), when: home, do: [{startLiveUpdates: updates}], goto: tracking}",
                                                     backgroundModes: "[]")
        #expect(SessionModels.findings(foregroundOnly, .alwaysWithoutSession).isEmpty)
    }

    @Test("alwaysWithoutSession: monitor events of an Always app relaunched in the background")
    func alwaysWithoutSessionMonitor() throws {
        let m = try SessionModels.model("""
        - {event: tap(track), when: home, goto: tracking,
           do: [{openMonitor: places}, {addCondition: {monitor: places, identifier: home, assuming: unsatisfied}}]}
        - {event: launch, do: [{openMonitor: places}]}
        """)
        let found = SessionModels.findings(m, .alwaysWithoutSession)
        #expect(found.map(\.key) == ["monitorEvent"])
        let f = try #require(found.first)
        #expect(f.rules.contains("O15"))
        #expect(f.scenario.contains("condition: {monitor: places, identifier: home, diagnostics: [insufficientlyInUse]}"), "\(f.scenario)")
        #expect(try SessionModels.replay(f).outcome == .passed, "\(f.scenario)")
    }

    @Test("updatesNeverCome: on iOS 17 a denied app's live updates are silent; on iOS 18 they say why")
    func updatesNeverCome() throws {
        let on = "- {event: tap(track), when: home, do: [{startLiveUpdates: updates}], goto: tracking}"
        let found = SessionModels.findings(try SessionModels.model(on, platforms: "iOS 17.0"), .updatesNeverCome)
        #expect(found.map(\.key) == ["denied"])
        let f = try #require(found.first)
        #expect(f.path == ["launch", "tap(track)", "choose dontAllow"])
        #expect(f.scenario.contains("expect: {prompt: none, status: denied, inUse: true, appState: foreground}"))
        #expect(try SessionModels.replay(f).outcome == .passed, "\(f.scenario)")
        #expect(SessionModels.findings(try SessionModels.model(on, platforms: "iOS 18.0"), .updatesNeverCome).isEmpty)
        // An app that reads its status (no diagnostics before iOS 18) and stops waiting once
        // denied does not await in vain.
        let stops = """
        - {event: didChangeAuthorization(denied), set: [denied], do: [{stopLiveUpdates: updates}], goto: home}
        - {event: didChangeAuthorization, clear: [denied]}
        - {event: tap(track), when: home, unless: denied, do: [{startLiveUpdates: updates}], goto: tracking}
        """
        #expect(SessionModels.findings(try SessionModels.model(stops, platforms: "iOS 17.0"), .updatesNeverCome).isEmpty)
    }
}
