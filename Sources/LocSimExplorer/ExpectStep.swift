import LocSimModel
import LocSimScenario

/// An `expect` step of a counterexample: what it checks, typed, and the order its keys are
/// written in (`{prompt: none, callbacks: [], status: denied}`), the order of the problem's story.
package struct ExpectStep: Sendable {
    /// The keys, in the order `ScenarioWriter` writes them.
    package var keys: [ExpectationKey]
    /// Their values.
    package var expectation: Expectation

    /// An `expect` of `keys`, whose values `set` fills in. A `callbacks` key left without a value
    /// stands for the delegate calls of the observed step, filled in when the path is replayed.
    package init(_ keys: [ExpectationKey], _ set: (inout Expectation) -> Void) {
        self.keys = keys
        var e = Expectation()
        set(&e)
        expectation = e
    }

    /// The `expect` value: `{inUse: false, appState: background}`.
    package var text: String { ScenarioWriter.expectation(expectation, keys: keys) }
}
