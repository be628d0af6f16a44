import Foundation
import Testing
@testable import LocSimLint

/// Targets and what belongs to them: Xcode source membership, XcodeGen includes, templates and
/// configurations, no guessed owners, test code left out.
@Suite struct ProjectDiscoveryTests {
    static let whenInUsePlist = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse])
    static let askAlways = "import CoreLocation\nfinal class Locator {\n    let manager = CLLocationManager()\n    func ask() { manager.requestAlwaysAuthorization() }\n}\n"
    static let askInBackground = """
    import UIKit
    import CoreLocation
    final class Delegate: NSObject, UIApplicationDelegate {
        let manager = CLLocationManager()
        func applicationDidEnterBackground(_ application: UIApplication) { manager.requestAlwaysAuthorization() }
    }
    """

    // MARK: .xcodeproj membership

    @Test("LOC002 (J2): an Xcode target owns the files its Sources phase compiles, through <group>-relative references")
    func membershipCompiled() throws {
        let f = try Fixture(["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", sources: ["App/Locator.swift"]),
                             "App/Info.plist": Self.whenInUsePlist, "App/Locator.swift": Self.askAlways])
        #expect(try f.ids() == ["LOC002"])
    }

    @Test("LOC002 (J2): a file in the app's directory that no target compiles is not the app's")
    func membershipNotCompiled() throws {
        let f = try Fixture(["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", sources: []),
                             "App/Info.plist": Self.whenInUsePlist, "App/Locator.swift": Self.askAlways])
        #expect(try f.ids() == [])
    }

    @Test("LOC014 (E1): sources of a test target are not app code; the same file outside tests still gets the source-only checks")
    func testTargetSources() throws {
        let project = ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", testPlist: "AppTests/Info.plist", testSources: ["AppTests/Delegate.swift"])
        let f = try Fixture(["App.xcodeproj/project.pbxproj": project, "App/Info.plist": infoPlist(goodKeys),
                             "AppTests/Info.plist": infoPlist([:]), "AppTests/Delegate.swift": Self.askInBackground])
        #expect(try f.ids() == [])
        let g = try Fixture(["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist"), "App/Info.plist": infoPlist(goodKeys),
                             "Shared/Delegate.swift": Self.askInBackground])
        #expect(try g.ids() == ["LOC014"])
    }

    @Test("LOC014 (E1): sources under a SwiftPM package's Tests directory are not app code")
    func packageTests() throws {
        let f = try Fixture(["Kit/Package.swift": "// swift-tools-version:5.9\n", "Kit/Tests/KitTests/DelegateTests.swift": Self.askInBackground])
        #expect(try f.ids() == [])
        let g = try Fixture(["Kit/Package.swift": "// swift-tools-version:5.9\n", "Kit/Sources/Kit/Delegate.swift": Self.askInBackground])
        #expect(try g.ids() == ["LOC014"])
    }

    @Test("LOC002 (J2): no owner is guessed for a source under no target's sources")
    func noGuessedOwner() throws {
        let spec = "name: P\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n  Kit:\n    type: framework\n    platform: iOS\n    sources: [Kit]\n"
        let f = try Fixture(["project.yml": spec, "App/Info.plist": Self.whenInUsePlist, "Kit/Locator.swift": Self.askAlways])
        #expect(try f.ids() == [])
        let g = try Fixture(["project.yml": spec, "App/Info.plist": Self.whenInUsePlist, "App/Locator.swift": Self.askAlways])
        #expect(try g.ids() == ["LOC002"])
    }

    @Test("LOC031 (J3): an app target whose Info.plist is not there is named in a finding and the summary, not dropped silently")
    func unresolvedTargetWarning() throws {
        let f = try Fixture(["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "Generated/Info.plist", sources: ["App/Locator.swift"]),
                             "App/Locator.swift": Self.askAlways])
        let run = f.commandLine([f.root])
        #expect(run.status == 0)
        #expect(run.stdout.contains("project.pbxproj:"))
        #expect(run.stdout.contains("note: target 'App': its Info.plist 'Generated/Info.plist' does not exist under the linted paths"))
        #expect(run.stdout.contains("; 1 not linted: App (Info.plist missing)\n"))
        #expect(run.stdout.contains("LOC002") == false)
    }

    // MARK: XcodeGen include and templates

    @Test("LOC002 (J2): a target declared in an included spec is found, its paths relative to the included file")
    func include() throws {
        let f = try Fixture([
            "project.yml": "name: P\ninclude:\n  - specs/app.yml\n",
            "specs/app.yml": "include: [base.yml]\ntargets:\n  App:\n    type: application\n    sources: [../App]\n    info:\n      path: ../App/Info.plist\n",
            "specs/base.yml": "targets:\n  App:\n    platform: iOS\n",
            "App/Info.plist": Self.whenInUsePlist, "App/Locator.swift": Self.askAlways,
        ])
        let loaded = try XcodeGenSpec.loadResolving(f.path("project.yml"))
        #expect(loaded.targets.map(\.name) == ["App"])
        #expect(loaded.targets.first?.platformName == "iOS")
        #expect(loaded.targets.first?.kind == .application)
        #expect(try f.ids() == ["LOC002"])
    }

    @Test("XcodeGen include with relativePaths: false keeps paths relative to the including spec; :REPLACE replaces a list")
    func includeAbsoluteAndReplace() throws {
        let f = try Fixture([
            "project.yml": "name: P\ninclude:\n  - path: specs/app.yml\n    relativePaths: false\ntargets:\n  App:\n    sources:REPLACE: [Real]\n",
            "specs/app.yml": "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Old]\n",
        ])
        let target = try #require(try XcodeGenSpec.loadResolving(f.path("project.yml")).targets.first)
        #expect(target.sourceRoots == [FileInventory.absolute(f.path("Real"))])
    }

    @Test("LOC029 (J3): bad includes, a cycle and a malformed entry, are errors at the include; the run goes on", arguments: [
        ("project.yml", "name: P\ninclude: [a.yml]\n", "a.yml", "include: [project.yml]\n", "include cycle"),
        ("project.yml", "name: P\ninclude:\n  - relativePaths: true\n", "unused.yml", "", "include: expects a path"),
    ])
    func badIncludes(_ root: String, _ rootText: String, _ other: String, _ otherText: String, _ message: String) throws {
        let f = try Fixture([root: rootText, other: otherText])
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.contains(": error: \(message)"))
        #expect(run.stdout.contains("[LOC029"))
        #expect(throws: InputError.self) { try XcodeGenSpec.loadResolving(f.path("project.yml")) } // strict on its own
    }

    @Test("LOC030 (J3): a missing included spec is a note naming the file and line; the run goes on")
    func missingInclude() throws {
        let f = try Fixture(["project.yml": "name: P\ninclude:\n  - missing.yml\n"])
        let run = f.commandLine([f.root])
        #expect(run.status == 0)
        #expect(run.stdout.contains("project.yml:2:1: note: included spec 'missing.yml' not found"))
    }

    @Test("LOC029 (J3): a chain of includes longer than the limit is an error, not a recursion on")
    func longChain() throws {
        var files = ["project.yml": "name: P\ninclude: [s0.yml]\n"]
        for n in 0..<(XcodeGenSpec.maximumIncludeDepth + 5) { files["s\(n).yml"] = "include: [s\(n + 1).yml]\n" }
        files["s\(XcodeGenSpec.maximumIncludeDepth + 5).yml"] = "targets: {}\n"
        let f = try Fixture(files)
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error: includes nest deeper than"))
    }

    @Test("LOC002 (J2), LOC031 (J3): targetTemplates are applied with ${target_name}; a target with an undefined template is not linted, in a note")
    func templates() throws {
        let spec = """
        name: P
        targetTemplates:
          Base:
            platform: iOS
          IOSApp:
            templates: [Base]
            type: application
            sources: ["${target_name}"]
            info:
              path: "${target_name}/Info.plist"
        targets:
          Hikes:
            templates: [IOSApp]
          Broken:
            templates: [Nope]
        """
        let f = try Fixture(["project.yml": spec, "Hikes/Info.plist": Self.whenInUsePlist, "Hikes/Locator.swift": Self.askAlways])
        let loaded = try XcodeGenSpec.loadResolving(f.path("project.yml"))
        #expect(loaded.targets.map(\.name) == ["Hikes"])
        #expect(loaded.targets.first?.platformName == "iOS")
        #expect(loaded.warnings.map(\.message) == ["target 'Broken' uses template 'Nope', which the spec does not define; the target is not linted as an app"])
        #expect(try f.ids() == ["LOC002", "LOC031"])
    }

    @Test("XcodeGen: a target without INFOPLIST_FILE uses the first Info.plist in its sources")
    func infoPlistFromSources() throws {
        let spec = "name: P\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n"
        let f = try Fixture(["project.yml": spec, "App/Support/Info.plist": Self.whenInUsePlist, "App/Locator.swift": Self.askAlways])
        #expect(try f.ids() == ["LOC002"])
    }

    // MARK: Per-configuration values

    @Test("LOC010 (D3): XcodeGen per-configuration settings are reported at the Release line that is wrong")
    func xcodeGenConfigLine() throws {
        let spec = """
        name: P
        targets:
          App:
            type: application
            platform: iOS
            settings:
              configs:
                Debug:
                  INFOPLIST_KEY_NSLocationWhenInUseUsageDescription: Shows your position on the trail map while you record.
                Release:
                  INFOPLIST_KEY_NSLocationWhenInUseUsageDescription: TODO
        """
        let f = try Fixture(["project.yml": spec])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.location.line == 11)
    }

    @Test("LOC010 (D3): .xcodeproj per-configuration settings are reported at the Release configuration's line")
    func pbxprojConfigLine() throws {
        let project = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; targets = (T1); };
        \t\tG0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = App; productType = "com.apple.product-type.application"; };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (CD, CR); };
        \t\tCD /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t\t\tINFOPLIST_KEY_NSLocationWhenInUseUsageDescription = "Shows your position on the trail map while you record.";
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tCR /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t\t\tINFOPLIST_KEY_NSLocationWhenInUseUsageDescription = TODO;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t};
        \trootObject = P0;
        }

        """
        let f = try Fixture(["App.xcodeproj/project.pbxproj": project])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.location.line == 21)
    }

    // MARK: A plist given directly

    @Test("A framework's Info.plist given directly is named as such, not 'no Info.plist'")
    func frameworkPlistGivenDirectly() throws {
        let plist = infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]).replacingOccurrences(of: "APPL", with: "FMWK")
        let f = try Fixture(["Kit/Info.plist": plist])
        let run = f.commandLine([f.path("Kit/Info.plist")])
        #expect(run.stderr.contains("(no Info.plist") == false)
        #expect(run.stderr.contains("is a framework's Info.plist"))
    }
}
