import Foundation
import Hummingbird
import LocSimScenario
import Testing
@testable import LocSimServe

/// The package's root, for Examples/ and Docs/.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A playground whose rules page reads the package's Docs/Rules.md.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func makePlayground(_ configure: (inout Playground.Options) -> Void = { _ in },
                    clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) -> Playground {
    var options = Playground.Options()
    options.port = 0
    options.rulesFile = packageRoot + "/Docs/Rules.md"
    // A full suite on two cores can keep a test's client from sending for longer than the
    // server's 30 s (the tests of the timeout itself set their own).
    options.connectionTimeout = .seconds(600)
    configure(&options)
    return Playground(options: options, clock: clock)
}

/// A manual clock for expiry tests (its offset behind a lock).
final class ManualClock: @unchecked Sendable {
    private let start = ContinuousClock.now
    private let lock = NSLock()
    private var offset = Duration.zero
    func advance(by d: Duration) { lock.withLock { offset += d } }
    var now: ContinuousClock.Instant { start + lock.withLock { offset } }
}

extension LoopbackClient {
    /// Creates a session and returns its view.
    func newSession(_ body: String = #"{"device": {"platform": "iOS 18.0"}, "app": {"name": "Trails", "purposeStrings": {"NSLocationWhenInUseUsageDescription": "Trails shows your position on the trail map.", "NSLocationAlwaysAndWhenInUseUsageDescription": "Trails tells you when you reach a trailhead, even when closed."}}}"#) async throws -> SessionView {
        let response = try await post("/api/sessions", body)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try decode(response)
    }

    /// Performs a step and returns the view after it.
    @discardableResult
    func step(_ session: SessionView, _ step: String) async throws -> SessionView {
        let body = String(data: try JSONEncoder().encode(["step": step]), encoding: .utf8)!
        let response = try await post("/api/sessions/\(session.id)/actions", body)
        #expect(response.status == .ok, "\(step): \(String(buffer: response.body))")
        return try decode(response)
    }
}

/// The JSON body of `POST /api/sessions/{id}/open` for a file's text.
func openBody(_ text: String, name: String? = nil) -> String {
    var object = ["text": text]
    object["name"] = name
    return String(data: try! JSONEncoder().encode(object), encoding: .utf8)!
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func decode<T: Decodable>(_ response: LoopbackResponse, as type: T.Type = T.self) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(String(buffer: response.body).utf8))
}

/// The `error` of an error response.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func errorMessage(_ response: LoopbackResponse) -> String? {
    (try? JSONDecoder().decode([String: String].self, from: Data(String(buffer: response.body).utf8)))?["error"]
}
