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
    /// What is wrong, on one line: line breaks and other control characters in it (from quoted
    /// input) are escaped (`\r`, `\u{1B}`), here, once for every message.
    public var message: String {
        didSet { if Self.needsEscaping(message) { message = Self.oneLine(message) } }
    }

    /// Creates an error.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = Self.needsEscaping(message) ? Self.oneLine(message) : message
    }

    /// `file:line`, or `file` when the line is not known (a file name's control characters escaped).
    public var location: String {
        let file = Self.needsEscaping(file) ? Self.oneLine(file) : file
        if let line { return "\(file):\(line)" }
        return file
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func needsEscaping(_ text: String) -> Bool { text.unicodeScalars.contains(where: isControl) }

    /// `text` with its control characters escaped, so that it prints on one line.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += scalar.escaped(asASCII: true) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `Examples/x.yml:12: unknown step 'jump'` (or `file: message` without a line).
    public var description: String {
        "\(location): \(message)"
    }
}
