import Foundation
@testable import LocSimExplorer
import LocSimModel
import Testing

/// Platforms on which the model's rules read the same answers are searched once, and reported
/// each as if searched alone (issue 32).
@Suite("Platforms that behave alike are searched once")
struct AlikePlatformsTests {
    /// iOS and visionOS releases around the examples' own: minor releases the rules do not tell
    /// apart (13.2 and 13.3, 17.0 and 17.1, …) and the first releases they do (13.4, 17.2, …).
    static let platforms = ["iOS 12.4", "iOS 13.2", "iOS 13.3", "iOS 13.4", "iOS 14.0", "iOS 14.2", "iOS 15.0", "iOS 17.0",
                            "iOS 17.1", "iOS 17.2", "iOS 18.0", "iOS 18.1", "visionOS 2.0", "visionOS 2.1"].map { Platform(parsing: $0)! }

    static let examples = ["activity-not-resumed.yml", "broken-session-tracker.yml", "buggy-tracker.yml", "careful-tracker.yml",
                           "launch-key-tracker.yml", "live-tracker.yml", "region-reminder.yml", "session-tracker.yml"]

    /// Runs `work` on a thread of its own: minutes of searching would otherwise hold threads of
    /// the test pool (two on two cores) from every other test's awaits.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { done in Thread { done.resume(returning: work()) }.start() }
    }

    @Test("the examples' app models on 14 platforms: searching alike platforms once reports what searching each does",
          .serialized, arguments: examples)
    func sameReportsGroupedOrNot(_ name: String) async throws {
        var model = try ExampleModels.load(name)
        model.platforms = Self.platforms
        // Depth 8 at most: the examples' own depths (some to the end) take minutes on 14 platforms.
        let depth = min(model.depth, 8)
        let searched = model
        let grouped = await Self.offThePool { Explorer.explore(searched, options: ExplorationOptions(depth: depth)) }
        let alone = await Self.offThePool { Explorer.explore(searched, options: ExplorationOptions(depth: depth, searchesAlikePlatformsOnce: false)) }
        #expect(grouped.platforms.map(\.platform) == Self.platforms)
        #expect(alone.platforms.allSatisfy { $0.sharedSearch == nil })
        // 14 platforms, at most 9 searches: 13.2–13.3, 14.0–14.2, 17.0–17.1, 18.0–18.1, visionOS
        // 2.0–2.1 behave alike; 15.0, 17.0 and 17.2 may be served by 14.0's search too, when it
        // asks none of the questions that tell them apart (PlatformReadsTests).
        let shared = grouped.platforms.compactMap { p in p.sharedSearch.map { "\(p.platform) ← \($0)" } }
        #expect(Set(["iOS 13.3 ← iOS 13.2", "iOS 14.2 ← iOS 14.0", "iOS 18.1 ← iOS 18.0", "visionOS 2.1 ← visionOS 2.0"]).isSubset(of: shared))
        #expect(grouped.platforms[8].sharedSearch == (grouped.platforms[7].sharedSearch ?? Platform(.iOS, 17)), "17.1 goes with 17.0")
        #expect(Set(shared.map { $0.components(separatedBy: " ← ")[1] }).isSubset(of: ["iOS 13.2", "iOS 14.0", "iOS 17.0", "iOS 18.0", "visionOS 2.0"]))
        for (g, a) in zip(grouped.platforms, alone.platforms) {
            #expect(g.platform == a.platform)
            #expect(g.states == a.states && g.transitions == a.transitions && g.depth == a.depth, "\(g.platform)")
            #expect(g.exhaustive == a.exhaustive && g.truncated == a.truncated, "\(g.platform)")
            #expect(g.undecided == a.undecided && g.decidingDepth == a.decidingDepth && g.hiddenFindings == a.hiddenFindings, "\(g.platform)")
            // Kinds, keys, explanations, rules, paths and counterexamples, each naming its own platform.
            #expect(g.findings == a.findings, "\(g.platform): \(Set(g.findings).symmetricDifference(a.findings).map { "\($0.kind) \($0.key)" })")
            #expect(g.acceptedFindings == a.acceptedFindings, "\(g.platform)")
            #expect(g.findings.allSatisfy { $0.platform == g.platform && $0.scenario.contains("platform: \(g.platform)") })
        }
        let text = ExplorationReport.text([grouped])
        #expect(text.contains("\niOS 18.1: \(grouped.platforms[11].states) states, ") && text.contains("\n  searched with iOS 18.0: the model's rules read nothing that tells the two apart\n"))
        #expect(ExplorationReport.text([alone]) == text.replacing(/\n  searched with [^\n]*/, with: ""))
        #expect(ExplorationReport.jsonLines([alone]) == ExplorationReport.jsonLines([grouped])
                    .replacingOccurrences(of: #","sharedSearch":"[^"]*""#, with: "", options: .regularExpression))
    }

    @Test("each example's own platforms are searched one by one: its report is as before")
    func examplesKeepTheirSearches() throws {
        for name in Self.examples {
            let model = try ExampleModels.load(name)
            #expect(Explorer.alikeGroups(model, model.platforms) == model.platforms.indices.map { [$0] }, "\(name)")
        }
    }

    @Test("the behaviour tells apart what a rule reads: generation, OS, a version a rule names, the year, a parameter")
    func behaviourSeparates() {
        func alike(_ a: String, _ b: String, parameters: DeviceParameters = DeviceParameters()) -> Bool {
            PlatformBehavior(platform: Platform(parsing: a)!, parameters: parameters, app: AppDescription())
                == PlatformBehavior(platform: Platform(parsing: b)!, parameters: parameters, app: AppDescription())
        }
        #expect(alike("iOS 14.0", "iOS 14.7"))
        #expect(alike("iOS 13.4", "iOS 13.7"))
        #expect(!alike("iOS 13.3", "iOS 13.4"))      // E6: the upgrade prompt (generation)
        #expect(!alike("iOS 14.7", "iOS 15.0"))      // H6: the location button
        #expect(!alike("iOS 15.1", "iOS 16.0"))      // I13: Control Center
        #expect(!alike("iOS 17.1", "iOS 17.2"))      // O15 on iOS 17.2
        #expect(!alike("iOS 17.2", "iOS 18.0"))      // section O's year
        #expect(!alike("iOS 18.0", "visionOS 2.0"))  // the OS
        #expect(alike("macOS 14.0", "macOS 14.1"))
        #expect(!alike("macOS 14.1", "macOS 14.2"))
        #expect(!alike("watchOS 3.0", "watchOS 4.0")) // the prompt on the paired iPhone
        var forceQuit = DeviceParameters()
        forceQuit.forceQuitBlocksRelaunchFrom = Platform(.iOS, 26, 4)
        #expect(alike("iOS 26.2", "iOS 26.4"))
        #expect(!alike("iOS 26.2", "iOS 26.4", parameters: forceQuit))
    }

    /// The model's and the explorer's sources, with the lines that read a platform's version.
    static func sourceLines() throws -> [(file: String, line: Int, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var out: [(String, Int, String)] = []
        for directory in ["Sources/LocSimModel", "Sources/LocSimExplorer"] {
            let base = root.appendingPathComponent(directory)
            let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files.sorted() where !["Platform.swift", "PlatformBehavior.swift", "PlatformReads.swift"].contains(file) {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    out.append(("\(directory)/\(file)", i + 1, code))
                }
            }
        }
        return out
    }

    @Test("every version a rule compares a platform with is one the behaviour answers (a new one fails here until it is listed)")
    func everyComparedVersionIsListed() throws {
        let lines = try Self.sourceLines()
        #expect(lines.count > 1000)
        // The OS a comparison is scoped to: the last `os == .X` before it on its line.
        func scope(_ line: String, before index: String.Index) -> Platform.OS? {
            let prefix = String(line[..<index])
            let matches = prefix.matches(of: /os == \.(\w+)/)
            return matches.last.flatMap { Platform.OS(rawValue: String($0.output.1)) }
        }
        func listed(_ major: Int, _ minor: Int, _ os: Platform.OS?) -> Bool {
            Platform.ruleVersions.contains { $0.major == major && $0.minor == minor && ($0.os == nil || $0.os == os) }
        }
        // Reads of a version that are not comparisons with a number, each answered otherwise.
        let known = [
            "platform.isAtLeast(from.major, from.minor)": "forceQuitBlocksRelaunchFrom",
            "let major = platform.major": "the section-O year",
            "macOSWhenInUseKeySufficesFrom": "macOSWhenInUseKeySuffices",
            "let platformText = \".\\(platform.os.rawValue)(\\(platform.major)": "a finding's Swift test text, written per platform",
            "number(p.major)": "a platform written as bytes for an exploration's child process",
            "number(p.minor)": "a platform written as bytes for an exploration's child process",
        ]
        var comparisons = 0
        for (file, number, line) in lines {
            let at = "\(file):\(number): \(line)"
            // `isAtLeast` and `generationIsAtLeast`, and the model's noting forms
            // `platformIsAtLeast` and `platformGenerationIsAtLeast` (PlatformReads).
            for m in line.matches(of: /([gG]enerationI|[iI])sAtLeast\(([^()]*)\)/) {
                let arguments = m.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if m.output.1.lowercased() == "generationi" {
                    let numbers = arguments.map { $0.replacingOccurrences(of: "iOS: ", with: "") }.compactMap { Int($0) }
                    #expect(numbers.count == arguments.count && Platform.ruleGenerations.contains { $0.major == numbers[0] && $0.minor == (numbers.count > 1 ? numbers[1] : 0) }, "\(at)")
                } else if let major = Int(arguments[0]) {
                    let minor = arguments.count > 1 ? Int(arguments[1]) ?? -1 : 0
                    #expect(listed(major, minor, scope(line, before: m.range.lowerBound)), "\(at)")
                } else {
                    #expect(known.keys.contains { line.contains($0) }, "\(at)")
                }
                comparisons += 1
            }
            for m in line.matches(of: /major\s*(<=|>=|<|>|==)\s*(\d+)/) {
                let n = Int(m.output.2)!
                let threshold = m.output.1 == ">" || m.output.1 == "<=" ? n + 1 : n
                #expect(m.output.1 != "==" && listed(threshold, 0, scope(line, before: m.range.lowerBound)), "\(at)")
                comparisons += 1
            }
            for m in line.matches(of: /(sectionOYear|year)\s*(<=|>=|<|>|==)\s*(\d+)/) {
                let n = Int(m.output.3)!
                let threshold = m.output.2 == ">" || m.output.2 == "<=" ? n + 1 : n
                #expect(m.output.2 != "==" && Platform.ruleYears.contains(threshold), "\(at)")
                comparisons += 1
            }
            #expect(!line.contains("iOSEquivalent"), "\(at): read the generation or compare with generationIsAtLeast")
            // Any other read of the version numbers must be one answered otherwise.
            let rest = line.replacing(/([gG]enerationI|[iI])sAtLeast\([^()]*\)/, with: "").replacing(/major\s*(<=|>=|<|>)\s*\d+/, with: "")
            if rest.contains(".major") || rest.contains(".minor") {
                #expect(known.keys.contains { line.contains($0) }, "\(at)")
            }
        }
        #expect(comparisons > 30)
    }
}
