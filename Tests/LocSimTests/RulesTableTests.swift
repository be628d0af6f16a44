import Foundation
import Testing

/// Keeps Docs/Rules.md honest: every SPEC rule has a row, and every row that names a test names
/// one that exists, with that exact display name, in that file.
@Suite("Docs/Rules.md cannot drift from the tests")
struct RulesTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every rule id of SPEC.md, section by section.
    static let ruleIDs: [String] = {
        let counts: [(String, Int)] = [("A", 11), ("B", 5), ("C", 12), ("D", 8), ("E", 12), ("F", 10), ("G", 9), ("H", 6),
                                       ("I", 13), ("J", 5), ("K", 7), ("L", 3), ("M", 4), ("N", 5), ("O", 14), ("P", 5)]
        return counts.flatMap { letter, n in (1...n).map { "\(letter)\($0)" } }
    }()

    struct Row { var id: String; var status: String; var cover: String; var line: Int }

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/Rules.md"), encoding: .utf8)
        var rows: [Row] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, ruleIDs.contains(cells[1]) else { continue }
            rows.append(Row(id: cells[1], status: cells[2], cover: cells[3...].dropLast().joined(separator: "|"), line: n + 1))
        }
        return rows
    }

    @Test("Every SPEC rule A1…P5 has exactly one row with a known status")
    func everyRuleHasARow() throws {
        let rows = try Self.rows()
        let ids = rows.map(\.id)
        for id in Self.ruleIDs {
            #expect(ids.filter { $0 == id }.count == 1, "rule \(id) must have exactly one row in Docs/Rules.md")
        }
        for row in rows {
            #expect(["modelled", "parameter", "out of scope"].contains(row.status), "Docs/Rules.md:\(row.line): unknown status '\(row.status)'")
        }
    }

    @Test("Sections A–N and P are modelled or explicitly out of scope with a reason")
    func scopeIsExplicit() throws {
        for row in try Self.rows() where row.status == "out of scope" {
            #expect(row.cover.count >= 15, "Docs/Rules.md:\(row.line): \(row.id) is out of scope without a reason")
        }
    }

    @Test("Each row that names a test names an existing test with that display name, and the name carries the rule id")
    func namedTestsExist() throws {
        for row in try Self.rows() where row.status != "out of scope" {
            guard let pathStart = row.cover.firstIndex(of: "`"),
                  let pathEnd = row.cover[row.cover.index(after: pathStart)...].firstIndex(of: "`") else {
                Issue.record("Docs/Rules.md:\(row.line): \(row.id) names no test file in backticks")
                continue
            }
            let path = String(row.cover[row.cover.index(after: pathStart)..<pathEnd])
            guard let q1 = row.cover.firstIndex(of: "\""), let q2 = row.cover.lastIndex(of: "\""), q1 < q2 else {
                Issue.record("Docs/Rules.md:\(row.line): \(row.id) names no test display name in double quotes")
                continue
            }
            let name = String(row.cover[row.cover.index(after: q1)..<q2])
            let source = try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(source != nil, "Docs/Rules.md:\(row.line): \(path) does not exist")
            #expect(source?.contains("@Test(\"\(name)\"") == true, "Docs/Rules.md:\(row.line): no @Test(\"\(name)\") in \(path)")
            let ids = name.split(separator: ":").first.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
            #expect(ids.contains(row.id), "Docs/Rules.md:\(row.line): the test name \"\(name)\" does not start with \(row.id)")
        }
    }
}
