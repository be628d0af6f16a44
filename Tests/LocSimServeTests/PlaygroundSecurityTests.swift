import Foundation
import Hummingbird
import LocSim
import LocSimExplorer
import LocSimModel
import LocSimScenario
import NIOCore
import NIOPosix
import Testing
@testable import LocSimServe

/// What a web page on another site, or a client that holds connections, can do to the
/// playground: issue 31's server findings, each on loopback.
@Suite("locsim serve: hostile clients")
struct PlaygroundSecurityTests {
    static let newSessionBody = #"{"app": {"name": "Trails"}}"#

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("DNS rebinding: a foreign Host, no Host or two get 403 in plain text and create nothing; loopback names pass")
    func foreignHost() async throws {
        let playground = makePlayground()
        try await playground.withClient { client in
            for host in ["attacker.example", "attacker.example:8080", "127.evil.example", "127.0.0.1.evil.example",
                         "localhost.evil.example", "0.0.0.0", "10.0.0.1", "[::2]", "", "127.0.0.1:80:80", "[::1"] {
                let page = try await client.get("/", headers: ["Host": host])
                #expect(page.status == .forbidden, "Host: \(host)")
                #expect(page.headers["content-type"]?.hasPrefix("text/plain") == true, "Host: \(host)")
                #expect(String(buffer: page.body).contains("Host header"), "Host: \(host)")
                let created = try await client.post("/api/sessions", Self.newSessionBody, headers: ["Host": host])
                #expect(created.status == .forbidden, "Host: \(host)")
            }
            #expect(try await client.get("/", headers: ["Host": nil]).status == .forbidden)
            #expect(try await client.post("/api/sessions", Self.newSessionBody, headers: ["Host": nil]).status == .forbidden)
            let two = try await client.post("/api/sessions", Self.newSessionBody, headers: ["Host": "127.0.0.1", "Host": "attacker.example"])
            #expect(two.status == .forbidden)
            #expect(await playground.store.count == 0)
            for host in ["127.0.0.1", "127.0.0.1:8080", "127.1.2.3:9", "localhost", "LocalHost:80", "[::1]", "[::1]:8080", "[0:0:0:0:0:0:0:1]:1"] {
                #expect(try await client.get("/api/vocabulary", headers: ["Host": host]).status == .ok, "Host: \(host)")
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("--allowed-host: a name given by the option is answered on any port, and its pages may post")
    func allowedHost() async throws {
        let host = "playground.test:4321"
        let refused = try await makePlayground().withClient { client in try await client.get("/", headers: ["Host": host]) }
        #expect(refused.status == .forbidden)
        try await makePlayground { $0.allowedHosts = ["Playground.Test", "192.168.1.20"] }.withClient { client in
            #expect(try await client.get("/", headers: ["Host": host]).status == .ok)
            #expect(try await client.get("/", headers: ["Host": "192.168.1.20:8080"]).status == .ok)
            #expect(try await client.get("/", headers: ["Host": "other.test"]).status == .forbidden)
            let created = try await client.post("/api/sessions", Self.newSessionBody,
                                                headers: ["Host": host, "Origin": "http://playground.test:4321"])
            #expect(created.status == .created)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Cross-site requests: a foreign Origin gets 403, a body that is not JSON 415; the page's own origin passes")
    func crossSite() async throws {
        let playground = makePlayground()
        try await playground.withServer { port in
            try await LoopbackClient.withConnection(port: port) { client in
                let own = "127.0.0.1:\(port)"
                for origin in ["https://attacker.example", "http://attacker.example", "null", "http://localhost:\(port)",
                               "http://127.0.0.1:\(port + 1)", "http://127.0.0.1", "file://", "http://127.0.0.1:\(port)/x"] {
                    let r = try await client.post("/api/sessions", Self.newSessionBody, headers: ["Host": own, "Origin": origin])
                    #expect(r.status == .forbidden, "Origin: \(origin)")
                    #expect(errorMessage(r)?.contains("Origin") == true, "Origin: \(origin)")
                }
                for type in ["text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                             "application/yaml", "application/jsonp", nil] as [String?] {
                    let r = try await client.post("/api/sessions", Self.newSessionBody, headers: ["Content-Type": type])
                    #expect(r.status == .unsupportedMediaType, "Content-Type: \(type ?? "none")")
                    #expect(errorMessage(r)?.contains("application/json") == true)
                }
                #expect(await playground.store.count == 0)
                // The page's own requests: its origin, JSON with or without parameters.
                let s: SessionView = try decode(try await client.post("/api/sessions", Self.newSessionBody,
                                                                     headers: ["Host": own, "Origin": "http://\(own)", "Content-Type": "Application/JSON; charset=utf-8"]))
                let text = try await client.post("/api/sessions/\(s.id)/actions", #"{"step": "launch"}"#, headers: ["Content-Type": "text/plain"])
                #expect(text.status == .unsupportedMediaType)
                let foreign = try await client.post("/api/sessions/\(s.id)/actions", #"{"step": "launch"}"#, headers: ["Origin": "https://attacker.example"])
                #expect(foreign.status == .forbidden)
                #expect(try await client.execute(.DELETE, "/api/sessions/\(s.id)", headers: ["Content-Type": nil]).status == .unsupportedMediaType)
                let after: SessionView = try decode(try await client.get("/api/sessions/\(s.id)"))
                #expect(after.steps.isEmpty)
                #expect(try await client.execute(.DELETE, "/api/sessions/\(s.id)", headers: ["Host": own, "Origin": "http://\(own)"]).status == .noContent)
                // CORS stays closed: no Access-Control-* header, even to a preflight.
                let preflight = try await client.execute(.OPTIONS, "/api/sessions", headers: [
                    "Origin": "https://attacker.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"])
                #expect(preflight.status != .ok && preflight.status != .noContent)
                for response in [preflight, text, foreign] {
                    #expect(!response.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(response.headers)")
                }
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Every response, refusals included, forbids framing and sniffing; the HTML pages carry a policy their own markup keeps")
    func securityHeaders() async throws {
        try await makePlayground().withClient { client in
            var responses: [(String, LoopbackResponse)] = []
            for uri in ["/", "/app.js", "/app.css", "/rules", "/rules.css", "/api/vocabulary", "/api/graph", "/api/nothing", "/api/sessions/nope"] {
                responses.append((uri, try await client.get(uri)))
            }
            responses.append(("foreign Host", try await client.get("/", headers: ["Host": "attacker.example"])))
            responses.append(("text/plain POST", try await client.post("/api/sessions", "{}", headers: ["Content-Type": "text/plain"])))
            responses.append(("POST", try await client.post("/api/sessions", "{}")))
            for (what, r) in responses {
                #expect(r.headers["x-frame-options"] == "DENY", "\(what)")
                #expect(r.headers["x-content-type-options"] == "nosniff", "\(what)")
            }
            for uri in ["/", "/rules"] {
                let r = try await client.get(uri)
                let policy = try #require(r.headers["content-security-policy"], "\(uri)")
                #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'") && policy.contains("default-src 'none'"))
                #expect(!policy.contains("unsafe"))
                // What the policy allows is what the page uses: no inline script, style or handler.
                let html = String(buffer: r.body)
                #expect(!html.contains("<style") && !html.contains(" style=") && !html.contains("javascript:"), "\(uri)")
                #expect(html.components(separatedBy: "<script").dropFirst().allSatisfy { $0.hasPrefix(" src=\"/") }, "\(uri)")
                #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(uri)")
            }
            // The script never writes markup, and sends JSON only.
            let script = String(buffer: try await client.get("/app.js").body)
            #expect(!script.contains("innerHTML") && !script.contains("outerHTML") && !script.contains("insertAdjacentHTML"))
            #expect(!script.contains("application/yaml") && script.contains(#"options.headers["Content-Type"] = "application/json""#))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("One client's sessions are capped (429), on top of the global cap; ending one makes room")
    func sessionsPerClient() async throws {
        let playground = makePlayground { $0.sessionsPerClient = 3 }
        try await playground.withClient { client in
            var ids: [String] = []
            for _ in 0..<3 { ids.append(try await client.newSession().id) }
            let fourth = try await client.post("/api/sessions", Self.newSessionBody)
            #expect(fourth.status == .tooManyRequests)
            #expect(errorMessage(fourth)?.contains("too many sessions from this client (3)") == true)
            #expect(await playground.store.count == 3)
            #expect(try await client.execute(.DELETE, "/api/sessions/\(ids[0])").status == .noContent)
            #expect(try await client.post("/api/sessions", Self.newSessionBody).status == .created)
        }
        // Another address has its own allowance; the global cap still holds.
        let store = SessionStore(idleTimeout: .seconds(60), capacity: 3, perClient: 2)
        let app = AppDescription(name: "Trails")
        for _ in 0..<2 { _ = try await store.create(name: "s", device: DeviceSpec(), app: app, client: "192.0.2.1") }
        await #expect(throws: PlaygroundError.self) { try await store.create(name: "s", device: DeviceSpec(), app: app, client: "192.0.2.1") }
        _ = try await store.create(name: "s", device: DeviceSpec(), app: app, client: "192.0.2.2")
        let error = await #expect(throws: PlaygroundError.self) { try await store.create(name: "s", device: DeviceSpec(), app: app, client: "192.0.2.3") }
        #expect(error?.status == .serviceUnavailable)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Idle, slow-header and idle keep-alive connections are closed after the connection timeout")
    func connectionTimeouts() async throws {
        // Long enough that a loaded machine (the whole suite on two cores) sends the first request
        // of a fresh connection within it; a connection idle for it is closed.
        let timeout = Duration.seconds(3)
        let bound = Duration.seconds(20)       // without a timeout, all three stay open past this
        try await makePlayground { $0.connectionTimeout = timeout }.withServer { port in
            // Idle from the start.
            var start = ContinuousClock.now
            let idle = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
            let idleFor = try await Self.timeUntilClosed(idle, since: start, within: bound) { }
            // Slowloris: a request head one byte every 50 ms, never finished.
            start = ContinuousClock.now
            let slow = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
            var bytes = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)[...]
            let slowFor = try await Self.timeUntilClosed(slow, since: start, within: bound) {
                let byte = bytes.popFirst() ?? UInt8(ascii: "a")
                try? await slow.writeAndFlush(ByteBuffer(bytes: [byte])).get()
            }
            print("locsim serve timeouts (\(timeout)): idle closed after \(idleFor), slow headers after \(slowFor)")
            // Closed by the timeout, not by an error: not before it (the slow head never ends: its
            // last header line grows by an "a" every 50 ms).
            #expect(idleFor >= timeout && slowFor >= timeout)
            // Idle after an answered request: the next request finds the connection closed. On a
            // loaded machine a fresh connection can sit idle past the timeout before its first
            // request goes out, or is answered (the server closing it then is the behaviour under
            // test too): such a connection is counted and another one tried, a few times at most.
            var closedBeforeTheFirstRequest = 0
            var answered = false
            while !answered && closedBeforeTheFirstRequest < 5 {
                try await LoopbackClient.withConnection(port: port) { client in
                    let first: LoopbackResponse
                    do { first = try await client.get("/api/vocabulary") } catch let error as LoopbackError
                        where error.description.contains("closed before") || error.description.contains("closed during") {
                        closedBeforeTheFirstRequest += 1
                        return
                    }
                    answered = true
                    #expect(first.status == .ok)
                    try await Task.sleep(for: timeout * 2)
                    await #expect(throws: (any Error).self) { try await client.get("/api/vocabulary") }
                }
            }
            #expect(answered, "\(closedBeforeTheFirstRequest) fresh connections were closed before their first request went out")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Open: aliases of long text are refused by the YAML byte budget before anything is built")
    func aliasOfLongText() async throws {
        let text = "name: x\nsteps:\n  - wait: &a \"" + String(repeating: "x", count: 64 << 10) + "\"\n  - ["
            + Array(repeating: "*a", count: 200).joined(separator: ",") + "]\n"
        try await makePlayground().withClient { client in
            let s = try await client.newSession()
            let r = try await client.post("/api/sessions/\(s.id)/open", openBody(text))
            #expect(r.status == .badRequest)
            #expect(errorMessage(r)?.contains("bytes of text") == true, "\(errorMessage(r) ?? "no error")")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("Open: a file that expands to 640,000 nodes — within a file's budget, past a request's — is refused with one line; the session goes on")
    func openPastRequestBudget() async throws {
        // 800 aliases of an 800-item list: 640,800 nodes once expanded, from 5 KB of text.
        let list = "[" + Array(repeating: "x", count: 800).joined(separator: ",") + "]"
        let text = "name: x\nsteps:\n  - wait: 1s\nbig: &a \(list)\nmore: [" + Array(repeating: "*a", count: 800).joined(separator: ",") + "]\n"
        try await makePlayground().withClient { client in
            let s = try await client.newSession()
            let r = try await client.post("/api/sessions/\(s.id)/open", openBody(text, name: "big.yml"))
            #expect(r.status == .badRequest)
            let message = errorMessage(r) ?? "no error"
            #expect(message.hasPrefix("big.yml:5: YAML expands to more than 100000 nodes") && !message.contains("\n"), "\(message)")
            #expect(try await client.step(s, "launch").stepCount == 1)
        }
    }

    /// How long `channel`, connected at `start`, stayed open, calling `tick` every 50 ms; fails the
    /// test when it is still open after `bound`.
    static func timeUntilClosed(_ channel: any Channel, since start: ContinuousClock.Instant, within bound: Duration,
                                tick: () async -> Void) async throws -> Duration {
        while channel.isActive && ContinuousClock.now - start < bound {
            await tick()
            try await Task.sleep(for: .milliseconds(50))
        }
        let open = ContinuousClock.now - start
        #expect(!channel.isActive, "the connection is still open after \(open)")
        try? await channel.close().get()
        return open
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test("The graph's SVG is an image (image/svg+xml, a policy of its own) with the current node marked; without dot, Mermaid")
    func graphImage() async throws {
        try await makePlayground().withClient { client in
            let graph: [String: AnyDecodable] = try decode(try await client.get("/api/graph?platform=iOS%2018.0"))
            #expect(graph["svg"] == nil)
            guard GraphvizDot() != nil else { return }
            let r = try await client.get("/api/graph.svg?platform=iOS%2018.0&current=1")
            #expect(r.status == .ok && r.headers["content-type"] == "image/svg+xml")
            #expect(r.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            #expect(String(buffer: r.body).contains("<style>#node2 "))
            #expect(try await client.get("/api/graph.svg?platform=iOS%2018.0&current=x").status == .badRequest)
        }
        let noDot = Playground(options: makePlayground().options, dot: nil)
        try await noDot.withClient { client in
            #expect(try await client.get("/api/graph.svg?platform=iOS%2018.0").status == .notFound)
            let view: [String: AnyDecodable] = try decode(try await client.get("/api/graph?platform=iOS%2018.0"))
            #expect(view["nodes"]?.strings?.isEmpty == false)
        }
    }

    @Test("dot comes from its candidates (the fixed paths), never from PATH; the current node's style goes into the SVG")
    func dotFromFixedPaths() throws {
        #expect(GraphvizDot.fixedPaths.allSatisfy { $0.hasPrefix("/") && $0.hasSuffix("/dot") })
        #expect(GraphvizDot(candidates: []) == nil)                 // whatever PATH holds
        #expect(GraphvizDot(candidates: ["dot", "bin/dot"]) == nil)   // relative: refused
        if let dot = GraphvizDot() { #expect(GraphvizDot.fixedPaths.contains(dot.path)) }
        let svg = "<?xml version=\"1.0\"?>\n<svg width=\"1pt\"\n viewBox=\"0 0 1 1\">\n<g id=\"graph0\" class=\"graph\">\n<g id=\"node1\" class=\"node\">\n<title>n0</title>\n</g>\n<g id=\"node7\" class=\"node\">\n<title>n1</title>\n</g>\n</g>\n</svg>\n"
        let marked = GraphSVG.highlighting(node: 1, in: svg)
        #expect(marked.contains("viewBox=\"0 0 1 1\">\n<style>#node7 polygon, #node7 path, #node7 ellipse {"))
        #expect(GraphSVG.highlighting(node: 5, in: svg) == svg)
    }

    @Test("Host and Origin parsing: loopback in every spelling, names that only look like it are not")
    func hostPolicy() {
        let policy = HostPolicy(allowedHosts: ["Box.Local:8080", "[fe80::1]", "fe80::2"])
        for host in ["localhost", "127.0.0.1", "127.255.255.254:1", "[::1]", "[0::1]:80", "box.local", "BOX.LOCAL:9", "[fe80::1]:1", "[fe80::2]"] {
            #expect(policy.allows(host: host), "\(host)")
        }
        for host in [nil, "", "127.0.0.1.nip.io", "127.0.0.256", "127.0.0", "0x7f.0.0.1", "::1", "[::1]x", "localhost:", "localhost:99999",
                     "local host", "box.local.evil", "[::ffff:7f00:1]", "127.0.0.1:80/x"] as [String?] {
            #expect(!policy.allows(host: host), "\(host ?? "nil")")
        }
        #expect(policy.isOwnOrigin("http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        #expect(policy.isOwnOrigin("http://LOCALHOST", host: "localhost:80"))
        #expect(policy.isOwnOrigin("https://box.local", host: "127.0.0.1:8080"))
        #expect(!policy.isOwnOrigin("https://localhost", host: "localhost"))    // port 443, not 80
        #expect(!policy.isOwnOrigin("http://127.0.0.1:8081", host: "127.0.0.1:8080"))
        #expect(!policy.isOwnOrigin("null", host: "127.0.0.1:8080"))
    }
}

extension LoopbackClient {
    /// GETs `uri` with `headers` (see ``execute(_:_:body:headers:)``).
    func get(_ uri: String, headers: KeyValuePairs<String, String?>) async throws -> LoopbackResponse {
        try await execute(.GET, uri, headers: headers)
    }
}
