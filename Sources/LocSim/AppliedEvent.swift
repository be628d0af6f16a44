import LocSimModel

/// One event a ``SimulatedDevice`` applied to an app, with the app's model before it and the
/// typed `Occurrence`s it produced; handed to ``SimulatedDevice/eventObserver``.
///
/// LocSim's addition (Core Location has no such type): tools that check every step, such as the
/// test-support exploration, read it instead of parsing the timeline.
public struct AppliedEvent {
    /// The app the event was applied to.
    public let app: SimulatedApp
    /// The event.
    public let event: Event
    /// The app's model just before the event.
    public let before: AuthorizationModel
    /// What happened, in order.
    public let occurrences: [Occurrence]
}
