import Foundation
import LocSim
import LocSimCoreLocation
import LocSimModel

/// Where an app-code exploration gets the outcome of each transition: by running the app's code,
/// or — for the transitions an earlier process already ran — from the log it left.
///
/// Under ``AppCodeExecution/logged(_:)`` every step leaves two records in the log before its path
/// is closed: `B` (a step begins: its number and where standard error stood) and `O` (its
/// outcome); `S` says the time budget ran out. When app code traps, the process dies between a
/// `B` and its `O`: the process that started it reads the trap from standard error, adds a `C`
/// record (that step crashed, and how), and starts another, which replays the log — applying
/// each outcome without running app code — and carries the search on from the step after the
/// crash. Core Location has no such type.
final class OutcomeSource<App: ExplorationApp> {
    private let explorer: AppCodeExplorer<App>
    private let deadline: ContinuousClock.Instant
    private let watch: ExecutionWatch?
    /// The outcomes of the steps an earlier process ran, by step number (`nil`: the budget ran out there).
    private var logged: [AppCodeOutcome?] = []
    private var log: FileHandle?
    private var step = 0

    init(explorer: AppCodeExplorer<App>, execution: AppCodeExecution) {
        self.explorer = explorer
        switch execution {
        case .inProcess:
            watch = nil
            deadline = ContinuousClock.now.advanced(by: explorer.budget)
        case .exclusive:
            watch = ExecutionWatch(stderrPath: nil)
            deadline = ContinuousClock.now.advanced(by: explorer.budget)
        case .logged(let logging):
            watch = ExecutionWatch(stderrPath: logging.stderrPath)
            deadline = ContinuousClock.now.advanced(by: logging.remainingBudget)
            logged = ExplorationLog.outcomes(in: logging.logPath)
            log = FileHandle(forWritingAtPath: logging.logPath)
            _ = try? log?.seekToEnd()
        }
    }

    /// The initial state on `platform` (no app code runs before the launch).
    nonisolated(nonsending)
    func root(_ platform: Platform) async -> AppCodeOutcome {
        let session = explorer.session(on: platform)
        return await withAttachedApp(session.app) {
            await session.settleTasks()
            return AppCodeOutcome(target: AppStateFingerprint(session.key), facts: session.facts())
        }
    }

    /// The outcome of `choice` after `path` on `platform`; `nil` when the time budget ran out.
    nonisolated(nonsending)
    func outcome(platform: Platform, path: [ExplorerChoice], choice: ExplorerChoice) async -> AppCodeOutcome? {
        defer { step += 1 }
        if step < logged.count { return logged[step] }
        if ContinuousClock.now >= deadline {
            append([UInt8(ascii: "S")])
            return nil
        }
        var w = ByteWriter()
        w.number(step)
        w.number(Int(ExecutionWatch.size(of: 2)))
        append([UInt8(ascii: "B")] + w.bytes)
        let (outcome, session) = await explorer.execute(on: platform, path: path, choice: choice, watch: watch)
        append(ExplorationLog.record("O", outcome.encoded()))
        await withAttachedApp(session.app) { await session.close() }
        return outcome
    }

    /// Ends the exploration.
    func finish() {
        try? log?.close()
        log = nil
    }

    private func append(_ bytes: [UInt8]) {
        guard let log else { return }
        log.write(Data(bytes))
    }
}

/// What an exploration whose steps are logged needs to know.
package struct ExplorationLogging: Sendable {
    /// The log, which the process appends to and an earlier one may have written.
    package var logPath: String
    /// This process's standard error, a regular file (where leaked continuations show).
    package var stderrPath: String
    /// What is left of the exploration's time budget.
    package var remainingBudget: Duration

    package init(logPath: String, stderrPath: String, remainingBudget: Duration) {
        self.logPath = logPath
        self.stderrPath = stderrPath
        self.remainingBudget = remainingBudget
    }
}

/// The log of an exploration whose steps run in processes a crash may end: its records, and what
/// the process that restarts them reads of it. Core Location has no such type.
package enum ExplorationLog {
    /// A record: its tag and length-prefixed bytes.
    package static func record(_ tag: Character, _ bytes: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.count(bytes.count)
        return [tag.asciiValue!] + w.bytes + bytes
    }

    /// Where the log stands after a process ended: the step that was running when it died
    /// (begun, no outcome), with where standard error stood when it began; `nil` when no step was
    /// running (the process died between steps, or the log is complete).
    package static func unfinishedStep(in path: String) -> (step: Int, stderrOffset: Int64)? {
        var open: (Int, Int64)?
        scan(path) { tag, body in
            switch tag {
            case "B":
                var r = ByteReader(body)
                open = (r.number() ?? 0, Int64(r.number() ?? 0))
            case "O", "C", "S":
                open = nil
            default:
                break
            }
        }
        return open
    }

    /// How many steps the log has an outcome for.
    package static func completedSteps(in path: String) -> Int {
        outcomes(in: path).count
    }

    /// Records that the step that began last crashed with `trap`.
    package static func appendCrash(_ trap: AppTrap, to path: String) {
        var w = ByteWriter()
        w.string(trap.key)
        w.string(trap.message)
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        _ = try? handle.seekToEnd()
        handle.write(Data(record("C", w.bytes)))
        try? handle.close()
    }

    /// The outcome of each step in order: `O` records, and a crash for each `C` (`nil` after an `S`).
    package static func outcomes(in path: String) -> [AppCodeOutcome?] {
        var out: [AppCodeOutcome?] = []
        scan(path) { tag, body in
            switch tag {
            case "O":
                if let o = AppCodeOutcome(decoding: body) { out.append(o) }
            case "C":
                var r = ByteReader(body)
                out.append(.crash(AppTrap(key: r.string() ?? "crash", message: r.string() ?? "")))
            case "S":
                out.append(nil)
            default:
                break
            }
        }
        return out
    }

    /// Calls `body` with each record's tag and bytes (`B`'s two numbers, the others' bodies).
    private static func scan(_ path: String, _ body: (Character, [UInt8]) -> Void) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let bytes = [UInt8](data)
        var at = 0
        while at < bytes.count {
            let tag = Character(UnicodeScalar(bytes[at]))
            at += 1
            switch tag {
            case "B":
                guard bytes.count - at >= 16 else { return }
                body(tag, Array(bytes[at..<(at + 16)]))
                at += 16
            case "S":
                body(tag, [])
            case "O", "C":
                guard bytes.count - at >= 8 else { return }
                var r = ByteReader(Array(bytes[at..<(at + 8)]))
                let n = Int(r.word() ?? 0)
                at += 8
                guard bytes.count - at >= n else { return }
                body(tag, Array(bytes[at..<(at + n)]))
                at += n
            default:
                return
            }
        }
    }
}
