import Foundation
import LocSimInput
import LocSimModel
import Yams

/// A YAML node with the file it came from, and typed readers that fail with `file:line` errors.
///
/// The one YAML reader: the scenario parser, the explorer's app-model parser and lint's
/// `project.yml` and `.locsim.yml` all read through it, so every YAML input is held to
/// ``YAMLLimits`` and every YAML error is one `file:line: message`. Scalars are read as their
/// source text (`10.10` stays `10.10`, not the number 10.1).
public struct YAMLValue {
    let node: Node
    /// The file the node came from.
    public let file: String

    /// The node's line (1-based), when known.
    public var line: Int? { node.mark?.line }

    /// An input error at this node.
    public func error(_ message: String) -> InputError { InputError(file: file, line: line, message: message) }

    /// Reads a UTF-8 text file of at most ``YAMLLimits/maxFileBytes``; `kind` names it in errors
    /// ("scenario file", "app model file").
    public static func readText(contentsOf path: String, kind: String) throws -> String {
        if let bytes = inMemory[path] {
            return try readText(bytes, file: path, kind: kind)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(file: path, line: nil, message: "cannot read \(kind)")
        }
        defer { try? handle.close() }
        return try readText(from: handle, file: path, kind: kind)
    }

    /// Reads UTF-8 text of at most ``YAMLLimits/maxFileBytes`` from an open handle (standard
    /// input for `locsim run -`); `file` names it in errors (`<stdin>`).
    public static func readText(from handle: FileHandle, file: String, kind: String) throws -> String {
        guard let data = try? handle.read(upToCount: YAMLLimits.maxFileBytes + 1) ?? Data() else {
            throw InputError(file: file, line: nil, message: "cannot read \(kind)")
        }
        return try readText(data, file: file, kind: kind)
    }

    /// Files held in memory, by path, that ``readText(contentsOf:kind:)`` reads instead of the
    /// disk (lint's in-process fuzz targets, `LintInputReader`).
    @TaskLocal package static var inMemory: [String: Data] = [:]

    /// Checks and decodes bytes read from `file`.
    private static func readText(_ data: Data, file: String, kind: String) throws -> String {
        guard data.count <= YAMLLimits.maxFileBytes else {
            throw InputError(file: file, line: nil, message: "\(kind) is larger than \(YAMLLimits.maxFileBytes) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: file, line: nil, message: "\(kind) is not UTF-8 text")
        }
        return text
    }

    /// Parses YAML text; `nil` for an empty document.
    ///
    /// - Throws: `InputError` for malformed YAML, or YAML beyond ``YAMLLimits`` (checked before
    ///   Yams composes it).
    public static func parse(_ text: String, file: String) throws -> YAMLValue? {
        guard text.utf8.count <= YAMLLimits.maxFileBytes else {
            throw InputError(file: file, line: nil, message: "YAML text is larger than \(YAMLLimits.maxFileBytes) bytes")
        }
        try YAMLStructureCheck.check(text, file: file)
        do {
            // UTF-8 always: Yams' default encoding is read from the environment
            // (`YAMS_DEFAULT_ENCODING`) at every parse, which would make the result depend on it.
            guard let node = try Yams.compose(yaml: text, .default, .default, .utf8) else { return nil }
            return YAMLValue(node: node, file: file)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw InputError(file: file, line: mark.line, message: "malformed YAML: \(problem)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw InputError(file: file, line: context.mark.line, message: "malformed YAML: duplicated key \(duplicates.joined(separator: ", "))")
            default:
                throw InputError(file: file, line: nil, message: "malformed YAML: " + firstLine(of: error))
            }
        } catch {
            throw InputError(file: file, line: nil, message: "malformed YAML: " + firstLine(of: error))
        }
    }

    /// The first line of an error's description (Yams' descriptions add the source line and a caret).
    private static func firstLine(of error: Error) -> String {
        "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable YAML"
    }

    /// The pairs of a mapping, in document order.
    public func mapping(_ what: String) throws -> [(key: String, keyLine: Int?, value: YAMLValue)] {
        guard case .mapping(let m) = node else { throw error("\(what) must be a mapping") }
        return try m.map { pair in
            guard case .scalar(let k) = pair.key else { throw YAMLValue(node: pair.key, file: file).error("\(what): keys must be words") }
            return (k.string, pair.key.mark?.line, YAMLValue(node: pair.value, file: file))
        }
    }

    /// The items of a list; fails unless the node is a list.
    public func sequence(_ what: String) throws -> [YAMLValue] {
        guard case .sequence(let s) = node else { throw error("\(what) must be a list") }
        return s.map { YAMLValue(node: $0, file: file) }
    }

    /// Whether the node is a mapping.
    public var isMapping: Bool { if case .mapping = node { true } else { false } }
    /// Whether the node is a list.
    public var isSequence: Bool { if case .sequence = node { true } else { false } }
    /// Whether the node is a single value.
    public var isScalar: Bool { if case .scalar = node { true } else { false } }
    /// Whether the node is a single value with nothing in it: empty, `null` or `~`.
    public var isNull: Bool {
        guard case .scalar(let s) = node else { return false }
        return s.string.isEmpty || s.string == "null" || s.string == "~"
    }

    /// The node as text; fails on a mapping or list.
    public func string(_ what: String) throws -> String {
        guard case .scalar(let s) = node else { throw error("\(what) must be a single value, not a \(isMapping ? "mapping" : "list")") }
        return s.string
    }

    /// The node as one of `options`; fails naming the options.
    public func word(_ what: String, from options: [String]) throws -> String {
        let s = try string(what)
        guard options.contains(s) else { throw error("\(what): unknown value '\(s)' (expected one of: \(options.joined(separator: ", ")))") }
        return s
    }

    /// `true`/`false` (also `yes`/`no`).
    public func bool(_ what: String) throws -> Bool {
        let s = try string(what)
        switch s {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error("\(what) must be true or false, not '\(s)'")
        }
    }

    /// `on` / `off` (YAML 1.1 may have read them as booleans; both spellings are accepted).
    public func onOff(_ what: String) throws -> Bool {
        let s = try string(what)
        switch s {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default: throw error("\(what) must be on or off, not '\(s)'")
        }
    }

    /// A finite number.
    public func double(_ what: String) throws -> Double {
        let s = try string(what)
        guard let d = Double(s), d.isFinite else { throw error("\(what) must be a number, not '\(s)'") }
        return d
    }

    /// A duration: a number and a unit (`ms`, `s`, `m`, `h`, `d`).
    public func duration(_ what: String) throws -> Duration {
        let s = try string(what)
        guard let d = DurationText.parse(s) else {
            throw error("\(what): bad duration '\(s)' (a decimal number and a unit: ms, s, m, h or d, e.g. 90s, 1.5h; whole milliseconds, at most 100 years)")
        }
        return d
    }

    /// A single value or a list of values, as text.
    public func stringList(_ what: String) throws -> [String] {
        if isScalar { return [try string(what)] }
        return try sequence(what).map { try $0.string(what) }
    }
}
