import Foundation
import LocSimExplorer
import Testing

/// Runs the body of a `.simulatedDevice` test in a child process, where a trap in app code (a
/// continuation resumed twice, an unowned reference, a `fatalError`) fails that test with the
/// trap's message instead of ending the whole test run.
///
/// The child is the test binary itself, run again with only the test selected (as Swift
/// Testing's exit tests do) and its test case named in `LOCSIM_FLOW_CHILD`: there the trait runs
/// the body of that case and no other. The child's issues come back through Swift Testing's event
/// stream (`--event-stream-output-path`), each recorded again here at its own source location;
/// what the test prints comes back on standard output. Core Location has no such type.
package enum FlowChild {
    /// In a child: the test case whose body this process runs.
    static let target: String? = ProcessInfo.processInfo.environment["LOCSIM_FLOW_CHILD"]

    /// The variables that make a process a flow's child: a process that one starts (an
    /// exploration's worker) leaves them out.
    package static let environmentKeys = ["LOCSIM_FLOW_CHILD", "LOCSIM_FLOW_MARKER"]

    /// In a child: notes that the body of ``target`` is about to run, in the file the parent
    /// reads to check that it ran exactly once.
    static func markRan() {
        guard let path = ProcessInfo.processInfo.environment["LOCSIM_FLOW_MARKER"], let file = FileHandle(forWritingAtPath: path) else { return }
        file.seekToEndOfFile()
        file.write(Data("ran\n".utf8))
        try? file.close()
    }

    /// The test case, as text the same in every run of the binary.
    static func site(_ test: Test, _ testCase: Test.Case?) -> String {
        var text = test.id.description
        if let testCase {
            // The case's description names its arguments; addresses differ from run to run.
            text += "\n" + String(describing: testCase).replacingOccurrences(of: #"(0x|\$)[0-9a-fA-F]{6,}"#, with: "", options: .regularExpression)
        }
        return text
    }

    /// Runs `site`'s body in a child and records here what went wrong there (a crash at
    /// `location`, the test's).
    static func run(_ site: String, at location: SourceLocation) async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-flow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            Issue.record("LocSim: the flow's child process could not be prepared: \(error)", sourceLocation: location)
            return
        }
        let events = directory.appendingPathComponent("events.jsonl").path
        let stdout = directory.appendingPathComponent("stdout").path, stderr = directory.appendingPathComponent("stderr").path
        let marker = directory.appendingPathComponent("ran").path
        for file in [stdout, stderr, marker] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        let process = Process()
        ExplorationWorker.rerun(process, selecting: site, arguments: ["--event-stream-output-path", events, "--event-stream-version", "0"],
                                environment: ProcessInfo.processInfo.environment)
        process.environment?["LOCSIM_FLOW_CHILD"] = site
        process.environment?["LOCSIM_FLOW_MARKER"] = marker
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
        process.standardError = FileHandle(forWritingAtPath: stderr)
        // The test's time limit (or a cancelled run) ends the child with it.
        let ended: Void? = await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void?, Never>) in
                process.terminationHandler = { _ in done.resume(returning: ()) }
                do { try process.run() } catch {
                    process.terminationHandler = nil
                    done.resume(returning: nil)
                }
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
        guard ended != nil else {
            Issue.record("LocSim: the flow's child process could not start (\(process.executableURL?.path ?? "?"))", sourceLocation: location)
            return
        }
        // What the test printed, without Swift Testing's own lines about the child's run.
        print(withoutTestingOutput((try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""), terminator: "")
        let errors = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        FileHandle.standardError.write(Data(withoutTestingOutput(errors).utf8))
        let recorded = issues(in: (try? String(contentsOfFile: events, encoding: .utf8)) ?? "")
        for issue in recorded.issues {
            Issue.record(Comment(rawValue: issue.text), sourceLocation: issue.location ?? location)
        }
        // A sanitizer's report in the child (a test run with --sanitize=thread) fails the test
        // here, where the run's log shows it.
        if let report = sanitizerReport(in: errors) {
            Issue.record("LocSim: the sanitizer reported in the flow's child process:\n\(report)", sourceLocation: location)
        }
        guard process.terminationReason == .uncaughtSignal || !recorded.ended else {
            // A case whose description differs between two runs of the binary (a set among its
            // arguments, printed in another order) is not found in the child: never a silent pass.
            let ran = ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").split(separator: "\n").count
            if ran != 1 {
                Issue.record("LocSim: the flow's child process ran this test case's body \(ran) times, not once: its arguments print differently from run to run (a Set or Dictionary?); give the case arguments that print the same, or isolation: .inProcess", sourceLocation: location)
            }
            return
        }
        let trap = AppTrap(stderr: errors,
                           signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil,
                           exitCode: process.terminationReason == .exit ? process.terminationStatus : nil)
        Issue.record("""
            LocSim: app code crashed the flow (\(trap.key)): \(trap.message)
            The test ran in a child process, so the rest of the run goes on; on a phone the app would have crashed here.
            """, sourceLocation: location)
    }

    /// The first sanitizer report in a child's standard error (up to 4,000 characters), if any.
    package static func sanitizerReport(in errors: String) -> String? {
        guard let start = errors.range(of: "WARNING: ThreadSanitizer") ?? errors.range(of: "ERROR: AddressSanitizer") else { return nil }
        return String(errors[start.lowerBound...].prefix(4000))
    }

    /// `text` without the lines Swift Testing prints about its own run (`◇ Test … started.`, `✔`,
    /// `✘`, `↳` and their continuation lines), which the test's own run prints in this process.
    package static func withoutTestingOutput(_ text: String) -> String {
        var kept = "", inTesting = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") || text.isEmpty ? 1 : 0) {
            let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            if ["◇", "✔", "✘", "↳", "━", "➜", "􀟈", "􀢄", "􀛭", "􁁛", "􀄵"].contains(where: { plain.hasPrefix($0) }) {
                inTesting = true
            } else if inTesting, plain.hasPrefix("  ") {
                // The indented lines of an issue's comment.
            } else {
                inTesting = false
                kept += line + "\n"
            }
        }
        return kept
    }

    /// An issue the child recorded: its messages and where.
    package struct RecordedIssue {
        package var text: String
        package var location: SourceLocation?
    }

    /// The issues of an event stream (version 0), and whether the run reached its end.
    package static func issues(in stream: String) -> (issues: [RecordedIssue], ended: Bool) {
        var found: [RecordedIssue] = [], ended = false
        for line in stream.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["kind"] as? String == "event", let payload = object["payload"] as? [String: Any],
                  let kind = payload["kind"] as? String else { continue }
            if kind == "runEnded" { ended = true }
            guard kind == "issueRecorded" else { continue }
            let issue = payload["issue"] as? [String: Any]
            if issue?["isKnown"] as? Bool == true { continue }
            let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            var location: SourceLocation?
            if let l = issue?["sourceLocation"] as? [String: Any], let fileID = l["fileID"] as? String, let line = l["line"] as? Int,
               let column = l["column"] as? Int, fileID.contains("/") {
                location = SourceLocation(fileID: fileID, filePath: l["_filePath"] as? String ?? fileID, line: line, column: column)
            }
            found.append(RecordedIssue(text: messages.joined(separator: "\n"), location: location))
        }
        return (found, ended)
    }
}
