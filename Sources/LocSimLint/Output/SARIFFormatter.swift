/// Renders findings as SARIF 2.1.0 (one run, every check as a rule, SPEC rule ids as tags).
public enum SARIFFormatter {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var originalUriBaseIds: [String: ArtifactLocation]?
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "locsim lint"
        var version = ToolVersion.current
        var informationUri = SARIFFormatter.documentation
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var helpUri: String
        var defaultConfiguration: Configuration
        var properties: Properties
    }
    struct Configuration: Encodable { var level: String }
    struct Properties: Encodable { var tags: [String] }
    struct Message: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    /// Renders `report`; paths inside `baseDirectory` are relative to `%SRCROOT%`.
    public static func render(_ report: LintReport, baseDirectory: String) -> String {
        let checks = CheckCatalog.all
        let rules = checks.map { check in
            Rule(id: check.id, name: check.name, shortDescription: Message(text: shortDescription(of: check)), fullDescription: Message(text: check.summary),
                 help: Message(text: "\(check.summary) Rules: \(check.ruleIDs.joined(separator: ", ")) (Docs/Rules.md). Silence one line with // locsim:disable-line \(check.id); see \(helpURI(of: check))."),
                 helpUri: helpURI(of: check), defaultConfiguration: Configuration(level: check.defaultSeverity.rawValue),
                 properties: Properties(tags: check.ruleIDs.map { "SPEC-\($0)" }))
        }
        let results = report.findings.map { finding -> Result in
            let relative = OutputFormat.displayPath(finding.location.file, base: baseDirectory)
            let isRelative = !relative.hasPrefix("/")
            return Result(ruleId: finding.checkID, ruleIndex: checks.firstIndex { $0.id == finding.checkID } ?? 0, level: finding.severity.rawValue,
                          message: Message(text: finding.message),
                          locations: [Location(physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: isRelative ? percentEncoded(relative) : "file://" + percentEncoded(relative), uriBaseId: isRelative ? "%SRCROOT%" : nil),
                            region: Region(startLine: finding.location.line, startColumn: finding.location.column)))])
        }
        let base = baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/"
        let run = Run(tool: Tool(driver: Driver(rules: rules)), results: results,
                      originalUriBaseIds: ["%SRCROOT%": ArtifactLocation(uri: "file://" + percentEncoded(base), uriBaseId: nil)])
        return JSONFormatter.encode(Log(runs: [run]))
    }

    /// The documentation page of the checks.
    static let documentation = "https://github.com/locsim/locsim/blob/main/Docs/Lint.md"

    /// The check's entry in the documentation: `Docs/Lint.md#loc001` (the table row's anchor).
    static func helpURI(of check: Check) -> String {
        "\(documentation)#\(check.id.lowercased())"
    }

    /// The check's name as words, `Missing when in use key`, for the short description.
    static func shortDescription(of check: Check) -> String {
        let words = check.name.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// Percent-encodes the characters a URI path cannot hold (spaces, `%`, `#`, `?`, non-ASCII).
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "/-._~!$&'()*+,;=:@".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
