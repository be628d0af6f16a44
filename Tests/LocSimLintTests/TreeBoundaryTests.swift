import Foundation
import Testing
@testable import LocSimLint

/// Issue 31: lint reads only the tree it was given. A project naming a file outside it gets a
/// LOC030 note naming the path as written, never its contents; `--allow-outside FOLDER` lets
/// lint read there.
@Suite struct TreeBoundaryTests {
    /// `Shared/` (outside the linted `Repo/App`) holds a secret and a purpose string.
    static let secret = "SECRET-TOKEN-4711"

    static func files(include: String, plist: String = "Info.plist") -> [String: String] {
        [
            "Repo/App/App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: plist, xcconfig: "Config/App.xcconfig"),
            "Repo/App/Config/App.xcconfig": "#include \"\(include)\"\n",
            "Repo/App/Info.plist": infoPlist([PurposeKeyName.whenInUse: "$(LOCATION_TEXT)"]),
            "Repo/Shared/Secrets.xcconfig": "API_TOKEN = \(secret)\nLOCATION_TEXT = TODO\n",
            "Repo/Shared/Info.plist": infoPlist([PurposeKeyName.whenInUse: "TODO \(secret)"]),
        ]
    }

    @Test("LOC030 (J3): an #include leading outside the linted tree is named in a note and not read")
    func includeOutside() throws {
        let f = try Fixture(Self.files(include: "../../Shared/Secrets.xcconfig"))
        let run = f.commandLine([f.path("Repo/App")])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Config/App.xcconfig:1:1: note: #include '../../Shared/Secrets.xcconfig' is outside the linted tree and was not read"))
        #expect(!run.stdout.contains(Self.secret) && !run.stderr.contains(Self.secret))
        #expect(!run.stdout.contains("LOC010")) // LOCATION_TEXT stays unknown, not "TODO"
    }

    @Test("--allow-outside lets lint read the included file (its TODO text is then judged)")
    func includeAllowed() throws {
        let f = try Fixture(Self.files(include: "../../Shared/Secrets.xcconfig"))
        let run = f.commandLine([f.path("Repo/App"), "--allow-outside", f.path("Repo/Shared")])
        #expect(run.stdout.contains("[LOC010"))
        #expect(!run.stdout.contains("LOC030"))
        #expect(!run.stdout.contains(Self.secret))
    }

    @Test("LOC030/LOC031 (J3): an INFOPLIST_FILE outside the tree is not read; the target is not linted")
    func infoPlistOutside() throws {
        var files = Self.files(include: "Local.xcconfig", plist: "../Shared/Info.plist").merging(["Repo/App/Config/Local.xcconfig": "\n"]) { $1 }
        files["Repo/App/Info.plist"] = nil
        let f = try Fixture(files)
        let findings = try Fixture.lint(paths: [f.path("Repo/App")])
        #expect(findings.map(\.checkID) == ["LOC030", "LOC031"])
        #expect(findings.first?.message.hasPrefix("target 'App': its Info.plist '../Shared/Info.plist' is outside the linted tree") == true)
        #expect(!findings.contains { $0.message.contains(Self.secret) })
        let allowed = try Fixture.lint(paths: [f.path("Repo/App")], allowOutside: [f.path("Repo/Shared")])
        #expect(allowed.map(\.checkID) == ["LOC010"])
    }

    @Test("A symbolic link inside the tree to a plist outside it is outside too")
    func symbolicLinkOut() throws {
        var files = Self.files(include: "Local.xcconfig", plist: "Linked-Info.plist").merging(["Repo/App/Config/Local.xcconfig": "\n"]) { $1 }
        files["Repo/App/Info.plist"] = nil
        let f = try Fixture(files)
        try FileManager.default.createSymbolicLink(atPath: f.path("Repo/App/Linked-Info.plist"), withDestinationPath: f.path("Repo/Shared/Info.plist"))
        let findings = try Fixture.lint(paths: [f.path("Repo/App")])
        #expect(findings.contains { $0.checkID == "LOC030" && $0.message.contains("'Linked-Info.plist' is outside the linted tree") })
        #expect(!findings.contains { $0.checkID == "LOC010" })
    }

    @Test("LOC030 (J3): an XcodeGen include outside the tree is not read; allowed, its targets are found")
    func xcodeGenIncludeOutside() throws {
        let f = try Fixture([
            "Repo/App/project.yml": "name: App\ninclude:\n  - ../Shared/targets.yml\n",
            "Repo/Shared/targets.yml": "targets:\n  Hikes:\n    type: application\n    platform: iOS\n    info:\n      path: Hikes/Info.plist\n      properties:\n        NSLocationWhenInUseUsageDescription: TODO\n",
        ])
        let findings = try Fixture.lint(paths: [f.path("Repo/App")])
        #expect(findings.map(\.checkID) == ["LOC030"])
        #expect(findings.first?.message.hasPrefix("included spec '../Shared/targets.yml' is outside the linted tree") == true)
        let allowed = try Fixture.lint(paths: [f.path("Repo/App")], allowOutside: [f.path("Repo/Shared")])
        #expect(allowed.map(\.checkID) == ["LOC010"])
    }

    @Test("The boundary judges missing paths by their text and existing ones with links resolved")
    func boundary() throws {
        let f = try Fixture(["Tree/a.txt": "a", "Out/b.txt": "b"])
        let boundary = TreeBoundary(roots: [f.path("Tree")])
        #expect(boundary.contains(f.path("Tree/a.txt")))
        #expect(boundary.contains(f.path("Tree/missing/x.xcconfig")))
        #expect(!boundary.contains(f.path("Tree/../Out/b.txt")))
        #expect(!boundary.contains(f.path("Tree/../Out/missing.xcconfig")))
        #expect(!boundary.contains(f.path("Tree2/x")))
        #expect(TreeBoundary.unbounded.contains("/etc/passwd"))
    }
}
