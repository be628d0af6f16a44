import Foundation
import Hummingbird
import LocSim
import LocSimInput
import LocSimModel
import LocSimScenario

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
        /// The largest request body accepted, in bytes.
        public var maxBodyBytes = 256 * 1024
        /// The rules reference the page links to (`/rules#g5`), read once at start; `nil` or a
        /// missing file serves a page that says where the rules are.
        public var rulesFile: String? = "Docs/Rules.md"

        /// The defaults.
        public init() {}
    }

    /// The options.
    public let options: Options
    let store: SessionStore
    let graphs = GraphCache()
    let rulesPage: String

    /// A playground; `clock` tells the time sessions expire by (tests pass their own).
    public init(options: Options = Options(), clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.options = options
        store = SessionStore(idleTimeout: options.idleTimeout, capacity: options.capacity, clock: clock)
        let markdown = options.rulesFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        rulesPage = markdown.map(RulesPage.html) ?? RulesPage.missing(options.rulesFile)
    }

    /// The Hummingbird application, for `run()` or HummingbirdTesting.
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(router: router(), configuration: .init(address: .hostname(options.host, port: options.port), serverName: "locsim"),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) })
    }

    /// Runs the server until the process is stopped; `onServerRunning` gets the port.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(onServerRunning: onServerRunning).runService()
    }

    // MARK: Routes

    /// The routes: the page and its assets, the rules, and the JSON API under `/api`.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: JSONErrors())
        router.get("/") { _, _ in Self.text(PageAssets.html, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.text(PageAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.text(PageAssets.style, type: "text/css; charset=utf-8") }
        router.get("/rules") { _, _ in Self.text(rulesPage, type: "text/html; charset=utf-8") }
        router.get("/api/vocabulary") { _, _ in try Self.json(Vocabulary()) }
        router.get("/api/graph") { request, _ in
            let text = request.uri.queryParameters["platform"].map(String.init) ?? "iOS 18.0"
            guard let platform = Platform(parsing: text), platform.isKnownRelease else {
                throw PlaygroundError(.badRequest, "platform '\(text)' is not a release LocSim knows (\(Platform.knownReleasesDescription))")
            }
            return try Self.json(await graphs.graph(for: platform))
        }
        router.post("/api/sessions") { request, _ in
            let body = try await self.body(of: request)
            let (name, device, app) = try PlaygroundInput.newSession(body)
            let box = try await store.create(name: name, device: device, app: app)
            return try Self.json(await box.view(), status: .created)
        }
        router.get("/api/sessions/:id") { _, context in
            try Self.json(await store.session(Self.id(context)).view())
        }
        router.delete("/api/sessions/:id") { _, context in
            try await store.remove(Self.id(context))
            return Response(status: .noContent)
        }
        router.post("/api/sessions/:id/actions") { request, context in
            let box = try await store.session(Self.id(context))
            let action = try ActionRequest.read(try await self.body(of: request))
            return try Self.json(try await box.act(action))
        }
        router.post("/api/sessions/:id/open") { request, context in
            let box = try await store.session(Self.id(context))
            let file = request.uri.queryParameters["name"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "opened.yml"
            let scenario = try PlaygroundInput.scenario(try await self.body(of: request), file: file)
            return try Self.json(await box.open(scenario))
        }
        router.get("/api/sessions/:id/export") { _, context in
            let box = try await store.session(Self.id(context))
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"playground.yml\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: await box.export())))
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

    private static func id(_ context: BasicRequestContext) throws -> String {
        guard let id = context.parameters.get("id") else { throw PlaygroundError(.badRequest, "no session id") }
        return id
    }

    static func text(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
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
