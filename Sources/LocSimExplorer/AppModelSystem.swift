import LocSim
import LocSimModel
import LocSimScenario

/// An app model compiled for one platform: the choices open in a state, and what one choice does
/// (the model's transition, then the app's reactions until they settle).
final class AppModelSystem: Sendable {
    let appModel: AppModel
    let platform: Platform
    let initial: ExplorerState
    let isWaiting: [Bool]
    /// Lifecycle reactions by screen: launch, foreground, background, didBecomeActive,
    /// willResignActive, launchedForLocation; each the candidates in file order, up to the first without flag conditions.
    private let lifecycleReactions: [[[Reaction]]]
    /// Tap reactions by tap name, then screen (candidates as for lifecycle reactions).
    private let tapReactions: [String: [[Reaction]]]
    /// The taps each screen offers.
    private let tapsByScreen: [[String]]
    private let callbackReactions: [Reaction]
    /// Reactions to what Core Location yields to sessions, live updates and monitors (section O).
    private let sessionReactions: [Reaction]
    /// Some action starts live updates: the search also looks for updates awaited in vain.
    let startsLiveUpdates: Bool
    /// The names of the model's sessions and streams, `s1` first.
    let sessionNames: [String]
    /// The taps, copied so that threads exploring other platforms never share their storage.
    let taps: [String]
    /// How the explorer may stop the app (`explore.stops`, O17).
    let stops: [ExplorerChoice]
    /// Whether some reaction waits for `didBecomeActive` or `willResignActive` (else the explorer
    /// does not follow the app's activity).
    let reactsToActivity: Bool
    /// The regions the model treats alike, when the system was made to reduce them
    /// (``RegionSymmetry``): states are stored in the canonical form of their orbit.
    let symmetry: RegionSymmetry?
    /// Where the system's models note the platform questions their rules ask (``PlatformReads``),
    /// when a search may serve other platforms; `nil` otherwise.
    let reads: PlatformReads?
    static let main = ManagerID(0)
    /// How many reactions one choice may trigger before the explorer stops following them.
    static let reactionLimit = 64

    /// The system of `appModel` on `platform`; with `symmetric`, with the symmetry of its regions
    /// found in the model (``RegionSymmetry``), if it has one; with `reads`, its models note there
    /// the platform questions they ask.
    init(_ appModel: AppModel, platform: Platform, symmetric: Bool = false, reads: PlatformReads? = nil) {
        self.appModel = appModel
        self.platform = platform
        self.reads = reads
        let n = appModel.screens.count
        // Every platform gets its own copies of the app's strings and lists: reference counting on
        // storage shared between threads would make parallel exploration slower than serial.
        let appModel = appModel.unshared()
        symmetry = symmetric ? RegionSymmetry(appModel) : nil
        isWaiting = appModel.screens.map { appModel.waiting.contains($0) }
        func candidates(_ event: AppEventPattern, _ screen: Int) -> [Reaction] {
            var out: [Reaction] = []
            for r in appModel.reactions where r.event == event && (r.screens?.contains(screen) ?? true) {
                out.append(r)
                if r.requires == 0 && r.forbids == 0 { break }
            }
            return out
        }
        lifecycleReactions = (0..<n).map { s in [candidates(.launch, s), candidates(.foreground, s), candidates(.background, s),
                                                 candidates(.didBecomeActive, s), candidates(.willResignActive, s),
                                                 candidates(.launchedForLocation, s)] }
        reactsToActivity = appModel.reactions.contains { $0.event == .didBecomeActive || $0.event == .willResignActive }
        var taps: [String: [[Reaction]]] = [:]
        for t in appModel.taps { taps[t] = (0..<n).map { candidates(.tap(t), $0) } }
        tapReactions = taps
        self.taps = appModel.taps
        stops = appModel.stops
        tapsByScreen = (0..<n).map { appModel.taps(on: $0) }
        callbackReactions = appModel.reactions.filter {
            if case .callback = $0.event { true } else { false }
        }
        sessionReactions = appModel.reactions.filter {
            if case .session = $0.event { true } else { false }
        }
        sessionNames = appModel.sessionObjects.map(\.name)
        startsLiveUpdates = appModel.reactions.contains { $0.actions.contains { if case .startLiveUpdates = $0 { true } else { false } } }
        let device = appModel.device
        var model = AuthorizationModel(platform: platform, app: appModel.app, parameters: device.parameters)
        model.device.locationServicesEnabled = device.locationServices
        model.device.restricted = device.restricted
        model.device.location = device.location.map { Location(coordinate: $0) }
        if let reads { model = model.notingPlatformQuestions(in: reads) }
        initial = ExplorerState(model: model, screen: 0, alwaysAsked: false)
    }

    // MARK: Choices

    /// Replaces the contents of `out` with every choice open in `s`, in a fixed order (reusing its storage).
    func choices(in s: ExplorerState, into out: inout [ExplorerChoice]) {
        out.removeAll(keepingCapacity: true)
        ExplorerChoice.append(in: s.model, taps: tapsByScreen[Int(s.screen)], stops: stops, to: &out)
    }

    // MARK: Applying a choice

    /// Applies `choice` to `state` and the app's reactions after it. With `record`, also returns
    /// the scenario steps and detailed observations for counterexamples.
    func apply(_ choice: ExplorerChoice, to state: ExplorerState, record: Bool = false) -> StepResult {
        var run = StepRun(system: self, state: state, choice: choice, record: record)
        run.execute()
        return run.result()
    }

    func reaction(_ event: AppEventPattern, screen: Int, flags: UInt32) -> Reaction? {
        let candidates: [Reaction]
        switch event {
        case .launch: candidates = lifecycleReactions[screen][0]
        case .foreground: candidates = lifecycleReactions[screen][1]
        case .background: candidates = lifecycleReactions[screen][2]
        case .didBecomeActive: candidates = lifecycleReactions[screen][3]
        case .willResignActive: candidates = lifecycleReactions[screen][4]
        case .launchedForLocation: candidates = lifecycleReactions[screen][5]
        case .tap(let t): candidates = tapReactions[t]?[screen] ?? []
        default: return nil
        }
        return candidates.first { $0.applies(flags: flags) }
    }

    func reaction(_ call: DelegateCall, screen: Int, flags: UInt32) -> Reaction? {
        callbackReactions.first { $0.event.matches(call) && ($0.screens?.contains(screen) ?? true) && $0.applies(flags: flags) }
    }

    func reaction(_ delivery: SessionDelivery, screen: Int, flags: UInt32) -> Reaction? {
        sessionReactions.first { $0.event.matches(delivery) && ($0.screens?.contains(screen) ?? true) && $0.applies(flags: flags) }
    }

    /// The name the model gives the object a call is made on: the session's or stream's, or the monitor's.
    func objectName(of call: AppCall) -> String {
        switch call {
        case .createServiceSession(let id, _, _), .invalidateServiceSession(let id), .startBackgroundActivity(let id),
             .invalidateBackgroundActivity(let id), .startLiveUpdates(let id), .stopLiveUpdates(let id):
            appModel.sessionName(id) ?? id.description
        case .openMonitor(let m), .addCondition(let m, _, _), .removeCondition(let m, _): m
        default: "main"
        }
    }
}

/// A step of a recorded path: an explorer choice or an app call the app model made.
enum RecordedStep: Sendable {
    case choice(ExplorerChoice)
    /// An app call, with the reaction that made it (`tap(track) on home → asking`).
    case call(AppCall, note: String)
    /// A call of the iOS 17/18 API on the object the model names (section O): the call as a
    /// scenario step writes it (session numbers are the runner's to give), with its reaction.
    case objectCall(AppCall, object: String, note: String)
}

/// What one choice did.
struct StepResult: Sendable {
    var state: ExplorerState
    var observations: [Observation]
    /// The step left the screen it started on by the app's own reaction, without Settings or termination.
    var leftScreenInApp: Bool
    var steps: [RecordedStep]
}

extension AppCall {
    /// The call as a scenario step holds it: session numbers are the scenario runner's to give
    /// (``StepAction/unnumbered``), as the step names its object.
    var unnumbered: AppCall {
        let n = StepAction.unnumbered
        switch self {
        case .createServiceSession(_, let r, let k): return .createServiceSession(n, r, fullAccuracyPurposeKey: k)
        case .invalidateServiceSession: return .invalidateServiceSession(n)
        case .startBackgroundActivity: return .startBackgroundActivity(n)
        case .invalidateBackgroundActivity: return .invalidateBackgroundActivity(n)
        case .startLiveUpdates: return .startLiveUpdates(n)
        case .stopLiveUpdates: return .stopLiveUpdates(n)
        default: return self
        }
    }
}
