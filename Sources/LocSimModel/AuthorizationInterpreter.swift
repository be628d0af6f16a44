/// The one driver of an ``AuthorizationModel``: it applies events, turns the model's effects into
/// typed ``Occurrence``s, and keeps what waits for the app's run loop — delegate calls and the
/// launch code of a system launch — in order.
///
/// The simulator (`SimulatedDevice`) and the state graph drive a model through it; the explorer's
/// step, which keeps its states packed and its model in place, drives its own model with the same
/// ``RunLoop/apply(_:to:into:)``. So "what happened" is computed in one place. A value type like
/// the model; it reads no clock and does no I/O: time moves only through
/// ``Event/clockAdvanced(to:)``, and the timers live in the model (``AuthorizationModel/nextDeadline``).
///
/// Core Location has no such type: this is what `locationd` and the app's run loop do together.
public struct AuthorizationInterpreter: Sendable {
    /// Work waiting for the app's run loop to turn (C3).
    public enum Pending: Hashable, Sendable {
        /// Core Location calls a manager's delegate (or a completion handler).
        case delegateCall(ManagerID, DelegateCall)
        /// The app's launch code runs, after a launch by the system (A8, I12).
        case launchCode
        /// Core Location yields a value to one of the app's asynchronous sequences (section O).
        case sessionDelivery(SessionDelivery)
    }

    /// The authorization system being driven.
    public var model: AuthorizationModel
    /// What waits for the app's run loop.
    public var runLoop = RunLoop()

    /// Drives `model`, with nothing pending.
    public init(model: AuthorizationModel) {
        self.model = model
    }

    /// Applies `event` to ``model`` and appends what happened to `occurrences` (a buffer the
    /// caller reuses); delegate calls and launch requests also wait in ``runLoop``. Returns how
    /// many items it queued there.
    @discardableResult
    public mutating func send(_ event: Event, into occurrences: inout [Occurrence]) -> Int {
        runLoop.apply(event, to: &model, into: &occurrences)
    }

    /// Applies `event` and returns what happened.
    public mutating func send(_ event: Event) -> [Occurrence] {
        var out: [Occurrence] = []
        send(event, into: &out)
        return out
    }

    /// The app's run loop as the interpreter sees it: the work waiting for it, oldest first, and
    /// the one place where an event becomes occurrences.
    public struct RunLoop: Sendable {
        // Inlinable, with their storage: the explorer calls them on every step.
        @usableFromInline var queue: [Pending] = []
        @usableFromInline var head = 0
        /// How many ``Pending/launchCode`` items wait (most of the time none, and nothing is searched).
        @usableFromInline var launchRequests = 0
        @usableFromInline var effects: [Effect] = []

        /// An empty run loop.
        public init() {}

        /// Applies `event` to `model` (the interpreter's, or one a driver keeps elsewhere) and
        /// appends what happened to `occurrences`; delegate calls and launch requests also wait
        /// here. Returns how many items it queued.
        @inlinable @discardableResult
        public mutating func apply(_ event: Event, to model: inout AuthorizationModel, into occurrences: inout [Occurrence]) -> Int {
            let queued = queue.count
            let before = model.lifecycle.state
            if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
            model.handle(event, into: &effects)
            var launchedOrTerminated = false
            for effect in effects {
                switch effect {
                case .promptShown(let p): occurrences.append(.promptShown(p))
                case .promptDismissed(let kind, let answer): occurrences.append(.promptDismissed(kind, answer: answer))
                case .delegate(let id, let call):
                    queue.append(.delegateCall(id, call))
                    occurrences.append(.delegateCall(id, call))
                case .session(let delivery):
                    queue.append(.sessionDelivery(delivery))
                    occurrences.append(.sessionDelivery(delivery))
                case .console(let text): occurrences.append(.consoleMessage(text))
                case .indicatorChanged(let on): occurrences.append(.indicatorChanged(on))
                case .appLaunchedBySystem(let reason):
                    launchedOrTerminated = true
                    launchRequests += 1
                    queue.append(.launchCode)
                    occurrences.append(.appLaunchedBySystem(reason: reason))
                case .appTerminated(let exception):
                    launchedOrTerminated = true
                    occurrences.append(.appTerminated(exception))
                case .appWillResignActive: occurrences.append(.appWillResignActive)
                case .appDidBecomeActive: occurrences.append(.appDidBecomeActive)
                case .requestIgnored(let kind, let reason): occurrences.append(.requestIgnored(kind, reason: reason))
                case .note(let text): occurrences.append(.note(text))
                case .rejected(let message): occurrences.append(.rejected(message))
                }
            }
            let after = model.lifecycle.state
            if before != after, !launchedOrTerminated, !event.isLifecycleStep {
                occurrences.append(.appStateChanged(from: before, to: after))
            }
            return queue.count - queued
        }

        /// What waits, oldest first.
        @inlinable
        public var pending: ArraySlice<Pending> { queue[head...] }

        /// How many items wait.
        @inlinable
        public var pendingCount: Int { queue.count - head }

        /// Takes the oldest waiting item.
        @inlinable
        public mutating func takePending() -> Pending? {
            guard head < queue.count else { return nil }
            let item = queue[head]
            head += 1
            if case .launchCode = item { launchRequests -= 1 }
            if head == queue.count { discardPending() }
            return item
        }

        /// Takes a waiting launch request out of turn, for a driver that runs launch code as soon
        /// as the system launches the app; `false` when there is none.
        @inlinable @inline(__always)
        public mutating func takeLaunchRequest() -> Bool {
            guard launchRequests > 0 else { return false }
            guard let i = queue[head...].firstIndex(where: { if case .launchCode = $0 { true } else { false } }) else { return false }
            launchRequests -= 1
            queue.remove(at: i)
            if head == queue.count { discardPending() }
            return true
        }

        /// Forgets everything waiting (the app's process is gone, or a driver stops).
        @inlinable
        public mutating func discardPending() {
            if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
            head = 0
            launchRequests = 0
        }
    }
}
