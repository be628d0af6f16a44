import Foundation
import Hummingbird
import HummingbirdCore
import LocSim
import LocSimExplorer
import LocSimInput
import LocSimModel
import LocSimScenario
import LocSimYAML
import NIOCore

/// `locsim serve`: a local web server with one page that looks like the phone — the app, the
/// system prompt, the controls, the timeline with its rules, the hidden state, the state graph —
/// and writes the scenario file of what the user did.
///
/// Every asset is a constant in the binary (no CDN, no external request). Each browser session
/// has its own simulated device (`SessionStore`). On macOS it needs macOS 14, as Hummingbird
/// does. Core Location has no such type.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
public struct Playground: Sendable {
    /// Where the server listens and how long sessions live.
    public struct Options: Sendable {
        /// The address to listen on: loopback unless asked otherwise.
        public var host = "127.0.0.1"
        /// The port (0: any free port).
        public var port = 8080
        /// How long a session lives without a request.
        public var idleTimeout: Duration = .seconds(30 * 60)
        /// The most sessions at once.
        public var capacity = 256
        /// The most sessions one client (one remote address) may have alive at once; one more
        /// gets 429.
        public var sessionsPerClient = Playground.defaultSessionsPerClient
        /// Names besides the loopback ones that requests may carry in `Host` (and pages in
        /// `Origin`): the name or address the server is reached by when it listens on another
        /// interface. `--allowed-host`.
        public var allowedHosts: [String] = []
        /// How long a connection may go without a complete request head or body part (an idle
        /// keep-alive connection, or a client sending its headers a byte at a time) before the
        /// server closes it.
        public var connectionTimeout: Duration = Playground.defaultConnectionTimeout
        /// The largest request body accepted, in bytes.
        public var maxBodyBytes = 256 * 1024
        /// The most YAML nodes an opened file may expand to (an alias counts its whole target each
        /// time it is used): 100,000, a tenth of what `locsim run` allows a file, so that one Open
        /// holds tens of megabytes at most while it is read. More: 400, one line.
        public var maxOpenedNodes = 100_000
        /// The most scalar text, in UTF-8 bytes, an opened file may expand to: 1 MiB (an eighth of
        /// a file's). More: 400, one line.
        public var maxOpenedTextBytes = 1 << 20
        /// The most steps one session records or an opened file may hold: 20,000 (more: 409 for a
        /// step, 413 for a file).
        public var maxSessionSteps = 20_000
        /// The most timeline entries one session keeps: 200,000 (more: 409).
        public var maxTimelineEntries = 200_000
        /// The rules reference the page links to (`/rules#g5`), read once at start; `nil` or a
        /// missing file serves a page that says where the rules are.
        public var rulesFile: String? = "Docs/Rules.md"

        /// The defaults.
        public init() {}
    }

    /// How long a connection may wait without a complete request head or body part, unless the
    /// options say otherwise: 30 seconds.
    public static let defaultConnectionTimeout: Duration = .seconds(30)
    /// How many sessions one client may have alive at once, unless the options say otherwise.
    public static let defaultSessionsPerClient = 32

    /// The options.
    public let options: Options
    let store: SessionStore
    let graphs: GraphCache
    let rulesPage: String
    let hostPolicy: HostPolicy

    /// A playground; `clock` tells the time sessions expire by (tests pass their own).
    public init(options: Options = Options(), clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.init(options: options, dot: GraphvizDot(), clock: clock)
    }

    /// A playground that also serves Graphviz's drawing of its graphs (`/api/graph.svg`) with
    /// `dot` (`nil`: none; the page draws the graph itself either way).
    init(options: Options, dot: GraphvizDot?, clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.options = options
        store = SessionStore(idleTimeout: options.idleTimeout, capacity: options.capacity, perClient: options.sessionsPerClient,
                             limits: PlaygroundSession.Limits(maxSteps: options.maxSessionSteps, maxTimelineEntries: options.maxTimelineEntries),
                             clock: clock)
        graphs = GraphCache(dot: dot)
        hostPolicy = HostPolicy(allowedHosts: options.allowedHosts)
        let markdown = options.rulesFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        rulesPage = markdown.map { RulesPage.html($0) } ?? RulesPage.missing(options.rulesFile)
    }

    /// The Hummingbird application, for `run()` or HummingbirdTesting.
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(router: router(),
                    server: .http1(configuration: .init(idleTimeout: Self.timeAmount(options.connectionTimeout))),
                    configuration: .init(address: .hostname(options.host, port: options.port), serverName: "locsim"),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) })
    }

    private static func timeAmount(_ d: Duration) -> TimeAmount {
        let (seconds, attoseconds) = d.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Runs the server until the process is stopped; `onServerRunning` gets the port.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(onServerRunning: onServerRunning).runService()
    }

    /// The one line `locsim serve` prints when the server cannot start: a port in use says so and
    /// suggests `--port` (NIO reports it as `bind(…) (errno: 98)`); other errors as they come.
    public static func startupMessage(for error: any Error, port: Int) -> String {
        if let io = error as? IOError, io.errnoCode == EADDRINUSE {
            return "port \(port) is already in use; pass --port with another"
        }
        return "\(error)"
    }

    // MARK: Routes

    /// The routes: the page and its assets, the rules, and the JSON API under `/api`, behind the
    /// security headers and the request guard.
    func router() -> Router<PlaygroundContext> {
        let router = Router(context: PlaygroundContext.self)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: RequestGuard(policy: hostPolicy))
        router.add(middleware: JSONErrors())
        router.get("/") { _, _ in Self.text(PageAssets.html, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.text(PageAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.text(PageAssets.style, type: "text/css; charset=utf-8") }
        router.get("/rules") { _, _ in Self.text(rulesPage, type: "text/html; charset=utf-8") }
        router.get("/rules.css") { _, _ in Self.text(RulesPage.style, type: "text/css; charset=utf-8") }
        // The documents the rules link to (`Scenarios.md`), from the rules file's folder.
        router.get("/docs/:name") { _, context in
            guard let name = context.parameters.get("name").flatMap({ RulesPage.docName(String($0)) }),
                  let folder = options.rulesFile.map({ ($0 as NSString).deletingLastPathComponent }),
                  let markdown = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(name), encoding: .utf8) else {
                throw PlaygroundError(.notFound, "no such document beside the rules file")
            }
            return Self.text(RulesPage.html(markdown, title: name), type: "text/html; charset=utf-8")
        }
        router.get("/api/vocabulary") { _, _ in try Self.json(Vocabulary()) }
        router.get("/api/graph") { request, _ in
            try Self.json(try await graphs.graph(for: Self.platform(request)))
        }
        router.get("/api/graph.svg") { request, _ in
            let platform = try Self.platform(request)
            let current = try request.uri.queryParameters["current"].map { text in
                guard let n = Int(text), n >= 0 else { throw PlaygroundError(.badRequest, "current '\(text)' is not a node number") }
                return n
            }
            guard let svg = try await graphs.svg(for: platform, current: current) else {
                throw PlaygroundError(.notFound, "no SVG: Graphviz's dot is not at \(GraphvizDot.fixedPaths.joined(separator: ", "))")
            }
            return Self.text(svg, type: "image/svg+xml")
        }
        router.post("/api/sessions") { request, context in
            let body = try await self.body(of: request)
            let (name, device, app) = try PlaygroundInput.newSession(body)
            let box = try await store.create(name: name, device: device, app: app, client: context.client)
            return try await Self.jsonOffPool(try await box.view(), status: .created)
        }
        router.get("/api/sessions/:id") { request, context in
            let range = try Self.range(request)
            return try await Self.jsonOffPool(try await store.session(Self.id(context)).view(range))
        }
        router.delete("/api/sessions/:id") { _, context in
            try await store.remove(Self.id(context))
            return Response(status: .noContent)
        }
        router.post("/api/sessions/:id/actions") { request, context in
            let box = try await store.session(Self.id(context))
            let body = try await self.body(of: request)
            let action = try await ServeWork.run { try ActionRequest.read(body) }
            return try await Self.jsonOffPool(try await box.act(action, range: try Self.range(request)))
        }
        router.post("/api/sessions/:id/open") { request, context in
            let box = try await store.session(Self.id(context))
            let body = try await self.body(of: request)
            let opened = try await ServeWork.run { try OpenRequest.read(body) }
            let file = opened.name ?? request.uri.queryParameters["name"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "opened.yml"
            return try await Self.jsonOffPool(try await box.open(opened.text, file: file, budget: YAMLBudget(maxExpandedNodes: options.maxOpenedNodes, maxExpandedBytes: options.maxOpenedTextBytes), range: try Self.range(request)))
        }
        router.get("/api/sessions/:id/export") { _, context in
            let box = try await store.session(Self.id(context))
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"playground.yml\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: try await box.export())))
        }
        return router
    }

    private func body(of request: Request) async throws -> String {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: options.maxBodyBytes)
        } catch {
            throw PlaygroundError(.contentTooLarge, "the request body is larger than \(options.maxBodyBytes) bytes")
        }
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw PlaygroundError(.badRequest, "the request body is not UTF-8 text")
        }
        return text
    }

    private static func platform(_ request: Request) throws -> Platform {
        let text = request.uri.queryParameters["platform"].map(String.init) ?? "iOS 18.0"
        guard let platform = Platform(parsing: text), platform.isKnownRelease else {
            throw PlaygroundError(.badRequest, "platform '\(text)' is not a release LocSim knows (\(Platform.knownReleasesDescription))")
        }
        return platform
    }

    /// The part of a session's view a request asks for: `?since=N` (timeline entries from index
    /// N; the page sends how many it shows) and `?stepsSince=M` (recorded steps from index M).
    private static func range(_ request: Request) throws -> SessionView.Range {
        func index(_ name: String) throws -> Int? {
            guard let text = request.uri.queryParameters[Substring(name)].map(String.init) else { return nil }
            guard let n = Int(text), n >= 0 else { throw PlaygroundError(.badRequest, "\(name) '\(text.prefix(40))' is not an index (a whole number from 0)") }
            return n
        }
        return SessionView.Range(since: try index("since"), stepsSince: try index("stepsSince"))
    }

    private static func id(_ context: PlaygroundContext) throws -> String {
        guard let id = context.parameters.get("id") else { throw PlaygroundError(.badRequest, "no session id") }
        return id
    }

    static func text(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// ``json(_:status:)`` with the encoding done off the cooperative pool (``ServeWork``): a
    /// session's view grows with its timeline and an opened file's steps.
    static func jsonOffPool(_ value: some Encodable & Sendable, status: HTTPResponse.Status = .ok) async throws -> Response {
        let bytes = try await ServeWork.run { () throws -> Data in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(value)
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

/// The body of `POST /api/sessions/{id}/actions`: `{"step": "requestAlways"}`, `{"do": "next"}`
/// (the next step of an opened file) or `{"do": "nextDeadline"}` (time passes to the next timer).
struct ActionRequest: Decodable {
    var step: String?
    var `do`: String?

    static func read(_ body: String) throws -> PlaygroundAction {
        let request: ActionRequest
        do {
            request = try JSONDecoder().decode(ActionRequest.self, from: Data(body.utf8))
        } catch {
            throw PlaygroundError(.badRequest, "an action is a JSON object {\"step\": \"…\"} or {\"do\": \"next\"|\"nextDeadline\"}")
        }
        switch (request.step, request.do) {
        case (let step?, nil): return .step(try PlaygroundInput.step(step))
        case (nil, "next"?): return .next
        case (nil, "nextDeadline"?): return .nextDeadline
        case (nil, let other?): throw PlaygroundError(.badRequest, "unknown action '\(other)' (expected next or nextDeadline)")
        default: throw PlaygroundError(.badRequest, "an action has either \"step\" or \"do\", not both and not neither")
        }
    }
}

/// The body of `POST /api/sessions/{id}/open`: `{"text": "…", "name": "file.yml"}`, the scenario
/// or counterexample text and, optionally, the file name its errors are reported under.
struct OpenRequest: Decodable {
    var text: String
    var name: String?

    static func read(_ body: String) throws -> OpenRequest {
        do {
            var request = try JSONDecoder().decode(OpenRequest.self, from: Data(body.utf8))
            if request.name?.isEmpty == true { request.name = nil }
            return request
        } catch {
            throw PlaygroundError(.badRequest, "an open request is a JSON object {\"text\": \"<the scenario file>\", \"name\": \"file.yml\"}")
        }
    }
}

/// Answers every error as `{"error": "…"}` with its status: bad input 400, a refused request its
/// own status, an unknown route 404.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct JSONErrors<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let e as PlaygroundError {
            return Self.response(e.status, e.message)
        } catch let e as InputError {
            return Self.response(.badRequest, e.description)
        } catch let e as HTTPError {
            return Self.response(e.status, e.body ?? e.status.reasonPhrase)
        } catch {
            return Self.response(.badRequest, "\(error)")
        }
    }

    static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
        (try? Playground.json(["error": message], status: status)) ?? Response(status: status)
    }
}
