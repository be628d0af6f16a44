import Foundation
import Testing
@testable import LocSimLint

/// Output for CI: GitHub annotations, baselines, SARIF rule metadata and the JSON schema.
@Suite struct CIOutputTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/lint-findings.schema.json").standardized.path

    /// The output tests' fixture: a vague When In Use text and background updates without the mode.
    func fixture() throws -> Fixture { try OutputAndCommandLineTests().fixture() }

    @Test("github: one workflow command per finding, error/warning/notice, escaped as the Actions toolkit does")
    func githubFormat() throws {
        let f = try fixture()
        let report = try Linter(options: LintOptions(paths: [f.root])).run()
        let lines = GitHubFormatter.render(report, baseDirectory: f.root).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("::warning file=App/Info.plist,line="))
        #expect(lines[0].contains(",title=LOC010 vague-purpose-string::NSLocationWhenInUseUsageDescription \"TODO\""))
        #expect(lines[1].hasPrefix("::error file=App/Recorder.swift,line=6,col=9,title=LOC006 background-updates-without-mode::allowsBackgroundLocationUpdates = true crashes the app"))
        #expect(lines[1].hasSuffix("(I8, I6)"))
        #expect(lines[2].hasPrefix("locsim lint: 1 error, 1 warning"))
        #expect(GitHubFormatter.escapeData("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(GitHubFormatter.escapeProperty("a,b:c%\n") == "a%2Cb%3Ac%25%0A")
        let note = Finding(checkID: "LOC021", severity: .note, message: "m", location: SourceLocation(file: f.root + "/My, App:1/A.swift", line: 3, column: 4), ruleIDs: [])
        let rendered = GitHubFormatter.render(LintReport(findings: [note], targetCount: 0, sourceFileCount: 0, parsedFileCount: 0, sourceBytes: 0), baseDirectory: f.root)
        #expect(rendered.hasPrefix("::notice file=My%2C App%3A1/A.swift,line=3,col=4,title=LOC021 request-at-launch::m\n"))
    }

    @Test("baseline: a written baseline hides today's findings, survives moved lines, and lets a new one through")
    func baselineRoundTrip() throws {
        let f = try fixture()
        let findings = try f.lint()
        let baseline = Baseline.of(findings, baseDirectory: f.root)
        let text = baseline.rendered()
        #expect(text.hasPrefix(Baseline.header + "\n"))
        #expect(text.contains("LOC006\t"))
        #expect(text.contains("\tApp/Recorder.swift\n"))
        let parsed = try Baseline.parse(text, file: "baseline")
        #expect(parsed == baseline)
        #expect(parsed.newFindings(findings, baseDirectory: f.root).isEmpty)
        // Lines shift: two lines inserted above; the same findings are still known.
        try f.write("App/Recorder.swift", "// a comment\n// another\n" + OutputAndCommandLineTests.sources + "\nfinal class Other {\n    let m = CLLocationManager()\n    func go() { m.allowsBackgroundLocationUpdates = true }\n}\n")
        let moved = try f.lint()
        let fresh = parsed.newFindings(moved, baseDirectory: f.root)
        #expect(moved.count == 3)
        #expect(fresh.map(\.checkID) == ["LOC006"])
        #expect(fresh.first?.location.line == 13)
    }

    @Test("baseline: identical lines count; a malformed file is an input error with its line")
    func baselineMultiplicityAndErrors() throws {
        let a = Finding(checkID: "LOC013", severity: .warning, message: "x", location: SourceLocation(file: "/nowhere/A.swift", line: 1), ruleIDs: [])
        let baseline = Baseline.of([a], baseDirectory: "/nowhere")
        #expect(baseline.newFindings([a, a], baseDirectory: "/nowhere").count == 1)
        #expect(Baseline.fnv1a("") == "cbf29ce484222325")
        #expect(Baseline.fnv1a("a") == "af63dc4c8601ec8c")
        #expect(Baseline.normalised("  let  x =\t1 \r") == "let x = 1")
        for (text, line) in [("LOC001\tabc\tA.swift\n", 1), (Baseline.header + "\nLOC001 0123456789abcdef A.swift\n", 2),
                             (Baseline.header + "\nLOC1\t0123456789abcdef\tA.swift\n", 2), (Baseline.header + "\n\nLOC001\t0123456789ABCDEF\tA.swift\n", 3),
                             (Baseline.header + "\nLOC001\t0123456789abcdef\t\n", 2)] {
            #expect(throws: InputError.self) { try Baseline.parse(text, file: "b.txt") }
            do { _ = try Baseline.parse(text, file: "b.txt") } catch let error as InputError { #expect(error.line == line) }
        }
    }

    @Test("sarif: tool.driver.version is the package version; every check is a rule with descriptions, help and a docs anchor")
    func sarifRules() throws {
        let f = try fixture()
        let report = try Linter(options: LintOptions(paths: [f.root])).run()
        let json = try JSONSerialization.jsonObject(with: Data(SARIFFormatter.render(report, baseDirectory: f.root).utf8)) as? [String: Any]
        let driver = ((json?["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        #expect(driver?["version"] as? String == ToolVersion.current)
        let rules = driver?["rules"] as? [[String: Any]] ?? []
        #expect(rules.count == CheckCatalog.all.count)
        for (rule, check) in zip(rules, CheckCatalog.all) {
            #expect(rule["id"] as? String == check.id)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == check.summary)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains(check.summary) == true)
            #expect(rule["helpUri"] as? String == "https://github.com/locsim/locsim/blob/main/Docs/Lint.md#\(check.id.lowercased())")
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
    }

    @Test("docs: every check id has the anchor its SARIF helpUri points at in Docs/Lint.md")
    func docsAnchors() throws {
        let doc = try String(contentsOfFile: URL(fileURLWithPath: Self.schemaPath).deletingLastPathComponent().appendingPathComponent("Lint.md").path, encoding: .utf8)
        for check in CheckCatalog.all {
            #expect(doc.contains("<a id=\"\(check.id.lowercased())\"></a>"), "Docs/Lint.md lacks the anchor of \(check.id)")
            #expect(doc.contains("| \(check.name) | \(check.defaultSeverity.rawValue) | \(check.ruleIDs.joined(separator: ", ")) |"), "Docs/Lint.md's row of \(check.id) differs from the catalog")
        }
    }

    @Test("json: the schema lists every check id and name of the catalog, in order")
    func schemaCoversEveryCheck() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))) as? [String: Any]
        let item = ((schema?["properties"] as? [String: Any])?["findings"] as? [String: Any])?["items"] as? [String: Any]
        let properties = item?["properties"] as? [String: Any]
        #expect((properties?["id"] as? [String: Any])?["enum"] as? [String] == CheckCatalog.all.map(\.id))
        #expect((properties?["name"] as? [String: Any])?["enum"] as? [String] == CheckCatalog.all.map(\.name))
    }

    @Test("json: the output validates against Docs/lint-findings.schema.json (types, required and allowed fields, enums, patterns)")
    func jsonSchema() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemaPath)))
        let f = try fixture()
        let report = try Linter(options: LintOptions(paths: [f.root])).run()
        #expect(report.findings.count == 2)
        let output = try JSONSerialization.jsonObject(with: Data(JSONFormatter.render(report, baseDirectory: f.root).utf8))
        #expect(SchemaSubset.errors(output, schema) == [])
        // The validator rejects what the schema forbids.
        var broken = output as? [String: Any] ?? [:]
        var items = broken["findings"] as? [[String: Any]] ?? []
        items[0]["line"] = "10"
        items[1]["extra"] = true
        items[1]["severity"] = "fatal"
        broken["findings"] = items
        broken["summary"] = nil
        #expect(SchemaSubset.errors(broken, schema).count == 4)
    }
}

/// The part of JSON Schema that `Docs/lint-findings.schema.json` uses: `type`, `required`,
/// `properties`, `additionalProperties: false`, `items`, `enum`, `pattern` and `minimum`.
enum SchemaSubset {
    static func errors(_ value: Any, _ schema: Any, at path: String = "$") -> [String] {
        guard let schema = schema as? [String: Any] else { return ["\(path): schema is not an object"] }
        var errors = [String]()
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { errors.append("\(path): missing \(key)") }
            for (key, child) in object {
                if let property = properties[key] { errors += Self.errors(child, property, at: "\(path).\(key)") } else if schema["additionalProperties"] as? Bool == false { errors.append("\(path): unexpected \(key)") }
            }
        case "array":
            guard let array = value as? [Any] else { return ["\(path): not an array"] }
            if let items = schema["items"] { for (i, item) in array.enumerated() { errors += Self.errors(item, items, at: "\(path)[\(i)]") } }
        case "string":
            guard let string = value as? String else { return ["\(path): not a string"] }
            if let pattern = schema["pattern"] as? String, string.range(of: pattern, options: .regularExpression) == nil { errors.append("\(path): does not match \(pattern)") }
        case "integer":
            guard let number = value as? Int else { return ["\(path): not an integer"] }
            if let minimum = schema["minimum"] as? Int, number < minimum { errors.append("\(path): below \(minimum)") }
        default:
            break
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { "\($0)" == "\(value)" }) { errors.append("\(path): not one of \(allowed)") }
        return errors
    }
}
