/// Bad input (a missing or unreadable file; a malformed plist, GPX, YAML, scenario, strings or
/// project file): where it is and what is wrong.
///
/// The one input-error type of the package: `locsim run`, `explore` and `lint` all throw it, and
/// the command line exits with status 2. `LocSim` and `LocSimLint` re-export it.
///
/// ``description`` is `file:line: message`, as `locsim run` and `locsim explore` print it;
/// `locsim lint` prints `file:line: error: message` (``location``, `: error: `, ``message``), the
/// form Xcode and editors read beside its findings.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line`, or `file` when the line is not known.
    public var location: String {
        if let line { return "\(file):\(line)" }
        return file
    }

    /// `Examples/x.yml:12: unknown step 'jump'` (or `file: message` without a line).
    public var description: String {
        "\(location): \(message)"
    }
}
