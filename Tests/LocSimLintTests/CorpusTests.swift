import Foundation
import Testing
@testable import LocSimLint

/// Where the corpus of real apps' Info.plists is. It is not part of the repository: it sits in the
/// reference folder beside a development checkout (`shared/corpus` next to the repository), or in
/// `$LOCSIM_SHARED/corpus`.
enum CorpusFolder {
    static let path = (ProcessInfo.processInfo.environment["LOCSIM_SHARED"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared").standardized.path) + "/corpus"
}

/// Lints the real apps' Info.plists of the corpus. What is reported, and why, is explained in
/// `Docs/Lint.md` ("The corpus of real apps"). Without the corpus the suite is skipped, with a
/// message naming the folder it looked for.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: CorpusFolder.path),
                "needs the maintainers' collection of real apps' Info.plists, which is not part of the repository (LOCSIM_SHARED names a folder holding it as corpus/)"))
struct CorpusTests {
    static let corpus = CorpusFolder.path

    @Test("corpus: the exact findings on the real apps' plists (LOC003 Q1, LOC010 D3, LOC011 F5)")
    func corpusFindings() throws {
        let report = try Linter(options: LintOptions(paths: [Self.corpus])).run()
        let summary = report.findings.map { finding -> String in
            let file = OutputFormat.displayPath(finding.location.file, base: Self.corpus)
            return "\(file):\(finding.location.line) \(finding.checkID)"
        }
        #expect(summary == [
            "bharathprabhu01__iOS-Project/Info.plist:38 LOC011",
            "hiren1995__GeoFencingDemo/Info.plist:27 LOC010",
            "hiren1995__GeoFencingDemo/Info.plist:27 LOC011",
            "hiren1995__GeoFencingDemo/Info.plist:33 LOC010",
            "owntracks__ios/OwnTracks-Info.plist:124 LOC011",
            "sobri909__LocoKit/Info.plist:39 LOC011",
            "tananaev__traccar-client-ios/TraccarClient-Info.plist:32 LOC011",
            "wikimedia__wikipedia-ios/Wikipedia-Info.plist:58 LOC003",
        ])
        // 12 plists: the DeathlessLocation framework plist is not an app; the GPX Tracker watch extension is one.
        #expect(report.targetCount == 11)
        #expect(report.findings.allSatisfy { $0.severity < .error })
    }

    @Test("corpus: the GPX Tracker watch extension is linted as watchOS, not iOS")
    func watchExtension() throws {
        let discovery = try TargetDiscovery(options: LintOptions(paths: [Self.corpus + "/merlos__iOS-Open-GPX-Tracker"])).run()
        let platforms = discovery.targets.map { "\(($0.infoPlist?.path as NSString?)?.lastPathComponent ?? "") \($0.deploymentTarget.os)" }.sorted()
        #expect(platforms == ["Info.plist iOS", "Info_2.plist watchOS"])
    }

    @Test("corpus: deploying to iOS 10 turns the missing legacy key into LOC004 (P5) and silences LOC003 and LOC011")
    func corpusOnIOS10() throws {
        let report = try Linter(options: LintOptions(paths: [Self.corpus], deploymentTarget: "10.0")).run()
        let ids = Set(report.findings.map(\.checkID))
        #expect(ids == ["LOC004", "LOC010"])
        let legacyMissing = report.findings.filter { $0.checkID == "LOC004" }.map { ($0.location.file as NSString).lastPathComponent }
        #expect(legacyMissing == ["Info.plist"])
    }
}
