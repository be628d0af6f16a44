/// Bad input (a malformed plist, GPX or scenario file): where it is and what is wrong.
///
/// Printed as one line, `file:line: message`; the command line exits with status 2.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line, when known.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Examples/x.yml:12: unknown step 'jump'`.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
