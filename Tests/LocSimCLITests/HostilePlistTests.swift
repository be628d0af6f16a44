import Foundation
import Testing

/// Hostile property lists and project files (`Fuzz/Regressions/plist` and `pbxproj`) through the
/// built `locsim`: for `run` and `explore` one line naming the file, exit status 2; for `lint` a
/// LOC029 finding naming the file (the rest of the tree is still linted), exit status 1; never a
/// crash or a hang.
@Suite("locsim on hostile plists and project files", .serialized)
struct HostilePlistTests {
    /// `Fuzz/Regressions/<kind>`, the hostile files of one kind (sorted paths).
    static func regressions(_ kind: String) -> [String] {
        let directory = LocsimProcess.packageRoot.appendingPathComponent("Fuzz/Regressions/\(kind)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// The hostile plists: every regression but the valid file holding a set and the valid files
    /// other tests read (named `valid-…`).
    static var hostilePlists: [String] {
        regressions("plist").filter { !$0.hasSuffix("/binary-nonempty-set.plist") && !($0 as NSString).lastPathComponent.hasPrefix("valid-") }
    }

    /// A fresh directory under the scratch directory.
    static func directory() throws -> URL {
        let url = LocsimProcess.scratch.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Checks that lint reported the malformed file as a LOC029 error finding whose line starts
    /// with `prefix` and contains `text`, and still finished: exit status 1, nothing on stderr but
    /// the note that no app target was found.
    static func expectMalformedFinding(_ out: LocsimProcess.Output, startingWith prefix: String, containing text: String) {
        #expect(out.status == 1)
        let line = out.stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }
        #expect(line?.contains(text) == true, "\(out.stdout)")
        #expect(line?.contains(": error: ") == true && line?.contains("[LOC029 (J3, J4)]") == true, "\(out.stdout)")
        #expect(!out.stderr.contains("error"), "\(out.stderr)")
    }

    /// Checks one line on stderr starting with `prefix`, exit status 2.
    static func expectOneLine(_ out: LocsimProcess.Output, startingWith prefix: String, containing text: String) {
        #expect(out.status == 2)
        let lines = out.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line expected: \(out.stderr)")
        #expect(out.stderr.hasPrefix(prefix), "\(out.stderr)")
        #expect(out.stderr.contains(text), "\(out.stderr)")
    }

    @Test("The regression directories hold the hostile files")
    func regressionsExist() {
        #expect(Self.hostilePlists.count >= 20)
        #expect(Self.regressions("pbxproj").count >= 6)
    }

    @Test("locsim run: a scenario whose infoPlist is hostile is one line at the scenario's infoPlist line, exit 2")
    func runHostileInfoPlist() throws {
        for plist in Self.hostilePlists {
            let scenario = LocsimProcess.writeScenario("app:\n  infoPlist: \(plist)\nsteps: [launch]\n", name: "hostile-plist")
            let out = try LocsimProcess.run([scenario])
            // run's convention: `error: scenario:line: …` on stderr, the invalid scenario in the report on stdout.
            Self.expectOneLine(out, startingWith: "error: \(scenario):2: infoPlist '\(plist)': ", containing: "property list")
            #expect(out.stdout.contains("1 invalid"))
        }
    }

    @Test("locsim run: a binary Info.plist holding a set reads its members as an array")
    func runSetInfoPlist() throws {
        let plist = try #require(Self.regressions("plist").first { $0.hasSuffix("/binary-nonempty-set.plist") })
        let scenario = LocsimProcess.writeScenario("app:\n  infoPlist: \(plist)\nsteps: [launch]\n", name: "set-plist")
        let out = try LocsimProcess.run([scenario])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.isEmpty)
    }

    @Test("a binary plist holding a set is read everywhere a plist is: explore's infoPlist, lint's Info.plist and project.pbxproj")
    func setEverywhere() throws {
        let plist = try #require(Self.regressions("plist").first { $0.hasSuffix("/binary-nonempty-set.plist") })
        let model = LocsimProcess.writeScenario("""
            name: m
            device: {platforms: [iOS 18.0]}
            app:
              infoPlist: \(plist)
              screens: [start]
              on: []
            explore: {depth: 2}

            """, name: "set-model")
        let explored = try LocsimProcess.run(["explore", model])
        #expect(explored.status == 0, "\(explored.stderr)")
        #expect(explored.stdout.contains("1 model, 0 findings"))
        // As an app's Info.plist: read (its UIBackgroundModes set is a list); as a project: one line.
        let root = try Self.directory()
        for dir in ["App", "App.xcodeproj"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: plist, toPath: root.appendingPathComponent("App/Info.plist").path)
        let out0 = try LocsimProcess.run(["lint", root.path])
        #expect(out0.status == 0, "\(out0.stderr)")
        let project = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try FileManager.default.copyItem(atPath: plist, toPath: project.path)
        let out = try LocsimProcess.run(["lint", root.path])
        Self.expectMalformedFinding(out, startingWith: "\(project.path):1:1: error: ", containing: "project file")
    }

    @Test("locsim lint: a directory holding a hostile Info.plist is a LOC029 error naming the file, exit 1")
    func lintHostileInfoPlist() throws {
        for plist in Self.hostilePlists {
            let root = try Self.directory()
            let app = root.appendingPathComponent("App")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            let target = app.appendingPathComponent("Info.plist")
            try FileManager.default.copyItem(atPath: plist, toPath: target.path)
            let out = try LocsimProcess.run(["lint", root.path])
            Self.expectMalformedFinding(out, startingWith: target.path + ":", containing: "property list")
        }
    }

    @Test("locsim lint: a hostile project.pbxproj is a LOC029 error naming the file and line, exit 1")
    func lintHostileProject() throws {
        let lines = ["bad-data": 2, "bad-nesting": 5, "deep-nesting": 2, "trailing-garbage": 4, "unquoted-garbage": 3,
                     "unterminated-comment": 4, "unterminated-string": 5]
        // The malformed ones; the well-formed hostile projects (a setting's fan-out, /dev/zero as the
        // Info.plist) are the lint tree's tests.
        for project in Self.regressions("pbxproj") where lines[((project as NSString).lastPathComponent as NSString).deletingPathExtension] != nil {
            let root = try Self.directory()
            let xcodeproj = root.appendingPathComponent("App.xcodeproj")
            try FileManager.default.createDirectory(at: xcodeproj, withIntermediateDirectories: true)
            let target = xcodeproj.appendingPathComponent("project.pbxproj")
            try FileManager.default.copyItem(atPath: project, toPath: target.path)
            let name = ((project as NSString).lastPathComponent as NSString).deletingPathExtension
            let line = try #require(lines[name], "no expected line for \(name)")
            let out = try LocsimProcess.run(["lint", root.path])
            Self.expectMalformedFinding(out, startingWith: "\(target.path):\(line):1: error: ", containing: "project file")
        }
    }
}
