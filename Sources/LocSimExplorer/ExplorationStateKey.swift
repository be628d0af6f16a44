import LocSimModel

/// What makes two moments of an exploration the same state: the authorization model with time
/// made relative, plus the app's own state. For explorers that drive a `SimulatedDevice` rather
/// than the pure model (the test-support library's exploration).
public struct ExplorationStateKey: Hashable, Sendable {
    /// The model as the key has it: time made relative, managers and sessions numbered in order.
    package private(set) var model: AuthorizationModel
    private var app: String

    /// The key of `model` (shifted so that its clock reads zero) with the app's state `app`.
    public init(model: AuthorizationModel, app: String) {
        var m = model
        m.canonicalizeTime()
        // Manager numbers grow with every launch; only their order matters. A prompt names the
        // manager that asked by the same numbering (one whose manager is gone: a number past
        // every manager's).
        var number: [ManagerID: ManagerID] = [:]
        for i in m.services.managers.indices {
            number[m.services.managers[i].id] = ManagerID(i)
            m.services.managers[i].id = ManagerID(i)
        }
        let gone = ManagerID(m.services.managers.count)
        if let asked = m.prompts.onScreen?.manager { m.prompts.onScreen!.manager = number[asked] ?? gone }
        for j in m.prompts.queued.indices {
            if let asked = m.prompts.queued[j].manager { m.prompts.queued[j].manager = number[asked] ?? gone }
        }
        m.services.nextManagerNumber = m.services.managers.count
        // Session and live-updates numbers grow too (a view's task makes a new session each time
        // it runs): numbered anew in the order they were made.
        let made = (m.sessions.service.map(\.id) + m.sessions.backgroundActivity.map(\.id) + m.sessions.liveUpdates.map(\.id)).sorted()
        var session: [SessionID: SessionID] = [:]
        for (i, id) in made.enumerated() { session[id] = SessionID(i + 1) }
        for i in m.sessions.service.indices { m.sessions.service[i].id = session[m.sessions.service[i].id]! }
        for i in m.sessions.backgroundActivity.indices { m.sessions.backgroundActivity[i].id = session[m.sessions.backgroundActivity[i].id]! }
        for i in m.sessions.liveUpdates.indices { m.sessions.liveUpdates[i].id = session[m.sessions.liveUpdates[i].id]! }
        m.sessions.nextID = made.count + 1
        self.model = m
        self.app = app
    }
}
