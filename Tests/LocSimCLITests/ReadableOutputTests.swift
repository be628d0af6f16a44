import Foundation
import Testing

/// Issue 30, items 2 and 3, end to end through the built binary: `locsim explore` prints a
/// summary first and details on request, a replayed counterexample says REPRODUCED (and fails
/// when it no longer reproduces), and the default story marks provisional Always and can be
/// printed as the example file it is.
@Suite("locsim end to end: output a person reads (explore summary, reproduced counterexamples, the default story)", .serialized)
struct ReadableOutputTests {
    static let buggy = "Examples/explore/buggy-tracker.yml"

    /// `kind key` → the platforms it was found on, in the order the JSON Lines list them.
    static func groups(fromJSON json: String) throws -> (order: [String], platforms: [String: [String]], count: Int) {
        var order: [String] = [], platforms: [String: [String]] = [:], count = 0
        for line in json.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["type"] as? String == "finding" else { continue }
            count += 1
            let id = "\(object["kind"] as! String)  \(object["key"] as! String)"
            if platforms[id] == nil { order.append(id) }
            let platform = object["platform"] as! String
            if !(platforms[id]?.contains(platform) ?? false) { platforms[id, default: []].append(platform) }
        }
        return (order, platforms, count)
    }

    @Test("explore: the summary lists each kind and key once, with every platform it affects and one counterexample, and says where the rest is")
    func exploreSummary() throws {
        let summary = try LocsimProcess.run(["explore", "--quiet", Self.buggy])
        let details = try LocsimProcess.run(["explore", "--quiet", "--details", Self.buggy])
        let json = try LocsimProcess.run(["explore", "--quiet", "--format", "json", Self.buggy])
        #expect(summary.status == 1 && details.status == 1 && json.status == 1, "\(summary.stderr)")
        let (order, platforms, count) = try Self.groups(fromJSON: json.stdout)
        #expect(count > order.count, "the example has findings on several platforms: \(count) findings, \(order.count) groups")
        let lines = summary.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("\(order.count) problems (\(count) findings on \(Set(platforms.values.joined()).count) platforms), each with its shortest counterexample:"),
                "\(summary.stdout.prefix(1500))")
        for id in order {
            // Platforms are listed in the order explored, which the JSON's platform lines give.
            let headers = lines.filter { $0.hasPrefix(id + "  on ") }
            #expect(headers.count == 1, "\(id): \(headers)")
            let listed = headers.first.map { String($0.dropFirst(id.count + 5)).components(separatedBy: ", ") } ?? []
            #expect(Set(listed) == Set(platforms[id] ?? []), "\(id): \(listed) vs \(platforms[id] ?? [])")
        }
        #expect(lines.filter { $0.hasPrefix("  counterexample: ") }.count == order.count)
        #expect(lines.filter { $0.hasPrefix("  shortest path (") }.count == order.count)
        #expect(summary.stdout.contains("--details") && summary.stdout.contains("--format json") && summary.stdout.contains("--counterexamples DIR"))
        // No scenario is printed in the summary; the details print one per finding.
        #expect(!summary.stdout.contains("\n    steps:\n"))
        #expect(details.stdout.components(separatedBy: "\n    steps:\n").count - 1 == count)
        #expect(lines.count * 4 < details.stdout.split(separator: "\n").count, "\(lines.count) lines vs \(details.stdout.split(separator: "\n").count)")
        // The details are the report as it was: one entry per finding and platform.
        let detailHeaders = details.stdout.split(separator: "\n").filter { line in order.contains { line.hasPrefix($0 + "  [") } }
        #expect(detailHeaders.count == count)
        #expect(try LocsimProcess.run(["explore", "--quiet", "--verbose", Self.buggy]).stdout == details.stdout)
        // JSON Lines do not depend on the text's flags.
        #expect(try LocsimProcess.run(["explore", "--quiet", "--details", "--format", "json", Self.buggy]).stdout == json.stdout)
    }

    @Test("explore --counterexamples DIR names one file per kind and key; locsim run of it says REPRODUCED, and fails once it no longer reproduces")
    func reproducedCounterexample() throws {
        let dir = LocsimProcess.scratch.appendingPathComponent("cx-\(UUID().uuidString)").path
        let out = try LocsimProcess.run(["explore", "--quiet", Self.buggy, "--counterexamples", dir])
        #expect(out.status == 1)
        let named = out.stdout.split(separator: "\n").filter { $0.hasPrefix("  counterexample: \(dir)/") }
        #expect(!named.isEmpty, "\(out.stdout.prefix(1500))")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".yml") }
        #expect(written.count > named.count)
        #expect(out.stdout.contains("every counterexample is in the folder above"))
        // --out is the same option.
        let dir2 = LocsimProcess.scratch.appendingPathComponent("cx-\(UUID().uuidString)").path
        let out2 = try LocsimProcess.run(["explore", "--quiet", Self.buggy, "--out", dir2])
        #expect(out2.stdout.replacingOccurrences(of: dir2, with: dir) == out.stdout)

        let first = try #require(named.first)
        let file = String(first.dropFirst("  counterexample: ".count).prefix { $0 != " " })
        let replay = try LocsimProcess.run(["run", file])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        let result = replay.stdout.split(separator: "\n").first { $0.hasPrefix("REPRODUCED") || $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(result?.hasPrefix("REPRODUCED  ") == true, "\(result ?? "")")
        #expect(result?.contains("the problem this counterexample shows happened") == true)
        #expect(!replay.stdout.contains("PASS"))
        #expect(replay.stdout.hasSuffix("\n1 scenario: 0 passed, 1 reproduced, 0 failed\n"), "\(replay.stdout.suffix(200))")
        let quiet = try LocsimProcess.run(["run", "--quiet", file])
        #expect(quiet.stdout.hasPrefix("REPRODUCED  "), "\(quiet.stdout)")

        // The same counterexample whose problem no longer happens (its last expectation, the
        // problem, made one that cannot hold): it fails and says so.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let last = try #require(lines.lastIndex { $0.hasSuffix("# the problem") })
        lines[last] = "  - expect: {status: restricted}   # the problem"
        let stale = LocsimProcess.writeScenario(lines.joined(separator: "\n"), name: "stale")
        let failed = try LocsimProcess.run(["run", stale])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("\nFAIL  ") && failed.stdout.contains("  no longer reproduces "), "\(failed.stdout.suffix(600))")
        #expect(!failed.stdout.contains("REPRODUCED"))
        #expect(failed.stdout.hasSuffix("\n1 scenario: 0 passed, 1 failed\n"))
        // An ordinary scenario still says PASS.
        let plain = try LocsimProcess.run(["run", LocsimProcess.writeScenario(LocsimCommandLineTests.passing)])
        #expect(plain.stdout.contains("\nPASS  Allow Once  (") && !plain.stdout.contains("REPRODUCED"))
    }

    @Test("The default story: its title in plain words, provisional Always marked after Allow While Using (text and JSON)")
    func defaultStory() throws {
        let out = try LocsimProcess.run([])
        #expect(out.status == 0)
        #expect(!out.stdout.lowercased().contains("seed"))
        #expect(out.stdout.hasPrefix("== Always asked for directly: Allow While Using gives a provisional Always, a second prompt confirms it  (<built-in: Examples/default-story.yml>, iOS 18.0)\n"),
                "\(out.stdout.prefix(300))")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        let choice = try #require(lines.firstIndex { $0.contains("user:  choose allowWhileUsing") || $0.contains("choose allowWhileUsing") })
        let change = try #require(lines[choice...].firstIndex { $0.contains("didChangeAuthorization(") })
        #expect(lines[change].hasSuffix("didChangeAuthorization(authorizedAlways, provisional)"), "\(lines[change])")
        // Once confirmed, Always is no longer provisional: nothing after it is marked.
        let confirm = try #require(lines.firstIndex { $0.contains("choose changeToAlwaysAllow") })
        #expect(!lines[confirm...].contains { $0.hasPrefix("+") && $0.contains("provisional") })
        let json = try LocsimProcess.run(["--format", "json"])
        #expect(json.stdout.contains("\"text\":\"didChangeAuthorization(authorizedAlways, provisional)\""), "\(json.stdout.prefix(2000))")
    }

    @Test("locsim --print-default writes the default story, byte for byte the example file it names, and that file runs as the default does")
    func printDefault() throws {
        let printed = try LocsimProcess.run(["--print-default"])
        #expect(printed.status == 0 && printed.stderr == "")
        let example = try String(contentsOf: LocsimProcess.packageRoot.appendingPathComponent("Examples/default-story.yml"), encoding: .utf8)
        #expect(printed.stdout == example)
        #expect(try LocsimProcess.run(["run", "--print-default"]).stdout == example)
        let file = LocsimProcess.writeScenario(printed.stdout, name: "default")
        let run = try LocsimProcess.run(["run", file])
        let builtIn = try LocsimProcess.run([])
        let timeline = { (o: LocsimProcess.Output) in o.stdout.split(separator: "\n").filter { $0.hasPrefix("+") } }
        #expect(run.status == 0 && timeline(run) == timeline(builtIn) && !timeline(run).isEmpty)
    }
}
