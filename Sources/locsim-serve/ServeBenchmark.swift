import Dispatch
import Foundation
import LocSimCommand
import LocSimServe

/// `locsim benchmark serve`: what one request to the playground costs at 500 and at 4,000
/// recorded steps (issue 31: a failing step took 14 ms at 500 and 72 ms at 4,000 when every
/// request rendered the whole session and replayed it). Requests go through the playground's
/// router in process (`InProcessPlayground`), as the page sends them: `?since=` the entries it
/// has.
enum ServeBenchmark {
    /// The kinds of request measured at each length.
    static let requests: [(name: String, method: String, body: String?)] = [
        ("a failed expect", "POST", #"{"step": "expect: {status: authorizedAlways}"}"#),
        ("a step that cannot apply (choose, no prompt)", "POST", #"{"step": "choose: allowOnce"}"#),
        ("the whole view (GET, no since)", "GET", nil),
    ]

    static func run(repetitions: Int) -> String {
        var options = Playground.Options()
        options.rulesFile = nil
        let playground = InProcessPlayground(options: options)
        var out = "serve: one request through the router in process, ms (best of \(repetitions) rounds of 200)\n"
        out += "steps recorded".padding(toLength: 48, withPad: " ", startingAt: 0) + "     500    4000\n"
        var results: [String: [Double]] = [:]
        for length in [500, 4_000] {
            let (id, shown) = session(playground, steps: length)
            for request in requests {
                var best = Double.infinity
                for _ in 0..<repetitions {
                    let start = ContinuousClock.now
                    for _ in 0..<200 {
                        // Each request leaves the session as it was (a failed or impossible step
                        // records nothing), so every round measures the same length.
                        let path = request.method == "GET" ? "/api/sessions/\(id)" : "/api/sessions/\(id)/actions?since=\(shown)&stepsSince=\(length)"
                        _ = call(playground, request.method, path, request.body ?? "")
                    }
                    best = min(best, seconds(ContinuousClock.now - start) * 1000 / 200)
                }
                results[request.name, default: []].append(best)
            }
        }
        for request in requests {
            let cells = (results[request.name] ?? []).map { String(format: "%8.3f", $0) }.joined()
            out += request.name.padding(toLength: 48, withPad: " ", startingAt: 0) + cells + "\n"
        }
        return out
    }

    /// A session with `launch` and `steps - 1` waits, made by opening a file and taking its steps;
    /// its id and timeline length.
    static func session(_ p: InProcessPlayground, steps: Int) -> (String, Int) {
        let created = call(p, "POST", "/api/sessions", #"{"app": {"name": "Trails"}}"#)
        let id = (try? JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])?["id"] as? String ?? ""
        let file = "name: long\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n  - launch\n" + String(repeating: "  - wait: 1s\n", count: steps - 1)
        let body = String(data: try! JSONSerialization.data(withJSONObject: ["text": file]), encoding: .utf8)!
        _ = call(p, "POST", "/api/sessions/\(id)/open", body)
        var shown = 0
        for _ in 0..<steps {
            let answer = call(p, "POST", "/api/sessions/\(id)/actions?since=\(shown)&stepsSince=\(steps)", #"{"do": "next"}"#)
            let view = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            shown = view?["timelineCount"] as? Int ?? shown
        }
        return (id, shown)
    }

    /// One request, answered synchronously.
    static func call(_ p: InProcessPlayground, _ method: String, _ path: String, _ body: String) -> InProcessPlayground.Answer {
        final class Box: @unchecked Sendable { var answer: InProcessPlayground.Answer? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.answer = await p.respond(method: method, path: path, headers: [("Host", "127.0.0.1:8080"), ("Content-Type", "application/json")],
                                         body: Data(body.utf8))
            done.signal()
        }
        done.wait()
        return box.answer!
    }
}
