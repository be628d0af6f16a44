/// A registration made with ``SimulatedApp/observe(_:_:)``; pass it to
/// ``SimulatedApp/removeObserver(_:)`` to stop observing.
///
/// Corresponds to the token `NotificationCenter.addObserver(forName:object:queue:using:)` returns.
public struct LifecycleObserver: Hashable, Sendable {
    let id: Int
}

/// An app's observers of lifecycle notifications, in registration order.
struct LifecycleObservers {
    private var entries: [(observer: LifecycleObserver, name: LifecycleNotification?, handler: (LifecycleNotification) -> Void)] = []
    private var next = 0

    mutating func add(_ name: LifecycleNotification?, _ handler: @escaping (LifecycleNotification) -> Void) -> LifecycleObserver {
        let observer = LifecycleObserver(id: next)
        next += 1
        entries.append((observer, name, handler))
        return observer
    }

    mutating func remove(_ observer: LifecycleObserver) { entries.removeAll { $0.observer == observer } }

    mutating func removeAll() { entries.removeAll() }

    /// The handlers for `notification`, taken before any runs (a handler may add or remove observers).
    func handlers(for notification: LifecycleNotification) -> [(LifecycleNotification) -> Void] {
        entries.filter { $0.name == nil || $0.name == notification }.map(\.handler)
    }
}
