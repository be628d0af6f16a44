import Dispatch
import Foundation
import LocSimServe

/// The playground's HTTP API, in process: each input is one request, answered by the same router
/// (middleware and handlers) as one read from a socket (``InProcessPlayground``).
///
/// An input is `METHOD PATH`, then `Name: value` header lines, an empty line, and the body. `SID`
/// in the path stands for the id of a session made at start (made again if an input ends it), so
/// that session routes are reached. The oracle: no crash, no hang, a status other than 500, and
/// the security headers on every answer.
enum FuzzHTTP {
    nonisolated(unsafe) private static var playground: InProcessPlayground?
    nonisolated(unsafe) private static var session = "none"

    /// Makes the playground and its first session.
    static func start() {
        playground = InProcessPlayground()
        newSession()
    }

    private static func newSession() {
        let answer = call("POST", "/api/sessions", ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                          Data(#"{"device": {"platform": "iOS 18.0"}, "app": {"name": "Fuzz"}}"#.utf8))
        if answer.status == 201, let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
           let id = object["id"] as? String {
            session = id
        }
    }

    /// Answers one input.
    static func run(_ data: Data) {
        let bytes = [UInt8](data)
        var lines = [String]()
        var index = 0
        // The head: lines up to the first empty one.
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let line = String(decoding: bytes[index..<end], as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            index = end + 1
            if line.isEmpty { break }
            lines.append(line)
        }
        if lines.isEmpty, index >= bytes.count {
            lines = [String(decoding: bytes, as: UTF8.self)]
            index = bytes.count
        }
        let request = (lines.first ?? "").split(separator: " ", maxSplits: 1).map(String.init)
        let method = request.first ?? "GET"
        let path = (request.count > 1 ? request[1] : "/").replacingOccurrences(of: "SID", with: session)
        var headers = [(String, String)]()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let answer = call(method, path, headers, Data(bytes[index...]))
        guard answer.status != 500, (100..<600).contains(answer.status) else { fail("status \(answer.status) for \(method) \(path): \(answer.body.prefix(200))") }
        let names = Set(answer.headers.map { $0.prefix { $0 != ":" }.lowercased() })
        guard names.contains("x-frame-options"), names.contains("x-content-type-options") else {
            fail("an answer without the security headers (\(answer.status) for \(method) \(path))")
        }
        if method == "DELETE" { newSession() }
    }

    private static func call(_ method: String, _ path: String, _ headers: KeyValuePairs<String, String>, _ body: Data) -> InProcessPlayground.Answer {
        call(method, path, headers.map { ($0.key, $0.value) }, body)
    }

    private static func call(_ method: String, _ path: String, _ headers: [(String, String)], _ body: Data) -> InProcessPlayground.Answer {
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let playground = playground!
        Task {
            box.answer = await playground.respond(method: method, path: path, headers: headers, body: body)
            done.signal()
        }
        done.wait()
        return box.answer!
    }

    private final class AnswerBox: @unchecked Sendable {
        var answer: InProcessPlayground.Answer?
    }

    private static func fail(_ what: String) -> Never {
        FileHandle.standardError.write(Data("LocSim fuzz oracle: \(what)\n".utf8))
        abort()
    }
}
