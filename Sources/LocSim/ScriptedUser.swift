import LocSimModel

/// The simulated person holding the device: answers prompts from a queue or a closure.
///
/// An unanswered prompt stays on screen, visible through ``SimulatedDevice/promptOnScreen``:
/// LocSim never picks an answer by itself.
public final class ScriptedUser {
    /// Answers used in order, one per prompt.
    public var queuedAnswers: [PromptChoice] = []
    /// Consulted when the queue is empty; return `nil` to leave the prompt on screen.
    public var answer: ((Prompt) -> PromptChoice?)?

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
