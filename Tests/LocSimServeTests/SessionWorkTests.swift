import Foundation
import LocSim
import LocSimScenario
import Testing
@testable import LocSimServe

/// The work of one request does not grow with the session (issue 31, finding 7): a view holds the
/// entries after the ones the page has (`?since=`), at most `SessionView.window` of anything, and
/// a step that fails or cannot apply replays nothing. Work is counted (entries rendered, steps
/// replayed: the view's `work`), not timed. And what one request or session may hold is bounded
/// (finding 2 for the playground): a large Open is refused with one line, a full session refuses
/// more steps.
@Suite struct SessionWorkTests {
    static let headers = [("Host", "127.0.0.1:8080"), ("Content-Type", "application/json")]

    /// A playground behind the in-process router.
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    static func playground(_ configure: (inout Playground.Options) -> Void = { _ in }) -> InProcessPlayground {
        var options = Playground.Options()
        options.rulesFile = nil
        configure(&options)
        return InProcessPlayground(options: options)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    static func call(_ p: InProcessPlayground, _ method: String, _ path: String, _ body: String = "") async -> InProcessPlayground.Answer {
        await p.respond(method: method, path: path, headers: headers, body: Data(body.utf8))
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    static func view(_ answer: InProcessPlayground.Answer) throws -> SessionView {
        #expect(answer.status == 200 || answer.status == 201, "\(answer.status): \(answer.body)")
        return try JSONDecoder().decode(SessionView.self, from: Data(answer.body.utf8))
    }

    /// A file of `launch` and `waits` one-second waits.
    static func file(waits: Int) -> String {
        "name: long\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n  - launch\n"
            + String(repeating: "  - wait: 1s\n", count: waits)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("a failing step and an impossible one at 500 and at 4,000 recorded steps: the same entries rendered, nothing replayed")
    func workDoesNotGrow() async throws {
        let p = Self.playground()
        var view = try Self.view(await Self.call(p, "POST", "/api/sessions", #"{"app": {"name": "Trails"}}"#))
        let id = view.id
        view = try Self.view(await Self.call(p, "POST", "/api/sessions/\(id)/open", openBody(Self.file(waits: 3_999))))
        #expect(view.pendingCount == 4_000 && view.pending.count == SessionView.window)
        var shown = view.timelineCount
        var work: [Int: [SessionView.WorkView]] = [:]
        for n in 1...4_000 {
            // As the page does: the entries after the ones it shows, no recorded step.
            view = try Self.view(await Self.call(p, "POST", "/api/sessions/\(id)/actions?since=\(shown)&stepsSince=\(view.stepCount)", #"{"do": "next"}"#))
            #expect(view.timelineFrom == shown)
            shown = view.timelineCount
            guard n == 500 || n == 4_000 else { continue }
            #expect(view.stepCount == n)
            var costs: [SessionView.WorkView] = []
            for step in ["expect: {status: authorizedAlways}", "choose: allowOnce"] {
                let body = String(data: try JSONEncoder().encode(["step": step]), encoding: .utf8)!
                let after = try Self.view(await Self.call(p, "POST", "/api/sessions/\(id)/actions?since=\(shown)&stepsSince=\(view.stepCount)", body))
                #expect(after.lastOutcome?.result == (step.hasPrefix("expect") ? "failed" : "invalid"))
                #expect(after.stepCount == n && after.timelineCount == shown)
                // The opened file's pending steps (the first `window` of those left) aside.
                costs.append(.init(rendered: after.work.rendered - after.pending.count, replayed: after.work.replayed))
            }
            // The whole view (no `since`): the last `window` of each, whatever the session's length.
            let whole = try Self.view(await Self.call(p, "GET", "/api/sessions/\(id)"))
            #expect(whole.timeline.count == min(SessionView.window, whole.timelineCount) && whole.steps.count == min(SessionView.window, n))
            #expect(whole.work.rendered <= 3 * SessionView.window)
            costs.append(.init(rendered: whole.work.rendered - whole.pending.count, replayed: whole.work.replayed))
            work[n] = costs
        }
        #expect(work[500] == work[4_000], "\(work)")
        #expect(work[4_000]?.allSatisfy { $0.replayed == 0 } == true, "\(work)")
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("an Open that expands past the request budget is refused with one line; so is one with more steps than a session holds")
    func openIsBounded() async throws {
        let p = Self.playground { $0.maxSessionSteps = 100 }
        let id = try Self.view(await Self.call(p, "POST", "/api/sessions", #"{"app": {"name": "Trails"}}"#)).id
        // 400 × 400 = 160,000 nodes once expanded: allowed to a file (1,000,000), not to a request.
        let list = "[" + Array(repeating: "x", count: 400).joined(separator: ", ") + "]"
        let bomb = "a: &a \(list)\nb: [" + Array(repeating: "*a", count: 400).joined(separator: ", ") + "]\n"
        let refused = await Self.call(p, "POST", "/api/sessions/\(id)/open", openBody(bomb, name: "bomb.yml"))
        #expect(refused.status == 400, "\(refused.body)")
        #expect(refused.body.contains("bomb.yml") && refused.body.contains("100000 nodes") && !refused.body.contains("\\n"), "\(refused.body)")
        let long = await Self.call(p, "POST", "/api/sessions/\(id)/open", openBody(Self.file(waits: 100), name: "long.yml"))
        #expect(long.status == 413 && long.body.contains("101 steps, more than the 100"), "\(long.body)")
        // The session is as it was.
        #expect(try Self.view(await Self.call(p, "GET", "/api/sessions/\(id)")).stepCount == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("a session that holds its most steps refuses the next with 409 and one line; export still works")
    func sessionIsBounded() async throws {
        let p = Self.playground { $0.maxSessionSteps = 20 }
        let id = try Self.view(await Self.call(p, "POST", "/api/sessions", #"{"app": {"name": "Trails"}}"#)).id
        for _ in 0..<20 { _ = try Self.view(await Self.call(p, "POST", "/api/sessions/\(id)/actions", #"{"step": "wait: 1s"}"#)) }
        let full = await Self.call(p, "POST", "/api/sessions/\(id)/actions", #"{"step": "wait: 1s"}"#)
        #expect(full.status == 409 && full.body.contains("holds 20 steps"), "\(full.body)")
        let export = await Self.call(p, "GET", "/api/sessions/\(id)/export")
        #expect(export.status == 200 && export.body.components(separatedBy: "wait: 1s").count == 21)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("a bad since is 400; a since past the end gives no entries")
    func badSince() async throws {
        let p = Self.playground()
        let id = try Self.view(await Self.call(p, "POST", "/api/sessions", #"{"app": {"name": "Trails"}}"#)).id
        #expect(await Self.call(p, "GET", "/api/sessions/\(id)?since=-1").status == 400)
        #expect(await Self.call(p, "GET", "/api/sessions/\(id)?since=x").status == 400)
        let past = try Self.view(await Self.call(p, "GET", "/api/sessions/\(id)?since=99999&stepsSince=99999"))
        #expect(past.timeline.isEmpty && past.steps.isEmpty && past.work.rendered == 0)
    }
}
