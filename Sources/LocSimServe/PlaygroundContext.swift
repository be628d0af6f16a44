import Hummingbird
import Logging
import NIOCore

/// Where the context of an in-process request comes from: only a logger.
struct InProcessSource: RequestContextSource {
    let logger: Logger
}

/// The request context of the playground's routes: Hummingbird's basic context and the address
/// of the client, which bounds the sessions one client may create.
struct PlaygroundContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's storage: the logger, the route parameters, the allocator.
    var coreContext: CoreRequestContextStorage
    /// The peer of the connection the request came on; `nil` when the channel has none.
    let remoteAddress: SocketAddress?

    /// The context of a request read on `source.channel`.
    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The context of a request made in process (``InProcessPlayground``), from `address`.
    init(logger: Logger, remoteAddress: SocketAddress?) {
        coreContext = .init(source: InProcessSource(logger: logger))
        self.remoteAddress = remoteAddress
    }

    /// The client as the per-client session cap counts it: its IP address, or `local` for a peer
    /// without one (a Unix socket).
    var client: String { remoteAddress?.ipAddress ?? "local" }
}
