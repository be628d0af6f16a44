import Foundation
import Hummingbird
import LocSim
import LocSimScenario
import Testing
@testable import LocSimServe

/// 100 sessions at once on loopback, each from its own connection, for a bounded time: every
/// action a client sent is in its own session and nowhere else. `swift test` runs it for 3 s;
/// `LOCSIM_SERVE_LOAD_SECONDS=30 swift test --filter PlaygroundLoadTests` (a step of `.ci/run`)
/// runs it for 30 s.
@Suite("locsim serve: load")
struct PlaygroundLoadTests {
    static let sessions = 100
    static var seconds: Int { Int(ProcessInfo.processInfo.environment["LOCSIM_SERVE_LOAD_SECONDS"] ?? "") ?? 3 }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("100 concurrent sessions on loopback lose no events and mix no sessions")
    func concurrentSessions() async throws {
        let seconds = Self.seconds
        // Every client is 127.0.0.1 here: the per-client cap is raised to let one address have them all.
        try await makePlayground { $0.sessionsPerClient = Self.sessions }.withServer { port in
            let deadline = ContinuousClock.now + .seconds(seconds)
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<Self.sessions {
                    group.addTask { try await Self.drive(session: i, port: port, until: deadline) }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            print("locsim serve load: \(counts.reduce(0, +)) actions by \(counts.count) sessions in \(seconds) s, each checked")
            #expect(counts.count == Self.sessions)
            #expect(counts.allSatisfy { $0 > 0 }, "every session made progress")
        }
    }

    /// One client: its own app name and its own wait length, so that a step landing in another
    /// session shows in both clocks and both step lists. Returns how many actions it sent.
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    static func drive(session i: Int, port: Int, until deadline: ContinuousClock.Instant) async throws -> Int {
        try await LoopbackClient.withConnection(port: port) { client in
            let name = "App\(i)"
            let created = try await client.post("/api/sessions", #"{"app": {"name": "\#(name)"}}"#)
            #expect(created.status == .created)
            var view = try JSONDecoder().decode(SessionView.self, from: Data(String(buffer: created.body).utf8))
            let id = view.id
            let launched = try await client.post("/api/sessions/\(id)/actions", #"{"step": "launch"}"#)
            view = try JSONDecoder().decode(SessionView.self, from: Data(String(buffer: launched.body).utf8))
            let wait = ScenarioWriter.step(.wait(.seconds(i + 1))).block   // `wait: 1m` for 60 s
            var waits = 0
            // The timeline as the page keeps it: each answer holds the entries after the ones it
            // has (`?since=`), and no recorded step (`?stepsSince=` their count).
            var timeline = view.timeline
            var query = ""
            // At least one wait each, however loaded the machine (the deadline may pass while 100
            // sessions are being created).
            repeat {
                query = "?since=\(timeline.count)&stepsSince=\(view.stepCount)"
                let r = try await client.post("/api/sessions/\(id)/actions\(query)", #"{"step": "wait: \#(i + 1)s"}"#)
                #expect(r.status == .ok)
                view = try JSONDecoder().decode(SessionView.self, from: Data(String(buffer: r.body).utf8))
                waits += 1
                // Everything this client did, and nothing else: the steps, the clock, the timeline.
                #expect(view.id == id && view.app.name == name)
                #expect(view.stepCount == waits + 1 && view.steps == [wait])
                #expect(view.now == TimelineEntry.format(.seconds(waits * (i + 1))))
                #expect(view.timelineFrom == timeline.count && view.timelineCount == timeline.count + view.timeline.count)
                timeline += view.timeline
                #expect(timeline.filter { $0.text.hasPrefix("wait ") }.count == waits)
                if view.stepCount != waits + 1 { break }
            } while ContinuousClock.now < deadline
            let final = try await client.get("/api/sessions/\(id)\(query)")
            let last = try JSONDecoder().decode(SessionView.self, from: Data(String(buffer: final.body).utf8))
            #expect(last == view)
            return waits
        }
    }
}
