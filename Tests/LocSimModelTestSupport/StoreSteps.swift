import LocSimModel
import LocSimTestStore
import Testing

/// Steps the rule tests take often, stated exhaustively: each sends one event, states its whole
/// change and receives every effect, so a test built from them stays exhaustive.
extension TestStore {
    /// A foreground app asks through `manager` while its status is notDetermined: the initial
    /// prompt for `request` goes on screen and the app resigns active (D1, E1, C11).
    public func requestShowingInitialPrompt(_ request: AuthorizationRequestKind, _ manager: ManagerID = Rig.manager,
                                            sourceLocation: SourceLocation = #_sourceLocation) {
        let prompt = state.initialPrompt(for: request)
        let event: Event = request == .always ? .appRequestedAlwaysAuthorization(manager) : .appRequestedWhenInUseAuthorization(manager)
        send(event, sourceLocation: sourceLocation) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: $0.clock.now, manager: manager)
        }
        receive([.promptShown(prompt), .appWillResignActive], sourceLocation: sourceLocation)
    }

    /// The user answers the initial prompt on screen with `button`: the record becomes
    /// `authorization`, the prompt goes, the app becomes active, and manager #0 (the only one,
    /// with no service running) is told `status` (C4: unless it already reported it).
    public func answerInitialPrompt(_ button: PromptButton, precise: Bool? = nil, becomes authorization: StoredAuthorization,
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
}
