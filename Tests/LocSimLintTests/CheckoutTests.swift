import Foundation
import Testing
@testable import LocSimLint

/// Where whole checkouts of the corpus apps are: `corpus/<owner>__<name>` beside the repository, or
/// `$LOCSIM_CHECKOUTS`. Not part of the repository (see `Tests/corpus-lint.sh`).
enum CheckoutFolder {
    static let path = ProcessInfo.processInfo.environment["LOCSIM_CHECKOUTS"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../corpus").standardized.path
}

/// Target discovery on whole checkouts of real apps: the app targets own the files they compile,
/// framework code is nobody's app code, and no finding is an error.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: CheckoutFolder.path + "/osmandapp__OsmAnd-iOS"),
                "needs whole checkouts of real apps, which are not part of the repository (LOCSIM_CHECKOUTS names a folder of owner__name clones; see Tests/corpus-lint.sh)"))
struct CheckoutTests {
    static func discovery(_ name: String) throws -> TargetDiscovery.Result {
        try TargetDiscovery(options: LintOptions(paths: [CheckoutFolder.path + "/" + name])).run()
    }

    @Test("checkouts: an Xcode app target owns the Objective-C++ file that requests location, through its groups")
    func osmAndMembership() throws {
        let result = try Self.discovery("osmandapp__OsmAnd-iOS")
        let owners = result.targets.filter { $0.sourceFiles.contains { $0.hasSuffix("/Sources/Services/OALocationServices.mm") } }.map(\.name)
        #expect(owners.count == 1)
        #expect(!result.unassignedSources.contains { $0.hasSuffix("/Sources/Services/OALocationServices.mm") })
    }

    @Test("checkouts: a framework's sources beside a demo app are not the demo app's")
    func locoKitFramework() throws {
        let result = try Self.discovery("sobri909__LocoKit")
        let demo = try #require(result.targets.first)
        #expect(!demo.sourceFiles.contains { $0.hasSuffix("/LocoKit/Base/LocomotionManager.swift") })
        #expect(result.unassignedSources.contains { $0.hasSuffix("/LocoKit/Base/LocomotionManager.swift") })
    }

    @Test("checkouts: no finding of error severity on any of the real apps")
    func noErrors() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: CheckoutFolder.path).filter { $0.contains("__") }.sorted()
        for name in names {
            let report = try Linter(options: LintOptions(paths: [CheckoutFolder.path + "/" + name])).run()
            #expect(report.findings.filter { $0.severity == .error }.isEmpty, "\(name)")
        }
    }
}
