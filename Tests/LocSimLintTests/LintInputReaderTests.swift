import Foundation
import LocSimInput
@testable import LocSimLint
import Testing

/// `LintInputReader`: the in-memory reader of the fuzz targets reads what the disk loaders read,
/// and with a tree it stays in that tree as `locsim lint` does.
@Suite("LintInputReader")
struct LintInputReaderTests {
    @Test("each kind read from bytes finds what the loader finds on disk")
    func readsAsTheLoaders() throws {
        let xcconfig = "#include \"Base.xcconfig\"\nA = $(inherited) b\nC = d\n"
        let spec = "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n  Widget:\n    type: app-extension\n    platform: iOS\n"
        let pbxproj = ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", xcconfig: "Config/App.xcconfig")
        let f = try Fixture(["Config/Base.xcconfig": "A = a\nE = f\n", "Config/App.xcconfig": xcconfig, "project.yml": spec,
                             "App.xcodeproj/project.pbxproj": pbxproj, "App/Info.plist": infoPlist()])
        let onDisk = [
            try XcconfigFile.load(f.path("Config/App.xcconfig")).values.count,
            try XcodeGenSpec.load(f.path("project.yml")).count,
            try XcodeProjectFile.load(f.path("App.xcodeproj/project.pbxproj")).count,
        ]
        // The bytes are read from memory: the file on disk is not what is read.
        try f.write("Config/App.xcconfig", "")
        try f.write("project.yml", "")
        try f.write("App.xcodeproj/project.pbxproj", "")
        let inMemory = [
            try LintInputReader.read(.xcconfig, bytes: Data(xcconfig.utf8), path: f.path("Config/App.xcconfig"), tree: f.root),
            try LintInputReader.read(.xcodegen, bytes: Data(spec.utf8), path: f.path("project.yml"), tree: f.root),
            try LintInputReader.read(.pbxproj, bytes: Data(pbxproj.utf8), path: f.path("App.xcodeproj/project.pbxproj"), tree: f.root),
        ]
        #expect(onDisk == [3, 2, 1])
        #expect(inMemory == onDisk)
    }

    @Test("with a tree, a file named outside it is not read: an error at the line that names it, never its contents")
    func staysInTheTree() throws {
        let outside = try Fixture(["Secrets.xcconfig": "TOKEN = hunter2\n", "Shared.yml": "targets:\n  Leak:\n    type: application\n    platform: iOS\n"])
        let f = try Fixture([:])
        let path = f.path("Config/App.xcconfig")
        let text = "A = b\n#include \"\(outside.path("Secrets.xcconfig"))\"\n"
        // Unbounded (the loader on its own): the file outside is read.
        #expect(try LintInputReader.read(.xcconfig, bytes: Data(text.utf8), path: path) == 2)
        do {
            _ = try LintInputReader.read(.xcconfig, bytes: Data(text.utf8), path: path, tree: f.root)
            Issue.record("expected an input error")
        } catch let error as InputError {
            #expect(error.file == path && error.line == 2)
            #expect(error.message.hasPrefix("#include '\(outside.path("Secrets.xcconfig"))' is outside the linted tree and was not read"))
            #expect(!error.description.contains("hunter2"))
        }
        // A missing absolute include outside the tree is the same error, naming the input, not the path.
        let missing = "#include \"/*Local.xcconfig\u{0}\"\n"
        #expect(throws: InputError.self) { try LintInputReader.read(.xcconfig, bytes: Data(missing.utf8), path: path, tree: f.root) }
        do {
            _ = try LintInputReader.read(.xcconfig, bytes: Data(missing.utf8), path: path, tree: f.root)
        } catch let error as InputError {
            #expect(error.file == path && error.line == 1)
        }
        let spec = "include:\n  - \(outside.path("Shared.yml"))\nname: App\n"
        #expect(try LintInputReader.read(.xcodegen, bytes: Data(spec.utf8), path: f.path("project.yml")) == 1)
        #expect(throws: InputError.self) { try LintInputReader.read(.xcodegen, bytes: Data(spec.utf8), path: f.path("project.yml"), tree: f.root) }
    }
}
