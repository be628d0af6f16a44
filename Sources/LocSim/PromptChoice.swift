import LocSimModel

/// A user's answer to a prompt: a button and, on iOS 14+ initial prompts, the Precise toggle.
///
/// Corresponds to what the user taps in the system alert.
public struct PromptChoice: Hashable, Sendable {
    /// The button tapped.
    public var button: PromptButton
    /// The Precise toggle (F7); `nil` leaves it as the prompt showed it.
    public var precise: Bool?

    /// Creates a choice.
    public init(_ button: PromptButton, precise: Bool? = nil) {
        self.button = button
        self.precise = precise
    }
}
