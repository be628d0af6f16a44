import Foundation
import LocSimModel
import Testing
@testable import LocSimLint

/// Hostile and pathological Swift and Objective-C sources (`Fuzz/Regressions/{swift,objc}`):
/// bounded work, a `source-not-analysed` note where analysis stops, right findings otherwise.
@Suite struct HostileSourceTests {
    /// `Fuzz/Regressions` in the package root, from this file's path.
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Regressions").standardized

    /// The regression input `kind/name`.
    static func regression(_ kind: String, _ name: String) throws -> String {
        try String(contentsOf: regressions.appendingPathComponent(kind).appendingPathComponent(name), encoding: .utf8)
    }

    /// Lints `source` as `App/<file>` beside an Info.plist with only the When In Use key (so an
    /// Always request gives LOC002); returns `(id, line)` of every finding.
    func lint(_ source: String, file: String, keys: [String: String] = [PurposeKey.whenInUse.rawValue: Text.whenInUse]) throws -> [(id: String, line: Int)] {
        try Fixture(["App/Info.plist": infoPlist(keys), "App/\(file)": source]).lint().map { ($0.checkID, $0.location.line) }
    }

    @Test("40 nested `[` (minutes in swift-syntax): syntax analysis skipped with a LOC016 note at the line")
    func deepSquareBrackets40() throws {
        let findings = try lint(Self.regression("swift", "deep-square-brackets-40.swift"), file: "Deep.swift")
        #expect(findings.map(\.id) == ["LOC016"])
        #expect(findings.map(\.line) == [7])
    }

    @Test("24 nested `[` (valid, over a minute in a debug build): skipped with a LOC016 note")
    func deepSquareBrackets24() throws {
        let findings = try lint(Self.regression("swift", "deep-square-brackets-24.swift"), file: "Deep.swift")
        #expect(findings.map(\.id) == ["LOC016"])
        #expect(findings.first?.line == 7)
    }

    @Test("`[` nested exactly at the limit is parsed: the Always request is found")
    func squareBracketsAtLimit() throws {
        let text = try Self.regression("swift", "square-brackets-at-limit-10.swift")
        #expect(SwiftLexicalScan(Array(text.utf8)).deepestSquareBracket.depth == SwiftParseGuard.maximumSquareBracketNesting)
        let findings = try lint(text, file: "Deep.swift")
        #expect(findings.map(\.id) == ["LOC002"])
        #expect(findings.map(\.line) == [4])
    }

    @Test("`\\(` interpolations nested past the limit (10,000 deep: 3.6 GB within the time limit): skipped with a LOC016 note at their line; at the limit, parsed")
    func nestedInterpolations() throws {
        func source(_ depth: Int) -> String {
            "import CoreLocation\nfunc ask(_ manager: CLLocationManager) {\n    manager.requestAlwaysAuthorization()\n    let v = "
                + String(repeating: "\"\\(", count: depth) + "1" + String(repeating: ")\"", count: depth) + "\n}\n"
        }
        let limit = SwiftParseGuard.maximumInterpolationNesting
        let deep = source(10_000)
        let scan = SwiftLexicalScan(Array(deep.utf8))
        #expect(scan.deepestInterpolation.depth == 10_000)
        #expect(scan.deepestInterpolation.line == 4)
        let skipped = try lint(deep, file: "Nested.swift")
        #expect(skipped.map(\.id) == ["LOC016"])
        #expect(skipped.map(\.line) == [4])
        #expect(SwiftLexicalScan(Array(source(limit).utf8)).deepestInterpolation.depth == limit)
        // At the limit it reaches swift-syntax, which finds the request before it (line 3); the
        // nesting past its own limit (20 levels in a debug build) is noted where it drops code.
        let parsed = try lint(source(limit), file: "Nested.swift")
        #expect(parsed.contains { $0.id == "LOC002" && $0.line == 3 })
        #expect(parsed.allSatisfy { $0.id == "LOC002" || ($0.id == "LOC016" && $0.line == 4) })
        let regression = try lint(Self.regression("swift", "nested-interpolations-1000.swift"), file: "Nested.swift")
        #expect(regression.map(\.id) == ["LOC016"])
        #expect(regression.map(\.line) == [6])
        // Interpolations side by side do not nest.
        let flat = "let s = \"\\(a) \\(b) \\(\"\\(c)\")\"\n"
        #expect(SwiftLexicalScan(Array(flat.utf8)).deepestInterpolation.depth == 2)
    }

    @Test("80 unclosed `g(x as ` (swift-syntax's error recovery is cubic in them; found by fuzzing): skipped with a LOC016 note at the first")
    func unclosedParentheses80() throws {
        let text = try Self.regression("swift", "unclosed-parentheses-as-80.swift")
        let scan = SwiftLexicalScan(Array(text.utf8))
        #expect(scan.unclosedParentheses.count == 80)
        #expect(scan.unclosedParentheses.line == 5)
        let findings = try lint(text, file: "Unclosed.swift")
        #expect(findings.map(\.id) == ["LOC016"])
        #expect(findings.map(\.line) == [5])
    }

    @Test("unclosed `(` exactly at the limit are parsed: the Always request is found")
    func unclosedParenthesesAtLimit() throws {
        let text = try Self.regression("swift", "unclosed-parentheses-at-limit-32.swift")
        #expect(SwiftLexicalScan(Array(text.utf8)).unclosedParentheses.count == SwiftParseGuard.maximumUnclosedParentheses)
        let findings = try lint(text, file: "Unclosed.swift")
        #expect(findings.map(\.id) == ["LOC002"])
        #expect(findings.map(\.line) == [4])
    }

    @Test("lexical scan: balanced parentheses, and those inside strings, comments and interpolations, are not unclosed")
    func balancedParentheses() {
        let text = "f(g(1), h(\"(\\(x(\"(\")))\"))\n// (((\n/* ( */ let s = \"(\"\n(\n"
        let scan = SwiftLexicalScan(Array(text.utf8))
        #expect(scan.unclosedParentheses.count == 1)
        #expect(scan.unclosedParentheses.line == 4)
    }

    @Test("calls nested beyond swift-syntax's nesting limit: the earlier request kept, a LOC016 note where parsing stopped")
    func nestedCallsBeyondParserLimit() throws {
        let source = try Self.regression("swift", "nested-calls-beyond-parser-limit.swift")
        let scan = SwiftSourceScanner.scan(text: source, path: "Calls.swift")
        #expect(scan.events.map(\.location.line) == [4])
        #expect(scan.notes.map(\.location.line) == [5])
        let findings = try lint(source, file: "Calls.swift")
        #expect(findings.map(\.id) == ["LOC016"])
        #expect(findings.map(\.line) == [5])
    }

    @Test("text inside multi-line, raw strings and block comments past line 40 is not code")
    func multilineStringPastLine40() throws {
        let source = try Self.regression("swift", "multiline-string-past-line-40.swift")
        #expect(source.split(separator: "\n", omittingEmptySubsequences: false).count > 40)
        #expect(try lint(source, file: "Help.swift").isEmpty)
        // Without purpose keys only the real request (line 41) is reported.
        let bare = try lint(source, file: "Help.swift", keys: [:])
        #expect(bare.map(\.id) == ["LOC001"])
        #expect(bare.map(\.line) == [41])
    }

    @Test("lexical scan: lines starting inside `\"\"\"`, `#\"\"\"…\"\"\"#` and nested block comments")
    func lexicalScan() {
        let text = "let a = \"\"\"\nx \\(f(\")\")) y\n\"\"\"\nlet b = #\"\"\"\n\"\"\" not the end\n\"\"\"#\n/* /* */\nstill\n*/\nlet c = [[1]]\n"
        let scan = SwiftLexicalScan(Array(text.utf8))
        #expect(scan.startsInsideLiteral == [false, true, true, false, true, true, false, true, true, false, false])
        #expect(scan.deepestSquareBracket.depth == 2)
        #expect(scan.deepestSquareBracket.line == 10)
    }

    @Test("Objective-C: a backslash-newline in a string or a // comment does not shift lines")
    func objcBackslashNewline() throws {
        let findings = try lint(Self.regression("objc", "backslash-newline-string.m"), file: "Permission.m")
        #expect(findings.map(\.id) == ["LOC002"])
        #expect(findings.map(\.line) == [8])
    }

    @Test("Objective-C: unfinished `- (` method lines (committed 200-line input) give the right findings")
    func objcUnfinishedMethodLines() throws {
        let findings = try lint(Self.regression("objc", "unfinished-method-lines.m"), file: "Big.m")
        #expect(findings.filter { $0.id == "LOC002" }.map(\.line) == [206])
        #expect(findings.filter { $0.id == "LOC013" }.map(\.line) == [3, 206])
    }

    @Test("Objective-C: 20,000 unfinished `- (` method lines are scanned in linear time, with right lines")
    func objcTwentyThousandMethodLines() throws {
        let count = 20_000
        let source = "@implementation Big\n- (void)applicationDidBecomeActive:(UIApplication *)app {\n    [self.manager requestWhenInUseAuthorization];\n}\n"
            + String(repeating: "- (x\n", count: count)
            + "void later(CLLocationManager *m);\nvoid now(CLLocationManager *m) { [m requestAlwaysAuthorization]; }\n"
        let scan = ObjCSourceScanner.scan(text: source, path: "Big.m")
        #expect(scan.events.map(\.location.line) == [3, count + 6])
        #expect(scan.events.map(\.enclosingFunction) == ["applicationDidBecomeActive:", "applicationDidBecomeActive:"])
        #expect(ObjCSourceScanner.methodDefinitions(Array(source.utf16)).count == 1)
    }

    @Test("Objective-C: unclosed `[[` in a lifecycle method (committed input): the message after them still gives the context")
    func objcUnclosedMessageBrackets() throws {
        let findings = try lint(Self.regression("objc", "unclosed-message-brackets.m"), file: "Big.m")
        #expect(findings.map(\.id) == ["LOC013"])
        #expect(findings.map(\.line) == [206])
    }

    @Test("Objective-C: 20,000 lines of unclosed `[[` in a lifecycle method are scanned in linear time")
    func objcTwentyThousandUnclosedBrackets() {
        let source = "@implementation Big\n- (void)applicationDidBecomeActive:(UIApplication *)app {\n" + String(repeating: "[[x\n", count: 20_000)
            + "    [self askForLocation];\n}\n@end\n"
        let scan = ObjCSourceScanner.scan(text: source, path: "Big.m")
        #expect(scan.contextCalls["askForLocation"]?.context == .foreground)
        #expect(scan.contextCalls["askForLocation"]?.name == "applicationDidBecomeActive:")
    }

    @Test("Objective-C messages: receivers, nested messages, no overlap")
    func objcMessageSelectors() {
        let code = Array("[[Service shared] requestPermission]; [self.a b:c]; [ x\n  y ]; [1 z]; [[".utf16)
        let messages = ObjCSourceScanner.messages(code[...])
        #expect(messages.map(\.name) == ["requestPermission", "b", "y"])
        #expect(messages.map(\.receiver) == ["[Service shared]", "self.a", "x"])
    }

    @Test("a source file above the size limit is not parsed: one LOC016 note at line 1")
    func oversizedSource() throws {
        let line = "let padding = 0 // requestAlwaysAuthorization\n"
        let source = String(repeating: line, count: SourceScanner.maximumSourceBytes / line.utf8.count + 1)
        #expect(source.utf8.count > SourceScanner.maximumSourceBytes)
        let findings = try lint(source, file: "Huge.swift")
        #expect(findings.map(\.id) == ["LOC016"])
        #expect(findings.map(\.line) == [1])
    }
}
