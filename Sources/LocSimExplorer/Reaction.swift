import LocSimModel
import LocSimScenario

/// One line of an app model's `on:` list: when this event happens on one of these screens, the
/// app makes these calls and moves to that screen.
public struct Reaction: Hashable, Sendable {
    /// The event it reacts to.
    public var event: AppEventPattern
    /// The screens (indices into ``AppModel/screens``) it applies on; `nil` for every screen.
    public var screens: Set<Int>?
    /// The calls the app makes on its manager `main`, in order (app-call steps of the format).
    public var actions: [AppCall]
    /// The screen it moves to, if any.
    public var goto: Int?
    /// The line of the reaction in its file.
    public var line: Int
    /// Storage flags (bits, see ``AppModel/flags``) that must all be set for it to apply (`if:`).
    public var requires: UInt32 = 0
    /// Storage flags that must all be clear for it to apply (`unless:`).
    public var forbids: UInt32 = 0
    /// Storage flags it sets (`set:`), after its calls.
    public var sets: UInt32 = 0
    /// Storage flags it clears (`clear:`), after its calls.
    public var clears: UInt32 = 0

    /// Whether its flag conditions hold for the app's storage `flags`.
    @inline(__always)
    public func applies(flags: UInt32) -> Bool { flags & requires == requires && flags & forbids == 0 }

    /// Creates a reaction.
    public init(event: AppEventPattern, screens: Set<Int>? = nil, actions: [AppCall] = [], goto: Int? = nil, line: Int = 0) {
        self.event = event
        self.screens = screens
        self.actions = actions
        self.goto = goto
        self.line = line
    }
}
