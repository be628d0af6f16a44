import Yams

/// Turns Yams errors into one-line `InputError`s with the line number.
enum YAMLErrors {
    static func inputError(_ error: Error, file: String) -> InputError {
        if let yaml = error as? YamlError {
            switch yaml {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
                return InputError(file: file, line: mark.line, message: "malformed YAML: \(problem)")
            case .composer(_, let problem, let mark, _):
                return InputError(file: file, line: mark.line, message: "malformed YAML: \(problem)")
            default:
                break
            }
        }
        let first = "\(error)".split(separator: "\n").first.map(String.init) ?? "malformed YAML"
        return InputError(file: file, message: "malformed YAML: \(first)")
    }
}
