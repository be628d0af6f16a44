import Foundation
import Hummingbird
import HTTPTypes
import Logging
import NIOCore

/// The playground's routes answered in process, without a socket: a request goes through the
/// same middleware (host and origin policy, security headers, JSON errors) and handlers as one
/// read from a connection. For the HTTP fuzz target (`Fuzz/`) and tests.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
public struct InProcessPlayground: Sendable {
    /// What one request got.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The response headers, as `name: value` lines.
        public var headers: [String]
        /// The body, when it is one buffer (every response of the playground's).
        public var body: String
    }

    private let responder: RouterResponder<PlaygroundContext>
    private let logger: Logger

    /// A playground with the default options (no rules file, no `dot`) behind an in-process router.
    public init() {
        var options = Playground.Options()
        options.rulesFile = nil
        self.init(options: options)
    }

    /// A playground with `options` (and no `dot`) behind an in-process router.
    public init(options: Playground.Options) {
        responder = Playground(options: options, dot: nil).router().buildResponder()
        var logger = Logger(label: "locsim.serve.in-process")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// Answers one request from `client` (an IPv4 address: loopback unless given).
    public func respond(method: String, path: String, headers: [(String, String)], body: Data,
                        client: String = "127.0.0.1") async -> Answer {
        var fields = HTTPFields()
        // A `Host` header is the request's authority, as HTTPTypes makes it of an HTTP/1.1 head
        // read from a socket (the first one; a second stays a header, as on a socket).
        var authority: String?
        for (name, value) in headers {
            if authority == nil, name.lowercased() == "host" {
                authority = value
                continue
            }
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let head = HTTPRequest(method: HTTPRequest.Method(method) ?? .get, scheme: nil, authority: authority, path: path, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body)))
        let context = PlaygroundContext(logger: logger, remoteAddress: try? SocketAddress(ipAddress: client, port: 40_000))
        do {
            let response = try await responder.respond(to: request, context: context)
            return Answer(status: response.status.code, headers: response.headers.map { "\($0.name): \($0.value)" },
                          body: (try? await Self.text(of: response)) ?? "")
        } catch {
            return Answer(status: (error as? any HTTPResponseError)?.status.code ?? 500, headers: [], body: "\(error)")
        }
    }

    private static func text(of response: Response) async throws -> String {
        let collector = Collector()
        try await response.body.write(CollectingWriter(collector: collector))
        return String(decoding: collector.bytes, as: UTF8.self)
    }

    /// The bytes a response's body wrote.
    private final class Collector: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let collector: Collector
        mutating func write(_ buffer: ByteBuffer) async throws { collector.bytes += buffer.readableBytesView }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
