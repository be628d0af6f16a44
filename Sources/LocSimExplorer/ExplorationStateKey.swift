import LocSimModel

/// What makes two moments of an exploration the same state: the authorization model with time
/// made relative, plus the app's own state. For explorers that drive a `SimulatedDevice` rather
/// than the pure model (the test-support library's exploration).
public struct ExplorationStateKey: Hashable, Sendable {
    private var model: AuthorizationModel
    private var app: String

    /// The key of `model` (shifted so that its clock reads zero) with the app's state `app`.
    public init(model: AuthorizationModel, app: String) {
        var m = model
        m.canonicalizeTime()
        // Manager numbers grow with every launch; only their order matters.
        for i in m.services.managers.indices { m.services.managers[i].id = ManagerID(i) }
        m.services.nextManagerNumber = m.services.managers.count
        self.model = m
        self.app = app
    }
}
