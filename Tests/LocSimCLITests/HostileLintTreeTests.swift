import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `locsim lint` on hostile trees and project settings, through the built binary: special files
/// and links out of the tree are skipped with a note; fan-outs and include cycles are a LOC029
/// finding at their line (an error in a project file, a warning in an `.xcconfig`) and the run
/// goes on, fast. Inputs are under `Fuzz/Regressions`.
@Suite("locsim lint on hostile trees and settings", .serialized)
struct HostileLintTreeTests {
    /// `Fuzz/Regressions/<kind>/<name>`.
    static func regression(_ kind: String, _ name: String) -> URL {
        LocsimProcess.packageRoot.appendingPathComponent("Fuzz/Regressions/\(kind)/\(name)")
    }

    /// A fresh directory with `files` (relative path → bytes).
    static func tree(_ files: [String: Data]) throws -> URL {
        let root = LocsimProcess.scratch.appendingPathComponent("tree-\(UUID().uuidString)")
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    static let emptyInfoPlist = Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string><key>CFBundlePackageType</key><string>APPL</string></dict></plist>

    """.utf8)

    @Test("a FIFO, a link to /dev/zero and a link to / are skipped with notes; lint finishes")
    func specialFilesAndLinks() throws {
        let root = try Self.tree(["App/Info.plist": Self.emptyInfoPlist])
        #expect(mkfifo(root.appendingPathComponent("App/Blocking.swift").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Zero.swift").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/everything").path, withDestinationPath: "/")
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(output.status == 0)
        let app = root.appendingPathComponent("App").path
        #expect(output.stderr.split(separator: "\n").sorted() == [
            "\(app)/Blocking.swift: note: skipped: not a regular file (FIFO)",
            "\(app)/Zero.swift: note: skipped: symbolic link to '/dev/zero', outside the linted tree",
            "\(app)/everything: note: skipped: symbolic link to '/', outside the linted tree",
        ])
    }

    @Test("a NUL byte before a call does not hide it (Fuzz/Regressions/swift/nul-before-call.swift)")
    func nulBeforeCall() throws {
        let source = try Data(contentsOf: Self.regression("swift", "nul-before-call.swift"))
        let root = try Self.tree(["App/Info.plist": Self.emptyInfoPlist, "App/Locator.swift": source])
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("\(root.path)/App/Locator.swift:5:"))
        #expect(output.stdout.contains("LOC001"))
    }

    @Test("loose binary (300 objects) and UTF-16 plists are read (Fuzz/Regressions/plist)")
    func loosePlists() throws {
        for name in ["valid-binary-many-objects.plist", "valid-utf16-with-bom.plist"] {
            let root = try Self.tree(["Config/Settings.plist": try Data(contentsOf: Self.regression("plist", name))])
            let output = try LocsimProcess.run(["lint", root.path])
            #expect(output.stdout.contains("Config/Settings.plist:") && output.stdout.contains("LOC012"), "\(name): \(output.stdout)")
        }
    }

    @Test("an .xcconfig including itself: a LOC029 warning at the #include, the project still read")
    func selfInclude() throws {
        let config = try Data(contentsOf: Self.regression("xcconfig", "self-include.xcconfig"))
        let root = try Self.tree(["self-include.xcconfig": config, "App.xcodeproj/project.pbxproj": Self.project(xcconfig: "self-include.xcconfig")])
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("\(root.path)/self-include.xcconfig:2:1: warning: #include cycle: self-include.xcconfig → self-include.xcconfig [LOC029 (J3, J4)]\n"))
    }

    @Test("an .xcconfig whose settings fan out 20 × 6 levels: a LOC029 finding at the key, fast")
    func xcconfigFanOut() throws {
        let config = try Data(contentsOf: Self.regression("xcconfig", "setting-fan-out.xcconfig"))
        let root = try Self.tree(["Config.xcconfig": config, "App.xcodeproj/project.pbxproj": Self.project(xcconfig: "Config.xcconfig")])
        let started = Date()
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(output.stdout.contains(": build setting 'V5' expands to more than 4194304 characters"), "\(output.stdout)")
        #expect(output.stdout.contains("[LOC029 (J3, J4)]"))
    }

    @Test("an .xcconfig doubling a value through $(inherited) 40 times: a LOC029 warning at the line it overflows")
    func inheritedDoubling() throws {
        let config = try Data(contentsOf: Self.regression("xcconfig", "inherited-doubling.xcconfig"))
        let root = try Self.tree(["Config.xcconfig": config, "App.xcodeproj/project.pbxproj": Self.project(xcconfig: "Config.xcconfig")])
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(output.status == 0)
        // `seed` (4 characters) becomes 6 × 2^n − 2 after n lines: past 4 Mi characters at n = 20, line 22.
        #expect(output.stdout.hasPrefix("\(root.path)/Config.xcconfig:22:1: warning: build setting 'X' expands to more than 4194304 characters (settings referencing each other too many times) [LOC029 (J3, J4)]\n"))
    }

    @Test("a project whose settings fan out: a LOC029 error at the key, fast")
    func projectFanOut() throws {
        let project = try Data(contentsOf: Self.regression("pbxproj", "setting-fan-out.pbxproj"))
        let root = try Self.tree(["App.xcodeproj/project.pbxproj": project])
        let started = Date()
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("\(root.path)/App.xcodeproj/project.pbxproj:23:1: error: build setting 'V5' expands to more than"))
    }

    @Test("INFOPLIST_FILE = /dev/zero: outside the tree, named in a note and never opened")
    func infoPlistDevZero() throws {
        let project = try Data(contentsOf: Self.regression("pbxproj", "infoplist-dev-zero.pbxproj"))
        let root = try Self.tree(["App.xcodeproj/project.pbxproj": project])
        let output = try LocsimProcess.run(["lint", root.path])
        #expect(output.status == 0)
        #expect(output.stdout.contains("note: target 'App': its Info.plist '/dev/zero' is outside the linted tree and was not read"), "\(output.stdout)")
        // Allowed, it is opened safely: not a regular file.
        let allowed = try LocsimProcess.run(["lint", root.path, "--allow-outside", "/dev"])
        #expect(allowed.stdout.contains("/dev/zero:1:1: error: not a regular file (character device) [LOC029"), "\(allowed.stdout)")
    }

    @Test("a project with 20,000 build-setting keys lints in seconds")
    func manyKeys() throws {
        var settings = ""
        for i in 0..<20_000 { settings += "\t\t\t\tINFOPLIST_KEY_Custom\(i) = \"value \(i)\";\n" }
        settings += "\t\t\t\tINFOPLIST_KEY_NSLocationWhenInUseUsageDescription = \"\";\n"
        let root = try Self.tree(["App.xcodeproj/project.pbxproj": Self.project(settings: settings)])
        let started = Date()
        let output = try LocsimProcess.run(["lint", root.path])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 60, "took \(elapsed) s")
        // The empty purpose string is reported at its own line (20,000 lines down).
        #expect(output.stdout.contains("project.pbxproj:20016:5:"), "\(output.stdout)")
    }

    /// A project with one app target whose Release configuration has `settings` and an optional `.xcconfig` base.
    static func project(xcconfig: String? = nil, settings: String = "\t\t\t\tSDKROOT = iphoneos;\n") -> Data {
        let base = xcconfig == nil ? "" : "\t\t\tbaseConfigurationReference = F1;\n"
        let fileRef = xcconfig.map { "\t\tF1 = {isa = PBXFileReference; path = \"\($0)\"; sourceTree = \"<group>\"; };\n" } ?? ""
        return Data("""
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \(fileRef)\t\tG0 = {isa = PBXGroup; children = (\(xcconfig == nil ? "" : "F1")); sourceTree = "<group>"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; targets = (T1); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        \t\tC1 = {isa = XCBuildConfiguration; name = Release; buildSettings = { SWIFT_VERSION = 5.0; }; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = App; productType = "com.apple.product-type.application"; };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
        \t\tC2 = {
        \t\t\tisa = XCBuildConfiguration;
        \(base)\t\t\tname = Release;
        \t\t\tbuildSettings = {
        \(settings)\t\t\t};
        \t\t};
        \t};
        \trootObject = P0;
        }

        """.utf8)
    }
}
