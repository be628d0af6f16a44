import LocSimModel

/// The ordered record of everything that happened in a simulation.
///
/// Two runs with the same inputs produce byte-identical timelines.
public struct Timeline: Hashable, Sendable {
    /// The entries, in order.
    public var entries: [TimelineEntry] = []

    /// An empty timeline.
    public init() {}

    /// Appends an entry.
    public mutating func append(_ entry: TimelineEntry) { entries.append(entry) }

    /// The whole timeline as text, one entry per line.
    public var text: String { entries.map(\.line).joined(separator: "\n") + (entries.isEmpty ? "" : "\n") }

    /// The delegate calls Core Location made on one manager (also those it made while the
    /// manager had no delegate, which the timeline marks), from entry `start` on.
    public func callbacks(of manager: String, app: String? = nil, from start: Int = 0) -> [DelegateCall] {
        entries[min(start, entries.count)...].compactMap { entry in
            entry.manager == manager && (app == nil || entry.app == app) ? entry.delegateCall : nil
        }
    }

    /// What a delegate entry ends with when the manager had no delegate to call.
    public static let noDelegateMark = "  (no delegate)"
}
