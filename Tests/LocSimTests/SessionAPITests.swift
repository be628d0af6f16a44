import Testing
import LocSimModel
@testable import LocSim

/// Section O through the simulator's API: sessions, live updates, monitors, on the virtual clock.
@Suite("O: the iOS 17/18 API on a simulated device")
struct SessionAPITests {
    static let here = Coordinate(latitude: 48.8566, longitude: 2.3522)
    static let there = Coordinate(latitude: 48.8600, longitude: 2.3600)

    @Test("O1, O5: iterating live updates asks for When In Use; the update waits for the answer, then carries the fix")
    func liveUpdatesAsk() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.here)
        let app = device.install()
        app.launch()
        var updates = app.liveUpdates(name: "nav").makeAsyncIterator()
        let first = try await updates.next()
        #expect(first == LiveUpdate(location: nil, diagnostics: [.authorizationRequestInProgress]))
        #expect(device.promptOnScreen?.prompt.kind == .initial)
        device.user.willChoose(.allowWhileUsing)
        let second = try await updates.next()
        #expect(second?.location?.coordinate == Self.here)
        #expect(second?.diagnostics == [])
        #expect(app.authorizationStatus == .authorizedWhenInUse)
        device.move(to: Self.there)
        #expect(try await updates.next()?.location?.coordinate == Self.there)
    }

    @Test("O6: a session created in the background is insufficiently in use until the app comes to the foreground")
    func backgroundSessionInsufficient() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.here)
        let app = device.install()
        app.launch()
        app.changeSetting(.whileUsing)
        app.enterBackground()
        device.advance(by: .seconds(30))
        let session = app.serviceSession(authorization: .whenInUse, name: "late")
        var diagnostics = session.diagnostics.makeAsyncIterator()
        #expect(try await diagnostics.next()?.flags == [.insufficientlyInUse])
        app.enterForeground()
        #expect(try await diagnostics.next()?.flags == [])
    }

    @Test("O7: on iOS 18 Always reaches live updates in the background only while an engaged .always session is held")
    func alwaysNeedsSession() async throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.here)
        let app = device.install()
        app.launch()
        app.changeSetting(.always)
        var updates = app.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.location != nil)
        app.enterBackground()
        device.advance(by: .seconds(30))
        #expect(try await updates.next() == LiveUpdate(location: nil, diagnostics: [.insufficientlyInUse]))
        app.enterForeground()
        let session = app.serviceSession(authorization: .always)
        #expect(try await updates.next()?.location != nil)
        app.enterBackground()
        device.advance(by: .seconds(30))
        device.move(to: Self.there)
        let next = try await updates.next()
        #expect(next?.location?.coordinate == Self.there)
        _ = session
    }

    @Test("The same flow gives the same timeline 100 times")
    func deterministic() async throws {
        var lines: [String]?
        for _ in 0..<100 {
            let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Self.here)
            let app = device.install()
            app.launch()
            device.user.willChoose(.allowWhileUsing)
            let session = app.serviceSession(authorization: .always)
            var updates = app.liveUpdates().makeAsyncIterator()
            _ = try await updates.next()
            _ = try await updates.next()
            app.enterBackground()
            _ = try await updates.next()
            let now = device.timeline.entries.map(\.line)
            if let lines { #expect(lines == now) } else { lines = now }
            _ = session
        }
        print(lines!.joined(separator: "\n"))
    }

    @Test("O13: releasing a background activity session ends it when releasingBackgroundActivitySessionEndsIt says so, and only then")
    func releasingActivitySession() {
        for ends in [true, false] {
            var parameters = DeviceParameters()
            parameters.releasingBackgroundActivitySessionEndsIt = ends
            let device = SimulatedDevice(platform: Platform(.iOS, 18), parameters: parameters, location: Self.here)
            let app = device.install()
            app.launch()
            app.changeSetting(.whileUsing)
            var session: BackgroundActivitySession? = app.backgroundActivitySession()
            #expect(app.model.sessions.backgroundActivity.count == 1)
            session = nil
            _ = session
            #expect(app.model.sessions.backgroundActivity.isEmpty == ends, "ends: \(ends)")
        }
    }
}
