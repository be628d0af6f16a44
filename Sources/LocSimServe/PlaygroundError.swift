import Hummingbird

/// A request the playground refuses: an HTTP status and one line saying why.
///
/// The server answers it as `{"error": "…"}` with the status; no other session is touched.
struct PlaygroundError: Error, Sendable, Equatable {
    /// The status.
    var status: HTTPResponse.Status
    /// What is wrong.
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}
