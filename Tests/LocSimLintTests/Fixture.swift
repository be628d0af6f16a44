import Foundation
@testable import LocSimLint
import LocSimModel

/// A temporary directory of files to lint, removed when the fixture is released.
final class Fixture {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-lint-test-\(UUID().uuidString)").path
        for (path, contents) in files {
            try write(path, contents)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ path: String, _ contents: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func write(_ path: String, data: Data) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func lint(platform: Platform.OS? = nil, deploymentTarget: String? = nil, configuration: LintConfiguration = LintConfiguration()) throws -> [Finding] {
        try Linter(options: LintOptions(paths: [root], platform: platform, deploymentTarget: deploymentTarget, configuration: configuration)).run().findings
    }

    /// Lints `paths` (absolute), allowing `allowOutside` folders to be read.
    static func lint(paths: [String], allowOutside: [String] = []) throws -> [Finding] {
        var options = LintOptions(paths: paths)
        options.allowOutside = allowOutside
        return try Linter(options: options).run().findings
    }

    /// Check ids of the findings, in output order.
    func ids(platform: Platform.OS? = nil, deploymentTarget: String? = nil, configuration: LintConfiguration = LintConfiguration()) throws -> [String] {
        try lint(platform: platform, deploymentTarget: deploymentTarget, configuration: configuration).map(\.checkID)
    }

    /// Runs the command line in the fixture's directory with `arguments` (arguments naming a file under the root are made absolute).
    func commandLine(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out = ""
        var err = ""
        let status = LintCommandLine.main(arguments: arguments.map { !$0.hasPrefix("/") && FileManager.default.fileExists(atPath: path($0)) ? path($0) : $0 }, stdout: &out, stderr: &err)
        return (status, out, err)
    }
}

/// An XML Info.plist with `strings` as string entries and `raw` inserted verbatim inside the dict.
func infoPlist(_ strings: [String: String] = [:], raw: String = "", bundle: Bool = true) -> String {
    var body = bundle ? "\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\t<key>CFBundlePackageType</key>\n\t<string>APPL</string>\n" : ""
    for (key, value) in strings.sorted(by: { $0.key < $1.key }) {
        body += "\t<key>\(key)</key>\n\t<string>\(value)</string>\n"
    }
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)\(raw)</dict>
    </plist>

    """
}

/// A `UIBackgroundModes` array for `infoPlist(raw:)`.
func backgroundModes(_ modes: String...) -> String {
    "\t<key>UIBackgroundModes</key>\n\t<array>\n" + modes.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n"
}

enum Text {
    static let whenInUse = "Shows your position on the trail map while you record a hike."
    static let always = "Keeps recording your hike in the background, even when the screen is locked."
}

/// The purpose strings of a well-configured app asking for Always.
let goodKeys = [PurposeKey.whenInUse.rawValue: Text.whenInUse, PurposeKey.alwaysAndWhenInUse.rawValue: Text.always]

/// The purpose string of a well-configured app that only asks for When In Use (an Always text
/// there would be LOC024's unused text).
let whenInUseKeys = [PurposeKey.whenInUse.rawValue: Text.whenInUse]
