import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `locsim serve` as a process, talked to over loopback: heavy work on one session
/// does not hold up another, and SIGTERM stops the server with exit status 0.
@Suite(.serialized) struct ServeProcessTests {
    /// A running `locsim serve --port 0` and the port it printed.
    final class Server {
        let process = Process()
        let port: Int

        init() throws {
            guard let binary = LocsimProcess.binary else { throw CocoaError(.fileNoSuchFile) }
            let errURL = LocsimProcess.scratch.appendingPathComponent("serve-\(UUID().uuidString).err")
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.executableURL = binary
            process.arguments = ["serve", "--port", "0"]
            process.currentDirectoryURL = LocsimProcess.packageRoot
            process.standardError = try FileHandle(forWritingTo: errURL)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let end = Date().addingTimeInterval(60)
            var port: Int?
            while port == nil, Date() < end, process.isRunning {
                let text = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
                if let range = text.range(of: "http://127.0.0.1:") {
                    port = Int(text[range.upperBound...].prefix { $0.isNumber })
                }
                if port == nil { usleep(50_000) }
            }
            guard let port else {
                process.terminate()
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "locsim serve did not start"])
            }
            self.port = port
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    /// One HTTP/1.1 request on a fresh connection (`Connection: close`); the status and body.
    static func request(_ method: String, _ path: String, body: String? = nil, port: Int, timeout: Int = 60) throws -> (status: Int, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let payload = Array((body ?? "").utf8)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + payload
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw POSIXError(.EPIPE) }
            sent += n
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n"), let status = Int(text.split(separator: " ").dropFirst().first ?? "") else {
            throw POSIXError(.EBADMSG)
        }
        return (status, String(text[headEnd.upperBound...]))
    }

    static func newSession(port: Int) throws -> String {
        let response = try request("POST", "/api/sessions", body: #"{"device": {"platform": "iOS 18.0"}, "app": {"name": "Trails"}}"#, port: port)
        #expect(response.status == 201)
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
        return object?["id"] as? String ?? ""
    }

    /// An Open of a scenario of about 210 KB as JSON (the most a request may carry is 256 KiB):
    /// 15,000 steps to read.
    static let heavyOpen: String = {
        let steps = String(repeating: "  - wait: 1s\n", count: 15_000)
        let text = "name: heavy\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n" + steps
        return String(data: try! JSONEncoder().encode(["text": text, "name": "heavy.yml"]), encoding: .utf8)!
    }()

    /// Times `body` in seconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    @Test("two heavy Opens at once do not delay a request on a third session beyond 1 s")
    func heavyOpenDoesNotDelayOthers() throws {
        let server = try Server()
        let port = server.port
        let heavy = try (0..<2).map { _ in try Self.newSession(port: port) }
        let other = try Self.newSession(port: port)
        let group = DispatchGroup()
        let openTimes = OpenTimes()
        for id in heavy {
            DispatchQueue.global().async(group: group) {
                var status = 0
                let seconds = Self.time { status = (try? Self.request("POST", "/api/sessions/\(id)/open", body: Self.heavyOpen, port: port))?.status ?? 0 }
                openTimes.append(seconds, status: status)
            }
        }
        usleep(300_000)
        var latencies = [Double]()
        for _ in 0..<5 {
            var status = 0
            latencies.append(try Self.time { status = try Self.request("GET", "/api/sessions/\(other)", port: port).status })
            #expect(status == 200)
            usleep(100_000)
        }
        group.wait()
        #expect(openTimes.statuses == [200, 200])
        print("heavy Opens took \(openTimes.values.map { String(format: "%.2f s", $0) }); requests on another session meanwhile: \(latencies.map { String(format: "%.3f s", $0) })")
        #expect(latencies.max()! < 1)
        // The Opens did apply: the session holds the file's steps, pending.
        let opened = try Self.request("GET", "/api/sessions/\(heavy[0])", port: port)
        #expect(opened.status == 200)
        #expect(opened.body.contains("\"name\":\"heavy\""))
    }

    @Test("SIGTERM during a heavy Open stops the server promptly with exit status 0")
    func sigtermStops() throws {
        let server = try Server()
        let port = server.port
        let id = try Self.newSession(port: port)
        DispatchQueue.global().async { _ = try? Self.request("POST", "/api/sessions/\(id)/open", body: Self.heavyOpen, port: port, timeout: 10) }
        usleep(300_000)
        let start = Date()
        kill(server.process.processIdentifier, SIGTERM)
        while server.process.isRunning, Date().timeIntervalSince(start) < 15 { usleep(20_000) }
        let seconds = Date().timeIntervalSince(start)
        #expect(!server.process.isRunning)
        print("SIGTERM: stopped after \(String(format: "%.2f", seconds)) s")
        #expect(seconds < 5)
        if !server.process.isRunning {
            #expect(server.process.terminationStatus == 0)
            #expect(server.process.terminationReason == .exit)
        }
    }

    final class OpenTimes: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Double] = []
        private(set) var statuses: [Int] = []
        func append(_ v: Double, status: Int) { lock.withLock { values.append(v); statuses.append(status) } }
    }
}
