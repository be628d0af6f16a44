import LocSimModel

/// The GPX fixes waiting for their time on the virtual clock, earliest first.
///
/// Playing a track merges its fixes (already in time order) with those still waiting, in time
/// linear in both; taking the due fixes moves a start index. Fixes at the same time keep the
/// order they were scheduled in (earlier tracks first).
struct FixSchedule {
    /// One fix and when it is reached.
    struct Fix {
        var at: Duration
        var location: Location
    }

    private var fixes: [Fix] = []
    /// The index of the earliest fix still waiting.
    private var start = 0

    /// The time of the earliest fix still waiting.
    var nextTime: Duration? {
        start < fixes.count ? fixes[start].at : nil
    }

    /// Adds fixes given in time order.
    mutating func schedule(_ new: [Fix]) {
        let waiting = fixes[start...]
        guard let firstNew = new.first else { return }
        if waiting.last.map({ $0.at <= firstNew.at }) ?? true {
            compact()
            fixes.append(contentsOf: new)
            return
        }
        var merged: [Fix] = []
        merged.reserveCapacity(waiting.count + new.count)
        var i = waiting.startIndex, j = new.startIndex
        while i < waiting.endIndex, j < new.endIndex {
            if new[j].at < waiting[i].at {
                merged.append(new[j])
                j += 1
            } else {
                merged.append(waiting[i])
                i += 1
            }
        }
        merged.append(contentsOf: waiting[i...])
        merged.append(contentsOf: new[j...])
        fixes = merged
        start = 0
    }

    /// Removes and returns the earliest fix if it is due at `now`.
    mutating func takeDue(at now: Duration) -> Fix? {
        guard start < fixes.count, fixes[start].at <= now else { return nil }
        start += 1
        let fix = fixes[start - 1]
        if start == fixes.count {
            fixes.removeAll(keepingCapacity: true)
            start = 0
        }
        return fix
    }

    /// Drops the fixes already taken.
    private mutating func compact() {
        guard start > 0 else { return }
        fixes.removeFirst(start)
        start = 0
    }
}
