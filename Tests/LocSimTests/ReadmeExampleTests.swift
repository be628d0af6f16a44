import Foundation
import Testing
import LocSim

/// The example test printed in README.md, kept here verbatim so the README cannot go stale.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func alwaysAfterAllowOnceIsIgnoredAndTheGrantLapses() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Trails"))
        var manager: LocationManager!
        app.onLaunch = { manager = LocationManager(app: $0) }
        app.launch()
        manager.requestWhenInUseAuthorization()
        try device.choose(.allowOnce)
        manager.requestAlwaysAuthorization()                     // E8: no prompt, no callback
        #expect(device.promptOnScreen == nil)
        app.enterBackground()
        device.advance(by: .seconds(61))                         // past the grace period and the lapse (10 s + 50 s)
        #expect(manager.authorizationStatus == .notDetermined)   // H2: Allow Once lapsed
    }

    @Test("The README's example is the one in this file")
    func readmeMatches() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "        let device = SimulatedDevice(platform: Platform(.iOS, 18))"))
        let end = try #require(source.range(of: "// H2: Allow Once lapsed\n"))
        let body = source[start.lowerBound..<end.upperBound]
            .split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
        #expect(readme.contains(body))
    }
}
