import Foundation
@testable import LocSimExplorer
@testable import LocSimModel
import Testing

/// A search of one platform serves another whose answers differ only in questions the first
/// one's rules never asked (issue 32, item 3: platforms grouped by what the model actually reads).
// Serialized, and each exploration on one thread but the first: the suite's searches run in a debug
// build beside the rest of the tests, on two cores.
@Suite("Platforms the model's questions do not tell apart are searched once", .serialized)
struct PlatformReadsTests {
    static func platforms(_ names: [String]) -> [Platform] { names.map { Platform(parsing: $0)! } }

    /// Explores `model` on `platforms` with searches shared and with every platform searched alone,
    /// on every core and (with `serial`) on one thread, and checks that each platform's report is
    /// the same. Returns the shared exploration.
    static func sameReports(_ model: AppModel, depth: Int? = nil, maxStates: Int? = nil, serial: Bool = true) async -> ExplorationResult {
        let shared = await AlikePlatformsTests.offThePool { Explorer.explore(model, options: ExplorationOptions(depth: depth, maxStates: maxStates)) }
        if serial {
            let oneThread = await AlikePlatformsTests.offThePool {
                Explorer.explore(model, options: ExplorationOptions(depth: depth, parallel: false, maxStates: maxStates))
            }
            #expect(ExplorationReport.jsonLines([oneThread]) == ExplorationReport.jsonLines([shared]), "the schedule changes nothing")
        }
        let alone = await AlikePlatformsTests.offThePool {
            Explorer.explore(model, options: ExplorationOptions(depth: depth, parallel: false, maxStates: maxStates, searchesAlikePlatformsOnce: false))
        }
        #expect(shared.platforms.map(\.platform) == model.platforms)
        for (s, a) in zip(shared.platforms, alone.platforms) {
            #expect(s.platform == a.platform)
            #expect(s.states == a.states && s.transitions == a.transitions && s.depth == a.depth, "\(s.platform)")
            #expect(s.exhaustive == a.exhaustive && s.undecided == a.undecided && s.hiddenFindings == a.hiddenFindings, "\(s.platform)")
            #expect(s.findings == a.findings, "\(s.platform): \(Set(s.findings).symmetricDifference(a.findings).map { "\($0.kind) \($0.key)" })")
            #expect(s.findings.allSatisfy { $0.platform == s.platform && $0.scenario.contains("platform: \(s.platform)") })
        }
        #expect(ExplorationReport.jsonLines([alone]) == ExplorationReport.jsonLines([shared])
                    .replacingOccurrences(of: #","sharedSearch":"[^"]*""#, with: "", options: .regularExpression))
        return shared
    }

    static func sharing(_ result: ExplorationResult) -> [String] {
        result.platforms.compactMap { p in p.sharedSearch.map { "\(p.platform) ← \($0)" } }
    }

    @Test("the region app on iOS 13.4–17.0: iOS 14.0's search serves 14.1–17.0, as it asks neither the location button's, Control Center's nor section O's questions")
    func regionAppTwoSearches() async throws {
        let text = BenchmarkModels.regionModel(regions: 1, platforms: 16)
        var model = try AppModelParser.parse(text.text, file: text.name)
        #expect(model.platforms.count == 16)
        // Five groups of alike platforms (13.x, 14.x, 15.x, 16.0, 17.0) before the questions count.
        #expect(Explorer.alikeGroups(model, model.platforms).count == 5)
        // The first and last of each group, to keep the debug build's searches short.
        model.platforms = Self.platforms(["iOS 13.4", "iOS 13.7", "iOS 14.0", "iOS 14.7", "iOS 15.0", "iOS 15.1", "iOS 16.0", "iOS 17.0"])
        // Depth 12 (the app's space closes at 22–24): the debug build's searches stay short.
        let shared = await Self.sameReports(model, depth: 12, serial: false)
        let expected = model.platforms.filter { $0 != Platform(.iOS, 13, 4) && $0 != Platform(.iOS, 14, 0) }
            .map { "\($0) ← \($0.isAtLeast(14) ? "iOS 14.0" : "iOS 13.4")" }
        #expect(Self.sharing(shared) == expected)
    }

    @Test("live updates ask section O's year: iOS 17.0 is searched on its own, iOS 15.0 and 16.0 are served by 14.0's search")
    func yearAskedByLiveUpdates() async throws {
        var model = try ExampleModels.load("live-tracker.yml")
        model.platforms = Self.platforms(["iOS 14.0", "iOS 15.0", "iOS 16.0", "iOS 17.0", "iOS 17.2"])
        let shared = await Self.sameReports(model, depth: 6)
        #expect(Self.sharing(shared) == ["iOS 15.0 ← iOS 14.0", "iOS 16.0 ← iOS 14.0"])
        // 17.0 and 17.2 differ from 14.0 in the year the search asked; both wait for 14.0's
        // search (the first that may serve them) and start as soon as it asks the year.
        let waits = Explorer.leads(model, model.platforms)
        #expect(waits.map { $0?.lead } == [nil, 0, 0, 0, 0])
    }

    @Test("a search stopped at the state limit serves a platform as its own search would have stopped")
    func stoppedLeadServes() async throws {
        var model = try ExampleModels.load("live-tracker.yml")
        model.platforms = Self.platforms(["iOS 14.0", "iOS 15.0", "iOS 16.0"])
        let shared = await Self.sameReports(model, maxStates: 300)
        #expect(shared.platforms.allSatisfy { $0.truncated })
        #expect(Self.sharing(shared) == ["iOS 15.0 ← iOS 14.0", "iOS 16.0 ← iOS 14.0"])
    }

    @Test("a question no answer covers tells every two platforms apart")
    func unlistedQuestionDiffers() throws {
        let model = try ExampleModels.load("live-tracker.yml")
        let waits = Explorer.leads(model, Self.platforms(["iOS 14.0", "iOS 15.0", "iOS 14.0"]))
        #expect(waits[1]?.lead == 0 && waits[2]?.lead == 0)
        // Even between platforms with the same answers: a search that asked it serves neither.
        #expect(waits.compactMap { $0 }.allSatisfy { $0.differs & PlatformBehavior.unlistedBit != 0 })
    }

    @Test("the examples' models: sharing by the questions asked reports what searching each platform alone does", .serialized,
          arguments: AlikePlatformsTests.examples)
    func examplesAgree(_ name: String) async throws {
        var model = try ExampleModels.load(name)
        model.platforms = Self.platforms(["iOS 14.0", "iOS 15.0", "iOS 16.0", "iOS 17.0", "iOS 17.2"])
        let shared = await Self.sameReports(model, depth: min(model.depth, 6))
        // Every search that served another is of an earlier platform that may serve it.
        for p in shared.platforms {
            guard let lead = p.sharedSearch else { continue }
            #expect(lead < p.platform && PlatformBehavior.mayShareSearch(lead, p.platform, parameters: model.device.parameters, app: model.app))
        }
    }

    @Test("each example's own platforms wait for no other search: its report is as before")
    func examplesWaitForNone() throws {
        for name in AlikePlatformsTests.examples {
            let model = try ExampleModels.load(name)
            let groups = Explorer.alikeGroups(model, model.platforms)
            #expect(Explorer.leads(model, groups.map { model.platforms[$0[0]] }).allSatisfy { $0 == nil }, "\(name)")
        }
    }

    @Test("a platform another may serve: the same OS, generation and derived answers; the year and runtime questions are left to the search")
    func mayShare() {
        func may(_ a: String, _ b: String, _ app: AppDescription = AppDescription(), _ parameters: DeviceParameters = DeviceParameters()) -> Bool {
            PlatformBehavior.mayShareSearch(Platform(parsing: a)!, Platform(parsing: b)!, parameters: parameters, app: app)
        }
        #expect(may("iOS 14.0", "iOS 17.0"))
        #expect(may("iOS 14.0", "iOS 15.0"))
        #expect(!may("iOS 13.4", "iOS 14.0"))   // the generation: the Precise toggle (F7)
        #expect(!may("iOS 17.2", "iOS 18.0"))   // section O's rules apply from iOS 18 (derived once)
        #expect(!may("iOS 18.0", "visionOS 2.0"))
        #expect(may("iOS 18.0", "iOS 26.0"))    // the same derived answers; the year is asked
        #expect(!may("macOS 10.15", "macOS 11.0")) // the temporary full-accuracy key is available from macOS 11
    }

    @Test("the rules note each question they ask as events arrive, as the bit the behaviour answers it with")
    func questionsNoted() {
        let reads = PlatformReads()
        var model = AuthorizationModel(platform: Platform(.iOS, 15), app: AppDescription(name: "App")).notingPlatformQuestions(in: reads)
        #expect(reads.asked == 0, "making the model asks nothing")
        _ = model.handle(.appLaunched)
        _ = model.handle(.userTappedLocationButton)
        #expect(reads.asked & PlatformBehavior.generationBit(15, 0) != 0)
        _ = model.liveUpdatesAvailable
        #expect(reads.asked & PlatformBehavior.yearBits == PlatformBehavior.yearBits)
        #expect(model.isListedInControlCenter == false)
        #expect(reads.asked & PlatformBehavior.versionBit(.iOS, 16, 0) != 0)
        #expect(PlatformBehavior.versionBit(.iOS, 15, 0) == PlatformBehavior.unlistedBit)
        reads.close()
        let before = reads.asked
        _ = model.monitorAvailable
        _ = model.isAuthorizedForWidgetUpdates
        #expect(reads.asked == before, "a closed record notes nothing")
        // The answers are the same as the platform's own.
        let plain = AuthorizationModel(platform: Platform(.iOS, 15), app: AppDescription(name: "App"))
        #expect(plain.isAuthorizedForWidgetUpdates == model.isAuthorizedForWidgetUpdates && plain.monitorAvailable == model.monitorAvailable)
    }

    @Test("the behaviour's answers, one word: each bit is the answer PlatformReads notes for it")
    func answersLayout() {
        #expect(Platform.ruleVersions.count <= 16 && Platform.ruleGenerations.count <= 16 && Platform.ruleYears.count <= 8)
        for name in ["iOS 13.4", "iOS 14.0", "iOS 16.0", "iOS 17.2", "iOS 18.0", "macOS 14.2", "watchOS 4.0", "iOS 26.4"] {
            let p = Platform(parsing: name)!
            var parameters = DeviceParameters()
            parameters.forceQuitBlocksRelaunchFrom = Platform(.iOS, 26, 4)
            let answers = PlatformBehavior(platform: p, parameters: parameters, app: AppDescription()).answers
            for v in Platform.ruleVersions where v.os == nil || v.os == p.os {
                #expect((answers & PlatformBehavior.versionBit(p.os, v.major, v.minor) != 0) == p.isAtLeast(v.major, v.minor), "\(name) \(v)")
            }
            for g in Platform.ruleGenerations {
                #expect((answers & PlatformBehavior.generationBit(g.major, g.minor) != 0) == p.generationIsAtLeast(iOS: g.major, g.minor), "\(name) \(g)")
            }
            #expect((answers & PlatformBehavior.forceQuitBit != 0) == (p.os == .iOS && p.isAtLeast(26, 4)), "\(name)")
            let year = SessionRules(platform: p, parameters: parameters, app: AppDescription()).year
            for (i, y) in Platform.ruleYears.enumerated() {
                #expect((answers & (PlatformBehavior.yearBits & 1 << UInt64(32 + i)) != 0) == (year >= y), "\(name) year \(y)")
            }
            #expect((answers & 1 << 41 != 0) == (p.major >= parameters.macOSWhenInUseKeySufficesFrom), "\(name)")
            #expect(answers & PlatformBehavior.unlistedBit == 0)
        }
    }

    @Test("the derived answers compared are every stored property of the configuration and of the section-O rules")
    func derivedAnswersAreAllCompared() {
        let configuration = ModelConfiguration(platform: Platform(.iOS, 17), parameters: DeviceParameters(), app: AppDescription())
        #expect(Mirror(reflecting: configuration).children.compactMap(\.label) == ModelConfiguration.comparedProperties)
        #expect(Mirror(reflecting: configuration.sessionRules).children.compactMap(\.label) == SessionRules.comparedProperties)
    }

    @Test("outside the answers derived once, the model's sources ask the platform's version only through the noting questions")
    func everyRuntimeQuestionIsNoted() throws {
        // The files that derive answers once (compared by `derivesAlike`) or that define the questions.
        let derivedOnce = ["Platform.swift", "PlatformBehavior.swift", "ModelConfiguration.swift", "PromptCatalog.swift",
                           "PurposeStringRules.swift", "AuthorizationModel+SessionContext.swift", "DeviceParameters.swift"]
        var checked = 0
        // `sourceLines` leaves out the files that define the questions (PlatformReads.swift among them).
        for (file, number, line) in try AlikePlatformsTests.sourceLines() where file.hasPrefix("Sources/LocSimModel/") {
            guard !derivedOnce.contains(where: { file.hasSuffix("/" + $0) }) else { continue }
            checked += 1
            let at = "\(file):\(number): \(line)"
            #expect(!line.contains("platform.isAtLeast(") && !line.contains("platform.generationIsAtLeast("), "\(at): ask through platformIsAtLeast")
            #expect(!line.contains("sessionRules.year") && !line.contains("forceQuitBlocksRelaunchFrom"), "\(at): ask through the configuration")
            #expect(!line.contains("platform.major") && !line.contains("platform.minor"), "\(at)")
        }
        #expect(checked > 1000)
    }
}
