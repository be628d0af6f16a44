import LocSim
import LocSimExplorer
import LocSimModel
import LocSimScenario

/// What `GET /api/sessions/{id}` answers: the phone's screen, the app's state, what a developer
/// cannot see on a real phone, the timeline with the rules behind each entry, and the steps.
///
/// The view is incremental: it holds the timeline entries from index `since` on (the page sends
/// how many it has) and the recorded steps from `stepsSince` on, each at most ``window`` of them
/// (the last ones), and the first ``window`` pending steps; the counts say how many there are in
/// all. So the work of a request — the entries rendered — does not grow with the session.
struct SessionView: Codable, Sendable, Equatable {
    /// The most timeline entries, recorded steps and pending steps one view holds: 500.
    static let window = 500

    /// Which part of the timeline and of the steps a request asks for.
    struct Range: Sendable, Equatable {
        /// The index of the first timeline entry wanted (`nil`: the last ``SessionView/window``).
        var since: Int?
        /// The index of the first recorded step wanted (`nil`: the last ``SessionView/window``).
        var stepsSince: Int?

        /// Everything from the start, as far as the window allows.
        static let latest = Range()
    }

    /// The work a request did, for tests and benchmarks that check it does not grow with the
    /// session: the entries and steps it rendered and the steps it replayed.
    struct WorkView: Codable, Sendable, Equatable {
        /// Timeline entries, recorded steps and pending steps rendered into this view.
        var rendered: Int
        /// Recorded steps applied again to rebuild the device (0 unless a step could not apply
        /// and its effects could not be rolled back).
        var replayed: Int
    }

    /// The system prompt on screen, as the chosen OS draws it.
    struct PromptView: Codable, Sendable, Equatable {
        /// A button: its scenario word and its text.
        struct Button: Codable, Sendable, Equatable {
            var word: String
            var label: String
        }
        var kind: String
        var title: String
        var message: String
        /// The Info.plist key the message comes from.
        var messageKey: String?
        var buttons: [Button]
        /// The Precise toggle's initial state (iOS 14+ first prompts); `nil` when there is none.
        var preciseToggle: Bool?
        /// The prompt appears on the paired iPhone (watchOS before 4).
        var onPairedPhone: Bool
        /// The rules that make the prompt look like this.
        var rules: [String]
    }

    /// The app's state as its code reads it.
    struct AppView: Codable, Sendable, Equatable {
        var name: String
        var state: String
        var status: String
        var accuracy: String
        var settings: String
        var settingsOptions: [String]
        var inUse: Bool
        var indicator: Bool
        var servicesEnabled: Bool
        var locked: Bool
        var location: String?
    }

    /// A timer and when it fires.
    struct TimerView: Codable, Sendable, Equatable {
        var kind: String
        var at: String
        /// How long from now.
        var inTime: String
    }

    /// State a real phone keeps hidden.
    struct HiddenView: Codable, Sendable, Equatable {
        var provisional: Bool
        var temporary: Bool
        var alwaysRequestSpent: Bool
        var precise: Bool
        var temporaryFullAccuracy: Bool
        var queuedPrompts: [String]
        var heldEvents: Int
        var timers: [TimerView]
    }

    /// One timeline entry.
    struct EntryView: Codable, Sendable, Equatable {
        var time: String
        var kind: String
        var text: String
        /// The line `locsim run` prints.
        var line: String
        var rules: [String]
    }

    var id: String
    var name: String
    var platform: String
    var generation: String
    var now: String
    var app: AppView
    var prompt: PromptView?
    var hidden: HiddenView
    /// The node of `locsim graph`'s state machine the app is in.
    var graphState: String
    /// How many files were opened in the session: a new number starts a new timeline (the page
    /// then shows the view's entries alone instead of appending them).
    var epoch: Int
    /// The timeline entries from index ``timelineFrom`` on (at most ``window``).
    var timeline: [EntryView]
    /// The index of the first entry of ``timeline`` in the whole timeline.
    var timelineFrom: Int
    /// How many entries the whole timeline has.
    var timelineCount: Int
    /// The steps that applied, as the exported file spells them, from index ``stepsFrom`` on (at
    /// most ``window``).
    var steps: [String]
    /// The index of the first step of ``steps`` among all the recorded steps.
    var stepsFrom: Int
    /// How many steps applied in all.
    var stepCount: Int
    /// The first steps of an opened file still to apply (at most ``window``).
    var pending: [String]
    /// How many steps of an opened file are still to apply.
    var pendingCount: Int
    var expectationsHeld: Int
    var lastOutcome: OutcomeView?
    /// What the request did.
    var work: WorkView

    /// What the last action did.
    struct OutcomeView: Codable, Sendable, Equatable {
        var step: String
        var result: String
        var message: String?
        /// Why an applied step did nothing visible (an ignored request, a region the app does not monitor).
        var note: String?
    }

    /// The view of session `s` for a request that asked for `range` and replayed `replayed` steps.
    init(id: String, session s: PlaygroundSession, range: Range = .latest, replayed: Int = 0) {
        let device = s.device, app = s.app, model = app.model
        self.id = id
        name = s.scenario.name
        platform = device.platform.description
        generation = device.platform.generation.rawValue
        now = TimelineEntry.format(device.now)
        self.app = AppView(name: app.name, state: model.lifecycle.state.rawValue, status: model.status.description,
                           accuracy: model.accuracy.description, settings: model.settingsSelection.rawValue,
                           settingsOptions: model.settingsOptions.map(\.rawValue), inUse: model.isInUse,
                           indicator: model.indicatorShowing, servicesEnabled: device.locationServicesEnabled,
                           locked: device.isLocked, location: device.location.map { "\($0.coordinate)" })
        prompt = device.promptOnScreen.map { on in
            let p = on.prompt
            return PromptView(kind: p.kind.rawValue, title: p.title, message: p.message, messageKey: p.messageKey,
                              buttons: p.buttons.map { .init(word: $0.rawValue, label: $0.label) },
                              preciseToggle: p.preciseToggle, onPairedPhone: p.onPairedPhone,
                              rules: EntryRules.prompt(p.kind, request: p.request, platform: device.platform))
        }
        hidden = HiddenView(provisional: model.isProvisional, temporary: model.isTemporary,
                            alwaysRequestSpent: model.record.alwaysRequestSpent, precise: model.record.precise,
                            temporaryFullAccuracy: model.record.temporaryFullAccuracy,
                            queuedPrompts: model.prompts.queued.map(\.prompt.kind.rawValue),
                            heldEvents: model.prompts.heldEvents.count,
                            timers: model.clock.timers.map {
                                TimerView(kind: "\($0.kind)", at: TimelineEntry.format($0.at), inTime: DurationText.format(max(.zero, $0.at - device.now)))
                            })
        graphState = AuthorizationGraph.nodeLabel(of: model)
        epoch = s.epoch
        let entries = device.timeline.entries
        timelineCount = entries.count
        timelineFrom = Self.start(of: entries.count, since: range.since)
        timeline = entries[timelineFrom...].map {
            EntryView(time: TimelineEntry.format($0.time), kind: $0.kind.rawValue, text: $0.text, line: $0.line,
                      rules: EntryRules.rules(for: $0, platform: device.platform))
        }
        let recorded = s.scenario.steps
        stepCount = recorded.count
        stepsFrom = Self.start(of: recorded.count, since: range.stepsSince)
        steps = recorded[stepsFrom...].map { ScenarioWriter.step($0.action).block }
        let left = s.pending
        pendingCount = left.count
        pending = left.prefix(Self.window).map { ScenarioWriter.step($0.action).block }
        expectationsHeld = s.expectationsHeld
        lastOutcome = s.lastOutcome.map { OutcomeView(step: $0.step, result: $0.result.rawValue, message: $0.message, note: $0.note) }
        work = WorkView(rendered: timeline.count + steps.count + pending.count, replayed: replayed)
    }

    /// The first index of a part of `count` items a view holds for a request that has `since`:
    /// from `since` (at most `count`), but never more than ``window`` before the end.
    static func start(of count: Int, since: Int?) -> Int {
        let latest = max(0, count - window)
        guard let since else { return latest }
        return max(latest, min(max(0, since), count))
    }
}
