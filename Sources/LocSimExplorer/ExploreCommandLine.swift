import Foundation
import LocSim
import LocSimModel

/// What `locsim explore` does, so the command itself stays a thin wrapper.
public enum ExploreCommandLine {
    /// The command's output: what to print on stdout and stderr, and the exit status
    /// (0 nothing found, 1 findings, 2 invalid input or an unwritable `--out`).
    public struct Output: Sendable {
        /// Standard output.
        public var stdout: String
        /// Standard error (errors; progress is written as it happens).
        public var stderr: String
        /// The exit status.
        public var status: Int32
    }

    /// Parses and explores `files`. `depth` overrides each model's `explore.depth`; `out` writes
    /// counterexamples there instead of printing them; `progress` reports long explorations.
    /// `baseline` names an ``ExploreBaseline`` file whose findings are neither reported nor counted
    /// in the exit status; `writeBaseline` writes the findings found to a baseline file.
    /// `maxStates` overrides each model's `explore.maxStates`; `maxMemory` (`4G`, `512M`, a number
    /// of bytes) bounds what the searches store (``ExplorationOptions/maxMemory``). The text is a
    /// summary (findings grouped by kind and key); `details` prints every finding instead.
    /// `symmetry` off stores every state, not one per renaming of the regions and monitor
    /// conditions a model treats alike (``ExplorationOptions/reducesSymmetry``).
    public static func run(files: [String], format: ExplorationReport.Format = .text, out: String? = nil, depth: Int? = nil,
                           baseline: String? = nil, writeBaseline: String? = nil,
                           progress: (@Sendable (ExplorationProgress) -> Void)? = nil,
                           maxStates: Int? = nil, maxMemory: String? = nil, details: Bool = false, symmetry: Bool = true) -> Output {
        var models: [AppModel] = []
        var errors: [String] = []
        if files.isEmpty { errors.append("error: no app model files given (usage: locsim explore FILE…)") }
        for file in files {
            do {
                models.append(try AppModelParser.parse(contentsOf: file))
            } catch {
                errors.append("error: \(error)")
            }
        }
        if let depth, !(1...64).contains(depth) { errors.append("error: --depth must be from 1 to 64") }
        if let maxStates, maxStates < 1 { errors.append("error: --max-states must be a positive whole number") }
        let memoryBound = maxMemory.flatMap(byteCount)
        if let maxMemory, memoryBound == nil {
            errors.append("error: --max-memory must be a size such as 4G, 512M or 100000000 (bytes), not '\(maxMemory)'")
        }
        var known: ExploreBaseline?
        if let baseline {
            do { known = try ExploreBaseline(contentsOf: baseline) } catch { errors.append("error: \(error)") }
        }
        guard errors.isEmpty else { return Output(stdout: "", stderr: errors.joined(separator: "\n") + "\n", status: 2) }
        var results = models.map {
            Explorer.explore($0, options: ExplorationOptions(depth: depth, progress: progress, maxStates: maxStates, maxMemory: memoryBound,
                                                             reducesSymmetry: symmetry))
        }
        if let writeBaseline {
            do {
                try Data(ExploreBaseline(results: results).text.utf8).write(to: URL(fileURLWithPath: writeBaseline))
            } catch {
                return Output(stdout: "", stderr: "error: cannot write the baseline to \(writeBaseline): \(error)\n", status: 2)
            }
        }
        let knownCount = known?.remove(from: &results) ?? 0
        var files: [Finding: String]?
        if let out {
            do {
                files = try ExplorationReport.writeCounterexamples(results, to: out)
            } catch {
                return Output(stdout: "", stderr: "error: cannot write counterexamples to \(out): \(error)\n", status: 2)
            }
        }
        var text = format == .json ? ExplorationReport.jsonLines(results) : ExplorationReport.text(results, counterexampleFiles: files, details: details)
        if let baseline, format == .text {
            text += "\(knownCount) known finding\(knownCount == 1 ? "" : "s") in the baseline \(baseline) not reported\n"
        }
        return Output(stdout: text, stderr: "", status: ExplorationReport.exitStatus(results))
    }

    /// A size in bytes: a positive whole number, optionally followed by K, M or G (powers of 1024).
    static func byteCount(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var unit = 1
        if let last = text.last?.uppercased().first, let u = units[last] { unit = u; digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Int(digits), n > 0, n <= Int.max / unit else { return nil }
        return n * unit
    }

    /// A progress reporter that writes to stderr at most twice a second.
    public static func stderrProgress() -> @Sendable (ExplorationProgress) -> Void {
        let throttle = Throttle()
        return { p in
            if throttle.ready() { FileHandle.standardError.write(Data(("explore: " + p.line + "\n").utf8)) }
        }
    }
}

/// Lets one call through per half second.
private final class Throttle: @unchecked Sendable {
    private let lock = NSLock()
    private let start = DispatchTime.now().uptimeNanoseconds
    private var last: UInt64 = 0
    func ready() -> Bool {
        lock.lock(); defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        // Quiet for the first second: short explorations print nothing.
        guard now - start > 1_000_000_000, now - last > 500_000_000 else { return false }
        last = now
        return true
    }
}
