import Foundation
import LocSimYAML

extension XcodeGenSpec {
    /// The most specs one project may include, directly or not.
    static let maximumIncludedFiles = 256
    /// The longest chain of includes (`a.yml` includes `b.yml` includes …).
    static let maximumIncludeDepth = 32

    /// A spec with its `include:` files merged the way XcodeGen merges them.
    struct MergedSpec {
        /// The merged root mapping; path-valued fields are absolute.
        var root: [String: Any]
        /// Every file read, the root last (later files win).
        var files: [(path: String, lines: [Substring])]
        /// Included files that are missing, and similar problems that do not stop the run.
        var warnings: [ProjectWarning]
    }

    /// Reads `path` and its includes: the included specs are merged in order, then the including
    /// spec on top. Mappings merge key by key, lists append, other values replace; a key ending in
    /// `:REPLACE` replaces the whole value. Unless an include says `relativePaths: false`, the paths
    /// in an included spec are relative to its own directory.
    ///
    /// - Throws: `InputError` for malformed YAML, a malformed `include:` entry, an include cycle,
    ///   or more than ``maximumIncludedFiles`` files or ``maximumIncludeDepth`` levels.
    static func loadMerged(_ path: String) throws -> MergedSpec {
        var loader = IncludeLoader()
        let root = try loader.load(path, relativeTo: (path as NSString).deletingLastPathComponent, chain: [], includedAt: nil)
        return MergedSpec(root: root, files: loader.files, warnings: loader.warnings)
    }

    private struct IncludeLoader {
        var files: [(path: String, lines: [Substring])] = []
        var warnings: [ProjectWarning] = []
        var count = 0

        mutating func load(_ path: String, relativeTo base: String, chain: [String], includedAt: SourceLocation?) throws -> [String: Any] {
            if let start = chain.firstIndex(of: path) {
                let cycle = (chain[start...] + [path]).map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
                throw InputError(file: includedAt?.file ?? path, line: includedAt?.line, message: "include cycle: \(cycle)")
            }
            guard chain.count < XcodeGenSpec.maximumIncludeDepth else {
                throw InputError(file: includedAt?.file ?? path, line: includedAt?.line, message: "includes nest deeper than \(XcodeGenSpec.maximumIncludeDepth) levels")
            }
            count += 1
            guard count <= XcodeGenSpec.maximumIncludedFiles else {
                throw InputError(file: includedAt?.file ?? path, line: includedAt?.line, message: "the project includes more than \(XcodeGenSpec.maximumIncludedFiles) spec files")
            }
            let text = try YAMLValue.readText(contentsOf: path, kind: "file")
            let yaml = try YAMLValue.parse(text, file: path)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard var spec = yaml?.untyped as? [String: Any] else {
                if yaml == nil || yaml?.isNull == true { files.append((path, lines)); return [:] }
                throw InputError(file: path, line: yaml?.line, message: "project spec root is not a mapping")
            }
            XcodeGenSpec.rebasePaths(in: &spec, onto: base)
            var merged = [String: Any]()
            let directory = (path as NSString).deletingLastPathComponent
            for include in try Self.includes(spec["include"], file: path, lines: lines) where include.enabled {
                let full = FileInventory.absolute(include.path.hasPrefix("/") ? include.path : directory + "/" + include.path)
                let location = include.location
                guard FileManager.default.fileExists(atPath: full) else {
                    warnings.append(ProjectWarning(location: location, message: "included spec '\(include.path)' not found; the targets and settings it would add are unknown"))
                    continue
                }
                let included = try load(full, relativeTo: include.relativePaths ? (full as NSString).deletingLastPathComponent : base,
                                        chain: chain + [path], includedAt: location)
                merged = XcodeGenSpec.merge(merged, included)
            }
            spec["include"] = nil
            files.append((path, lines))
            return XcodeGenSpec.merge(merged, spec)
        }

        /// The entries of an `include:` value: a path, a list of paths, or mappings with `path`,
        /// `relativePaths` and `enable`.
        static func includes(_ value: Any?, file: String, lines: [Substring]) throws -> [(path: String, relativePaths: Bool, enabled: Bool, location: SourceLocation)] {
            guard let value else { return [] }
            let line = lines.firstIndex { $0.drop { $0 == " " }.hasPrefix("include:") }.map { $0 + 1 }
            let location = SourceLocation(file: file, line: line ?? 1)
            let entries: [Any] = (value as? [Any]) ?? [value]
            return try entries.map { entry in
                if let path = entry as? String, !path.isEmpty { return (path, true, true, location) }
                if let mapping = entry as? [String: Any], let path = mapping["path"] as? String, !path.isEmpty {
                    return (path, (mapping["relativePaths"] as? Bool) ?? true, (mapping["enable"] as? Bool) ?? true, location)
                }
                throw InputError(file: file, line: line, message: "include: expects a path, a list of paths, or mappings with a 'path'")
            }
        }
    }

    /// XcodeGen's additive merge: mappings key by key, lists appended, anything else replaced;
    /// `key:REPLACE` replaces the value of `key`.
    static func merge(_ base: [String: Any], _ top: [String: Any]) -> [String: Any] {
        var result = base
        for (rawKey, value) in top {
            if rawKey.hasSuffix(":REPLACE") {
                result[String(rawKey.dropLast(":REPLACE".count))] = value
                continue
            }
            switch (result[rawKey], value) {
            case (let old as [String: Any], let new as [String: Any]): result[rawKey] = merge(old, new)
            case (let old as [Any], let new as [Any]): result[rawKey] = old + new
            default: result[rawKey] = value
            }
        }
        return result
    }

    /// Makes the path-valued fields of a spec absolute against `base`: `configFiles`, and in each
    /// target and target template `sources`, `info.path` and `configFiles`.
    static func rebasePaths(in spec: inout [String: Any], onto base: String) {
        func absolute(_ any: Any) -> Any {
            guard let path = any as? String, !path.hasPrefix("/"), !path.hasPrefix("$") else { return any }
            return FileInventory.absolute(base + "/" + path)
        }
        func rebaseConfigFiles(_ any: Any?) -> Any? {
            guard let files = any as? [String: Any] else { return any }
            return files.mapValues(absolute)
        }
        func rebaseTarget(_ target: inout [String: Any]) {
            for key in target.keys where key == "sources" || key.hasPrefix("sources:") {
                let value = target[key]
                if let one = value as? String { target[key] = absolute(one) } else if let list = value as? [Any] {
                    target[key] = list.map { entry -> Any in
                        guard var mapping = entry as? [String: Any] else { return absolute(entry) }
                        if let path = mapping["path"] { mapping["path"] = absolute(path) }
                        return mapping
                    }
                }
            }
            if var info = target["info"] as? [String: Any], let path = info["path"] {
                info["path"] = absolute(path)
                target["info"] = info
            }
            if let files = target["configFiles"] { target["configFiles"] = rebaseConfigFiles(files) }
        }
        if let files = spec["configFiles"] { spec["configFiles"] = rebaseConfigFiles(files) }
        for section in ["targets", "targetTemplates"] {
            guard var targets = spec[section] as? [String: Any] else { continue }
            for (name, value) in targets {
                guard var target = value as? [String: Any] else { continue }
                rebaseTarget(&target)
                targets[name] = target
            }
            spec[section] = targets
        }
    }
}
