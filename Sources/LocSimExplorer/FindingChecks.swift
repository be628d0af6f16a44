import LocSimModel
import LocSimScenario

/// The checks that turn what one exploration step did into findings: the one place where each
/// finding but ``FindingKind/hang`` (see ``HangAnalysis``) is computed, from the typed
/// ``Occurrence``s of an ``AuthorizationInterpreter``.
///
/// `locsim explore` (app models, ``StepRun``) and the test-support `ExplorationRun` (Swift apps on
/// a `SimulatedDevice`) both feed it every event of a step, so they find the same problems under
/// the same keys. Core Location has no such type.
///
/// The checks only read the model, but take it `inout`: a driver keeps its model beside its checks,
/// and lending it by value while the checks change would copy the whole model on every event.
package struct FindingChecks: Sendable {
    /// Whether observations carry what a counterexample needs (its `expect` and explanation), or
    /// only their keys, once each.
    package let record: Bool
    /// The problems seen since the last ``start(_:)``.
    package private(set) var observations: [Observation] = []
    /// The recorded step the next observations show after (record mode).
    package var stepIndex = 0
    /// The choice after which the app runs code on its own, if the step's choice is one.
    private var automatic: Automatic?

    /// The choices after which the app runs code on its own (no payload: set on every step).
    private enum Automatic {
        case launch, foreground, unlock
        var choice: ExplorerChoice {
            switch self {
            case .launch: .launch
            case .foreground: .foreground
            case .unlock: .unlock
            }
        }
    }

    /// Checks that record counterexample detail, or only keys.
    package init(record: Bool) {
        self.record = record
    }

    /// Starts checking a step that applies `choice`.
    @inline(__always)
    package mutating func start(_ choice: ExplorerChoice) {
        if !observations.isEmpty { observations.removeAll(keepingCapacity: true) }
        stepIndex = 0
        switch choice {
        case .launch: automatic = .launch
        case .foreground: automatic = .foreground
        case .unlock: automatic = .unlock
        default: automatic = nil
        }
    }

    // MARK: Events

    /// Before the app makes `call` with the model in `model`: a service started out of use
    /// (I6, I9). Monitoring services count only for apps without Always, which may start them in
    /// the background (A8).
    @inline(__always)
    package mutating func willPerform(_ call: AppCall, model: inout AuthorizationModel) {
        guard call.startsService, model.lifecycle.state.runsCode, !model.isInUse else { return }
        if call.startsStandardLocation || model.status != .authorizedAlways {
            observe(.backgroundStart(call), expect: ExpectStep([.inUse, .appState]) { $0.inUse = false; $0.appState = model.lifecycle.state })
        }
    }

    /// After `event` took the model from `before` to `model` with `occurrences`. `alwaysAsked` is
    /// the explorer's own record that an Always prompt was shown (``PrivacyRule/alwaysOnce``).
    @inline(__always)
    package mutating func applied(_ event: Event, before: AuthorizationModel.Snapshot, model: inout AuthorizationModel,
                                  occurrences: some Collection<Occurrence>, alwaysAsked: inout Bool) {
        var delivered: DelegateCall?
        for occurrence in occurrences {
            switch occurrence {
            case .delegateCall(_, let call):
                if call.deliversLocation { delivered = call }
            case .appTerminated(let exception):
                observe(.terminated(exception), expect: ExpectStep([.terminated, .appState]) { $0.terminated = exception.name; $0.appState = .notRunning },
                        detail: exception.text)
            case .requestIgnored(let kind, let reason):
                if reason.isFinding, let call = AppCall(event) {
                    ignored(call, kind: kind, reason: reason, before: before, model: &model)
                }
            case .promptShown(let p):
                prompt(p, event: event, before: before, model: &model, alwaysAsked: &alwaysAsked)
            default:
                break
            }
        }
        if case .appRequestedAlwaysAuthorization = event, before.authorization == .whenInUse(temporary: false),
           model.record.authorization == .always(provisional: true) {
            noteAlwaysRequest(prompt: nil, alwaysAsked: &alwaysAsked)
        }
        if before.authorization == .whenInUse(temporary: true), model.record.authorization == .notDetermined,
           model.parameters.allowOnceExpiryRestoresAlwaysRequest {
            if case .userChangedSetting = event {} else { alwaysAsked = false }
        }
        if let delivered { delivery(delivered, model: &model) }
    }

    /// After the whole step: Allow Once never outlives use (H2, H4).
    @inline(__always)
    package mutating func finished(model: inout AuthorizationModel) {
        if model.isTemporary && !model.isInUse && !model.clock.timers.contains(where: { $0.kind == .allowOnceExpiry }) {
            observe(.privacy(.allowOnceOutlivesUse), expect: ExpectStep([.temporary, .inUse]) { $0.temporary = true; $0.inUse = false })
        }
    }

    // MARK: Checks

    private mutating func ignored(_ call: AppCall, kind: AuthorizationRequestKind, reason: IgnoredReason,
                                  before: AuthorizationModel.Snapshot, model: inout AuthorizationModel) {
        guard record else { return observe(.ignored(call, reason), expect: ExpectStep([]) { _ in }) }
        let prompt = model.prompts.onScreen?.prompt.kind.rawValue ?? "none"
        // The calls this step produced so far are none: the request did nothing.
        observe(.ignored(call, reason), marker: ExpectStep([.status]) { $0.status = before.status },
                expect: ExpectStep([.prompt, .callbacks, .status]) { $0.prompt = prompt; $0.status = model.status },
                detail: "\(kind.callName) \(reason.outcome(of: kind)): \(reason.explanation)")
    }

    private mutating func prompt(_ p: Prompt, event: Event, before: AuthorizationModel.Snapshot, model: inout AuthorizationModel,
                                 alwaysAsked: inout Bool) {
        let authorizationPrompt = p.kind == .initial || p.kind == .alwaysUpgrade || p.kind == .alwaysConfirmation
        if let automatic, p.kind == .initial || p.kind == .alwaysUpgrade, AppCall(event) != nil {
            observe(.promptOnForeground(p.kind, automatic.choice), expect: ExpectStep([.prompt, .appState]) { $0.prompt = p.kind.rawValue; $0.appState = model.lifecycle.state })
        }
        if authorizationPrompt, before.authorization == .denied {
            observe(.privacy(.deniedPromptsAgain), expect: ExpectStep([.prompt]) { $0.prompt = p.kind.rawValue })
        }
        if (p.kind == .initial && p.request == .always && model.platform.os != .macOS) || p.kind == .alwaysUpgrade {
            noteAlwaysRequest(prompt: p, alwaysAsked: &alwaysAsked)
        }
    }

    private mutating func noteAlwaysRequest(prompt: Prompt?, alwaysAsked: inout Bool) {
        if alwaysAsked {
            observe(.privacy(.alwaysOnce), expect: prompt.map { p in ExpectStep([.prompt]) { $0.prompt = p.kind.rawValue } }
                ?? ExpectStep([.provisional]) { $0.provisional = true })
        }
        alwaysAsked = true
    }

    /// A location reached the app: it must be authorized, and in use unless it has permanent
    /// Always (``PrivacyRule``).
    private mutating func delivery(_ call: DelegateCall, model: inout AuthorizationModel) {
        let rule: PrivacyRule
        let status = model.status, inUse = model.isInUse
        if !status.isAuthorized {
            rule = .unauthorizedDelivery
        } else if !inUse && model.isProvisional {
            rule = .provisionalBackgroundDelivery
        } else if !inUse && model.record.authorization != .always(provisional: false) {
            rule = .deliveryOutOfUse
        } else {
            return
        }
        observe(.privacy(rule), expect: ExpectStep([.received, .status, .inUse]) {
            $0.received = [CallbackPattern(anyArgumentOf: call)]
            $0.status = status
            $0.inUse = inUse
        })
    }

    private mutating func observe(_ key: FindingKey, marker: ExpectStep? = nil, expect: @autoclosure () -> ExpectStep,
                                  detail: @autoclosure () -> String = "") {
        if !record {
            if !observations.contains(where: { $0.key == key }) { observations.append(Observation(key: key, story: nil)) }
            return
        }
        let story = Observation.Story(stepIndex: max(0, stepIndex), marker: marker, expect: expect(), detail: detail())
        observations.append(Observation(key: key, story: story))
    }
}

extension AuthorizationModel {
    /// What the finding checks need of the model before an event.
    package struct Snapshot: Sendable {
        /// What Settings stored.
        package var authorization: StoredAuthorization
        /// The status apps read.
        package var status: AuthorizationStatus
    }

    /// The model's ``Snapshot``.
    @inline(__always)
    package var snapshot: Snapshot { Snapshot(authorization: record.authorization, status: status) }
}
