import LocSimExplorer
import LocSimModel
import Testing

/// `explore.tapsOn` (the taps each screen offers) and app storage flags (`if`, `unless`, `set`, `clear`).
@Suite("App models: taps per screen and storage flags")
struct ScreenTapsAndFlagsTests {
    /// Asks on a tap and waits; `reset` goes home from any screen it is offered on.
    static let asker = """
        name: asker
        device: {platform: iOS 18.0}
        app:
          screens: [home, asking, done]
          waiting: [asking]
          on:
            - {event: tap(ask), when: home, do: [requestWhenInUse], goto: asking}
            - {event: didChangeAuthorization(authorizedWhenInUse), when: asking, goto: done}
            - {event: tap(reset), goto: home}
        explore:
          depth: 10
          taps: [ask, reset]
        """

    @Test("C12: a waiting screen that offers no tap to leave it hangs; offering every tap everywhere hid it")
    func tapsOnRestrictsTaps() throws {
        let everywhere = Explorer.explore(try AppModelParser.parse(Self.asker, file: "asker.yml"))
        #expect(!everywhere.findings.contains { $0.kind == .hang }, "\(everywhere.findings.map(\.key))")
        let model = try AppModelParser.parse(Self.asker + "\n  tapsOn: {home: [ask], asking: [], done: [reset]}\n", file: "asker.yml")
        #expect(model.taps(on: 1).isEmpty)
        #expect(model.taps(on: 0) == ["ask"])
        let perScreen = Explorer.explore(model)
        #expect(perScreen.findings.contains { $0.kind == .hang && $0.key.hasPrefix("asking.") }, "\(perScreen.findings.map(\.key))")
    }

    /// Asks for Always from a tap; with the flag, at most once per install (E3).
    static func upgrader(flagged: Bool) -> String {
        let reaction = flagged ? "{event: tap(always), unless: askedAlways, do: [requestAlways], set: [askedAlways]}"
            : "{event: tap(always), do: [requestAlways]}"
        return """
            name: upgrader
            device: {platform: iOS 18.0}
            app:
              screens: [home]
              on:
                - \(reaction)
            explore:
              depth: 4
              taps: [always]
            """
    }

    @Test("E3: a flag set by a reaction and tested by another stops the repeated Always request")
    func flagStopsRepeatedRequest() throws {
        let plain = Explorer.explore(try AppModelParser.parse(Self.upgrader(flagged: false), file: "upgrader.yml"))
        let flaggedModel = try AppModelParser.parse(Self.upgrader(flagged: true), file: "upgrader.yml")
        #expect(flaggedModel.flags == ["askedAlways"])
        let flagged = Explorer.explore(flaggedModel)
        let repeated = { (f: Finding) in f.kind == .ignoredRequest && f.path.filter { $0.hasPrefix("tap(always)") }.count > 1 }
        #expect(plain.findings.contains(where: repeated), "\(plain.findings.map { "\($0.key) \($0.path)" })")
        #expect(!flagged.findings.contains(where: repeated), "\(flagged.findings.map { "\($0.key) \($0.path)" })")
        // The flag is part of the state: the same model state with and without it are two states.
        #expect(flagged.states > plain.states)
    }

    @Test("flags and tapsOn errors name the file and line",
          arguments: [("  tapsOn: {nowhere: [ask]}", "asker.yml:13: tapsOn: unknown screen 'nowhere'"),
                      ("  tapsOn: {home: [fly]}", "asker.yml:13: tapsOn: tap 'fly' on home is not in explore.taps")])
    func badTapsOn(_ line: String, _ message: String) {
        #expect {
            _ = try AppModelParser.parse(Self.asker + "\n" + line + "\n", file: "asker.yml")
        } throws: { "\($0)".hasPrefix(message) }
    }

    @Test("more flags than fit in a state is an error")
    func tooManyFlags() {
        let names = (0...AppModel.maxFlags).map { "f\($0)" }.joined(separator: ", ")
        let text = Self.asker.replacingOccurrences(of: "- {event: tap(reset), goto: home}", with: "- {event: tap(reset), goto: home, set: [\(names)]}")
        #expect {
            _ = try AppModelParser.parse(text, file: "asker.yml")
        } throws: { "\($0)".contains("at most \(AppModel.maxFlags) flags") }
    }
}
