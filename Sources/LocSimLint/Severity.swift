/// How serious a lint finding is.
///
/// Orders from `note` (least) to `error` (most); `--fail-on` compares against this order.
/// Corresponds to SARIF's `level` and to the `warning:` / `error:` / `note:` prefix Xcode reads.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
    /// Worth knowing; never a bug on its own.
    case note
    /// Likely a mistake, or a silent failure on some devices.
    case warning
    /// A request that does nothing, or a crash.
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    /// Orders by seriousness.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
