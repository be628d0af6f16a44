import Foundation

/// The `locsim benchmark lint` benchmark: lints a generated tree of Swift files and times
/// `grep -rl requestAlwaysAuthorization` on the same tree in the same run.
public enum LintBenchmark {
    /// The measured numbers of one run.
    public struct Measurement: Sendable {
        /// Files generated.
        public var files: Int
        /// Bytes generated.
        public var bytes: Int
        /// Best wall time of `grep -rl`, in seconds.
        public var grepSeconds: Double
        /// Best wall time of the linter, in seconds.
        public var lintSeconds: Double
        /// Files the linter parsed (the rest were skipped by the byte filter).
        public var parsedFiles: Int
        /// Findings the linter reported.
        public var findings: Int

        /// The linter's time divided by grep's.
        public var ratio: Double { grepSeconds > 0 ? lintSeconds / grepSeconds : .infinity }
    }

    /// Lints an existing directory (a whole app checkout) beside `grep -rl` on it and returns a report.
    public static func runLintBenchmark(tree: String) -> String {
        do {
            let root = FileInventory.absolute(tree)
            guard RegularFile.kind(of: root, followingLinks: true) == .directory else { return "lint benchmark failed: \(tree): not a directory\n" }
            let (files, bytes) = treeSize(root)
            return format(try measure(at: root, files: files, bytes: bytes), what: "\(tree): \(files) files")
        } catch {
            return "lint benchmark failed: \(error)\n"
        }
    }

    /// The number and total size of the regular files under `root` (what grep reads).
    static func treeSize(_ root: String) -> (files: Int, bytes: Int) {
        var files = 0, bytes = 0
        let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]), values.isRegularFile == true else { continue }
            files += 1
            bytes += values.fileSize ?? 0
        }
        return (files, bytes)
    }

    static func format(_ m: Measurement, what: String) -> String {
        let mb = Double(m.bytes) / 1_000_000
        func f(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }
        return """
        lint benchmark: \(what), \(f(mb, 1)) MB
          grep -rl requestAlwaysAuthorization: \(f(m.grepSeconds)) s, \(f(mb / m.grepSeconds, 0)) MB/s
          locsim lint:                         \(f(m.lintSeconds)) s, \(f(mb / m.lintSeconds, 0)) MB/s (\(m.parsedFiles) files parsed, \(m.findings) findings)
          ratio: \(f(m.ratio, 2))× grep's time (target: at most 3×)

        """
    }

    /// Generates the tree (`files` Swift files of about 10 kB, one in a hundred with location
    /// calls, plus an Info.plist), measures, deletes the tree and returns a report.
    public static func runLintBenchmark(files: Int = 5000) -> String {
        do {
            let m = try measure(files: files)
            return format(m, what: "\(m.files) Swift files")
        } catch {
            return "lint benchmark failed: \(error)\n"
        }
    }

    /// Generates the tree in a temporary directory, times grep and the linter (best of three
    /// each, after one untimed warm-up read), and removes the tree.
    public static func measure(files: Int) throws -> Measurement {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-lint-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bytes = try generateTree(at: root, files: files)
        return try measure(at: root, files: files, bytes: bytes)
    }

    /// Times grep and the linter on `root` (best of three each, after one untimed warm-up read).
    static func measure(at root: String, files: Int, bytes: Int) throws -> Measurement {
        _ = try timeGrep(root)
        var grepBest = Double.infinity
        var lintBest = Double.infinity
        var report: LintReport?
        for _ in 0..<3 {
            grepBest = min(grepBest, try timeGrep(root))
            let clock = ContinuousClock()
            var result: LintReport?
            let elapsed = try clock.measure { result = try Linter(options: LintOptions(paths: [root])).run() }
            lintBest = min(lintBest, seconds(elapsed))
            report = result
        }
        return Measurement(files: files, bytes: bytes, grepSeconds: grepBest, lintSeconds: lintBest,
                           parsedFiles: report?.parsedFileCount ?? 0, findings: report?.findings.count ?? 0)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Runs `grep -rl requestAlwaysAuthorization root` and returns its wall time.
    static func timeGrep(_ root: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["grep", "-rl", "requestAlwaysAuthorization", root]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try process.run()
            process.waitUntilExit()
        }
        return seconds(elapsed)
    }

    /// Writes the tree and returns the bytes of Swift written.
    public static func generateTree(at root: String, files: Int) throws -> Int {
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.bench</string>
        <key>NSLocationWhenInUseUsageDescription</key><string>Shows your position on the trail map while you record a hike.</string>
        </dict></plist>
        """
        try plist.write(toFile: root + "/App/Info.plist", atomically: true, encoding: .utf8)
        var total = 0
        for index in 0..<files {
            let directory = root + "/App/Module\(index / 100)"
            if index % 100 == 0 { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            let text = swiftFile(index)
            total += text.utf8.count
            try text.write(toFile: directory + "/File\(index).swift", atomically: false, encoding: .utf8)
        }
        return total
    }

    /// About 10 kB of ordinary Swift; every hundredth file also makes location calls.
    static func swiftFile(_ index: Int) -> String {
        var text = "import Foundation\n\n/// Model number \(index).\n"
        for part in 0..<22 {
            text += """
            struct Record\(index)_\(part): Codable, Hashable {
                var identifier: String
                var createdAt: Date
                var values: [Double]
                var tags: Set<String>

                /// Returns the mean of the values, or zero when there are none.
                func mean() -> Double {
                    guard !values.isEmpty else { return 0 }
                    return values.reduce(0, +) / Double(values.count)
                }

                mutating func normalize(by factor: Double) {
                    values = values.map { $0 / max(factor, 1) }
                    tags.insert("normalized-\\(Int(factor))")
                }
            }


            """
        }
        if index % 100 == 7 {
            text += """
            import CoreLocation

            final class Tracker\(index): NSObject, CLLocationManagerDelegate {
                let manager = CLLocationManager()

                func start() {
                    manager.delegate = self
                    manager.requestAlwaysAuthorization()
                    manager.allowsBackgroundLocationUpdates = true
                    manager.startUpdatingLocation()
                }

                func sceneDidBecomeActive(_ scene: Any) {
                    manager.requestWhenInUseAuthorization()
                }
            }

            """
        }
        return text
    }
}
