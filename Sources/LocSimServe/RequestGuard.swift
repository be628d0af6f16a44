import Foundation
import HTTPTypes
import Hummingbird

/// Refuses requests a web page on another site could make the browser send, before any route
/// runs:
///
/// - a `Host` that is not loopback or allowed (``HostPolicy``), or no `Host` at all, or two:
///   403 with a plain-text reason (DNS rebinding);
/// - a state-changing request (`POST`, `PUT`, `DELETE`, `PATCH`) whose `Content-Type` is not
///   `application/json`: 415 (a cross-site form or `fetch` without a CORS preflight can only send
///   `text/plain`, form or multipart bodies);
/// - a state-changing request whose `Origin`, when present, is not the server's own: 403.
///
/// The server sends no `Access-Control-*` header, so a preflight for anything else fails.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    /// The names the server answers to.
    let policy: HostPolicy

    /// `Host`, by name: HTTP types read it as the request's `authority`, and mark the name
    /// unavailable.
    static var host: HTTPField.Name { HTTPField.Name("Host")! }

    /// The methods that change a session.
    static var stateChanging: Set<HTTPRequest.Method> { [.post, .put, .delete, .patch] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = refusal(of: request.head) { return refusal }
        return try await next(request, context)
    }

    /// The answer to a request refused before routing; `nil` for one that may go on.
    func refusal(of head: HTTPRequest) -> Response? {
        // HTTP/1's first `Host` becomes `authority`; a second one stays among the fields.
        guard head.headerFields[Self.host] == nil, policy.allows(host: head.authority) else {
            let shown = head.authority.map { "'\(String($0.prefix(100)))'" } ?? "missing"
            return Self.plainText(.forbidden, "forbidden: the Host header \(shown) is not a loopback name or address, nor one given by --allowed-host\n")
        }
        guard Self.stateChanging.contains(head.method) else { return nil }
        guard let type = head.headerFields[.contentType], Self.isJSON(type) else {
            return JSONErrors<Context>.response(.unsupportedMediaType, "a \(head.method.rawValue) request needs Content-Type: application/json")
        }
        let origins = head.headerFields[values: .origin]
        if !origins.isEmpty, origins.count > 1 || !policy.isOwnOrigin(origins[0], host: head.authority) {
            return JSONErrors<Context>.response(.forbidden, "the Origin '\(String(origins.joined(separator: ", ").prefix(100)))' is not this server's own")
        }
        return nil
    }

    /// Whether a `Content-Type` value is `application/json`, with or without parameters.
    static func isJSON(_ value: String) -> Bool {
        let essence = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return essence.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    static func plainText(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
