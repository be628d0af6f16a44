import Foundation

/// How app code stopped its process, read from what the Swift runtime printed before it trapped:
/// the key of the `terminated` finding it makes, and the message.
///
/// On an iPhone each of these is a crash. Core Location has no such type.
package struct AppTrap: Sendable, Equatable {
    /// The finding's key: the kind of trap and where (`continuationResumedTwice.requestAuthorization()`,
    /// `fatalError.LocationService.swift:42`, `unownedReference`).
    package var key: String
    /// The runtime's message, one line.
    package var message: String

    package init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// The finding's explanation.
    package var explanation: String {
        "the app crashed: \(message)" + (advice.isEmpty ? "" : " — \(advice)")
    }

    private var advice: String {
        if key.hasPrefix("continuationResumedTwice") {
            return "a stored continuation was resumed a second time (clear it when you resume it: a later authorization change calls the delegate again)"
        }
        if key.hasPrefix("unownedReference") {
            return "an unowned reference outlived its object"
        }
        return ""
    }

    /// A step whose app code never gave control back (it blocked the main actor or looped), so
    /// the process running it was killed after `limit`.
    package static func stepNeverEnded(after limit: Duration) -> AppTrap {
        AppTrap(key: "stepNeverEnded",
                message: "the step did not end within \(limit.components.seconds) s: app code blocked the main actor or never stopped running, and its process was killed")
    }

    /// The trap a process's standard error shows, from its last lines; a signal alone when the
    /// runtime printed nothing (`signal`: the number it died of).
    package init(stderr text: String, signal: Int32?, exitCode: Int32? = nil) {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        func last(containing needle: String) -> String? { lines.last { $0.contains(needle) } }
        if let line = last(containing: "tried to resume its continuation more than once") {
            let function = Self.continuationFunction(line) ?? "?"
            self.init(key: "continuationResumedTwice.\(function)", message: Self.trimmed(line))
        } else if let line = last(containing: "Attempted to read an unowned reference") {
            self.init(key: "unownedReference", message: Self.trimmed(line))
        } else if let line = last(containing: "Simultaneous accesses to") {
            self.init(key: "simultaneousAccess", message: Self.trimmed(line))
        } else if let line = last(containing: "Fatal error:") ?? last(containing: "Precondition failed") ?? last(containing: "Assertion failed") {
            let kind: String
            if line.contains("Unexpectedly found nil") {
                kind = "nilUnwrapped"
            } else if line.contains("Index out of range") {
                kind = "indexOutOfRange"
            } else if line.contains("Precondition failed") {
                kind = "preconditionFailed"
            } else if line.contains("Assertion failed") {
                kind = "assertionFailed"
            } else {
                kind = "fatalError"
            }
            let place = Self.place(line).map { ".\($0)" } ?? ""
            self.init(key: kind + place, message: Self.trimmed(line))
        } else {
            let s = signal.map { "signal \($0)" } ?? exitCode.map { "exit status \($0)" } ?? "no status"
            self.init(key: signal.map { "signal\($0)" } ?? exitCode.map { "exit\($0)" } ?? "exited", message: "the process ended (\(s)) without a message from the Swift runtime")
        }
    }

    /// `requestAuthorization()` from `SWIFT TASK CONTINUATION MISUSE: requestAuthorization() tried to resume …`.
    private static func continuationFunction(_ line: String) -> String? {
        guard let r = line.range(of: "MISUSE: ") else { return nil }
        let rest = line[r.upperBound...]
        guard let end = rest.range(of: " tried to resume") ?? rest.range(of: " leaked its") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// `LocationService.swift:42` from `/path/to/LocationService.swift:42: Fatal error: …`.
    private static func place(_ line: String) -> String? {
        guard let colon = line.range(of: ": Fatal error") ?? line.range(of: ": Precondition failed") ?? line.range(of: ": Assertion failed") else { return nil }
        let location = line[..<colon.lowerBound]
        guard let file = location.split(separator: "/").last, file.contains(".swift:") else { return nil }
        return String(file)
    }

    /// The message without the runtime's path prefix and the `returning …` detail that varies
    /// from path to path.
    private static func trimmed(_ line: String) -> String {
        var text = line
        if let r = text.range(of: "Fatal error: ") ?? text.range(of: "Precondition failed") ?? text.range(of: "Assertion failed") {
            if text[..<r.lowerBound].contains("/") || text[..<r.lowerBound].contains(".swift:") {
                let prefix = text[..<r.lowerBound]
                let file = prefix.split(separator: "/").last.map(String.init) ?? String(prefix)
                text = file + text[r.lowerBound...]
            }
        }
        if let r = text.range(of: ", returning ") { text = String(text[..<r.lowerBound]) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The functions whose continuations the text says leaked
    /// (`SWIFT TASK CONTINUATION MISUSE: f() leaked its continuation!`), in order, once each.
    package static func leakedContinuations(in text: String) -> [String] {
        var out: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where line.contains("leaked its continuation") {
            let f = continuationFunction(String(line)) ?? "?"
            if !out.contains(f) { out.append(f) }
        }
        return out
    }
}

