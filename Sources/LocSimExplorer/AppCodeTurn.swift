/// One app-code exploration (or replay) at a time in a process: a session knows the app's tasks
/// have stopped when the serial executor forwards no job for two turns in a row, and the jobs of
/// two explorations running side by side (tests run in parallel) would keep each other's count
/// moving for ever. Explorations in a child process are alone there anyway. Core Location has no
/// such type.
@MainActor package enum AppCodeTurn {
    private static var busy = false
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `operation` once no other holds the turn.
    package static func run<R>(_ operation: () async -> R) async -> R {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return await operation()
    }
}
