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
}
