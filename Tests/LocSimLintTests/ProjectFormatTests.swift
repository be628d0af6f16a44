import Foundation
import LocSimModel
import Testing
@testable import LocSimLint

/// Items 4 and 5 of issue 28: Tuist manifests read with swift-syntax (no Tuist run), and XcodeGen
/// specs generated from the repository root.
@Suite struct ProjectFormatTests {
    static let askAlways = "import CoreLocation\nfinal class Tracker {\n    let manager = CLLocationManager()\n    func start() { manager.requestAlwaysAuthorization() }\n}\n"

    // MARK: Tuist

    static func tuist4(infoPlist: String) -> String {
        """
        import ProjectDescription

        let project = Project(
            name: "Hikes",
            targets: [
                .target(
                    name: "Hikes",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "com.example.hikes",
                    deploymentTargets: .iOS("17.0"),
                    infoPlist: \(infoPlist),
                    sources: ["Hikes/Sources/**"]
                ),
                .target(name: "HikesTests", destinations: .iOS, product: .unitTests, bundleId: "com.example.hikes.tests", sources: ["Hikes/Tests/**"]),
            ]
        )
        """
    }

    @Test("LOC002 (J2): a Tuist 4 target's .extendingDefault(with:) Info.plist is read; the Always request lacks its key")
    func tuistExtendingDefault() throws {
        let plist = ".extendingDefault(with: [\n                        \"NSLocationWhenInUseUsageDescription\": \"\(Text.whenInUse)\",\n                        \"UIBackgroundModes\": [\"location\"],\n                    ])"
        let f = try Fixture(["Project.swift": Self.tuist4(infoPlist: plist), "Hikes/Sources/Tracker.swift": Self.askAlways])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC002", "LOC007"])
        #expect(findings.first?.location.file.hasSuffix("Hikes/Sources/Tracker.swift") == true)
        #expect(findings.last?.location == SourceLocation(file: f.path("Project.swift"), line: 14, column: 25))
        let target = try #require(try TargetDiscovery(options: LintOptions(paths: [f.root])).run().targets.first)
        #expect(target.name == "Hikes")
        #expect(target.deploymentTarget == Platform(.iOS, 17))
    }

    @Test("LOC002 (J2): with both keys as .string(…) values, nothing is reported")
    func tuistBothKeys() throws {
        let plist = ".extendingDefault(with: [\"NSLocationWhenInUseUsageDescription\": .string(\"\(Text.whenInUse)\"), \"NSLocationAlwaysAndWhenInUseUsageDescription\": .string(\"\(Text.always)\")])"
        let f = try Fixture(["Project.swift": Self.tuist4(infoPlist: plist), "Hikes/Sources/Tracker.swift": Self.askAlways])
        #expect(try f.ids() == [])
    }

    @Test("LOC010 (D3): a Tuist 3 Target(…) with .file(path:) and INFOPLIST_KEY_ settings is read")
    func tuist3FileAndSettings() throws {
        let manifest = """
        import ProjectDescription
        let project = Project(name: "Hikes", targets: [
            Target(name: "Hikes", platform: .iOS, product: .app, bundleId: "com.example.hikes",
                   deploymentTarget: .iOS(targetVersion: "15.0", devices: .iphone),
                   infoPlist: .file(path: "Hikes/Info.plist"), sources: ["Hikes/**"],
                   settings: .settings(base: ["INFOPLIST_KEY_NSLocationAlwaysAndWhenInUseUsageDescription": "TODO"]))
        ])
        """
        let f = try Fixture(["Project.swift": manifest, "Hikes/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "Hikes/Tracker.swift": Self.askAlways])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.location.file == f.path("Project.swift"))
        #expect(findings.first?.location.line == 6)
    }

    @Test("LOC002 (J2): a target made by a ProjectDescriptionHelpers function is read with the call's arguments")
    func tuistHelper() throws {
        let helper = """
        import ProjectDescription
        extension Project {
            public static func app(name: String, infoPlist: [String: Plist.Value], deployment: String = "16.0") -> Project {
                Project(name: name, targets: [
                    .target(name: name, destinations: [.iPhone, .iPad], product: .app, bundleId: "com.example.\\(name)",
                            deploymentTargets: .iOS(deployment), infoPlist: .extendingDefault(with: infoPlist), sources: ["\\(name)/Sources/**"]),
                ])
            }
        }
        """
        let manifest = "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.app(name: \"Hikes\", infoPlist: Project.locationKeys)\n"
        let constants = "import ProjectDescription\nextension Project {\n    static let locationKeys: [String: Plist.Value] = [\"NSLocationWhenInUseUsageDescription\": \"\(Text.whenInUse)\"]\n}\n"
        let f = try Fixture(["Project.swift": manifest, "Tuist/ProjectDescriptionHelpers/Project+App.swift": helper,
                             "Tuist/ProjectDescriptionHelpers/Keys.swift": constants, "Hikes/Sources/Tracker.swift": Self.askAlways])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC002"])
        let result = try TargetDiscovery(options: LintOptions(paths: [f.root])).run()
        #expect(result.targets.map(\.name) == ["Hikes"])
        #expect(result.unassignedSources.isEmpty) // the helpers are manifest code, not sources
    }

    @Test("LOC031 (J3): a Tuist target whose Info.plist lint cannot evaluate is reported, not guessed")
    func tuistUnevaluated() throws {
        let f = try Fixture(["Project.swift": Self.tuist4(infoPlist: "makeInfoPlist()"), "Hikes/Sources/Tracker.swift": Self.askAlways])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC031", "LOC031"])
        #expect(findings.contains { $0.message.hasPrefix("Tuist target 'Hikes': its infoPlist is not a literal lint can read") })
        #expect(findings.contains { $0.message.hasPrefix("no app target could be linted") })
    }

    @Test("A Project.swift that does not import ProjectDescription is app code, linted as a source")
    func projectSwiftIsAppCode() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]), "App/Project.swift": Self.askAlways])
        #expect(try f.ids() == ["LOC002"])
    }

    // MARK: XcodeGen from the repository root

    static let rootSpec = """
    name: Hikes
    include:
      - ios/specs/targets.yml
    targets:
      Hikes:
        type: application
        platform: iOS
        sources: [ios/Hikes]
        info:
          path: ios/Hikes/Info.plist
          properties:
            NSLocationWhenInUseUsageDescription: "\(Text.whenInUse)"
    """

    @Test("LOC030 (J3): a spec generated from the repository root (includes and paths from there) is read from there, and says so")
    func xcodeGenFromRepositoryRoot() throws {
        let f = try Fixture([
            ".git/HEAD": "ref: refs/heads/main\n",
            "ios/project.yml": Self.rootSpec,
            "ios/specs/targets.yml": "targets:\n  Widget:\n    type: app-extension\n    platform: iOS\n    sources: [Widget]\n    info:\n      path: Widget/Info.plist\n      properties:\n        NSLocationWhenInUseUsageDescription: TODO\n",
            "ios/Hikes/Tracker.swift": Self.askAlways,
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC002", "LOC030", "LOC010"])
        #expect(findings[1].message.hasPrefix("included spec 'ios/specs/targets.yml' is not found next to the spec but is found from the repository root '..'"))
        #expect(findings[1].location == SourceLocation(file: f.path("ios/project.yml"), line: 2))
        let names = try TargetDiscovery(options: LintOptions(paths: [f.root])).run().targets.map(\.name)
        #expect(names == ["Hikes", "Widget"])
    }

    @Test("No note when the includes are found next to the spec, as xcodegen run there reads them")
    func xcodeGenFromItsFolder() throws {
        let spec = Self.rootSpec.replacingOccurrences(of: "ios/", with: "")
        let f = try Fixture([
            ".git/HEAD": "ref: refs/heads/main\n",
            "ios/project.yml": spec,
            "ios/specs/targets.yml": "targets: {}\n",
            "ios/Hikes/Tracker.swift": Self.askAlways,
        ])
        #expect(try f.ids() == ["LOC002"])
    }

    @Test("LOC030, LOC031 (J3): an include found nowhere leaves the targets that need it unlinted, in findings, never in warnings only")
    func xcodeGenIncludeNowhere() throws {
        let spec = "name: Hikes\ninclude: [missing/templates.yml]\ntargets:\n  Hikes:\n    templates: [App]\n"
        let f = try Fixture(["project.yml": spec])
        let run = f.commandLine([f.root])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("project.yml:2:1: note: included spec 'missing/templates.yml' not found"))
        #expect(run.stdout.contains("note: target 'Hikes' uses template 'App', which the spec does not define"))
        #expect(run.stdout.contains("note: no app target could be linted"))
        #expect(run.stdout.hasSuffix("; 1 not linted: Hikes (undefined template 'App')\n"))
    }
}
