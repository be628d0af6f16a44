import Testing
import LocSimModel
import LocSimTestStore

@Suite("TestStore: exhaustive checking of the pure model")
struct TestStoreTests {
    static let m = ManagerID(0)

    /// The exact change creating the first manager makes (C2: it has been told notDetermined).
    static func managerCreated(_ state: inout AuthorizationModel) {
        var manager = ManagerState(id: m, hasDelegate: true)
        manager.reportedStatus = .notDetermined
        manager.reportedAccuracy = .fullAccuracy
        state.services.managers = [manager]
        state.services.nextManagerNumber = 1
    }

    @Test("C2: creating a manager reports notDetermined, stated exhaustively")
    func exhaustiveHappyPath() {
        let store = TestStore(AuthorizationModel(platform: Platform(.iOS, 18)))
        var failures: [String] = []
        store.reportFailure = { message, _ in failures.append(message) }
        store.send(.appLaunched) { $0.lifecycle.state = .foreground }
        store.send(.appCreatedManager(Self.m, hasDelegate: true), Self.managerCreated)
        store.receive(.delegate(Self.m, .didChangeAuthorization(.notDetermined, accuracy: .fullAccuracy, statusChanged: true)))
        store.finish()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("A wrong state change is reported with a field diff")
    func wrongStateChange() {
        let store = TestStore(AuthorizationModel(platform: Platform(.iOS, 18)))
        var failures: [String] = []
        store.reportFailure = { message, _ in failures.append(message) }
        store.send(.appLaunched) { $0.lifecycle.state = .background }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("− lifecycle.state: background") == true)
        #expect(failures.first?.contains("+ lifecycle.state: foreground") == true)
        store.finish()
    }

    @Test("Leftover effects fail the next send and finish")
    func leftoverEffects() {
        let store = TestStore(AuthorizationModel(platform: Platform(.iOS, 18)))
        var failures: [String] = []
        store.reportFailure = { message, _ in failures.append(message) }
        store.send(.appLaunched) { $0.lifecycle.state = .foreground }
        store.send(.appCreatedManager(Self.m, hasDelegate: true), Self.managerCreated)
        store.finish()
        #expect(failures.count == 1)
        #expect(failures.first?.contains("1 effect(s) not received") == true)
        #expect(failures.first?.contains("didChangeAuthorization") == true)
    }

    @Test("A mismatched effect is reported with expected and actual")
    func mismatchedEffect() {
        let store = TestStore(AuthorizationModel(platform: Platform(.iOS, 18)))
        var failures: [String] = []
        store.reportFailure = { message, _ in failures.append(message) }
        store.send(.appLaunched) { $0.lifecycle.state = .foreground }
        store.send(.appCreatedManager(Self.m, hasDelegate: true), Self.managerCreated)
        store.receive(.delegate(Self.m, .didChangeAuthorization(.denied, accuracy: .fullAccuracy, statusChanged: true)))
        store.finish()
        #expect(failures.count == 1)
        #expect(failures.first?.contains("expected: delegate") == true)
    }
}
