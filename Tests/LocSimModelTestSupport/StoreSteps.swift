import LocSimModel
import LocSimTestStore
import Testing

/// Steps the rule tests take often, stated exhaustively: each sends one event, states its whole
/// change and receives every effect, so a test built from them stays exhaustive.
extension TestStore {
    /// A foreground app asks through `manager` while its status is notDetermined: the initial
    /// prompt for `request` goes on screen and the app resigns active (D1, E1, C11).
    /// An Always request spends the app's single Always request (E2, E3) unless
    /// `spendsAlwaysRequest` says otherwise (macOS and visionOS read it as When In Use, P2, E11).
    public func requestShowingInitialPrompt(_ request: AuthorizationRequestKind, _ manager: ManagerID = Rig.manager,
                                            spendsAlwaysRequest: Bool? = nil,
                                            sourceLocation: SourceLocation = #_sourceLocation) {
        let prompt = state.initialPrompt(for: request)
        let spends = spendsAlwaysRequest ?? (request == .always)
        let event: Event = request == .always ? .appRequestedAlwaysAuthorization(manager) : .appRequestedWhenInUseAuthorization(manager)
        send(event, sourceLocation: sourceLocation) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: $0.clock.now, manager: manager)
            if spends { $0.record.alwaysRequestSpent = true }
        }
        receive([.promptShown(prompt), .appWillResignActive], sourceLocation: sourceLocation)
    }

    /// The user answers the initial prompt on screen with `button`: the record becomes
    /// `authorization`, the prompt goes, the app becomes active, and manager #0 (the only one,
    /// with no service running) is told `status` (C4: unless it already reported it).
    public func answerInitialPrompt(_ button: PromptButton, precise: Bool? = nil, becomes authorization: StoredAuthorization,
                                    reporting status: AuthorizationStatus, sourceLocation: SourceLocation = #_sourceLocation) {
        answerPrompt(button, precise: precise, becomes: authorization, reporting: status, sourceLocation: sourceLocation)
    }

    /// The user answers the authorization prompt on screen (initial or upgrade) with `button`:
    /// as ``answerInitialPrompt(_:precise:becomes:reporting:sourceLocation:)``.
    public func answerPrompt(_ button: PromptButton, precise: Bool? = nil, becomes authorization: StoredAuthorization,
                             reporting status: AuthorizationStatus, sourceLocation: SourceLocation = #_sourceLocation) {
        let kind = state.prompts.onScreen?.prompt.kind ?? .initial
        let told = state.services.managers.first?.reportedStatus != status
        send(.userChoseButton(button, precise: precise), sourceLocation: sourceLocation) {
            $0.prompts.onScreen = nil
            $0.record.authorization = authorization
            $0.services.managers[0].reportedStatus = status
        }
        receive([.promptDismissed(kind, answer: button), .appDidBecomeActive], sourceLocation: sourceLocation)
        if told { receive(Rig.auth(status), sourceLocation: sourceLocation) }
    }

    /// Requests When In Use and answers Allow While Using App: permanent When In Use (D4).
    public func grantWhenInUse(sourceLocation: SourceLocation = #_sourceLocation) {
        requestShowingInitialPrompt(.whenInUse, sourceLocation: sourceLocation)
        answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse, sourceLocation: sourceLocation)
    }

    /// A foreground app with permanent When In Use asks for Always through `manager` (iOS 13.4+,
    /// iOS 8–10): the request is spent and the upgrade prompt goes on screen (E6, E12).
    public func requestShowingUpgradePrompt(_ manager: ManagerID = Rig.manager, sourceLocation: SourceLocation = #_sourceLocation) {
        let prompt = state.upgradePrompt()
        send(.appRequestedAlwaysAuthorization(manager), sourceLocation: sourceLocation) {
            $0.record.alwaysRequestSpent = true
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: $0.clock.now, manager: manager)
        }
        receive([.promptShown(prompt), .appWillResignActive], sourceLocation: sourceLocation)
    }

    /// `request` through `manager` changes nothing and says only why it was ignored.
    public func ignoredRequest(_ request: AuthorizationRequestKind, _ reason: IgnoredReason, _ manager: ManagerID = Rig.manager,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        send(request == .always ? .appRequestedAlwaysAuthorization(manager) : .appRequestedWhenInUseAuthorization(manager),
             sourceLocation: sourceLocation)
        receive(.requestIgnored(request, reason: reason), sourceLocation: sourceLocation)
    }

    /// The app goes to the background and the grace period and the Allow Once lapse pass:
    /// ``AuthorizationModel/leaveUse()`` stated exhaustively for an app with no other timer (the
    /// grace period's end stays recorded while the app is in the background); `lapse` states what
    /// else the end of use changes (its effects are left to receive).
    public func leaveUse(lapse: ((inout AuthorizationModel) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let now = state.clock.now, grace = state.parameters.gracePeriod
        let end = now + grace + state.parameters.allowOnceLapse + .seconds(1)
        enterBackground(sourceLocation: sourceLocation)
        send(.clockAdvanced(to: end), sourceLocation: sourceLocation) {
            $0.clock.now = end
            $0.clock.timers = []
            lapse?(&$0)
        }
    }

    /// The app in the background comes back to the foreground, after its grace period ended;
    /// `also` states what else returning changes (its effects are left to receive).
    public func returnToForeground(also: ((inout AuthorizationModel) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.appEnteredForeground, sourceLocation: sourceLocation) {
            $0.lifecycle.state = .foreground
            $0.lifecycle.graceEndsAt = nil
            also?(&$0)
        }
    }

    /// The foreground app, with no timer running, goes to the background: the grace period starts
    /// (I1). Its effects, if any, are left to receive.
    public func enterBackground(sourceLocation: SourceLocation = #_sourceLocation) {
        let graceEnd = state.clock.now + state.parameters.gracePeriod
        send(.appEnteredBackground, sourceLocation: sourceLocation) {
            $0.lifecycle.state = .background
            $0.lifecycle.graceEndsAt = graceEnd
            $0.clock.timers = [ScheduledTimer(at: graceEnd, kind: .graceEnds)]
        }
    }

    /// The foreground app, with no timer running, is locked: it goes to the background with the
    /// lock and its grace period starts (C10, I1); `also` adds what else changes (a prompt that
    /// goes away, the Always request spent).
    public func lockInForeground(also: ((inout AuthorizationModel) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let graceEnd = state.clock.now + state.parameters.gracePeriod
        send(.deviceLocked, sourceLocation: sourceLocation) {
            $0.device.locked = true
            $0.lifecycle.foregroundBeforeLock = true
            $0.lifecycle.state = .background
            $0.lifecycle.graceEndsAt = graceEnd
            $0.clock.timers = [ScheduledTimer(at: graceEnd, kind: .graceEnds)]
            also?(&$0)
        }
    }

    /// Requests When In Use and answers Allow Once: temporary When In Use (H1).
    public func grantAllowOnce(sourceLocation: SourceLocation = #_sourceLocation) {
        requestShowingInitialPrompt(.whenInUse, sourceLocation: sourceLocation)
        answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse, sourceLocation: sourceLocation)
    }

    /// The app, with manager #0 only, is terminated, launched again and creates manager #0, which
    /// is told `status` (C2). `terminated` states what else termination changes.
    public func relaunch(reporting status: AuthorizationStatus, _ accuracy: AccuracyAuthorization = .fullAccuracy,
                         terminated: ((inout AuthorizationModel) -> Void)? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        send(.appTerminated, sourceLocation: sourceLocation) {
            $0.lifecycle.state = .notRunning
            $0.lifecycle.graceEndsAt = nil
            $0.services.managers = []
            terminated?(&$0)
        }
        send(.appLaunched, sourceLocation: sourceLocation) { $0.lifecycle.state = .foreground }
        createManager(reporting: status, accuracy, sourceLocation: sourceLocation)
    }

    /// The app creates manager `id` with a delegate, which is told `status` at once (C2); the
    /// number of the next manager follows it.
    public func createManager(_ id: ManagerID = Rig.manager, reporting status: AuthorizationStatus,
                              _ accuracy: AccuracyAuthorization = .fullAccuracy, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.appCreatedManager(id, hasDelegate: true), sourceLocation: sourceLocation) {
            var manager = ManagerState(id: id, hasDelegate: true)
            manager.reportedStatus = status
            manager.reportedAccuracy = accuracy
            $0.services.managers.append(manager)
            $0.services.nextManagerNumber = max($0.services.nextManagerNumber, id.rawValue + 1)
        }
        receive(Rig.auth(status, accuracy, manager: id), sourceLocation: sourceLocation)
    }

    /// The user picks `option` in the app's Settings: the record becomes `authorization` and
    /// manager #0 (the only one) is told `status`.
    public func changeSetting(_ option: SettingsOption, becomes authorization: StoredAuthorization, reporting status: AuthorizationStatus,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        send(.userChangedSetting(option), sourceLocation: sourceLocation) {
            $0.record.authorization = authorization
            $0.services.managers[0].reportedStatus = status
        }
        receive(Rig.auth(status), sourceLocation: sourceLocation)
    }

    /// Requests Always from notDetermined and answers Allow While Using App: provisional Always,
    /// reported as authorizedAlways (E5, G1).
    public func grantProvisionalAlways(sourceLocation: SourceLocation = #_sourceLocation) {
        requestShowingInitialPrompt(.always, sourceLocation: sourceLocation)
        answerPrompt(.allowWhileUsing, becomes: .always(provisional: true), reporting: .authorizedAlways, sourceLocation: sourceLocation)
    }
}
