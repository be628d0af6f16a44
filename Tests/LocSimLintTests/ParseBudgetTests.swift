import Foundation
import LocSimModel
import Testing
@testable import LocSimLint

/// Swift and Objective-C analysis within a budget (`SourceParseBudget`, `SwiftParseGuard`): any
/// input, whatever its shape, is analysed or becomes one `LOC016` note, on a thread of its own.
/// Inputs written for this suite, 100,000 deep; the built binary runs them in
/// `HostileParseBudgetCLITests` with time and memory bounds.
@Suite struct ParseBudgetTests {
    /// A function that asks for Always and then holds `hostile` on line 3.
    static func asking(_ hostile: String) -> String {
        "func ask(_ manager: CLLocationManager) {\n    manager.requestAlwaysAuthorization()\n    let v = \(hostile)\n}\n"
    }

    static let depth = 100_000

    /// Chains the parser builds without recursing but that make a tree as deep as the chain.
    static let postfixChains: [(name: String, text: String)] = [
        ("x!!!…", "x" + String(repeating: "!", count: depth)),
        ("x?.a?.a…", "x" + String(repeating: "?.a", count: depth)),
        ("a.b.b…", "a" + String(repeating: ".b", count: depth)),
        ("f()()…", "f" + String(repeating: "()", count: depth)),
    ]

    @Test("postfix chains 100,000 long: one LOC016 note (the tree too deep, or the time budget spent on a loaded machine), no crash",
          arguments: postfixChains.map(\.name))
    func postfixChain(name: String) {
        let text = Self.postfixChains.first { $0.name == name }!.text
        let scan = SwiftSourceScanner.scan(text: Self.asking(text), path: "Chain.swift")
        #expect(scan.events.isEmpty)
        #expect(scan.notes.count == 1, "\(scan.notes.map(\.message))")
    }

    @Test("chains 5,000 long (beyond the depth limit, quick to parse): one LOC016 note at their line naming the limit",
          arguments: ["x!", "x?.a", "a.b", "f()", "try "])
    func chainBeyondDepthLimit(link: String) {
        let chain = link == "try " ? String(repeating: link, count: 5_000) + "x" : String(link.first!) + String(repeating: String(link.dropFirst()), count: 5_000)
        let scan = SwiftSourceScanner.scan(text: Self.asking(chain), path: "Chain.swift")
        #expect(scan.events.isEmpty)
        #expect(scan.notes.map(\.location.line) == [3], "\(scan.notes.map(\.message))")
        #expect(scan.notes.first?.message.contains("nested more than \(SwiftParseGuard.maximumTreeDepth) levels deep") == true)
    }

    @Test("prefix chains (`try try …`, `await await …`) 100,000 long: parsed on the budget's stack, then one LOC016 note, no crash",
          arguments: ["try ", "await "])
    func prefixChain(word: String) {
        let scan = SwiftSourceScanner.scan(text: Self.asking(String(repeating: word, count: Self.depth) + "x"), path: "Prefix.swift")
        #expect(scan.events.isEmpty)
        #expect(scan.notes.count == 1)
    }

    @Test("a postfix chain within the depth limit is analysed: the request is found")
    func chainWithinLimit() {
        let scan = SwiftSourceScanner.scan(text: Self.asking("a" + String(repeating: ".b", count: 500)), path: "Chain.swift")
        #expect(scan.notes.isEmpty)
        #expect(scan.events.map(\.location.line) == [2])
    }

    @Test("deep closures, generics, parentheses and interpolations: analysed or one LOC016 note, never a crash",
          arguments: ["closures", "generics", "parentheses", "interpolations", "interpolated"])
    func deepNesting(shape: String) {
        let n = Self.depth
        let text: String = switch shape {
        case "closures": String(repeating: "{ ", count: n) + String(repeating: "} ", count: n)
        case "generics": String(repeating: "Array<", count: n) + "Int" + String(repeating: ">", count: n) + "()"
        case "parentheses": String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n)
        case "interpolations": String(repeating: "\"\\(", count: n) + "1" + String(repeating: ")\"", count: n)
        default: "\"" + String(repeating: "\\(a)", count: n) + "\""
        }
        let scan = SwiftSourceScanner.scan(text: Self.asking(text), path: "Deep.swift")
        // Either the request before it is found, or the analysis stopped with one note.
        #expect(scan.events.map(\.location.line) == [2] || scan.notes.count == 1)
        #expect(!scan.events.isEmpty || !scan.notes.isEmpty)
    }

    @Test("text over the parser's size limit is not parsed: one LOC016 note at line 1")
    func overParsedBytes() {
        let body = String(repeating: "    manager.requestAlwaysAuthorization()\n", count: SwiftParseGuard.maximumParsedBytes / 40 + 1)
        let scan = SwiftSourceScanner.scan(text: "func ask(_ manager: CLLocationManager) {\n\(body)}\n", path: "Big.swift")
        #expect(scan.events.isEmpty)
        #expect(scan.notes.map(\.location.line) == [1])
        #expect(scan.notes.first?.message.contains("\(SwiftParseGuard.maximumParsedBytes)-byte limit") == true)
    }

    /// Recursion `n` deep (not a tail call).
    static func recurse(_ n: Int) -> Int { n == 0 ? 0 : recurse(n - 1) + (n & 1) }

    @Test("the budget's thread has the large stack: recursion 1,000,000 deep (beyond a default 8 MB stack) ends there")
    func largeStack() {
        #expect(SourceParseBudget.run(seconds: 60) { Self.recurse(1_000_000) } == 500_000)
    }

    @Test("the large-stack thread is a reused worker, not one started per file: 50 analyses in a row start at most one, and deep recursion still fits after its stack was given back")
    func workerReused() {
        // Warm: one worker idle in the pool (tests in parallel may take it; then one more starts).
        #expect(SourceParseBudget.run(seconds: 60) { 1 } == 1)
        let before = SourceParseBudget.workersStarted
        for i in 0..<50 { #expect(SourceParseBudget.run(seconds: 60) { i } == i) }
        // Other suites running at once may each take a worker; 50 analyses one after another
        // reuse the same one.
        #expect(SourceParseBudget.workersStarted - before < 10)
        for _ in 0..<3 { #expect(SourceParseBudget.run(seconds: 60) { Self.recurse(1_000_000) } == 500_000) }
    }

    #if os(Linux)
    /// The bytes of the calling thread's stack resident in memory more than `retained` below this
    /// frame (`mincore`), the bytes resident from 64 KiB to 768 KiB below it, and the thread.
    static func residentStackBeyond(_ retained: Int) -> (thread: UInt, bytes: Int, near: Int) {
        var attributes = pthread_attr_t()
        guard pthreadAttributes(pthread_self(), &attributes) == 0 else { return (0, -1, -1) }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return (0, -1, -1) }
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        func resident(_ low: UInt, _ high: UInt) -> Int {
            var pages = [UInt8](repeating: 0, count: Int((high - low) / page))
            guard mincore(UnsafeMutableRawPointer(bitPattern: low), Int(high - low), &pages) == 0 else { return -1 }
            return pages.reduce(0) { $0 + Int($1 & 1) } * Int(page)
        }
        let low = UInt(bitPattern: base), high = (here - UInt(retained)) & ~(page - 1)
        let near = resident((here - (768 << 10)) & ~(page - 1), (here - (64 << 10)) & ~(page - 1))
        return (UInt(pthread_self()), resident(low, high), near)
    }

    @Test("after a deep analysis its worker keeps the first MiB of stack and gives back what the recursion touched beyond it")
    func stackGivenBack() {
        var sameWorker = false
        // Other suites may take the worker in between; the pool gives back the last one returned.
        for _ in 0..<20 where !sameWorker {
            guard let deep = SourceParseBudget.run(seconds: 60, { () -> (UInt, Int, Int) in
                _ = Self.recurse(200_000)
                return Self.residentStackBeyond(SourceParseBudget.retainedStack)
            }), let next = SourceParseBudget.run(seconds: 60, { Self.residentStackBeyond(SourceParseBudget.retainedStack) }) else { continue }
            // The recursion itself held more than a MiB beyond the first MiB (and all of it).
            #expect(deep.1 > 1 << 20)
            #expect(deep.2 >= 704 << 10)
            guard deep.0 == next.thread else { continue }
            sameWorker = true
            // Given back beyond the first MiB; kept within it (the pages the recursion touched there).
            #expect(next.bytes < 256 << 10, "\(next.bytes) bytes still resident beyond the first MiB")
            #expect(next.near >= 640 << 10, "\(next.near) of the 704 KiB from 64 KiB to 768 KiB below the frame resident")
        }
        #expect(sameWorker)
    }
    #endif

    @Test("work over the time limit is given up: nil at once, its thread left to end")
    func timeLimit() {
        let before = SourceParseBudget.abandonedCount
        let start = ContinuousClock.now
        // Busy for 10 s of wall-clock time: given up after 0.2 s of its CPU time (its thread spins
        // on to its end, at the lowest priority).
        let result = SourceParseBudget.run(seconds: 0.2) { () -> Int in
            var spins = 0
            while ContinuousClock.now - start < .seconds(10) { spins &+= 1 }
            return spins
        }
        #expect(result == nil)
        #expect(ContinuousClock.now - start < .seconds(9))
        // Other suites' analyses may be given up meanwhile.
        #expect(SourceParseBudget.abandonedCount >= before + 1)
        #expect(SourceParseBudget.run(seconds: 10) { 7 } == 7)
    }

    #if os(Linux)
    @Test("the time limit is the work's CPU time: a wait that uses none is not stopped by it, only by the wall-clock limit")
    func cpuTimeNotWallClock() {
        // 1 s asleep is 1 s of wall-clock time and almost no CPU time: over a 0.2 s limit of the one, within the other.
        #expect(SourceParseBudget.run(seconds: 0.2, wallSeconds: 20) { () -> Int in usleep(1_000_000); return 1 } == 1)
        let before = SourceParseBudget.abandonedCount
        let start = ContinuousClock.now
        #expect(SourceParseBudget.run(seconds: 100, wallSeconds: 0.3) { () -> Int in usleep(1_500_000); return 1 } == nil)
        #expect(ContinuousClock.now - start < .seconds(1.4))
        // Other suites' analyses may be given up meanwhile.
        #expect(SourceParseBudget.abandonedCount >= before + 1)
    }
    #endif

    @Test("through lint: a chain beyond the depth limit is one LOC016 note at its file and line, every other file still checked")
    func throughLint() throws {
        let findings = try Fixture(["App/Info.plist": infoPlist([PurposeKey.whenInUse.rawValue: Text.whenInUse]),
                                    "App/Chain.swift": Self.asking("x" + String(repeating: "!", count: 5_000)),
                                    "App/Other.swift": "func other(_ m: CLLocationManager) { m.requestAlwaysAuthorization() }\n"])
            .lint().map { ($0.checkID, $0.location.file.split(separator: "/").last.map(String.init) ?? "", $0.location.line) }
        #expect(findings.map(\.0).sorted() == ["LOC002", "LOC016"])
        #expect(findings.first { $0.0 == "LOC016" }.map { "\($0.1):\($0.2)" } == "Chain.swift:3")
        #expect(findings.first { $0.0 == "LOC002" }.map { "\($0.1):\($0.2)" } == "Other.swift:1")
    }
}

/// The string catalog reader does work linear in the file: one pass for the lines of every key.
@Suite struct StringCatalogLinearTests {
    /// A catalog of `count` keys, each with one localization, pretty-printed as Xcode writes it.
    static func catalog(keys count: Int) -> String {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for i in 0..<count {
            text += "    \"Key\\u00e9\(i)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Wert \(i)\"\n          }\n        }\n      }\n    }\(i + 1 < count ? "," : "")\n"
        }
        return text + "  },\n  \"version\" : \"1.0\"\n}\n"
    }

    @Test("20,000 keys (escaped, so no key's text is found by a plain search): the lines of all, in one pass")
    func twentyThousandKeys() throws {
        let count = 20_000
        let data = Data(Self.catalog(keys: count).utf8)
        let lines = JSONKeyLines(data)
        #expect(lines.steps <= data.count)
        #expect(lines.line(of: ["strings", "Keyé0"]) == 4)
        #expect(lines.line(of: ["strings", "Keyé\(count - 1)", "localizations", "de", "stringUnit", "value"]) == 4 + 10 * (count - 1) + 5)
        let file = try StringCatalog.catalog(data, path: "InfoPlist.xcstrings")
        #expect(file.entries.count == count)
        let last = file.entries.first { $0.key == "Keyé\(count - 1)" }
        #expect(last?.value == "Wert \(count - 1)")
        #expect(last?.location.line == 4 + 10 * (count - 1) + 5)
    }

    @Test("key lines: escapes, surrogate pairs, nested objects and arrays, a key written twice")
    func keyLines() {
        let text = "{\"a\\\"b\": {\"\\ud83d\\ude00\": 1,\n\"list\": [{\"inner\": 2}],\n\"c\": {\"d\": \"}\"}},\n\"a\\\"b\": {\"x\": 3}}"
        let lines = JSONKeyLines(Data(text.utf8))
        #expect(lines.line(of: ["a\"b", "😀"]) == 1)
        #expect(lines.line(of: ["a\"b", "list"]) == 2)
        #expect(lines.line(of: ["a\"b", "c", "d"]) == 3)
        #expect(lines.line(of: ["a\"b", "list", "inner"]) == nil)
        #expect(lines.line(of: ["a\"b"]) == 4)
        #expect(lines.line(of: ["a\"b", "x"]) == 4)
    }
}

#if os(Linux)
/// glibc's `pthread_getattr_np` (not declared by Swift's Glibc module).
@_silgen_name("pthread_getattr_np") private func pthreadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif
