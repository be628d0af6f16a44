import NIOCore
import NIOPosix
import Testing

@Suite("The tests' loopback client")
struct LoopbackClientTests {
    @Test("A server that accepts the connection and never answers fails the request after the read timeout; it does not hang the test")
    func silentServerTimesOut() async throws {
        // A listener that accepts connections and never writes a byte.
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = listener.localAddress?.port ?? 0
        let error = await #expect(throws: LoopbackError.self) {
            try await LoopbackClient.withConnection(port: port, readTimeout: .milliseconds(200)) { client in
                try await client.get("/")
            }
        }
        try await listener.close()
        #expect(port != 0)
        #expect(error?.description.contains("GET /") == true)
    }
}
