import Yams

/// Turns Yams errors into one-line ``LintInputError``s with the line number.
enum YAMLErrors {
    static func inputError(_ error: Error, file: String) -> LintInputError {
        if let yaml = error as? YamlError {
            switch yaml {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
                return LintInputError(file: file, line: mark.line, reason: "malformed YAML: \(problem)")
            case .composer(_, let problem, let mark, _):
                return LintInputError(file: file, line: mark.line, reason: "malformed YAML: \(problem)")
            default:
                break
            }
        }
        let first = "\(error)".split(separator: "\n").first.map(String.init) ?? "malformed YAML"
        return LintInputError(file: file, reason: "malformed YAML: \(first)")
    }
}
