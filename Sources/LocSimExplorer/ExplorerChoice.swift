import LocSimModel
import LocSimScenario

/// One thing the explorer makes happen: a user choice, a lifecycle event, a Settings change, a
/// world event or a wait. The app model's reactions follow it.
public enum ExplorerChoice: Hashable, Sendable, CustomStringConvertible {
    /// The user opens the app (scenario step `launch`).
    case launch
    /// The app returns to the foreground.
    case foreground
    /// The app leaves the foreground.
    case background
    /// The system suspends the app.
    case suspend
    /// The system terminates the app (memory pressure, a long suspension, O17): scenario step
    /// `terminate`.
    case terminate
    /// The user force-quits the app from the app switcher (O17), when the app model lists it in
    /// `explore.stops`.
    case forceQuit
    /// The app crashes (O17), when the app model lists it in `explore.stops`.
    case crash
    /// The device is locked (a prompt on screen goes away unanswered, C10).
    case lock
    /// The device is unlocked.
    case unlock
    /// The user taps a button of the prompt on screen.
    case choose(PromptButton)
    /// The user changes the app's entry in Settings (L1).
    case settings(SettingsOption)
    /// The user turns Precise Location on or off (K1).
    case precise(Bool)
    /// The user turns Location Services on or off for the device (M1).
    case locationServices(Bool)
    /// The user taps the app's UI element.
    case tap(String)
    /// The device enters a monitored region.
    case enterRegion(String)
    /// The device leaves a monitored region.
    case exitRegion(String)
    /// The world produces a visit.
    case visit
    /// Time passes up to the model's next deadline (grace period, Allow Once lapse, …).
    case wait(Duration)

    /// Whether the choice happens inside the app or on the lock screen, as opposed to a trip to
    /// Settings or killing the app. Only such choices can answer a waiting screen (``FindingKind/hang``).
    public var isInApp: Bool {
        switch self {
        case .settings, .precise, .locationServices, .terminate, .forceQuit, .crash: false
        default: true
        }
    }

    /// The scenario step (`choose: allowOnce`, `wait: 10s`), spelled by `ScenarioWriter`; `nil`
    /// for a tap, which is not a step: the app's reaction to it is written out instead.
    public var stepAction: StepAction? {
        switch self {
        case .launch: .lifecycle(.launch)
        case .foreground: .lifecycle(.foreground)
        case .background: .lifecycle(.background)
        case .suspend: .lifecycle(.suspend)
        case .terminate: .lifecycle(.terminate)
        case .forceQuit: .lifecycle(.forceQuit)
        case .crash: .lifecycle(.crash)
        case .lock: .lock(true)
        case .unlock: .lock(false)
        case .choose(let b): .choose(b, precise: nil)
        case .settings(let o): .settings(o)
        case .precise(let on): .precise(on)
        case .locationServices(let on): .locationServices(on)
        case .tap: nil
        case .enterRegion(let n): .enterRegion(n)
        case .exitRegion(let n): .exitRegion(n)
        case .visit: .visit
        case .wait(let d): .wait(d)
        }
    }

    /// A short label: `choose allowOnce`, `tap(track)`, `wait 10s`.
    public var description: String {
        switch self {
        case .launch: "launch"
        case .foreground: "foreground"
        case .background: "background"
        case .suspend: "suspend"
        case .terminate: "terminate"
        case .forceQuit: "forceQuit"
        case .crash: "crash"
        case .lock: "lock"
        case .unlock: "unlock"
        case .choose(let b): "choose \(b.rawValue)"
        case .settings(let o): "settings \(o.rawValue)"
        case .precise(let on): "precise \(on ? "on" : "off")"
        case .locationServices(let on): "locationServices \(on ? "on" : "off")"
        case .tap(let n): "tap(\(n))"
        case .enterRegion(let n): "enterRegion \(n)"
        case .exitRegion(let n): "exitRegion \(n)"
        case .visit: "visit"
        case .wait(let d): "wait \(DurationText.format(d))"
        }
    }

    /// The ways the app may stop (O17), in the order the explorer offers them.
    public static let stops: [ExplorerChoice] = [.terminate, .forceQuit, .crash]
    /// Their words in `explore.stops`.
    public static let stopWords: [String] = stops.map(\.description)

    /// Every choice the explorer offers in a state of the model, in a fixed order: the buttons of
    /// a prompt on screen (or lock); otherwise lifecycle events, the app's taps, lock or unlock,
    /// Settings changes (only while the app is not in front); then a wait to the next deadline and
    /// the region and visit events the app can receive. `stops` are the ways the app may stop
    /// (O17): `terminate` and `forceQuit` in the background or suspended, `crash` while its code
    /// runs.
    public static func available(in m: AuthorizationModel, taps: [String], stops: [ExplorerChoice] = [.terminate]) -> [ExplorerChoice] {
        var out: [ExplorerChoice] = []
        out.reserveCapacity(12)
        append(in: m, taps: taps, stops: stops, to: &out)
        return out
    }

    /// Appends the choices of ``available(in:taps:stops:)`` to `out`.
    static func append(in m: AuthorizationModel, taps: [String], stops: [ExplorerChoice] = [.terminate], to out: inout [ExplorerChoice]) {
        if let p = m.prompts.onScreen {
            for b in p.prompt.buttons { out.append(.choose(b)) }
            if !m.device.locked { out.append(.lock) }
        } else {
            switch m.lifecycle.state {
            case .notRunning:
                if !m.device.locked { out.append(.launch) }
            case .foreground:
                out.append(.background)
                for t in taps { out.append(.tap(t)) }
                if stops.contains(.crash) { out.append(.crash) }
            case .background:
                if !m.device.locked { out.append(.foreground) }
                out.append(.suspend)
                for s in stops { out.append(s) }
            case .suspended:
                if !m.device.locked { out.append(.foreground) }
                for s in stops where s != .crash { out.append(s) }
            }
            out.append(m.device.locked ? .unlock : .lock)
            if !m.device.locked && m.lifecycle.state != .foreground {
                for o in m.settingsOptions where authorization(after: o) != m.record.authorization {
                    out.append(.settings(o))
                }
                if m.supportsAccuracyAuthorization { out.append(.precise(!m.record.precise)) }
                out.append(.locationServices(!m.device.locationServicesEnabled))
            }
        }
        if let next = m.clock.timers.first(where: { $0.at > m.clock.now }) { out.append(.wait(next.at - m.clock.now)) }
        let regions = m.services.monitoredRegions
        if !regions.isEmpty {
            // In name order, the order the model keeps them in; with the device in no region, no
            // name is hashed.
            let inside = m.services.insideRegions
            for r in regions {
                out.append(!inside.isEmpty && inside.contains(r.name) ? .exitRegion(r.name) : .enterRegion(r.name))
            }
        }
        if m.services.visitsRegistered { out.append(.visit) }
        if !m.sessions.monitors.isEmpty { appendConditionEvents(in: m, to: &out) }
    }

    /// The device entering or leaving each condition of the app's monitors (O15) that no region
    /// of the same name already offers: leaving a satisfied one, entering an unsatisfied one, either
    /// for one in an unknown state; none for a condition Core Location stopped monitoring.
    private static func appendConditionEvents(in m: AuthorizationModel, to out: inout [ExplorerChoice]) {
        var states: [String: MonitoringState] = [:]
        for monitor in m.sessions.monitors {
            for c in monitor.conditions where c.state != .unmonitored && states[c.region.name] == nil { states[c.region.name] = c.state }
        }
        for (name, state) in states.sorted(by: { $0.key < $1.key }) where !m.services.monitoredRegions.contains(where: { $0.name == name }) {
            if state != .satisfied { out.append(.enterRegion(name)) }
            if state != .unsatisfied { out.append(.exitRegion(name)) }
        }
    }

    /// What Settings stores after the user picks `option` (L1).
    static func authorization(after option: SettingsOption) -> StoredAuthorization {
        switch option {
        case .never: .denied
        case .askNextTime: .notDetermined
        case .whileUsing: .whenInUse(temporary: false)
        case .always: .always(provisional: false)
        }
    }

}
