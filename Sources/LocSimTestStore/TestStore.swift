import LocSimModel
import Testing

/// An exhaustive test harness for the pure model: send an event, state the exact change, receive
/// every effect; anything left over fails the test with a readable diff.
///
/// Modelled on swift-composable-architecture's `TestStore`. Core Location has no such type.
///
/// ```swift
/// let store = TestStore(AuthorizationModel(platform: Platform(.iOS, 18)))
/// store.send(.appLaunched) { $0.lifecycle.state = .foreground }
/// store.send(.appCreatedManager(ManagerID(0), hasDelegate: true)) { … }
/// store.receive(.delegate(ManagerID(0), .didChangeAuthorization(.notDetermined, accuracy: .fullAccuracy, statusChanged: true)))
/// store.finish()
/// ```
public final class TestStore {
    /// The model as the events left it.
    public private(set) var state: AuthorizationModel
    private var pending: [Effect] = []
    private var pendingSource: SourceLocation?
    private var finished = false
    /// Where failures go; by default, Swift Testing issues. Tests of the store replace it.
    public var reportFailure: (String, SourceLocation) -> Void = { message, location in
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }

    /// Starts from `state`.
    public init(_ state: AuthorizationModel) {
        self.state = state
    }

    deinit {
        if !finished, !pending.isEmpty, let source = pendingSource {
            reportFailure(Self.unreceived(pending), source)
        }
    }

    /// Applies `event`; `update` must turn the previous state into exactly the new one. The
    /// model's change-detection caches are not stated: they are not public.
    public func send(_ event: Event, sourceLocation: SourceLocation = #_sourceLocation,
                     _ update: ((inout AuthorizationModel) -> Void)? = nil) {
        if !pending.isEmpty {
            reportFailure("Sent \(event) while effects of the previous event were not received:\n" + Self.unreceived(pending), sourceLocation)
            pending = []
        }
        var expected = state
        update?(&expected)
        let effects = state.handle(event)
        expected.settled = state.settled
        if expected != state {
            reportFailure("State after \(event) differs from the expected change (− expected, + actual):\n" + Self.diff(expected, state), sourceLocation)
        }
        pending = effects
        pendingSource = sourceLocation
    }

    /// Acknowledges the next effect, which must equal `effect`.
    public func receive(_ effect: Effect, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !pending.isEmpty else {
            return reportFailure("Expected to receive \(effect), but no effect is left.", sourceLocation)
        }
        let next = pending.removeFirst()
        if next != effect {
            reportFailure("Received an unexpected effect:\n  − expected: \(effect)\n  + actual:   \(next)", sourceLocation)
        }
    }

    /// Acknowledges the next effects, in order.
    public func receive(_ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation) {
        for e in effects { receive(e, sourceLocation: sourceLocation) }
    }

    /// Fails if any effect was not received.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        finished = true
        if !pending.isEmpty {
            reportFailure(Self.unreceived(pending), sourceLocation)
            pending = []
        }
    }

    /// The effects not yet received.
    public var unreceivedEffects: [Effect] { pending }

    static func unreceived(_ effects: [Effect]) -> String {
        "\(effects.count) effect(s) not received:\n" + effects.map { "  • \($0)" }.joined(separator: "\n")
    }

    /// A field-by-field diff of two model values, naming a field inside a part of the state by its
    /// path (`lifecycle.state`).
    public static func diff(_ expected: AuthorizationModel, _ actual: AuthorizationModel) -> String {
        var lines: [String] = []
        func compare(_ expected: Any, _ actual: Any, prefix: String, depth: Int) {
            let e = Mirror(reflecting: expected).children
            let a = Array(Mirror(reflecting: actual).children)
            for (i, child) in e.enumerated() {
                let label = prefix + (child.label ?? "#\(i)")
                let ev = String(describing: child.value), av = String(describing: a[i].value)
                guard ev != av else { continue }
                if depth > 0, Mirror(reflecting: child.value).displayStyle == .struct {
                    compare(child.value, a[i].value, prefix: label + ".", depth: depth - 1)
                } else {
                    lines.append("  − \(label): \(ev)")
                    lines.append("  + \(label): \(av)")
                }
            }
        }
        compare(expected, actual, prefix: "", depth: 1)
        return lines.isEmpty ? "  (no field differs in its description)" : lines.joined(separator: "\n")
    }
}
