import HTTPTypes
import Hummingbird

/// Adds the headers that keep other sites from framing or sniffing the playground to every
/// response, refusals included, and a content security policy to its HTML pages and its SVG.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    /// The policy of the HTML pages: their scripts, styles and images come from the server itself
    /// (no inline script or style, no other host), requests go to the server only, and no site
    /// may frame them.
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        Self.add(to: &response.headers)
        return response
    }

    /// Sets the headers on `headers`; the policy when the response is HTML.
    static func add(to headers: inout HTTPFields) {
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        let type = headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("text/html") {
            headers[.contentSecurityPolicy] = contentSecurityPolicy
        } else if type.hasPrefix("image/svg+xml") {
            // Opened on its own rather than as an image, the graph's SVG still runs no script.
            headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
        }
    }
}
