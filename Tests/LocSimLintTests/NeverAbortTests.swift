import Foundation
import Testing
@testable import LocSimLint

/// Item 1 of issue 28: one bad or missing file in a tree is a finding (LOC029–LOC031), never the
/// end of the run; exit status 2 is left to an unusable invocation.
@Suite struct NeverAbortTests {
    /// A Flutter iOS runner as `flutter create` writes it, before `flutter pub get`: the
    /// configurations include `Generated.xcconfig`, which is generated and ignored by git.
    static func flutterRunner(generated: Bool) -> [String: String] {
        var files = [
            "ios/Runner.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "Runner/Info.plist", xcconfig: "Flutter/Release.xcconfig",
                                                                            sources: ["Runner/AppDelegate.swift"]),
            "ios/Flutter/Release.xcconfig": "#include? \"Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig\"\n#include \"Generated.xcconfig\"\n",
            "ios/Flutter/Debug.xcconfig": "#include? \"Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig\"\n#include \"Generated.xcconfig\"\n",
            "ios/Runner/Info.plist": infoPlist([PurposeKeyName.whenInUse: "$(FLUTTER_LOCATION_TEXT)"]),
            "ios/Runner/AppDelegate.swift": """
            import UIKit
            import CoreLocation
            final class Permissions {
                let manager = CLLocationManager()
                func ask() { manager.requestAlwaysAuthorization() }
            }
            """,
        ]
        if generated { files["ios/Flutter/Generated.xcconfig"] = "FLUTTER_ROOT=/opt/flutter\nFLUTTER_LOCATION_TEXT=Shows the trails near you on the map.\n" }
        return files
    }

    @Test("LOC030 (J3): a fresh Flutter checkout without Generated.xcconfig is linted; the include is a note naming the generated file")
    func flutterWithoutGeneratedFile() throws {
        let f = try Fixture(Self.flutterRunner(generated: false))
        let run = f.commandLine([f.root])
        #expect(run.status == 1) // LOC002: the Always request, found because the run went on
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC030", "LOC002"])
        let note = try #require(findings.first)
        #expect(note.location == SourceLocation(file: f.path("ios/Flutter/Release.xcconfig"), line: 2))
        #expect(note.message == "#include \"Generated.xcconfig\": the file does not exist; it is Flutter's generated build settings, written by `flutter pub get` and not checked in; the build settings it would set are unknown")
        #expect(note.severity == .note)
        #expect(run.stdout.contains("in 1 target ("))
    }

    @Test("LOC030 (J3): with Generated.xcconfig present nothing is noted and its settings resolve the purpose string")
    func flutterWithGeneratedFile() throws {
        let f = try Fixture(Self.flutterRunner(generated: true))
        #expect(try f.ids() == ["LOC002"])
    }

    @Test("LOC030 (J3): a missing CocoaPods base configuration of an app target is a note naming `pod install`; present, nothing")
    func cocoaPodsBaseConfiguration() throws {
        let base = "Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig"
        let files = ["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", xcconfig: base),
                     "App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse])]
        let findings = try Fixture(files).lint()
        #expect(findings.map(\.checkID) == ["LOC030"])
        #expect(findings.first?.message == "base configuration '\(base)': the file does not exist; it is CocoaPods' generated build settings, written by `pod install` and not checked in; the build settings it would set are unknown")
        #expect(try Fixture(files.merging([base: "OTHER_LDFLAGS = -ObjC\n"]) { $1 }).ids() == [])
    }

    static let alwaysInWhenInUseBranch = """
    import CoreLocation
    final class Tracker: NSObject, CLLocationManagerDelegate {
        let manager = CLLocationManager()
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            switch manager.authorizationStatus {
            case .authorizedWhenInUse: manager.requestAlwaysAuthorization()
            default: break
            }
        }
    }
    """

    @Test("LOC029 (J3): a malformed InfoPlist.strings is an error at its line; every other check of the app still runs")
    func malformedLocalization() throws {
        let f = try Fixture([
            "App/Info.plist": infoPlist(goodKeys),
            "App/zh-Hans.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"在地图上显示\"附近\"的步道\";\n",
            "App/Tracker.swift": Self.alwaysInWhenInUseBranch,
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC022", "LOC029"])
        let malformed = try #require(findings.last)
        #expect(malformed.severity == .error)
        #expect(malformed.location.file.hasSuffix("zh-Hans.lproj/InfoPlist.strings"))
        #expect(malformed.location.line == 1)
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
    }

    @Test("LOC029 (J3): a well-formed localization gives no LOC029")
    func wellFormedLocalization() throws {
        let f = try Fixture([
            "App/Info.plist": infoPlist(goodKeys),
            "App/zh-Hans.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"在地图上显示“附近”的步道，记录您的徒步路线\";\n",
            "App/Tracker.swift": Self.alwaysInWhenInUseBranch,
        ])
        #expect(try f.ids() == ["LOC022"])
    }

    @Test("LOC029 (J3): a malformed Info.plist is an error, its target not linted and counted in the summary; another app is still linted")
    func malformedInfoPlist() throws {
        let f = try Fixture([
            "Broken/Broken.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "Broken/Info.plist"),
            "Broken/Broken/Info.plist": "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>\n",
            "Other/Info.plist": infoPlist([PurposeKeyName.whenInUse: "TODO"]),
        ])
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.contains("Broken/Info.plist:"))
        #expect(run.stdout.contains(": error: malformed property list"))
        #expect(run.stdout.contains("Other/Info.plist:"))
        #expect(run.stdout.contains("[LOC010"))
        #expect(run.stdout.hasSuffix("in 1 target (0 source files, 0 parsed); 1 not linted: App (Info.plist malformed)\n"))
    }

    @Test("LOC031 (J3): a tree where no app target could be linted says so in a finding, not a silent 0")
    func noTargetLinted() throws {
        let f = try Fixture([
            "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tP0 = {isa = PBXProject; targets = (T1); \n}\n",
            "App/Tracker.swift": "import CoreLocation\nfunc ask(_ m: CLLocationManager) { m.requestWhenInUseAuthorization() }\n",
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC029", "LOC031"])
        #expect(findings.last?.location == findings.first?.location)
        #expect(findings.last?.message.hasPrefix("no app target could be linted (not linted: App.xcodeproj (malformed project file))") == true)
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(!run.stderr.contains("no app target found"))
        #expect(run.stdout.contains("; 1 not linted: App.xcodeproj (malformed project file)\n"))
    }

    @Test("A tree with no app target and nothing wrong keeps its stderr note and no finding")
    func noTargetNothingWrong() throws {
        let f = try Fixture(["Sources/Kit/Tracker.swift": "import CoreLocation\nfunc ask(_ m: CLLocationManager) { m.requestWhenInUseAuthorization() }\n"])
        let run = f.commandLine([f.root])
        #expect(run.status == 0)
        #expect(run.stderr.contains("note: no app target found"))
        #expect(run.stdout.hasSuffix("in 0 targets (1 source file, 1 parsed)\n"))
    }

    @Test("LOC029 (J3): a malformed project.yml is an error at its line; an app beside it is still linted")
    func malformedSpec() throws {
        let f = try Fixture([
            "Tool/project.yml": "name: X\ntargets:\n  App: [unclosed\n",
            "App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC029"])
        #expect(findings.first?.location.file.hasSuffix("Tool/project.yml") == true)
        #expect(findings.first?.message.contains("malformed YAML") == true)
        #expect(f.commandLine([f.root]).status == 1)
    }

    @Test("LOC029 (J3): a malformed .xcconfig line is a warning at its line; the rest of the file still sets its settings")
    func malformedXcconfigLine() throws {
        let f = try Fixture([
            "App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", xcconfig: "Config/App.xcconfig"),
            "Config/App.xcconfig": "this line is not a setting\nLOCATION_TEXT = Shows the trails near you on the map.\n",
            "App/Info.plist": infoPlist([PurposeKeyName.whenInUse: "$(LOCATION_TEXT)"]),
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC029"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location == SourceLocation(file: f.path("Config/App.xcconfig"), line: 1))
        let target = try #require(try TargetDiscovery(options: LintOptions(paths: [f.root])).run().targets.first)
        #expect(target.purposeStrings[PurposeKeyName.whenInUse]?.text == "Shows the trails near you on the map.")
    }

    @Test("An unreadable source is skipped with a note on stderr; the run goes on", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadableSource() throws {
        let f = try Fixture(["App/Info.plist": infoPlist([PurposeKeyName.whenInUse: Text.whenInUse]),
                             "App/Secret.swift": "import CoreLocation\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: f.path("App/Secret.swift"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: f.path("App/Secret.swift")) }
        let run = f.commandLine([f.root])
        #expect(run.status == 0)
        #expect(run.stderr.contains("Secret.swift: note: skipped: cannot read file"))
    }

    @Test("Exit status 2 stays for an unusable invocation: a missing path, a bad option")
    func invocationErrors() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys)])
        #expect(f.commandLine([f.path("does-not-exist")]).status == 2)
        #expect(f.commandLine([f.root, "--allow-outside"]).status == 2)
    }
}
