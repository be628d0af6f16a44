import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

/// The scenario format of the third round of fidelity work: `forceQuit` and `crash` (O17), a
/// refused step checked by `expect: {refused: …}`, the app's life cycle (`scenes`, O18) and the
/// iOS 27 SDK's scene requirement (TN3187).
@Suite("Scenarios: refused steps, how the app stopped, scenes")
struct ScenarioRelaunchTests {
    static let macOS = "device: {platform: macOS 15.0}\n"

    @Test("O3: a refused step followed by expect: {refused: …} is checked and the scenario goes on")
    func refusedStepGoesOn() throws {
        let result = try ScenarioFixtures.run(["launch", "createServiceSession: {name: nav, authorization: whenInUse}",
                                               "expect: {refused: \"CLServiceSession does not exist on macOS 15.0\"}",
                                               "startLiveUpdates: updates", "expect: {prompt: initial}"], header: Self.macOS)
        #expect(result.outcome == .passed, "\(ScenarioReport.text(result))")
        #expect(result.stepsRun == 5 && result.expectationsChecked == 2)
        #expect(result.timeline.entries.contains { $0.kind == .rejected && $0.text.hasPrefix("CLServiceSession does not exist on macOS 15.0") })
    }

    @Test("O3: a refused step not followed by expect: {refused: …} is invalid (exit 2) on its line, as before")
    func refusedStepWithoutExpectation() throws {
        for next in [[], ["expect: {prompt: none}"], ["launch"]] {
            let result = try ScenarioFixtures.run(["launch", "createServiceSession: {name: nav, authorization: whenInUse}"] + next, header: Self.macOS)
            guard case .invalid(let error) = result.outcome else {
                Issue.record("expected the step to be invalid, got \(result.outcome)")
                continue
            }
            #expect(error.line == 4)
            #expect(error.message.hasPrefix("step cannot apply: CLServiceSession does not exist on macOS 15.0"))
            #expect(ScenarioReport.exitStatus([result]) == 2)
        }
    }

    @Test("O3: expect: {refused: …} fails when the reason differs; file errors are not refusals and stay input errors")
    func refusedMismatch() throws {
        let wrong = try ScenarioFixtures.run(["launch", "createServiceSession: {name: nav, authorization: whenInUse}", "expect: {refused: CLMonitor}"],
                                             header: Self.macOS)
        guard case .failed(let failure) = wrong.outcome else {
            Issue.record("expected a failure, got \(wrong.outcome)")
            return
        }
        #expect(failure.mismatches.map(\.key) == ["refused"])
        #expect(failure.mismatches.first?.actual.hasPrefix("refused: CLServiceSession does not exist on macOS 15.0") == true)
        // A name no step created is the file's error, not Core Location's refusal.
        let typo = try ScenarioFixtures.run(["launch", "invalidateServiceSession: nav", "expect: {refused: nav}"])
        guard case .invalid(let error) = typo.outcome else {
            Issue.record("expected an input error, got \(typo.outcome)")
            return
        }
        #expect(error.line == 3)
    }

    @Test("O17: forceQuit and crash are steps; terminate still means the system ending the app, so an Always app monitoring a region comes back for its event after each")
    func stopSteps() throws {
        let result = try ScenarioFixtures.run(["launch", "settings: always", "monitorRegion: office", "background", "forceQuit",
                                               "enterRegion: office", "expect: {appState: background, launchOptions: [location]}", "crash",
                                               "exitRegion: office", "expect: {appState: background}", "terminate", "expect: {appState: notRunning}"])
        #expect(result.outcome == .passed, "\(ScenarioReport.text(result))")
        #expect(result.timeline.entries.contains { $0.kind == .lifecycle && $0.text == "force quit" })
        #expect(result.timeline.entries.contains { $0.kind == .lifecycle && $0.text == "crash" })
        let suspended = try ScenarioFixtures.run(["launch", "background", "suspend", "crash"])
        guard case .invalid(let error) = suspended.outcome else {
            Issue.record("a suspended app cannot crash, got \(suspended.outcome)")
            return
        }
        #expect(error.message.contains("cannot crash"))
    }

    @Test("O18: on iOS, tvOS or visionOS 27 an app without scenes: true is an input error naming TN3187; with it, or before 27, the scenario runs")
    func ios27NeedsScenes() throws {
        for platform in ["iOS 27.0", "tvOS 27.0", "visionOS 27.0"] {
            let text = "device: {platform: \(platform)}\nsteps: [launch]\n"
            #expect {
                try ScenarioParser.parse(text, file: ScenarioFixtures.scenarioPath)
            } throws: { error in
                let e = error as? InputError
                return e?.line == 1 && e?.message.contains("TN3187") == true && e?.message.contains("scenes: true") == true
            }
            #expect(throws: Never.self) { try ScenarioParser.parse("device: {platform: \(platform)}\napp: {scenes: true}\nsteps: [launch]\n", file: ScenarioFixtures.scenarioPath) }
        }
        for platform in ["iOS 26.0", "watchOS 27.0", "macOS 27.0"] {
            #expect(throws: Never.self) { try ScenarioParser.parse("device: {platform: \(platform)}\nsteps: [launch]\n", file: ScenarioFixtures.scenarioPath) }
        }
        #expect(try ScenarioParser.parse("app: {scenes: true}\nsteps: [launch]\n", file: ScenarioFixtures.scenarioPath).app.scenes)
    }
}
