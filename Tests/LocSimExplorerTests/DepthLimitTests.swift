import LocSimExplorer
import LocSimModel
import Testing

/// `locsim explore` never cuts a verdict silently: a depth limit that leaves waiting states
/// undecided says how many, and what depth decides them, and what it finds there.
@Suite("A depth limit says what it cut")
struct DepthLimitTests {
    static func explore(_ name: String, depth: Int, on platform: Platform) throws -> PlatformExploration {
        Explorer.explore(try ExampleModels.load(name), on: platform, options: ExplorationOptions(depth: depth, parallel: false))
    }

    @Test("C4: the hangs a depth limit hides are listed, and the depth it names finds each")
    func hiddenHangsAreFoundAtTheDecidingDepth() throws {
        let platform = Platform(.iOS, 12, 4)
        let result = Explorer.explore(try ExampleModels.load("buggy-tracker.yml"), options: ExplorationOptions(depth: 5, parallel: false))
        let cut = try #require(result.platforms.first { $0.platform == platform })
        #expect(!cut.exhaustive && cut.undecided > 0, "\(cut.undecided)")
        let deciding = try #require(cut.decidingDepth)
        #expect(deciding > 5)
        #expect(!cut.hiddenFindings.isEmpty)
        let shown = Set(cut.findings.map { "\($0.kind.rawValue) \($0.key)" })
        #expect(shown.isDisjoint(with: cut.hiddenFindings), "hidden means not reported within the limit")
        let deeper = try Self.explore("buggy-tracker.yml", depth: deciding, on: platform)
        let found = Set(deeper.findings.map { "\($0.kind.rawValue) \($0.key)" })
        #expect(found.isSuperset(of: cut.hiddenFindings), "\(cut.hiddenFindings) not in \(found.sorted())")
        // The report says it, in text and JSON.
        let text = ExplorationReport.text([result])
        #expect(text.contains("\(cut.undecided) waiting states left undecided (counted as able to leave); depth \(deciding) decides them: \(cut.hiddenFindings.count) finding"), "\(text.prefix(600))")
        #expect(ExplorationReport.jsonLines([result]).contains("\"undecided\":\(cut.undecided)"))
    }

    @Test("a search to the end leaves nothing undecided and says nothing about it")
    func noCutNoLine() throws {
        let full = try Self.explore("careful-tracker.yml", depth: 30, on: Platform(.iOS, 18))
        #expect(full.exhaustive && full.undecided == 0 && full.decidingDepth == nil)
    }

    @Test("O1, O2: every updatesNeverCome or hang found under a depth limit is found by the search to the end (a cut future is not a stuck one)")
    func cutFindingsHold() throws {
        let platform = Platform(.iOS, 17)
        let end = try Self.explore("broken-session-tracker.yml", depth: 40, on: platform)
        #expect(end.exhaustive)
        let atEnd = Set(end.findings.filter { $0.kind == .updatesNeverCome || $0.kind == .hang }.map(\.key))
        for depth in 4...10 {
            let cut = try Self.explore("broken-session-tracker.yml", depth: depth, on: platform)
            let keys = Set(cut.findings.filter { $0.kind == .updatesNeverCome || $0.kind == .hang }.map(\.key))
            #expect(keys.isSubset(of: atEnd), "depth \(depth): \(keys.subtracting(atEnd))")
        }
    }
}
