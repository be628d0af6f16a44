import Foundation
import Testing
@testable import LocSimLint
import LocSimModel

/// Reading plists (XML and binary), build settings, XcodeGen specs, strings files, and bad input.
@Suite struct InputTests {
    static let requestWhenInUse = "import CoreLocation\nfunc ask(_ m: CLLocationManager) { m.requestWhenInUseAuthorization() }\n"

    @Test("LOC001 (J1): a binary Info.plist is read")
    func binaryPlist() throws {
        let dict: [String: Any] = ["CFBundleIdentifier": "com.example", PurposeKey.whenInUse.rawValue: "$(MISSING)"]
        let data = try PropertyListSerialization.data(fromPropertyList: dict, format: .binary, options: 0)
        let f = try Fixture(["App/Ask.swift": Self.requestWhenInUse])
        try f.write("App/Info.plist", data: data)
        #expect(try f.ids() == [])
        let bad = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "com.example"], format: .binary, options: 0)
        try f.write("App/Info.plist", data: bad)
        #expect(try f.ids() == ["LOC001"])
    }

    @Test("LOC009 (D3): $(VAR) resolved through the project's xcconfig is checked as text")
    func xcconfigResolution() throws {
        let f = try Fixture([
            "App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: "App/Info.plist", xcconfig: "Config/App.xcconfig"),
            "Config/App.xcconfig": "// base\n#include \"Shared.xcconfig\"\nLOCATION_TEXT = $(EMPTY_TEXT)\n",
            "Config/Shared.xcconfig": "EMPTY_TEXT = \n",
            "App/Info.plist": infoPlist([PurposeKey.whenInUse.rawValue: "$(LOCATION_TEXT)"]),
        ])
        #expect(try f.ids() == ["LOC009"])
    }

    @Test("LOC001 (J1): INFOPLIST_KEY_ build settings declare purpose strings for generated plists")
    func generatedPlist() throws {
        let f = try Fixture([
            "App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: nil, settings: ["GENERATE_INFOPLIST_FILE": "YES",
                                                                                               "INFOPLIST_KEY_NSLocationWhenInUseUsageDescription": "TODO"],
                                                                     sources: ["App/Ask.swift"]),
            "App/Ask.swift": Self.requestWhenInUse,
        ])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC010"])
        #expect(findings.first?.location.file.hasSuffix("project.pbxproj") == true)
        #expect((findings.first?.location.line ?? 0) > 1)
    }

    @Test("LOC002 (E9): XcodeGen project.yml info.properties, platform and deploymentTarget are read")
    func xcodeGen() throws {
        let spec = """
        name: Hikes
        options:
          deploymentTarget:
            iOS: "10.0"
        targets:
          Hikes:
            type: application
            platform: iOS
            sources: [Hikes]
            info:
              path: Hikes/Info.plist
              properties:
                NSLocationWhenInUseUsageDescription: "\(Text.whenInUse)"
        """
        let requestAlways = "import CoreLocation\nfunc ask(_ m: CLLocationManager) { m.requestAlwaysAuthorization() }\n"
        let f = try Fixture(["project.yml": spec, "Hikes/Ask.swift": requestAlways])
        #expect(try f.ids() == ["LOC002", "LOC004"])
    }

    @Test("watchOS: a WatchKit extension plist is a watchOS target", arguments: [
        "\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.watchkit</string>\n\t</dict>\n",
        "\t<key>WKApplication</key>\n\t<true/>\n",
    ])
    func watchPlatform(raw: String) throws {
        let document = try PlistDocument(path: "Info.plist", data: Data(infoPlist(raw: raw).utf8))
        #expect(TargetDiscovery.os(inferredFrom: document) == .watchOS)
    }

    @Test("LOC029 (J3): a malformed plist is an error finding at its file and line")
    func malformedPlist() throws {
        let f = try Fixture(["App/Info.plist": "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>\n"])
        let findings = try f.lint()
        #expect(findings.map(\.checkID) == ["LOC029", "LOC031"]) // and no app target could be linted
        #expect(findings.first?.location == SourceLocation(file: f.path("App/Info.plist"), line: 5))
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix(f.path("App/Info.plist") + ":5:1: error: malformed property list"))
    }

    @Test("LOC029 (J3): a malformed project.yml is an error finding at its file and line")
    func malformedYAML() throws {
        let f = try Fixture(["project.yml": "name: X\ntargets:\n  App: [unclosed\n"])
        let run = f.commandLine([f.root])
        #expect(run.status == 1)
        #expect(run.stdout.contains("project.yml:"))
        #expect(run.stdout.contains("malformed YAML"))
    }

    @Test("XcodeGen and .locsim.yml versions are read as written: an unquoted 10.10 is 10.10, not the number 10.1")
    func unquotedVersions() throws {
        let f = try Fixture(["project.yml": "name: P\noptions:\n  deploymentTarget:\n    iOS: 11.10\ntargets:\n  A:\n    type: application\n    platform: iOS\n    deploymentTarget: 10.10\n  B:\n    type: application\n    platform: iOS\n"])
        let targets = try XcodeGenSpec.load(f.path("project.yml"))
        #expect(targets.map(\.deploymentTarget) == ["10.10", "11.10"])
        #expect(try LintConfiguration.parse("deployment-target: 10.10\n", path: "c.yml").deploymentTarget == "10.10")
    }

    @Test(".locsim.yml: an invalid deployment target is an error with its line")
    func invalidConfigDeploymentTarget() {
        #expect(throws: InputError(file: "c.yml", line: 2, message: "invalid deployment target 'banana' (expected a version such as 14.0)")) {
            try LintConfiguration.parse("disabled: []\ndeployment-target: banana\n", path: "c.yml")
        }
    }

    @Test("project.yml and .locsim.yml: a list or mapping as a key is an error, not a trap in Yams' constructor", arguments: [
        "{[a]: 1}\n", "name: P\n? a: b\n: 1\n",
    ])
    func complexKeys(_ text: String) throws {
        let f = try Fixture(["project.yml": text])
        #expect(throws: InputError.self) { try XcodeGenSpec.load(f.path("project.yml")) }
        #expect(throws: InputError.self) { try LintConfiguration.parse(text, path: "c.yml") }
    }

    @Test("project.yml merge keys (<<) are applied, explicit keys winning")
    func mergeKeys() throws {
        let spec = "name: P\nbase: &base {type: application, platform: iOS, deploymentTarget: 12.0}\ntargets:\n  A:\n    <<: *base\n    deploymentTarget: 13.0\n  B: {<<: *base}\n"
        let f = try Fixture(["project.yml": spec])
        let targets = try XcodeGenSpec.load(f.path("project.yml"))
        #expect(targets.map(\.deploymentTarget) == ["13.0", "12.0"])
        #expect(targets.map(\.platformName) == ["iOS", "iOS"])
    }

    @Test("bad input: a missing path exits with status 2; a malformed strings file is a LOC029 error at its line")
    func missingPathAndStrings() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys), "App/en.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"x\"\n"])
        let strings = f.commandLine([f.root])
        #expect(strings.status == 1)
        #expect(strings.stdout.contains("InfoPlist.strings:2:1: error: expected ';' [LOC029"))
        #expect(f.commandLine([f.path("does-not-exist")]).status == 2)
    }

    @Test("strings files: UTF-16 with a byte-order mark and comments")
    func utf16Strings() throws {
        let text = "// comment\n/* block */ \"NSLocationWhenInUseUsageDescription\" = \"Shows \\\"you\\\" on the map\";\n"
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        let f = try Fixture([:])
        try f.write("InfoPlist.strings", data: data)
        let strings = try StringsFile(path: f.path("InfoPlist.strings"))
        #expect(strings.entries.map(\.key) == [PurposeKey.whenInUse.rawValue])
        #expect(strings.entries.first?.value == "Shows \"you\" on the map")
        #expect(strings.entries.first?.location.line == 2)
    }

    @Test("build settings: $(inherited), nested variables and unresolved variables")
    func buildSettings() {
        var settings = BuildSettings(["A": "one", "B": "$(A) two", "C": "${B}!"])
        settings.overlay(BuildSettings(["A": "$(inherited) zero"]))
        #expect(settings.resolve("$(C)") == "one zero two!")
        #expect(settings.resolve("$(NOPE) x") == nil)
        #expect(settings.resolve("no variables") == "no variables")
    }

    @Test("build settings: a value made by $(inherited) is trimmed as Foundation trims whitespace, looking only at its ends")
    func inheritedValuesAreTrimmed() {
        // Each scalar up to U+3100 (every space separator but none beyond), at both ends, alone, and twice.
        var differ: [String] = []
        for v in UInt32(0)...0x3100 {
            guard let c = Unicode.Scalar(v) else { continue }
            for text in ["\(c)a\(c)", "\(c)", "\(c)\(c)b \(c)", "b\(c)"] where BuildSettings.trimmingWhitespace(text) != text.trimmingCharacters(in: .whitespaces) {
                differ.append("U+" + String(v, radix: 16) + " in " + text.debugDescription)
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
        #expect(BuildSettings.trimmingWhitespace(" \t\u{A0}\u{200B} ") == "")
        for base in ["", " ", " \t x", "a\u{3000}", "\u{A0}", "é ", "\u{202F}$(X)\u{2009}", "a\u{301} "] {
            for value in ["$(inherited)", " $(inherited) ", "${inherited}\t", "\u{2003}$(inherited)b$(inherited)\u{1680}"] {
                var settings = BuildSettings(["K": base])
                settings.overlay(BuildSettings(["K": value]))
                let expected = value.replacingOccurrences(of: "$(inherited)", with: base).replacingOccurrences(of: "${inherited}", with: base)
                #expect(settings.values["K"] == expected.trimmingCharacters(in: .whitespaces), "\(base.debugDescription) \(value.debugDescription)")
            }
        }
    }

    @Test("build settings: $(inherited) is found in one pass, left to right, and a value grown past the limit is refused, one at it kept")
    func inheritedOffsetsAndLimit() throws {
        // "é" is two bytes; `$$(inherited)` holds one at its second byte; `${inherited)` mixes the spellings: none.
        #expect(BuildSettings.inheritedOffsets("é$(inherited)${inherited}$$(inherited)x${inherited)") == [2, 14, 27])
        #expect(BuildSettings.inheritedOffsets("$(inherited") == [])
        #expect(BuildSettings.inheriting("é$(inherited)-${inherited}", at: [2, 15], from: "ab") == "éab-ab")
        let limit = BuildSettingResolver.maximumSubstitutedCharacters
        let base = String(repeating: "b", count: limit / 2)
        let fits = "$(inherited)" + String(repeating: "x", count: limit - base.count)
        var settings = BuildSettings(["K": base, "L": base])
        try settings.overlayBounded(BuildSettings(["K": fits]))
        #expect(settings.values["K"]?.utf8.count == limit)
        #expect(throws: BuildSettingResolver.Overflow(name: "L")) { try settings.overlayBounded(BuildSettings(["L": fits + "x", "M": "m"])) }
        #expect(settings.values["L"] == nil && settings.values["M"] == "m" && settings.values["K"]?.utf8.count == limit)
    }

    @Test("discovery: a symbolic link back up the tree does not loop")
    func symlinkLoop() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys)])
        try FileManager.default.createSymbolicLink(atPath: f.path("App/loop"), withDestinationPath: f.root)
        #expect(try f.ids() == [])
    }
}
