/// Something that happened when an ``AuthorizationInterpreter`` applied an event, as typed data:
/// what a simulator prints in its timeline and what an explorer checks for findings.
///
/// The model's ``Effect``s plus what only a driver of the model sees: changes of the app's
/// lifecycle state that no lifecycle event asked for. Core Location has no such type; these are
/// the observable consequences of its rules.
public enum Occurrence: Hashable, Sendable {
    /// A system prompt appeared.
    case promptShown(Prompt)
    /// The prompt went away; `answer` is the button tapped, `nil` when dismissed unanswered (C10).
    case promptDismissed(PromptKind, answer: PromptButton?)
    /// Core Location will call a manager's delegate when the run loop turns (C3); the call also
    /// waits in the interpreter's run loop (``AuthorizationInterpreter/RunLoop/pending``). ``DelegateCall/deliversLocation`` tells
    /// the calls that deliver a location.
    case delegateCall(ManagerID, DelegateCall)
    /// Core Location will yield a value to one of the app's asynchronous sequences when the run
    /// loop turns (section O); it also waits in the interpreter's run loop.
    case sessionDelivery(SessionDelivery)
    /// Core Location printed a console message (J1, J2, N4…).
    case consoleMessage(String)
    /// The background location indicator appeared or went away (I10, I11).
    case indicatorChanged(Bool)
    /// The system launched the app in the background for a location event (A8, I12); its launch
    /// code waits in the interpreter's run loop (``AuthorizationInterpreter/RunLoop/pending``).
    case appLaunchedBySystem(reason: String)
    /// The app terminated because of an uncaught exception (I8, N4).
    case appTerminated(AppException)
    /// The app resigned active while a prompt covers it (C11).
    case appWillResignActive
    /// The app became active again when the prompt went away (C11).
    case appDidBecomeActive
    /// A request produced nothing at all (C12); ``IgnoredReason/ruleIDs`` names the rules.
    case requestIgnored(AuthorizationRequestKind, reason: IgnoredReason)
    /// LocSim's explanation of something Core Location does silently (O16).
    case note(String)
    /// The app's lifecycle state changed although the event was not a lifecycle step, a launch or
    /// a termination: the device was locked or unlocked, or the system woke the app.
    case appStateChanged(from: AppState, to: AppState)
    /// The event could not apply: an error in the script driving the simulation.
    case rejected(String)
}

extension DelegateCall {
    /// Whether the call hands the app a location: an update, a visit, a region entry or exit.
    @inlinable
    public var deliversLocation: Bool {
        switch self {
        case .didUpdateLocations, .didVisit, .didEnterRegion, .didExitRegion: true
        default: false
        }
    }

    /// Whether the call is the temporary-full-accuracy completion handler (not a delegate method).
    @inlinable
    public var isCompletion: Bool {
        if case .fullAccuracyCompletion = self { true } else { false }
    }
}

extension Event {
    /// Whether the event is itself a lifecycle step (a change of state it causes is no news).
    @inlinable
    public var isLifecycleStep: Bool {
        switch self {
        case .appLaunched, .appLaunchedInBackground, .appEnteredForeground, .appEnteredBackground, .appSuspended, .appTerminated,
             .appForceQuit, .appCrashed: true
        default: false
        }
    }

    /// Why the app's state changed when it did not ask (``Occurrence/appStateChanged(from:to:)``).
    public var lifecycleCause: String {
        switch self {
        case .deviceLocked: "device locked"
        case .deviceUnlocked: "device unlocked"
        case .userChoseButton: "woken for the held location event"
        default: "woken for a location event"
        }
    }
}
