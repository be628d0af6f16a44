import LocSimModel

/// The simulated person holding the device: answers prompts from a queue or a closure.
///
/// An unanswered prompt stays on screen, visible through ``SimulatedDevice/promptOnScreen``:
/// LocSim never picks an answer by itself. The user answers a prompt as soon as it is on screen
/// and an answer is at hand: when the run loop next turns after the prompt appears (every device
/// action turns it; an app call does not, so code right after `requestWhenInUseAuthorization()`
/// still sees the prompt, D2), or at once when the answer is queued (or ``answer`` set) while the
/// prompt is already on screen and the run loop is idle — no explicit ``SimulatedDevice/run()``.
public final class ScriptedUser {
    /// Answers used in order, one per prompt.
    public var queuedAnswers: [PromptChoice] = [] {
        didSet { if queuedAnswers.count > oldValue.count { device?.userHasAnswer() } }
    }
    /// Consulted when the queue is empty; return `nil` to leave the prompt on screen.
    public var answer: ((Prompt) -> PromptChoice?)? {
        didSet { if answer != nil { device?.userHasAnswer() } }
    }
    /// The device held (set by the device), told when an answer becomes available.
    weak var device: SimulatedDevice?

    /// A user with no answers: every prompt stays on screen until the test answers it.
    public init() {}

    /// Queues answers for the next prompts.
    public func willChoose(_ choices: PromptChoice...) { queuedAnswers.append(contentsOf: choices) }

    /// Queues a button for the next prompt.
    public func willChoose(_ button: PromptButton, precise: Bool? = nil) { queuedAnswers.append(PromptChoice(button, precise: precise)) }

    func nextAnswer(for prompt: Prompt) -> PromptChoice? {
        if !queuedAnswers.isEmpty { return queuedAnswers.removeFirst() }
        return answer?(prompt)
    }
}
