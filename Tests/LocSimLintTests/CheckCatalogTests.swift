import Foundation
import Testing
@testable import LocSimLint

/// The check table itself.
@Suite struct CheckCatalogTests {
    /// The repository's rules reference: one `#### ID — title` entry per rule.
    static let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Rules.md").standardized.path

    @Test("catalog: ids are LOC001… in order, names unique, every check has a doc line and rule ids")
    func table() {
        let ids = CheckCatalog.all.map(\.id)
        #expect(ids == (1...CheckCatalog.all.count).map { String(format: "LOC%03d", $0) })
        #expect(Set(CheckCatalog.all.map(\.name)).count == CheckCatalog.all.count)
        #expect(CheckCatalog.all.allSatisfy { !$0.summary.isEmpty && !$0.ruleIDs.isEmpty })
        #expect(CheckCatalog.check("vague-purpose-string")?.id == "LOC010")
        #expect(CheckCatalog.check("loc003")?.name == "legacy-always-key-only")
    }

    @Test("catalog: every rule id a check cites has an entry in Docs/Rules.md")
    func ruleIDsExist() throws {
        let text = try String(contentsOfFile: Self.rules, encoding: .utf8)
        for check in CheckCatalog.all {
            for rule in check.ruleIDs {
                #expect(text.contains("\n#### \(rule) "), "\(check.id) cites unknown rule \(rule)")
            }
        }
    }
}
