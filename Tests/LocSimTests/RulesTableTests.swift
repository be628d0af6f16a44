import Foundation
import Testing

/// Keeps Docs/Rules.md honest: every rule has one entry with a known status, every entry that
/// names a test names one that exists, with that exact display name, in that file, and every rule
/// id the code, the tests and the examples cite is an entry of Docs/Rules.md.
@Suite("Docs/Rules.md cannot drift from the tests")
struct RulesTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every rule id, section by section (A1 … P7).
    static let ruleIDs: [String] = {
        let counts: [(String, Int)] = [("A", 11), ("B", 5), ("C", 12), ("D", 8), ("E", 12), ("F", 10), ("G", 9), ("H", 6),
                                       ("I", 13), ("J", 5), ("K", 7), ("L", 3), ("M", 4), ("N", 5), ("O", 18), ("P", 7)]
        return counts.flatMap { letter, n in (1...n).map { "\(letter)\($0)" } }
    }()

    /// The disagreements between sources (section Q): entries without a status.
    static let disagreementIDs = (1...7).map { "Q\($0)" }

    static let statuses = ["modelled", "parameter", "differs", "out of scope"]

    /// One entry of Docs/Rules.md: a `#### ID — title` heading and its field lines
    /// (`- Status: **word** — reason`, `- Test: `path` — "display name"`).
    struct Entry {
        var id: String
        var line: Int
        var statusLines: [String] = []
        var testLines: [String] = []
        var text = ""

        /// The word between the first pair of `**` of the status line.
        var status: String? {
            guard let s = statusLines.first, let a = s.range(of: "**"), let b = s[a.upperBound...].range(of: "**") else { return nil }
            return String(s[a.upperBound..<b.lowerBound])
        }

        /// What follows the status word.
        var reason: String {
            guard let s = statusLines.first, let a = s.range(of: "**"), let b = s[a.upperBound...].range(of: "**") else { return "" }
            return s[b.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " —-.:"))
        }
    }

    static func rulesText() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Docs/Rules.md"), encoding: .utf8)
    }

    static func entries() throws -> [Entry] {
        var entries: [Entry] = []
        var current: Entry?
        for (n, raw) in try rulesText().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.hasPrefix("#") {
                if let c = current { entries.append(c) }
                current = nil
                if line.hasPrefix("#### "), let id = line.dropFirst(5).split(separator: " ").first, id.wholeMatch(of: #/[A-Q][0-9]{1,2}/#) != nil {
                    current = Entry(id: String(id), line: n + 1)
                }
                continue
            }
            guard current != nil else { continue }
            current!.text += line + "\n"
            if line.hasPrefix("- Status:") { current!.statusLines.append(line) }
            if line.hasPrefix("- Test:") { current!.testLines.append(line) }
        }
        if let c = current { entries.append(c) }
        return entries
    }

    @Test("Every rule A1…P7 has exactly one entry with one known status; Q1…Q7 have one entry each")
    func everyRuleHasAnEntry() throws {
        let entries = try Self.entries()
        let ids = entries.map(\.id)
        for id in Self.ruleIDs + Self.disagreementIDs {
            #expect(ids.filter { $0 == id }.count == 1, "rule \(id) must have exactly one entry (#### \(id) — …) in Docs/Rules.md")
        }
        for entry in entries {
            guard (Self.ruleIDs + Self.disagreementIDs).contains(entry.id) else {
                Issue.record("Docs/Rules.md:\(entry.line): \(entry.id) is not a rule id")
                continue
            }
            if Self.disagreementIDs.contains(entry.id) {
                #expect(entry.statusLines.isEmpty, "Docs/Rules.md:\(entry.line): \(entry.id) is a disagreement between sources, not a rule with a status")
                continue
            }
            #expect(entry.statusLines.count == 1, "Docs/Rules.md:\(entry.line): \(entry.id) needs exactly one '- Status: **…**' line")
            #expect(entry.status.map { Self.statuses.contains($0) } == true, "Docs/Rules.md:\(entry.line): \(entry.id) has unknown status '\(entry.status ?? "")'")
            for field in ["- Scope:", "- Sources:", "- Confidence:"] {
                #expect(entry.text.contains("\n" + field) || entry.text.hasPrefix(field), "Docs/Rules.md:\(entry.line): \(entry.id) has no '\(field)' line")
            }
        }
    }

    @Test("Rules out of scope or differing say why")
    func scopeIsExplicit() throws {
        for entry in try Self.entries() where entry.status == "out of scope" || entry.status == "differs" {
            #expect(entry.reason.count >= 15, "Docs/Rules.md:\(entry.line): \(entry.id) is \(entry.status!) without a reason")
        }
    }

    @Test("Each entry that names a test names an existing test with that display name, and the name carries the rule id")
    func namedTestsExist() throws {
        for entry in try Self.entries() where entry.status != nil && entry.status != "out of scope" {
            guard entry.testLines.count == 1, let test = entry.testLines.first else {
                Issue.record("Docs/Rules.md:\(entry.line): \(entry.id) is \(entry.status!) and needs exactly one '- Test:' line")
                continue
            }
            guard let pathStart = test.firstIndex(of: "`"),
                  let pathEnd = test[test.index(after: pathStart)...].firstIndex(of: "`") else {
                Issue.record("Docs/Rules.md:\(entry.line): \(entry.id) names no test file in backticks")
                continue
            }
            let path = String(test[test.index(after: pathStart)..<pathEnd])
            guard let q1 = test.firstIndex(of: "\""), let q2 = test.lastIndex(of: "\""), q1 < q2 else {
                Issue.record("Docs/Rules.md:\(entry.line): \(entry.id) names no test display name in double quotes")
                continue
            }
            let name = String(test[test.index(after: q1)..<q2])
            let source = try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(source != nil, "Docs/Rules.md:\(entry.line): \(path) does not exist")
            #expect(source?.contains("@Test(\"\(name)\"") == true, "Docs/Rules.md:\(entry.line): no @Test(\"\(name)\") in \(path)")
            let ids = name.split(separator: ":").first.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
            #expect(ids.contains(entry.id), "Docs/Rules.md:\(entry.line): the test name \"\(name)\" does not start with \(entry.id)")
        }
    }

    @Test("Every DeviceParameters property Docs/Rules.md names exists, and each parameter rule names one")
    func namedParametersExist() throws {
        let sources = Self.swiftFiles(under: "Sources").compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        guard let declaration = sources.first(where: { $0.contains("struct DeviceParameters") }) else {
            Issue.record("no struct DeviceParameters in Sources/")
            return
        }
        for entry in try Self.entries() {
            let named = entry.text.matches(of: #/DeviceParameters\.([A-Za-z]+)/#).map { String($0.1) }
            if entry.status == "parameter" {
                #expect(!named.isEmpty, "Docs/Rules.md:\(entry.line): \(entry.id) is a parameter but names no DeviceParameters property")
            }
            for property in named {
                #expect(declaration.contains("var \(property):"), "Docs/Rules.md:\(entry.line): \(entry.id) names DeviceParameters.\(property), which does not exist")
            }
        }
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces made hyphens.
    static func anchor(_ heading: Substring) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil)
        })
    }

    @Test("The summary of where LocSim differs lists exactly the differs entries, and every link within Rules.md reaches a heading")
    func differsSummaryAndAnchors() throws {
        let text = try Self.rulesText()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let anchors = Set(lines.filter { $0.hasPrefix("#") }.map { heading in Self.anchor(heading.drop { $0 == "#" }.dropFirst()) })
        for link in text.matches(of: #/\]\(#([^)]+)\)/#) {
            #expect(anchors.contains(String(link.1)), "Docs/Rules.md links to #\(link.1), which is no heading")
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Where LocSim differs today:") }) else {
            Issue.record("Docs/Rules.md has no 'Where LocSim differs today:' summary")
            return
        }
        let summary = lines[start...].prefix { !$0.isEmpty }.joined(separator: " ")
        let listed = Set(summary.matches(of: #/\[([A-Q][0-9]{1,2})\]/#).map { String($0.1) })
        let differing = Set(try Self.entries().filter { $0.status == "differs" }.map(\.id))
        #expect(listed == differing, "the summary lists \(listed.sorted()); the entries that differ are \(differing.sorted())")
    }

    // MARK: Rule ids cited elsewhere

    /// A rule id cited somewhere in the repository.
    struct Citation: CustomStringConvertible {
        var id: String
        var file: String
        var line: Int
        var description: String { "\(file):\(line): \(id)" }
    }

    /// The Swift files under `folder` of the repository.
    static func swiftFiles(under folder: String) -> [URL] {
        files(under: folder) { $0.hasSuffix(".swift") }
    }

    static func files(under folder: String, where keep: (String) -> Bool) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap({ $0 as? String }) else { return [] }
        return paths.filter(keep).sorted().map { base.appendingPathComponent($0) }
    }

    /// The rule ids a line cites, in the places rule ids are written:
    /// - a test display name that starts with ids: `@Test("E3, H5: …")`;
    /// - a string literal that is exactly an id: `ruleIDs: ["J1", "J3"]`;
    /// - a list of ids in parentheses or brackets: `(I8, N4)`, `(E3 vs H5)`, `(C1–C4)`, `[E8]`, `(G5: …)`,
    ///   unless it is a value (`= (C3)`);
    /// - an example's `Rules: E8, H1` comment.
    /// In a display name or a `Rules:` list any letter counts (`Z1` is a wrong id there); elsewhere
    /// only A–Q does, and other letter-digit tokens (`P0 = {isa = PBXProject…}`, `(T1, T2)` in a
    /// project fixture) are not ids.
    static func citedIDs(in line: Substring) -> [String] {
        // Most lines have no capital letter followed by a digit; skip them before the (slow) regexes.
        var previous: UInt8 = 0
        guard line.utf8.contains(where: { byte in
            defer { previous = byte }
            return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(previous)
        }) else { return [] }
        let id = #/[A-Z][0-9]{1,2}/#
        var lists: [Substring] = []
        if let m = line.firstMatch(of: #/@Test\("((?:[A-Z][0-9]{1,2}(?:, ?|–))*[A-Z][0-9]{1,2}):/#) { lists.append(m.1) }
        lists += line.matches(of: #/"([A-Q][0-9]{1,2})"/#).map { $0.1 }
        lists += line.matches(of: #/[(\[]((?:[A-Q][0-9]{1,2}(?:, | vs | and |–|/))*[A-Q][0-9]{1,2})[)\]:;,]/#)
            .filter { !line[..<$0.range.lowerBound].hasSuffix("= ") }  // `buildConfigurations = (C3);` is a value
            .map { $0.1 }
        if let m = line.firstMatch(of: #/Rules: ((?:[A-Z][0-9]{1,2}, )*[A-Z][0-9]{1,2})\b/#) { lists.append(m.1) }
        return lists.flatMap { $0.matches(of: id).map { String($0.output) } }
    }

    static func citations() -> [Citation] {
        // This file is left out: its pattern tests cite wrong ids on purpose.
        let files = (swiftFiles(under: "Sources") + swiftFiles(under: "Tests")).filter { $0.path != URL(fileURLWithPath: #filePath).path }
            + Self.files(under: "Examples") { $0.hasSuffix(".yml") }
        var found: [Citation] = []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let name = String(file.path.dropFirst(root.path.count + 1))
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                found += citedIDs(in: line).map { Citation(id: $0, file: name, line: n + 1) }
            }
        }
        return found
    }

    @Test("The citation patterns find ids where rule ids are written, and nothing else")
    func citationPatterns() {
        #expect(Self.citedIDs(in: #"@Test("E3, H5: asking for Always")"#) == ["E3", "H5"])
        #expect(Self.citedIDs(in: #"ruleIDs: ["J1", "J3", "J4", "D1"])"#) == ["J1", "J3", "J4", "D1"])
        #expect(Self.citedIDs(in: "/// Checks shared by services (N2, N3, M2, M4).") == ["N2", "N3", "M2", "M4"])
        #expect(Self.citedIDs(in: "/// Whether an Allow Once grant lapses (E3 vs H5; uncertain).") == ["E3", "H5"])
        #expect(Self.citedIDs(in: "// Permission choices (C1–C4) and [E8], (G5: undocumented)") == ["C1", "C4", "E8", "G5"])
        #expect(Self.citedIDs(in: "# keeps showing it. Rules: E8, E1, H1, C12") == ["E8", "E1", "H1", "C12"])
        #expect(Self.citedIDs(in: "# Rules: E8, Z1, D9") == ["E8", "Z1", "D9"])
        #expect(Self.citedIDs(in: #"@Test("R2: a rule that does not exist")"#) == ["R2"])
        #expect(Self.citedIDs(in: #"@Test("LOC001 (O1): CLLocationUpdate.liveUpdates asks implicitly")"#) == ["O1"])
        #expect(Self.citedIDs(in: "P0 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; targets = (T1, T2); };") == [])
        #expect(Self.citedIDs(in: "L3 = {isa = XCConfigurationList; buildConfigurations = (C3); };") == [])
        #expect(Self.citedIDs(in: "let a1 = (A1 + B2) * K2") == [])
    }

    @Test("Every rule id cited in Sources/, Tests/ and Examples/ has an entry in Docs/Rules.md")
    func citedRuleIDsExist() throws {
        let defined = Set(try Self.entries().map(\.id))
        let citations = Self.citations()
        // The scan must see the citations that exist (hundreds), or it checks nothing.
        #expect(citations.count > 500, "only \(citations.count) rule-id citations found: is the scan looking in the right place?")
        for citation in citations where !defined.contains(citation.id) {
            Issue.record("\(citation): cites rule \(citation.id), which has no entry in Docs/Rules.md")
        }
    }

    // MARK: The reference rule list, when it is beside the repository

    @Test("The rule ids are exactly those of the reference rule list",
          .enabled(if: FileManager.default.fileExists(atPath: ReferenceRuleList.path),
                   "needs the maintainers' source rule list SPEC.md, which is not part of the repository (LOCSIM_SHARED names the folder holding it); Docs/Rules.md is the rules reference"))
    func idsMatchTheReferenceList() throws {
        let spec = try String(contentsOfFile: ReferenceRuleList.path, encoding: .utf8)
        let ids = Set(spec.matches(of: #/\*\*([A-Q][0-9]{1,2})[*\s(]/#).map { String($0.1) })
        #expect(ids == Set(Self.ruleIDs + Self.disagreementIDs),
                "only in SPEC.md: \(ids.subtracting(Self.ruleIDs + Self.disagreementIDs).sorted()); only here: \(Set(Self.ruleIDs + Self.disagreementIDs).subtracting(ids).sorted())")
    }
}

/// The project's reference rule list, SPEC.md. It is not part of the repository: it sits in the
/// reference folder beside a development checkout (`shared/` next to the repository), or in
/// `$LOCSIM_SHARED`.
enum ReferenceRuleList {
    static let path = (ProcessInfo.processInfo.environment["LOCSIM_SHARED"]
        ?? RulesTableTests.root.deletingLastPathComponent().appendingPathComponent("shared").path) + "/SPEC.md"
}
