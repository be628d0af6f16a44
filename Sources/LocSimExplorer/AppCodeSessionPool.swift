import LocSim
import LocSimCoreLocation
import LocSimModel

/// Sessions an app-code exploration keeps once a step ended, by the state they reached, so that
/// a later step starts on one — in its own state, or in a state from which transitions the search
/// has seen lead there — instead of replaying its path on a fresh device.
///
/// States are matched on the model, the app's screen, its fingerprint and what waits
/// (``AppCodeStateKey``): a session that reached a state by any path stands for it, as the
/// search already assumes when it merges the paths. Kept first in, first out, at most
/// ``capacity`` (a breadth-first search uses them in about the order it made them). Core
/// Location has no such type.
@MainActor package final class AppCodeSessionPool<App: ExplorationApp> {
    /// How many sessions it keeps at most.
    package static var capacity: Int { 8192 }

    private var platform: Platform?
    private var byState: [AppStateFingerprint: [Int]] = [:]
    private var slots: [(state: AppStateFingerprint, session: AppCodeSession<App>)?] = []
    private var head = 0
    private var count = 0

    package init() {}

    /// A session kept in `state` on `platform` (the last kept there), if any, taken out of the pool.
    package func take(_ state: AppStateFingerprint, on platform: Platform) -> AppCodeSession<App>? {
        platform == self.platform ? take(state) : nil
    }

    private func take(_ state: AppStateFingerprint) -> AppCodeSession<App>? {
        guard var kept = byState[state], let slot = kept.popLast() else { return nil }
        byState[state] = kept.isEmpty ? nil : kept
        let session = slots[slot]!.session
        slots[slot] = nil
        count -= 1
        return session
    }

    /// Keeps `session`, which is in `state` on `platform` (a state this process reached: a
    /// crash ends the process); returns the sessions to close (the oldest, past the capacity, or
    /// every one of another platform).
    package func keep(_ session: AppCodeSession<App>, in state: AppStateFingerprint, on platform: Platform) -> [AppCodeSession<App>] {
        var closing: [AppCodeSession<App>] = []
        if platform != self.platform {
            closing = drain()
            self.platform = platform
        }
        byState[state, default: []].append(slots.count)
        slots.append((state, session))
        count += 1
        while count > Self.capacity {
            if let (oldest, s) = slots[head] {
                slots[head] = nil
                count -= 1
                byState[oldest]!.removeAll { $0 == head }
                if byState[oldest]!.isEmpty { byState[oldest] = nil }
                closing.append(s)
            }
            head += 1
        }
        if head > 4096 && head * 2 > slots.count { compact() }
        return closing
    }

    /// Every session kept, to close; the pool is empty afterwards.
    package func drain() -> [AppCodeSession<App>] {
        let all = slots.compactMap { $0?.session }
        slots = []
        byState = [:]
        head = 0
        count = 0
        return all
    }

    private func compact() {
        let live = slots[head...].compactMap { $0 }
        slots = []
        byState = [:]
        head = 0
        for (state, session) in live {
            byState[state, default: []].append(slots.count)
            slots.append((state, session))
        }
    }
}
