import LocSim
import LocSimExplorer
import LocSimModel
import Testing

@Suite("App model files")
struct AppModelParserTests {
    static let valid = """
    device: {platforms: [iOS 18.0, visionOS 2.0], gracePeriod: 5s}
    app:
      screens: [home, asking]
      waiting: [asking]
      on:
        - {event: tap(go), when: home, do: [requestAlways, {set: {showsBackgroundLocationIndicator: true}}], goto: asking}
        - {event: didChangeAuthorization, when: [asking], goto: home}
    explore: {depth: 6, taps: [go]}
    """

    @Test func parsesTheIssueFormat() throws {
        let m = try AppModelParser.parse(Self.valid, file: "m.yml")
        #expect(m.platforms == [Platform(.iOS, 18), Platform(.visionOS, 2)])
        #expect(m.device.parameters.gracePeriod == .seconds(5))
        #expect(m.screens == ["home", "asking"])
        #expect(m.waiting == ["asking"])
        #expect(m.reactions.count == 2)
        #expect(m.reactions[0].event == .tap("go"))
        #expect(m.reactions[0].actions.count == 2)
        #expect(m.reactions[1].event == .callback(.didChangeAuthorization(nil)))
        #expect(m.depth == 6)
        #expect(m.name == "m.yml")
    }

    @Test("invalid models are input errors with file and line", arguments: [
        ("app:\n  screens: [a]\n  on:\n    - {event: tap(x), do: [requestAlways]}\n", 4, "not in explore.taps"),
        ("app:\n  screens: [a]\n  on:\n    - {event: wave, do: [requestAlways]}\n", 4, "unknown event 'wave'"),
        ("app:\n  screens: [a]\n  on:\n    - {event: launch, when: b}\n", 4, "unknown screen 'b'"),
        ("app:\n  screens: [a]\n  on:\n    - {event: launch, do: [launch]}\n", 4, "only app calls"),
        ("app:\n  screens: [a]\n  on:\n    - {event: launch, do: [{requestAlways: {on: second}}]}\n", 4, "one manager"),
        ("app:\n  screens: [a]\n  waiting: [z]\n  on: []\n", 3, "unknown screen 'z'"),
        ("device: {platforms: [iOS eighteen]}\napp: {screens: [a], on: []}\n", 1, "platforms"),
        ("app: {screens: [a], on: []}\nexplore: {depth: 0}\n", 2, "depth"),
        ("app: {screens: [a], on: []}\nsteps: [launch]\n", 2, "has no steps"),
        ("app: {screens: [a], on: [], colour: red}\n", 1, "unknown app key 'colour'"),
        ("app: {screens: [a], on: []}\nexplore: {taps: [" + (0...1000).map { "t\($0)" }.joined(separator: ", ") + "]}\n", 2,
         "at most 1000 taps"),
        ("device: {platforms: [iOS 18.0], significantChangeDistance: -1}\napp: {screens: [a], on: []}\n", 1,
         "significantChangeDistance must be a distance in meters"),
        ("device: {platforms: [iOS 18.0], gracePeriod: 106751991167.5d}\napp: {screens: [a], on: []}\n", 1, "bad duration"),
        ("app: {screens: [a], on: []}\nexplore: {[depth]: 3}\n", 2, "a mapping key must be a single value"),
        ("base: &b [a, b]\napp: {screens: [a], on: []}\n*b : 1\n", 3, "a mapping key must be a single value"),
    ])
    func invalidModels(_ text: String, _ line: Int, _ message: String) {
        do {
            _ = try AppModelParser.parse(text, file: "bad.yml")
            Issue.record("expected an InputError")
        } catch let e as InputError {
            #expect(e.file == "bad.yml")
            #expect(e.line == line, "\(e)")
            #expect(e.message.contains(message), "\(e)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func missingScreensIsAnError() {
        #expect(throws: InputError.self) { _ = try AppModelParser.parse("app: {on: []}\n", file: "bad.yml") }
    }
}
