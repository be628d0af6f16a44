import Foundation
import Testing

/// Issue 30, item 5: the playground's page in a real browser at 1024, 1400 and 1920 px, through
/// `Tests/e2e/serve_e2e.py --layout-only` (Selenium and Debian's Chromium): no horizontal scroll,
/// launch above the fold, no control cut off, the graph drawn in the page, errors and notes next to
/// what made them. Skipped, with what is missing, when Chromium, chromedriver or Selenium is not
/// installed (`.ci/run` installs them and also runs the whole browser test).
@Suite("locsim serve in Chromium: the layout at three widths")
struct PageLayoutBrowserTests {
    /// What the browser test needs that is not installed; `nil` when everything is.
    static let missing: String? = {
        var missing = ["/usr/bin/chromium", "/usr/bin/chromedriver"].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import selenium"]
        python.standardOutput = FileHandle.nullDevice
        python.standardError = FileHandle.nullDevice
        if (try? python.run()) == nil { missing.append("python3") } else {
            python.waitUntilExit()
            if python.terminationStatus != 0 { missing.append("Selenium (pip install selenium)") }
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }()

    @Test("1024, 1400 and 1920 px: no horizontal scroll, launch visible, no clipped control; errors and notes beside their control",
          .enabled(if: missing == nil, "the browser test needs Chromium, chromedriver and Selenium: \(missing ?? "") not installed"),
          .timeLimit(.minutes(5)))
    func layoutAtThreeWidths() async throws {
        let binary = try #require(LocsimProcess.binary)
        let shots = LocsimProcess.scratch.appendingPathComponent("layout-shots").path
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let script = LocsimProcess.packageRoot.appendingPathComponent("Tests/e2e/serve_e2e.py").path
        let log = LocsimProcess.scratch.appendingPathComponent("layout-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--locsim", binary.path, "--layout-only", "--screenshots", shots]
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        // Waits without holding a thread of the test pool (the browser run takes a while); the
        // time limit ends the browser run with the test, which then fails rather than waits.
        let status: Int32 = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do { try process.run() } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(status == 0, "\(output)")
        #expect(output.contains("passed: 0 failure(s)"), "\(output)")
        for width in [1024, 1400, 1920] {
            #expect(output.contains("ok    \(width) px: no horizontal scroll, nothing cut off"), "\(width)")
            #expect(FileManager.default.fileExists(atPath: "\(shots)/serve-layout-\(width).png"), "\(width)")
        }
    }
}
