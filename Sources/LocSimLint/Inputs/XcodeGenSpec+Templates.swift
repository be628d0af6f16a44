import Foundation

extension XcodeGenSpec {
    /// The most template applications one target may need (templates of templates included).
    static let maximumTemplateApplications = 1024

    /// Why a target's templates cannot be applied.
    enum TemplateFailure: Error {
        /// The target names a template the spec does not define.
        case missing(String)
    }

    /// The target with its `templates` applied the way XcodeGen applies them: each template (with
    /// its own templates first) merged in order, the target merged on top; then `${target_name}`,
    /// `$target_name` and each `templateAttributes` entry `${name}` substituted in every string.
    ///
    /// - Throws: `TemplateFailure.missing` for an undefined template; `InputError` for a template
    ///   cycle or more than ``maximumTemplateApplications`` applications.
    static func applyTemplates(to target: [String: Any], named name: String, templates: [String: Any], file: String) throws -> [String: Any] {
        var applications = 0
        func expand(_ target: [String: Any], chain: [String]) throws -> [String: Any] {
            let names = (target["templates"] as? [Any])?.compactMap { $0 as? String } ?? ((target["templates"] as? String).map { [$0] } ?? [])
            var merged = [String: Any]()
            for template in names {
                if chain.contains(template) {
                    throw InputError(file: file, message: "target template cycle: \((chain + [template]).joined(separator: " → "))")
                }
                applications += 1
                guard applications <= maximumTemplateApplications else {
                    throw InputError(file: file, message: "target '\(name)' needs more than \(maximumTemplateApplications) template applications")
                }
                guard let body = templates[template] as? [String: Any] else { throw TemplateFailure.missing(template) }
                merged = merge(merged, try expand(body, chain: chain + [template]))
            }
            var own = target
            own["templates"] = nil
            return merge(merged, own)
        }
        var expanded = try expand(target, chain: [])
        var attributes = ["target_name": name]
        for (key, value) in (expanded["templateAttributes"] as? [String: Any]) ?? [:] {
            if let text = scalar(value) { attributes[key] = text }
        }
        expanded["templateAttributes"] = nil
        return substitute(expanded, attributes) as? [String: Any] ?? expanded
    }

    /// `value` with `${key}` (and `$target_name`, `$platform`) replaced in every string.
    static func substitute(_ value: Any, _ attributes: [String: String]) -> Any {
        switch value {
        case let text as String:
            guard text.contains("$") else { return text }
            var result = text
            for (key, replacement) in attributes {
                result = result.replacingOccurrences(of: "${\(key)}", with: replacement)
                if key == "target_name" || key == "platform" { result = result.replacingOccurrences(of: "$\(key)", with: replacement) }
            }
            return result
        case let list as [Any]:
            return list.map { substitute($0, attributes) }
        case let mapping as [String: Any]:
            return mapping.mapValues { substitute($0, attributes) }
        default:
            return value
        }
    }
}
