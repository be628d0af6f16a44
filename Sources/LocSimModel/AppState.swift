/// Where the app is in its lifecycle.
///
/// Corresponds to `UIApplication.State` plus the states iOS keeps apps in (suspended, not running).
public enum AppState: String, Hashable, Sendable, CaseIterable {
    /// Not running: never launched, terminated, or killed.
    case notRunning
    /// Running in the foreground.
    case foreground
    /// Running in the background (its code runs).
    case background
    /// In memory, but its code does not run.
    case suspended

    /// Whether the app's code runs (foreground or background).
    public var runsCode: Bool { self == .foreground || self == .background }
}

/// The app's stored authorization, as Settings keeps it, before the global switch and restriction
/// are applied.
///
/// Core Location exposes only the derived `CLAuthorizationStatus`; the temporary and provisional
/// flavours are invisible to apps (A9, A10).
public enum StoredAuthorization: Hashable, Sendable {
    /// Never asked, Allow Once lapsed, Ask Next Time, or reset.
    case notDetermined
    /// Don't Allow, or Never in Settings.
    case denied
    /// When In Use; `temporary` for Allow Once (H1).
    case whenInUse(temporary: Bool)
    /// Always; `provisional` until the confirmation prompt or Settings makes it permanent (G1–G8).
    case always(provisional: Bool)
}

/// A monitoring event Core Location can hold while it asks for Always (G5) or keep for a launch.
public enum MonitoringEvent: Hashable, Sendable, CustomStringConvertible {
    /// A region was entered.
    case regionEntered(String)
    /// A region was left.
    case regionExited(String)
    /// A visit was recorded.
    case visit(Location)
    /// The device moved significantly.
    case significantChange(Location)

    /// The region the event is about, if it is a region's entry or exit.
    public var regionName: String? {
        switch self {
        case .regionEntered(let n), .regionExited(let n): n
        case .visit, .significantChange: nil
        }
    }

    /// A short text for timelines: `region enter home`, `visit`, `significant change`.
    public var description: String {
        switch self {
        case .regionEntered(let n): "region enter \(n)"
        case .regionExited(let n): "region exit \(n)"
        case .visit: "visit"
        case .significantChange: "significant location change"
        }
    }
}

/// A timer the model set for itself.
public struct ScheduledTimer: Hashable, Sendable {
    /// What fires.
    public enum Kind: Hashable, Sendable {
        /// The in-use grace period ends (I1).
        case graceEnds
        /// Allow Once lapses (H2, H3).
        case allowOnceExpiry
        /// The provisional-Always confirmation prompt is due (G3, G4).
        case confirmationPrompt
        /// The usage reminder is due (F6).
        case usageReminder
        /// An App Clip's When In Use resets: the next 4:00 a.m. (P6).
        case appClipReset
        /// The time to re-create service sessions after a launch ends (O11).
        case sessionRecreationWindowEnds
    }
    /// When.
    public var at: Duration
    /// What.
    public var kind: Kind
    /// Creates a timer.
    public init(at: Duration, kind: Kind) { self.at = at; self.kind = kind }
}

/// A prompt the system shows, with when it appeared and which manager asked.
public struct PresentedPrompt: Hashable, Sendable {
    /// The prompt.
    public var prompt: Prompt
    /// When it appeared (virtual time); for queued prompts, when they were raised.
    public var shownAt: Duration
    /// The manager whose call raised it, if any.
    public var manager: ManagerID?
    /// Creates a presented prompt.
    public init(prompt: Prompt, shownAt: Duration, manager: ManagerID?) {
        self.prompt = prompt
        self.shownAt = shownAt
        self.manager = manager
    }
}
