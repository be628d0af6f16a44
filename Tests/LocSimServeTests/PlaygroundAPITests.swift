import Foundation
import Hummingbird
import LocSim
import LocSimScenario
import Testing
@testable import LocSimServe

@Suite("locsim serve: the JSON API")
struct PlaygroundAPITests {
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("The page, its script and its style are served from the binary and name no other host")
    func pageAndAssets() async throws {
        try await makePlayground().withClient { client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            let html = String(buffer: page.body)
            #expect(html.contains("/app.js") && html.contains("/app.css"))
            for path in ["/", "/app.js", "/app.css"] {
                let text = String(buffer: try await client.get(path).body)
                #expect(!text.isEmpty)
                #expect(!text.contains("http://") && !text.contains("https://"), "\(path) names another host")
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("E5, G1, G3, G6: seed 000's story through the API: the prompts' texts and buttons, provisional Always, the second prompt")
    func seed000() async throws {
        try await makePlayground().withClient { client in
            var s = try await client.newSession()
            #expect(s.platform == "iOS 18.0" && s.app.name == "Trails" && s.prompt == nil && s.app.state == "notRunning")
            s = try await client.step(s, "launch")
            s = try await client.step(s, "requestAlways")
            // E5: from notDetermined the first prompt has the When In Use buttons and string.
            let first = try #require(s.prompt)
            #expect(first.kind == "initial")
            #expect(first.buttons.map(\.word) == ["allowOnce", "allowWhileUsing", "dontAllow"])
            #expect(first.buttons.map(\.label) == ["Allow Once", "Allow While Using App", "Don’t Allow"])
            #expect(first.title == "Allow “Trails” to use your location?")
            #expect(first.message == "Trails shows your position on the trail map.")
            #expect(first.preciseToggle == true)      // F7: iOS 14+
            #expect(first.rules.contains("F4"))
            s = try await client.step(s, "choose: allowWhileUsing")
            // G1: provisional Always reads authorizedAlways; only the hidden state tells.
            #expect(s.app.status == "authorizedAlways" && s.hidden.provisional && s.app.settings == "whileUsing")
            #expect(s.graphState == "authorizedAlways (provisional)")
            s = try await client.step(s, "monitorRegion: {name: trailhead, latitude: 37.3318, longitude: -122.0312, radius: 200}")
            s = try await client.step(s, "terminate")
            s = try await client.step(s, "moveTo: {latitude: 37.3318, longitude: -122.0312}")
            // G3: the event needs Always while the app is not running: the second prompt.
            let second = try #require(s.prompt)
            #expect(second.kind == "alwaysConfirmation")
            #expect(second.buttons.map(\.word) == ["keepOnlyWhileUsing", "changeToAlwaysAllow"])
            #expect(second.message.contains("even when closed"))
            #expect(s.timeline.contains { $0.kind == "prompt" && $0.rules.contains("G3") })
            s = try await client.step(s, "wait: 15s")
            s = try await client.step(s, "choose: changeToAlwaysAllow")
            // G6: permanent Always.
            #expect(s.app.status == "authorizedAlways" && !s.hidden.provisional && s.app.settings == "always")
            #expect(s.steps.count == 8 && s.now == "+00:00:15.000")   // the eight steps sent, 15 s waited
            #expect(s.timeline.contains { $0.text == "didEnterRegion(trailhead)" })
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("The exported file replays with locsim run's runner to the page's timeline")
    func exportReplays() async throws {
        try await makePlayground().withClient { client in
            var s = try await client.newSession()
            for step in ["launch", "requestWhenInUse", "choose: {button: allowOnce, precise: off}", "background", "wait: 1h", "settings: never", "foreground"] {
                s = try await client.step(s, step)
            }
            let response = try await client.get("/api/sessions/\(s.id)/export")
            #expect(response.status == .ok)
            #expect(response.headers["content-disposition"]?.contains("attachment") == true)
            let scenario = try ScenarioParser.parse(String(buffer: response.body), file: "export.yml")
            let result = ScenarioRunner.run(scenario)
            #expect(result.outcome == .passed)
            #expect(result.timeline.entries.map(\.line) == s.timeline.map(\.line))
            #expect(scenario.steps.count == 7)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("A step that cannot apply is reported, not recorded, and leaves the device as it was")
    func invalidStep() async throws {
        try await makePlayground().withClient { client in
            var s = try await client.newSession()
            s = try await client.step(s, "launch")
            let before = s.timeline
            s = try await client.step(s, "choose: allow")    // no prompt on screen
            #expect(s.lastOutcome?.result == "invalid")
            #expect(s.lastOutcome?.message?.contains("no prompt is on screen") == true)
            #expect(s.timeline == before && s.steps == ["launch"])
            s = try await client.step(s, "settings: always")  // Settings offers no Always before a request on iOS 18
            if s.lastOutcome?.result == "invalid" {
                #expect(s.timeline == before && s.steps == ["launch"])
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Bad requests get a JSON error with a 4xx status")
    func badRequests() async throws {
        try await makePlayground().withClient { client in
            let cases: [(String, String, HTTPResponse.Status, String)] = [
                ("/api/sessions", #"{"device": {"platform": "iOS 20.0"}}"#, .badRequest, "not a release"),
                ("/api/sessions", #"{"device": {"platform": "Android 14"}}"#, .badRequest, "platform"),
                ("/api/sessions", #"{"colour": "red"}"#, .badRequest, "unknown key 'colour'"),
                ("/api/sessions", #"{"app": {"infoPlist": "/etc/passwd"}}"#, .badRequest, "reads no files"),
                ("/api/sessions", #"{"app": "#, .badRequest, "malformed YAML"),
                ("/api/sessions/nope/actions", #"{"step": "launch"}"#, .notFound, "no session 'nope'"),
            ]
            for (uri, body, status, message) in cases {
                let r = try await client.post(uri, body)
                #expect(r.status == status, "\(body)")
                #expect(errorMessage(r)?.contains(message) == true, "\(body): \(errorMessage(r) ?? "no error")")
            }
            let s = try await client.newSession()
            let actions: [(String, HTTPResponse.Status, String)] = [
                (#"{"step": "fly"}"#, .badRequest, "fly"),
                (#"{"step": "playGPX: /etc/hosts"}"#, .badRequest, "reads no files"),
                (#"{"step": "wait: soon"}"#, .badRequest, "wait"),
                (#"{"step": "launch", "do": "next"}"#, .badRequest, "not both"),
                (#"{}"#, .badRequest, "not both and not neither"),
                (#"{"do": "dance"}"#, .badRequest, "unknown action 'dance'"),
                (#"["launch"]"#, .badRequest, "JSON object"),
                (#"{"do": "next"}"#, .conflict, "no step of an opened file"),
                (#"{"do": "nextDeadline"}"#, .conflict, "nothing is scheduled"),
            ]
            for (body, status, message) in actions {
                let r = try await client.post("/api/sessions/\(s.id)/actions", body)
                #expect(r.status == status, "\(body)")
                #expect(errorMessage(r)?.contains(message) == true, "\(body): \(errorMessage(r) ?? "no error")")
            }
            // None of it touched the session.
            let after: SessionView = try decode(try await client.get("/api/sessions/\(s.id)"))
            #expect(after == s)
            for uri in ["/api/nothing", "/api/sessions/nope", "/api/sessions/nope/export"] {
                let r = try await client.get(uri)
                #expect(r.status == .notFound, "\(uri)")
                #expect(errorMessage(r) != nil, "\(uri)")
            }
            let graph = try await client.get("/api/graph?platform=iOS%2099")
            #expect(graph.status == .badRequest && errorMessage(graph)?.contains("not a release") == true)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("A body over the limit is refused with 413")
    func bodyLimit() async throws {
        try await makePlayground { $0.maxBodyBytes = 1024 }.withClient { client in
            let big = #"{"name": ""# + String(repeating: "x", count: 2000) + #""}"#
            let r = try await client.post("/api/sessions", big)
            #expect(r.status == .contentTooLarge)
            #expect(errorMessage(r)?.contains("1024") == true)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("H3: to the next deadline: Allow Once lapses at its timer")
    func nextDeadline() async throws {
        try await makePlayground().withClient { client in
            var s = try await client.newSession()
            for step in ["launch", "requestWhenInUse", "choose: allowOnce", "background"] { s = try await client.step(s, step) }
            #expect(s.hidden.temporary)
            let timer = try #require(s.hidden.timers.first)
            let r = try await client.post("/api/sessions/\(s.id)/actions", #"{"do": "nextDeadline"}"#)
            s = try decode(r)
            #expect(s.now == timer.at)
            #expect(s.steps.last?.hasPrefix("wait: ") == true)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Open: a scenario file steps through to its end with every expectation held; bad files are refused")
    func openScenario() async throws {
        let text = try String(contentsOfFile: packageRoot + "/Examples/seed000-request-always-directly.yml", encoding: .utf8)
        let scenario = try ScenarioParser.parse(text, file: "seed000.yml")
        try await makePlayground().withClient { client in
            let s0 = try await client.newSession()
            var s: SessionView = try decode(try await client.post("/api/sessions/\(s0.id)/open", openBody(text, name: "seed000.yml")))
            #expect(s.pending.count == scenario.steps.count && s.steps.isEmpty && s.app.name == "Trails")
            while !s.pending.isEmpty {
                s = try decode(try await client.post("/api/sessions/\(s.id)/actions", #"{"do": "next"}"#))
                #expect(s.lastOutcome?.result == "applied" || s.lastOutcome?.result == "held", "\(s.lastOutcome?.message ?? "")")
                if s.lastOutcome?.result != "applied" && s.lastOutcome?.result != "held" { break }
            }
            #expect(s.expectationsHeld == scenario.steps.filter { if case .expect = $0.action { true } else { false } }.count)
            #expect(s.timeline.map(\.line) == ScenarioRunner.run(scenario).timeline.entries.map(\.line))
            let model = try String(contentsOfFile: packageRoot + "/Examples/explore/buggy-tracker.yml", encoding: .utf8)
            for (body, message) in [(model, "app model"), ("steps: [", "malformed YAML"), ("name: x", "needs steps"),
                                    ("app: {infoPlist: Info.plist}\nsteps: []", "reads no files")] {
                let r = try await client.post("/api/sessions/\(s.id)/open", openBody(body))
                #expect(r.status == .badRequest, "\(body.prefix(30))")
                #expect(errorMessage(r)?.contains(message) == true, "\(errorMessage(r) ?? "no error")")
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("An expect that fails while stepping an opened file is reported and stays pending")
    func failedExpectation() async throws {
        try await makePlayground().withClient { client in
            let s0 = try await client.newSession()
            var s: SessionView = try decode(try await client.post("/api/sessions/\(s0.id)/open", openBody("steps: [launch, {expect: {status: authorizedAlways}}]")))
            s = try decode(try await client.post("/api/sessions/\(s.id)/actions", #"{"do": "next"}"#))
            s = try decode(try await client.post("/api/sessions/\(s.id)/actions", #"{"do": "next"}"#))
            #expect(s.lastOutcome?.result == "failed")
            #expect(s.lastOutcome?.message?.contains("status: expected authorizedAlways, got notDetermined") == true)
            #expect(s.pending.count == 1 && s.steps == ["launch"])
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Sessions are separate, expire when idle, and are capped")
    func sessionLifetime() async throws {
        let clock = ManualClock()
        let playground = makePlayground({ $0.capacity = 2; $0.idleTimeout = .seconds(60) }, clock: { clock.now })
        try await playground.withClient { client in
            var a = try await client.newSession()
            let b = try await client.newSession(#"{"device": {"platform": "iOS 12.4"}, "app": {"name": "Other"}}"#)
            a = try await client.step(a, "launch")
            let bAfter: SessionView = try decode(try await client.get("/api/sessions/\(b.id)"))
            #expect(bAfter == b)
            let third = try await client.post("/api/sessions", "{}")
            #expect(third.status == .serviceUnavailable && errorMessage(third)?.contains("too many sessions") == true)
            clock.advance(by: .seconds(45))
            _ = try await client.get("/api/sessions/\(a.id)")          // a is used, b is not
            clock.advance(by: .seconds(30))
            #expect(try await client.get("/api/sessions/\(b.id)").status == .notFound)
            #expect(try await client.get("/api/sessions/\(a.id)").status == .ok)
            let r = try await client.execute(.DELETE, "/api/sessions/\(a.id)")
            #expect(r.status == .noContent)
            #expect(try await client.get("/api/sessions/\(a.id)").status == .notFound)
            #expect(await playground.store.count == 0)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("The graph of a platform has the node the session is in; the vocabulary lists every known platform")
    func graphAndVocabulary() async throws {
        try await makePlayground().withClient { client in
            var s = try await client.newSession()
            for step in ["launch", "requestWhenInUse"] { s = try await client.step(s, step) }
            let graph: [String: AnyDecodable] = try decode(try await client.get("/api/graph?platform=iOS%2018.0"))
            let nodes = graph["nodes"]?.strings ?? []
            #expect(nodes.contains(s.graphState), "\(s.graphState) not in \(nodes)")
            let vocabulary: [String: AnyDecodable] = try decode(try await client.get("/api/vocabulary"))
            let platforms = vocabulary["platforms"]?.strings ?? []
            for p in ["iOS 8.0", "iOS 12.0", "iOS 13.4", "iOS 18.0", "macOS 15.0", "watchOS 11.0", "tvOS 18.0", "visionOS 2.0"] {
                #expect(platforms.contains(p), "\(p)")
            }
            #expect(vocabulary["stepWords"]?.strings == ScenarioParser.stepWords)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("The rules page anchors every rule heading by its id, and the page's rule links land on them")
    func rulesAnchors() async throws {
        try await makePlayground().withClient { client in
            let page = String(buffer: try await client.get("/rules").body)
            let markdown = try String(contentsOfFile: packageRoot + "/Docs/Rules.md", encoding: .utf8)
            let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("#### ") }.compactMap { RulesPage.ruleID(of: String($0.dropFirst(5))) }
            #expect(headings.count > 100)
            for id in headings { #expect(page.contains("id=\"\(id.lowercased())\""), "\(id)") }
            var s = try await client.newSession()
            for step in ["launch", "requestAlways", "choose: allowWhileUsing", "requestAlways", "terminate", "launch", "settings: never"] {
                s = try await client.step(s, step)
            }
            let linked = Set(s.timeline.flatMap(\.rules))
            #expect(!linked.isEmpty)
            for id in linked { #expect(headings.contains(id), "\(id) has no heading") }
        }
        let missing = try await makePlayground { $0.rulesFile = "/nonexistent/Rules.md" }.withClient { client in
            String(buffer: try await client.get("/rules").body)
        }
        #expect(missing.contains("/nonexistent/Rules.md"))
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("/rules is rendered Markdown (Ink): no literal ** or [text](url), real links, and the documents it links to are served")
    func rulesMarkdown() async throws {
        try await makePlayground().withClient { client in
            let page = String(buffer: try await client.get("/rules").body)
            let markdown = try String(contentsOfFile: packageRoot + "/Docs/Rules.md", encoding: .utf8)
            #expect(markdown.contains("**") && markdown.contains("](https://"))
            // Outside code, no emphasis marker or Markdown link is left as text.
            let prose = page.replacingOccurrences(of: #"<pre>[\s\S]*?</pre>|<code>[\s\S]*?</code>"#, with: "", options: .regularExpression)
            #expect(!prose.contains("**"), "\(prose.components(separatedBy: "**").count - 1) literal ** left")
            #expect(!prose.contains("](http"))
            #expect(page.contains("<strong>") && page.contains("<a href=\"https://"))
            #expect(page.contains("<table>") == markdown.contains("\n|"))
            // A line that starts with a code span continues its paragraph (Ink alone would break it).
            #expect(!page.contains("<p><code>Tests/LocSimTests/RulesTableTests.swift</code> checks"))
            #expect(RulesPage.joiningCodeLines("a\n`b` c\n\n```\n`x`\n```") == "a `b` c\n\n```\n`x`\n```")
            // Links to the documents beside the rules go to /docs/, which serves them.
            #expect(page.contains("href=\"/docs/Scenarios.md"))
            let scenarios = try await client.get("/docs/Scenarios.md")
            #expect(scenarios.status == .ok && String(buffer: scenarios.body).contains("<h1"))
            #expect(scenarios.headers["content-security-policy"] != nil)
            for bad in ["/docs/..%2FREADME.md", "/docs/Nope.md", "/docs/Rules.txt", "/docs/.md"] {
                #expect(try await client.get(bad).status == .notFound, "\(bad)")
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("The graph's edges are there for the page to draw (no Graphviz); the timeline marks provisional Always; an ignored action says why")
    func graphEdgesMarkerAndNotes() async throws {
        try await makePlayground().withClient { client in
            let response = try await client.get("/api/graph?platform=iOS%2018.0")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
            let nodes = try #require(object["nodes"] as? [String])
            let edges = try #require(object["edges"] as? [[String: Any]])
            #expect(edges.count >= nodes.count - 1 && !edges.isEmpty)
            for e in edges {
                let from = e["from"] as? Int ?? -1, to = e["to"] as? Int ?? -1
                #expect(nodes.indices.contains(from) && nodes.indices.contains(to) && !((e["labels"] as? [String]) ?? []).isEmpty)
            }
            var s = try await client.newSession()
            for step in ["launch", "requestAlways", "choose: allowWhileUsing"] { s = try await client.step(s, step) }
            #expect(s.timeline.last?.text == "didChangeAuthorization(authorizedAlways, provisional)", "\(s.timeline.map(\.text))")
            #expect(s.timeline.last?.line.hasSuffix("didChangeAuthorization(authorizedAlways, provisional)") == true)
            #expect(s.lastOutcome?.note == nil)
            s = try await client.step(s, "enterRegion: trailhead")
            #expect(s.lastOutcome?.result == "applied")
            #expect(s.lastOutcome?.note?.contains("monitors no region named trailhead") == true, "\(String(describing: s.lastOutcome))")
            s = try await client.step(s, "requestAlways")
            #expect(s.lastOutcome?.note?.hasPrefix("nothing happened: ") == true, "\(String(describing: s.lastOutcome))")
        }
    }
}

/// A JSON value read loosely, for checking parts of responses.
struct AnyDecodable: Decodable {
    var strings: [String]?
    init(from decoder: any Decoder) throws {
        strings = try? decoder.singleValueContainer().decode([String].self)
    }
}
