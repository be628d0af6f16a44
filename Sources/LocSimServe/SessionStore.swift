import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import LocSimYAML

/// One session's device, behind its own serial Dispatch queue: every request on a session runs
/// there, one at a time and off Swift's cooperative pool (``ServeWork``), so its device is touched
/// from one thread at a time and a session is deterministic whatever other sessions do.
final class SessionBox: @unchecked Sendable {
    /// The session's id.
    let id: String
    /// Touched only on ``queue``.
    private let session: PlaygroundSession
    private let queue: DispatchQueue

    init(id: String, name: String, device: DeviceSpec, app: AppDescription, limits: PlaygroundSession.Limits = .init()) {
        self.id = id
        session = PlaygroundSession(name: name, device: device, app: app, limits: limits)
        queue = DispatchQueue(label: "locsim.serve.session", qos: .userInitiated)
    }

    /// Runs `body` with the session on its queue.
    private func run<T: Sendable>(_ body: @escaping @Sendable (PlaygroundSession, String) throws -> T) async throws -> T {
        let session = UncheckedSession(session), id = id
        return try await ServeWork.run(on: queue) { try body(session.value, id) }
    }

    /// The session's view (the part `range` asks for).
    func view(_ range: SessionView.Range = .latest) async throws -> SessionView {
        try await run { SessionView(id: $1, session: $0, range: range) }
    }

    /// Performs an action and answers the view after it (the part `range` asks for).
    func act(_ action: PlaygroundAction, range: SessionView.Range = .latest) async throws -> SessionView {
        try await run { session, id in
            let replayed = session.replayedSteps
            switch action {
            case .step(let step): try session.perform(step)
            case .next: try session.next()
            case .nextDeadline: try session.advanceToNextDeadline()
            }
            return SessionView(id: id, session: session, range: range, replayed: session.replayedSteps - replayed)
        }
    }

    /// Reads `text` as a scenario file named `file`, within the request budget `budget`, and
    /// starts over with it.
    func open(_ text: String, file: String, budget: YAMLBudget, range: SessionView.Range = .latest) async throws -> SessionView {
        try await run { session, id in
            try session.open(try PlaygroundInput.scenario(text, file: file, budget: budget))
            return SessionView(id: id, session: session, range: range)
        }
    }

    /// The scenario file of the session.
    func export() async throws -> String { try await run { session, _ in session.exportText } }
}

/// A session handed to its queue's work (only that queue touches it).
private struct UncheckedSession: @unchecked Sendable {
    let value: PlaygroundSession
    init(_ value: PlaygroundSession) { self.value = value }
}

/// What `POST /api/sessions/{id}/actions` asks for.
enum PlaygroundAction: Sendable {
    /// A scenario step (`requestAlways`, `choose: allowOnce`, `wait: 1m`).
    case step(Step)
    /// The next step of an opened file.
    case next
    /// Time passes to the next deadline.
    case nextDeadline
}

/// The sessions of one server: each its own ``SessionBox``, found by an unguessable id, dropped
/// after ``idleTimeout`` without a request, at most ``capacity`` at once and at most
/// ``perClient`` created by one client (its address) alive at once.
actor SessionStore {
    /// How long a session lives without a request.
    let idleTimeout: Duration
    /// The most sessions at once.
    let capacity: Int
    /// The most sessions one client may have alive at once.
    let perClient: Int
    /// What each session may hold.
    let limits: PlaygroundSession.Limits
    private let clock: @Sendable () -> ContinuousClock.Instant
    private var sessions: [String: (box: SessionBox, lastUsed: ContinuousClock.Instant, client: String)] = [:]

    /// A store; `clock` tells the time (for tests that expire sessions without waiting).
    init(idleTimeout: Duration, capacity: Int, perClient: Int = .max, limits: PlaygroundSession.Limits = .init(),
         clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.limits = limits
        self.idleTimeout = idleTimeout
        self.capacity = capacity
        self.perClient = perClient
        self.clock = clock
    }

    /// How many sessions are alive.
    var count: Int {
        expire()
        return sessions.count
    }

    /// Creates a session for `client` (the address it came from).
    /// - Throws: ``PlaygroundError``: 429 when `client` has ``perClient`` sessions alive, 503 when
    ///   ``capacity`` sessions are alive.
    func create(name: String, device: DeviceSpec, app: AppDescription, client: String = "local") throws -> SessionBox {
        expire()
        guard sessions.values.lazy.filter({ $0.client == client }).count < perClient else {
            throw PlaygroundError(.tooManyRequests, "too many sessions from this client (\(perClient)); end one, or try again when one has been idle for \(DurationText.format(idleTimeout))")
        }
        guard sessions.count < capacity else {
            throw PlaygroundError(.serviceUnavailable, "too many sessions (\(capacity)); try again when one has been idle for \(DurationText.format(idleTimeout))")
        }
        var id = Self.newID()
        while sessions[id] != nil { id = Self.newID() }
        let box = SessionBox(id: id, name: name, device: device, app: app, limits: limits)
        sessions[id] = (box, clock(), client)
        return box
    }

    /// The session `id`, marked used now.
    /// - Throws: ``PlaygroundError`` (404) when there is none or it expired.
    func session(_ id: String) throws -> SessionBox {
        expire()
        guard let entry = sessions[id] else { throw PlaygroundError(.notFound, "no session '\(id)' (it may have expired after \(DurationText.format(idleTimeout)) idle)") }
        sessions[id]!.lastUsed = clock()
        return entry.box
    }

    /// Ends the session `id`.
    func remove(_ id: String) throws {
        guard sessions.removeValue(forKey: id) != nil else { throw PlaygroundError(.notFound, "no session '\(id)'") }
    }

    private func expire() {
        let now = clock()
        sessions = sessions.filter { now - $0.value.lastUsed < idleTimeout }
    }

    private static func newID() -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(g.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
