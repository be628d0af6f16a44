import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
@testable import LocSimServe

/// A response as the tests read it: the status as Hummingbird names it, the headers by lowercased
/// name, the body as bytes.
struct LoopbackResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: [String: String]
    var body: ByteBuffer
}

/// Why a loopback exchange failed.
struct LoopbackError: Error, CustomStringConvertible {
    var description: String
}

/// A minimal HTTP/1.1 client on one loopback connection (NIOPosix + NIOHTTP1, which Hummingbird
/// is built on): one request at a time, each answered before the next is sent, the connection
/// kept alive between them. A connection that reads nothing for ``readTimeout`` is closed, so a
/// server that never answers fails the test instead of hanging it. The playground's tests use it instead of HummingbirdTesting, whose
/// other clients pull AsyncHTTPClient, NIOSSL (BoringSSL) and NIOHTTP2 into the build.
final class LoopbackClient {
    /// How long a connection may read nothing before it is closed, unless a test says otherwise.
    static let readTimeout = TimeAmount.seconds(120)

    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator

    private init(outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>,
                 inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator) {
        self.outbound = outbound
        self.inbound = inbound
    }

    /// Opens one connection to `127.0.0.1:port`, runs `body` with a client on it and closes it.
    static func withConnection<T>(port: Int, readTimeout: TimeAmount = readTimeout,
                                  _ body: (LoopbackClient) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandlers(IdleStateHandler(readTimeout: readTimeout), CloseWhenReadIdle())
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(LoopbackClient(outbound: outbound, inbound: inbound.makeAsyncIterator()))
        }
    }

    /// Sends one request and reads its whole response. It carries `Host: 127.0.0.1` and, unless
    /// it is a GET, `Content-Type: application/json`; a name in `headers` replaces those of that
    /// name (a `nil` value sends none), and may come twice to send two.
    func execute(_ method: HTTPMethod, _ uri: String, body: String? = nil,
                 headers overrides: KeyValuePairs<String, String?> = [:]) async throws -> LoopbackResponse {
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: uri)
        var defaults: [(String, String)] = [("Host", "127.0.0.1")]
        if method != .GET { defaults.append(("Content-Type", "application/json")) }
        let replaced = Set(overrides.map { $0.key.lowercased() })
        for (name, value) in defaults where !replaced.contains(name.lowercased()) { head.headers.add(name: name, value: value) }
        for (name, value) in overrides { if let value { head.headers.add(name: name, value: value) } }
        if let body {
            head.headers.add(name: "Content-Length", value: String(body.utf8.count))
        }
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if let body { parts.append(.body(.byteBuffer(ByteBuffer(string: body)))) }
        parts.append(.end(nil))
        do {
            try await outbound.write(contentsOf: parts)
        } catch {
            // Closed by the server, or by the read timeout while the client was idle.
            throw LoopbackError(description: "the connection closed before \(method) \(uri) was sent: \(error)")
        }

        var response: LoopbackResponse?
        while let part = try await inbound.next() {
            switch part {
            case .head(let head):
                let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }) { first, next in "\(first), \(next)" }
                response = LoopbackResponse(status: HTTPResponse.Status(code: Int(head.status.code)), headers: headers, body: ByteBuffer())
            case .body(var bytes):
                guard response != nil else { throw LoopbackError(description: "a body before the head") }
                response?.body.writeBuffer(&bytes)
            case .end:
                guard let response else { throw LoopbackError(description: "an end before the head") }
                return response
            }
        }
        throw LoopbackError(description: "the connection closed during \(method) \(uri): by the server, or after its read timeout")
    }

    /// GETs `uri`.
    func get(_ uri: String) async throws -> LoopbackResponse {
        try await execute(.GET, uri)
    }

    /// POSTs JSON (or any text) to `uri`.
    func post(_ uri: String, _ body: String, headers: KeyValuePairs<String, String?> = [:]) async throws -> LoopbackResponse {
        try await execute(.POST, uri, body: body, headers: headers)
    }
}

/// Closes the connection when ``IdleStateHandler`` says it read nothing for a while.
private final class CloseWhenReadIdle: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case IdleStateHandler.IdleStateEvent.read = event {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
extension Playground {
    /// Runs the playground's server on a free loopback port for as long as `body` runs, and gives
    /// `body` the port; the server shuts down gracefully when `body` returns or throws.
    func withServer<T: Sendable>(_ body: (Int) async throws -> T) async throws -> T {
        let (ports, reportPort) = AsyncStream.makeStream(of: Int.self)
        let app = application { port in reportPort.yield(port) }
        let server = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: app.logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { reportPort.finish() }   // a server that fails to start ends the wait below
                try await server.run()
            }
            do {
                guard let port = await ports.first(where: { _ in true }) else {
                    try await group.next()
                    throw LoopbackError(description: "the server stopped before it listened")
                }
                let value = try await body(port)
                await server.triggerGracefulShutdown()
                return value
            } catch {
                await server.triggerGracefulShutdown()
                throw error
            }
        }
    }

    /// Runs the server for as long as `body` runs, with one client connection to it.
    func withClient<T: Sendable>(_ body: (LoopbackClient) async throws -> T) async throws -> T {
        try await withServer { port in try await LoopbackClient.withConnection(port: port, body) }
    }
}
