import Testing
import LocSim
import LocSimScenario

/// Inputs that once crashed or were accepted silently: each is now one clear error.
@Suite("Scenario input hardening")
struct InputHardeningTests {
    static func error(_ yaml: String) -> InputError? {
        do {
            _ = try ScenarioParser.parse(yaml, file: "hard.yml")
            return nil
        } catch let e as InputError {
            return e
        } catch {
            return nil
        }
    }

    @Test("An input error is one line: line breaks and control characters in its message and file are escaped")
    func inputErrorIsOneLine() {
        var e = InputError(file: "a\nb.yml", line: 3, message: "bad 'x\r\ny\u{1B}'")
        #expect(e.description == "a\\nb.yml:3: bad 'x\\r\\ny\\u{1B}'")
        e.message = "again\n"
        #expect(e.message == "again\\n")
        #expect(InputError(file: "f", message: "plain 'ü' message").message == "plain 'ü' message")
    }

    @Test("A duration too large for the clock is an input error, not a crash", arguments: [
        "99999999999999999999d", "4000000000000000s", "36501d", "106751991167.5d", "106751991167.999999999d",
    ])
    func hugeDuration(_ text: String) {
        let e = Self.error("steps:\n  - launch\n  - wait: \(text)\n")
        #expect(e?.line == 3)
        #expect(e?.message.contains("bad duration") == true)
    }

    @Test("Durations are decimal numbers of whole milliseconds", arguments: [
        ("0x10s", false), ("1e3s", false), ("1.5ms", false), ("-2s", false), ("s", false),
        ("1.5s", true), ("1.5h", true), ("90s", true), ("1500ms", true), ("0", true), ("2m", true),
    ])
    func durationSyntax(_ text: String, _ valid: Bool) {
        #expect((DurationText.parse(text) != nil) == valid, "\(text)")
    }

    @Test("1.5h is 5,400 s and 1500ms is 1.5 s")
    func durationValues() {
        #expect(DurationText.parse("1.5h") == .seconds(5400))
        #expect(DurationText.parse("1500ms") == .milliseconds(1500))
        #expect(DurationText.parse("1d") == .seconds(86_400))
    }

    @Test("DurationText.parse reads back what format writes, up to the limit: more than 12 digits of ms are written as seconds")
    func durationFormatReadsBack() {
        let limit = DurationText.milliseconds(DurationText.limit)
        for ms: Int64 in [0, 1, 999, 1500, 90_000, 86_400_000, 999_999_999_999, 1_000_000_000_001, 1_000_000_000_500, limit - 1, limit] {
            let d = Duration.milliseconds(ms)
            #expect(DurationText.parse(DurationText.format(d)) == d, "\(ms) ms as \(DurationText.format(d))")
        }
        #expect(DurationText.format(.milliseconds(1_000_000_000_500)) == "1000000000.5s")
        #expect(DurationText.format(.milliseconds(999_999_999_999)) == "999999999999ms")
    }

    @Test("An unreleased platform is an input error", arguments: ["iOS 99.0", "iOS 7.0", "watchOS 20", "macOS 9.0"])
    func unknownPlatform(_ text: String) {
        let e = Self.error("device: {platform: \(text)}\nsteps: [launch]\n")
        #expect(e?.line == 1)
        #expect(e?.message.contains("not a release LocSim knows") == true)
    }

    @Test("This year's year-numbered releases are known and follow the iOS generation of the same number")
    func yearNumberedReleases() throws {
        for text in ["iOS 26.0", "watchOS 26.0", "visionOS 26.0", "macOS 26.0", "tvOS 26.0"] {
            let scenario = try ScenarioParser.parse("device: {platform: \(text)}\nsteps: [launch]\n", file: "y.yml")
            #expect(scenario.device.platform.isKnownRelease)
        }
        #expect(Platform(.watchOS, 26).iOSEquivalent?.major == 26)
        #expect(Platform(.visionOS, 26).iOSEquivalent?.major == 26)
        #expect(Platform(.watchOS, 11).iOSEquivalent?.major == 18)
    }

    @Test("requestFullAccuracy needs a purpose key; a region needs a positive radius")
    func emptyValues() {
        #expect(Self.error("steps:\n  - launch\n  - requestFullAccuracy:\n")?.message.contains("needs a purpose key") == true)
        #expect(Self.error("steps:\n  - launch\n  - monitorRegion: {name: home, radius: -5}\n")?.message.contains("radius must be a positive") == true)
    }

    @Test("A duplicated key names its line")
    func duplicatedKey() {
        let e = Self.error("name: a\ndevice: {platform: iOS 18.0}\ndevice: {platform: iOS 17.0}\nsteps: [launch]\n")
        #expect(e?.message.contains("duplicated key device") == true)
        #expect(e?.line != nil)
    }

    @Test("Duration arithmetic never traps: the largest numbers in every unit are errors, not overflows", arguments: ["ms", "s", "m", "h", "d"])
    func largestDurations(_ unit: String) {
        #expect(DurationText.parse("999999999999.999999999\(unit)") == nil)
        #expect(DurationText.parse("999999999999\(unit)") == (unit == "ms" ? .milliseconds(999_999_999_999) : nil))
        #expect(DurationText.parse("9999999999999\(unit)") == nil)
    }

    /// The error `YAMLValue.parse` throws for `text`, if any.
    static func yamlError(_ text: String) -> InputError? {
        do {
            _ = try YAMLValue.parse(text, file: "y.yml")
            return nil
        } catch {
            return error as? InputError
        }
    }

    @Test("Nesting: 64 levels are read, 65 are one error with the line (YAMLLimits.maxDepth)")
    func nestingDepth() {
        let depth = YAMLLimits.maxDepth
        #expect(Self.yamlError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == nil)
        let e = Self.yamlError("a: 1\nb: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(e == InputError(file: "y.yml", line: 2, message: "YAML nested more than 64 levels deep"))
        // Deeper than libyaml's own limit (1,000): the same message.
        #expect(Self.yamlError(String(repeating: "[", count: 5000))?.message == "YAML nested more than 64 levels deep")
    }

    @Test("Aliases: a few are read; an alias bomb is one error before anything expands (YAMLLimits.maxExpandedNodes)")
    func aliasBudget() throws {
        let few = try YAMLValue.parse("base: &b {x: 1, y: [1, 2]}\none: *b\ntwo: *b\n", file: "y.yml")
        #expect(try few?.mapping("root").count == 3)
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { bomb += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let e = Self.yamlError(bomb)
        #expect(e?.line == 6)
        #expect(e?.message == "YAML expands to more than 1000000 nodes (aliases count each time they are used)")
    }

    @Test("Aliases of long text: the text they expand to is bounded in bytes (YAMLLimits.maxExpandedBytes), not only in nodes")
    func aliasTextBudget() throws {
        // 128 KiB of text aliased 100 times: 101 nodes, 12.8 MiB once built.
        let long = "name: x\nlong: &a \"" + String(repeating: "x", count: 128 << 10) + "\"\nsteps: [" + Array(repeating: "*a", count: 100).joined(separator: ", ") + "]\n"
        let e = Self.yamlError(long)
        #expect(e?.line == 3)
        #expect(e?.message == "YAML expands to more than 8388608 bytes of text (aliases count their whole text each time they are used)")
        // Through a list too: the list's text counts each time the list is used.
        let list = "l: &l [\"" + String(repeating: "y", count: 1_000_000) + "\"]\nm: [" + Array(repeating: "*l", count: 8).joined(separator: ", ") + "]\n"
        #expect(Self.yamlError(list)?.message.contains("bytes of text") == true)
        // Under the budget: read.
        let fine = "l: &l [\"" + String(repeating: "y", count: 1_000_000) + "\"]\nm: [" + Array(repeating: "*l", count: 6).joined(separator: ", ") + "]\n"
        #expect(Self.yamlError(fine) == nil)
    }

    @Test("A list or mapping as a mapping key is one error with its line, written out or through an alias", arguments: [
        ("{[a]: 1}\n", 1), ("x: 1\n? a: b\n: 1\n", 2), ("x: &l [1]\n*l : 1\n", 2), ("x: 1\n? [a, b]\n: 1\n", 2),
    ])
    func complexKeys(_ text: String, _ line: Int) {
        #expect(Self.yamlError(text) == InputError(file: "y.yml", line: line,
                                                   message: "malformed YAML: a mapping key must be a single value, not a list or mapping"))
    }

    @Test("An alias of a single value is a valid key")
    func scalarAliasKey() throws {
        let value = try YAMLValue.parse("x: &k name\n*k : 1\n", file: "y.yml")
        #expect(try value?.mapping("root").map(\.key) == ["x", "name"])
    }

    @Test("YAML syntax errors are one line with the line number", arguments: [
        ("name: x\nsteps: [launch\n", 3, "malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence, column 1)"),
        ("name: x\nsteps:\n  - wait: 1s\u{1}\n", 3, "malformed YAML: control characters are not allowed"),
        ("a: b: c\n", 1, "malformed YAML: mapping values are not allowed in this context (column 5)"),
        ("a: *missing\n", 1, "malformed YAML: found undefined alias"),
    ])
    func syntaxErrors(_ text: String, _ line: Int, _ message: String) {
        #expect(Self.yamlError(text) == InputError(file: "y.yml", line: line, message: message))
    }

    @Test("YAML text over YAMLLimits.maxFileBytes is an error without reading it")
    func sizeLimit() {
        let text = "a: " + String(repeating: "x", count: YAMLLimits.maxFileBytes)
        #expect(Self.yamlError(text)?.message == "YAML text is larger than 1048576 bytes")
    }

    @Test("A negative significantChangeDistance is an error with its line; 0 is a distance")
    func negativeDistance() {
        let e = Self.error("name: x\ndevice: {platform: iOS 18.0, significantChangeDistance: -1.5}\nsteps: [launch]\n")
        #expect(e == InputError(file: "hard.yml", line: 2, message: "significantChangeDistance must be a distance in meters (0 or more), not '-1.5'"))
        #expect(Self.error("name: x\ndevice: {platform: iOS 18.0, significantChangeDistance: 0}\nsteps: [launch]\n") == nil)
    }
}
