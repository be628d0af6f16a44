import Foundation
import Testing

/// `locsim lint` on the hostile sources of `Fuzz/Regressions/{swift,objc}`, through the built binary:
/// it finishes, says where analysis stopped (`file:line:1: note: … [LOC016 …]`), and reports the
/// right findings at the right lines.
@Suite struct HostileSourceCLITests {
    /// An Info.plist with only the When In Use key, so an Always request gives LOC002.
    static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    <key>CFBundleIdentifier</key><string>com.example.app</string>
    <key>CFBundlePackageType</key><string>APPL</string>
    <key>NSLocationWhenInUseUsageDescription</key><string>Shows your position on the map while you plan a route.</string>
    </dict>
    </plist>

    """

    /// Copies regression `kind/name` into a fresh `App/` beside the Info.plist, lints the app
    /// directory, and returns its output and the copied file's path.
    func lint(_ kind: String, _ name: String) throws -> (output: LocsimProcess.Output, file: String) {
        let app = LocsimProcess.scratch.appendingPathComponent("app-\(UUID().uuidString)/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(Self.infoPlist.utf8).write(to: app.appendingPathComponent("Info.plist"))
        let source = LocsimProcess.packageRoot.appendingPathComponent("Fuzz/Regressions/\(kind)/\(name)")
        let copy = app.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: copy)
        return (try LocsimProcess.run(["lint", app.deletingLastPathComponent().path]), copy.path)
    }

    /// The finding lines of `output` (without the summary line).
    func findingLines(_ output: LocsimProcess.Output) -> [String] {
        output.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("locsim lint:") }
    }

    /// The `file:line:column` of each finding line (typed apart from the `#expect`s that compare
    /// them: inline, the closure and the interpolated array took up to 1.7 s to type-check).
    func findingLocations(_ lines: [String]) -> [String] {
        lines.map { line -> String in line.components(separatedBy: ": ").first ?? "" }
    }

    @Test("lint: 40 and 24 nested `[` finish with one note at the line, exit 0", arguments: ["deep-square-brackets-40.swift", "deep-square-brackets-24.swift"])
    func deepSquareBrackets(name: String) throws {
        let (output, file) = try lint("swift", name)
        #expect(output.status == 0)
        let lines = findingLines(output)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("\(file):7:1: note: ") == true)
        #expect(lines.first?.hasSuffix("[LOC016 (J3)]") == true)
        #expect(output.stderr.isEmpty)
    }

    @Test("lint: calls nested beyond swift-syntax's limit give a note naming the file and line")
    func nestedCalls() throws {
        let (output, file) = try lint("swift", "nested-calls-beyond-parser-limit.swift")
        #expect(output.status == 0)
        let lines = findingLines(output)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("\(file):5:1: note: code nested deeper than the Swift parser's limit") == true)
    }

    @Test("lint: `[` nested at the limit is analysed (LOC002 at line 4, exit 1)")
    func atLimit() throws {
        let (output, file) = try lint("swift", "square-brackets-at-limit-10.swift")
        #expect(output.status == 1)
        #expect(findingLocations(findingLines(output)) == ["\(file):4:5"])
        #expect(output.stdout.contains("[LOC002 "))
    }

    @Test("lint: request text in a multi-line string past line 40 is not a request (exit 0, no findings)")
    func multilineString() throws {
        let (output, _) = try lint("swift", "multiline-string-past-line-40.swift")
        #expect(output.status == 0)
        #expect(findingLines(output).isEmpty)
    }

    @Test("lint: Objective-C line numbers after backslash-newlines (LOC002 at line 8)")
    func objcBackslashNewline() throws {
        let (output, file) = try lint("objc", "backslash-newline-string.m")
        #expect(output.status == 1)
        #expect(findingLocations(findingLines(output)) == ["\(file):8:19"])
    }

    @Test("lint: Objective-C unfinished method lines (LOC013 at 3, LOC002 and LOC013 at 206)")
    func objcUnfinishedMethods() throws {
        let (output, file) = try lint("objc", "unfinished-method-lines.m")
        #expect(output.status == 1)
        let lines = findingLines(output)
        #expect(findingLocations(lines) == ["\(file):3:19", "\(file):206:37", "\(file):206:37"])
        #expect(lines.map { $0.contains("[LOC002 ") } == [false, true, false])
    }

    @Test("lint: Objective-C unclosed `[[` in a lifecycle method (LOC013 at 206 through the message after them)")
    func objcUnclosedMessageBrackets() throws {
        let (output, file) = try lint("objc", "unclosed-message-brackets.m")
        #expect(output.status == 0)
        let lines = findingLines(output)
        #expect(findingLocations(lines) == ["\(file):206:19"])
        #expect(lines.first?.contains("[LOC013 ") == true)
    }
}
