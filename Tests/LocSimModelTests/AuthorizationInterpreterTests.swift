import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore
import Testing

/// The one driver of the model: what it reports for each event, and what it keeps for the run loop.
@Suite("The authorization interpreter")
struct AuthorizationInterpreterTests {
    @Test("C3, C11: an answer's delegate call is reported and waits for the run loop; a prompt is reported, not queued")
    func delegateCallsWaitForTheRunLoop() {
        var interpreter = AuthorizationInterpreter(model: Rig.model())
        let asked = interpreter.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        guard case .promptShown(let prompt)? = asked.first else { Issue.record("no prompt: \(asked)"); return }
        #expect(prompt.kind == .initial)
        #expect(asked.dropFirst() == [.appWillResignActive])
        #expect(interpreter.runLoop.pendingCount == 0)

        var answered: [Occurrence] = []
        let queued = interpreter.send(.userChoseButton(.allowWhileUsing, precise: nil), into: &answered)
        let call = DelegateCall.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)
        #expect(answered.contains(.promptDismissed(.initial, answer: .allowWhileUsing)))
        #expect(answered.contains(.delegateCall(Rig.manager, call)))
        #expect(queued == 1)
        #expect(Array(interpreter.runLoop.pending) == [.delegateCall(Rig.manager, call)])
        let first = interpreter.runLoop.takePending(), second = interpreter.runLoop.takePending()
        #expect(first == .delegateCall(Rig.manager, call))
        #expect(second == nil)
        #expect(interpreter.runLoop.pendingCount == 0)
        #expect(interpreter.model.status == .authorizedWhenInUse)
    }

    @Test("A8, I12: a launch by the system queues the launch code, which a driver may take out of turn")
    func systemLaunchQueuesLaunchCode() {
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.requestShowingUpgradePrompt()
        store.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        store.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        var interpreter = AuthorizationInterpreter(model: store.state)
        let launched = interpreter.send(.deviceEnteredRegion("home"))
        // The launch is its own occurrence, not also an unasked-for change of state.
        #expect(launched == [.appLaunchedBySystem(reason: "region enter home")])
        #expect(Array(interpreter.runLoop.pending) == [.launchCode])
        let took = interpreter.runLoop.takeLaunchRequest(), tookAgain = interpreter.runLoop.takeLaunchRequest()
        #expect(took && !tookAgain)
        #expect(interpreter.runLoop.pendingCount == 0)

        // The launch code creates the manager: the creation callback and the held entry follow, in order.
        let created = interpreter.send(.appCreatedManager(ManagerID(1), hasDelegate: true))
        let calls = created.compactMap { if case .delegateCall(_, let c) = $0 { c } else { nil } }
        #expect(calls.map(\.description) == ["didChangeAuthorization(authorizedAlways)", "didEnterRegion(home)"])
        #expect(interpreter.runLoop.pending.map { if case .delegateCall(_, let c) = $0 { c.description } else { "launchCode" } } == calls.map(\.description))
    }

    @Test("C10: a state change no lifecycle event asked for is reported; a lifecycle step's own change is not")
    func unaskedStateChangesAreReported() {
        var interpreter = AuthorizationInterpreter(model: Rig.model())
        let locked = interpreter.send(.deviceLocked), unlocked = interpreter.send(.deviceUnlocked)
        #expect(locked.contains(.appStateChanged(from: .foreground, to: .background)))
        #expect(unlocked.contains(.appStateChanged(from: .background, to: .foreground)))
        let left = interpreter.send(.appEnteredBackground)
        #expect(interpreter.model.lifecycle.state == .background)
        #expect(!left.contains { if case .appStateChanged = $0 { true } else { false } })
    }

    @Test("C12, E8: a request that does nothing is reported with its reason and rules, and queues nothing")
    func ignoredRequestsAreReported() {
        var interpreter = AuthorizationInterpreter(model: Rig.model())
        _ = interpreter.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = interpreter.send(.userChoseButton(.allowOnce, precise: nil))
        interpreter.runLoop.discardPending()
        let ignored = interpreter.send(.appRequestedAlwaysAuthorization(Rig.manager))
        #expect(ignored == [.requestIgnored(.always, reason: .temporaryAuthorization)])
        #expect(IgnoredReason.temporaryAuthorization.ruleIDs == ["E8"])
        #expect(interpreter.runLoop.pendingCount == 0)
    }
}
