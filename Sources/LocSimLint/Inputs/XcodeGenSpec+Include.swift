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
        /// The folder the spec's own paths and includes are relative to: its own folder, or the
        /// repository root when the spec is meant to be generated from there (`xcodegen generate
        /// --spec sub/project.yml --project-root .`).
        var projectRoot: String
    }

    /// Reads `path` and its includes: the included specs are merged in order, then the including
    /// spec on top. Mappings merge key by key, lists append, other values replace; a key ending in
    /// `:REPLACE` replaces the whole value. Unless an include says `relativePaths: false`, the paths
    /// in an included spec are relative to its own directory.
    ///
    /// The root spec's includes and paths are relative to its folder, as `xcodegen generate` run
    /// there reads them. When an include is not found there but is found from `repositoryRoot`
    /// (the spec is generated from the repository root, `--project-root`), that folder is the
    /// project root instead and a LOC030 note says so. An include still not found, or outside the
    /// linted tree, is a LOC030 note; a cycle, a malformed entry, and more than
    /// ``maximumIncludedFiles`` files or ``maximumIncludeDepth`` levels are LOC029 findings, the
    /// include skipped (strict mode throws them).
    ///
    /// - Throws: `InputError` when the root spec cannot be read or is malformed YAML.
    static func loadMerged(_ path: String, log: InputLog, repositoryRoot: String?) throws -> MergedSpec {
        let directory = (path as NSString).deletingLastPathComponent
        var projectRoot = directory
        if let repositoryRoot, repositoryRoot != directory {
            let text = try YAMLValue.readText(contentsOf: path, kind: "file")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let spec = try YAMLValue.parse(text, file: path)?.untyped as? [String: Any]
            let includes = (try? IncludeLoader.includes(spec?["include"], file: path, lines: lines))?.filter(\.enabled) ?? []
            func found(from base: String) -> Int {
                includes.filter { FileManager.default.fileExists(atPath: FileInventory.absolute($0.path.hasPrefix("/") ? $0.path : base + "/" + $0.path)) }.count
            }
            let here = found(from: directory)
            if here < includes.count, found(from: repositoryRoot) > here, log.boundary.contains(repositoryRoot) {
                projectRoot = repositoryRoot
                let missing = includes.first { !FileManager.default.fileExists(atPath: FileInventory.absolute(directory + "/" + $0.path)) }
                try log.unresolved("included spec '\(missing?.path ?? "")' is not found next to the spec but is found from the repository root '\(InputLog.relative(repositoryRoot, from: directory))': the spec is read as `xcodegen generate --project-root` run there reads it, its includes and paths relative to the repository root",
                                   at: missing?.location ?? SourceLocation(file: path))
            }
        }
        var loader = IncludeLoader(log: log)
        let root = try loader.load(path, relativeTo: projectRoot, includesFrom: projectRoot, chain: [], includedAt: nil)
        return MergedSpec(root: root, files: loader.files, projectRoot: projectRoot)
    }

    private struct IncludeLoader {
        let log: InputLog
        var files: [(path: String, lines: [Substring])] = []
        var count = 0

        init(log: InputLog) {
            self.log = log
        }

        /// The spec at `path`, its paths made absolute against `base`, its includes read from
        /// `includeBase`, merged. A problem with an included spec (not the root) is recorded and
        /// the include skipped.
        mutating func load(_ path: String, relativeTo base: String, includesFrom includeBase: String, chain: [String], includedAt: SourceLocation?) throws -> [String: Any] {
            if let start = chain.firstIndex(of: path) {
                let cycle = (chain[start...] + [path]).map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
                try log.malformed(InputError(file: includedAt?.file ?? path, line: includedAt?.line, message: "include cycle: \(cycle)"))
                return [:]
            }
            guard chain.count < XcodeGenSpec.maximumIncludeDepth else {
                try log.malformed(InputError(file: includedAt?.file ?? path, line: includedAt?.line, message: "includes nest deeper than \(XcodeGenSpec.maximumIncludeDepth) levels"))
                return [:]
            }
            count += 1
            guard count <= XcodeGenSpec.maximumIncludedFiles else {
                try log.malformed(InputError(file: includedAt?.file ?? path, line: includedAt?.line, message: "the project includes more than \(XcodeGenSpec.maximumIncludedFiles) spec files"))
                return [:]
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
            let includes: [Include]
            do {
                includes = try Self.includes(spec["include"], file: path, lines: lines)
            } catch let error as InputError {
                try log.malformed(error)
                includes = []
            }
            for include in includes where include.enabled {
                let full = FileInventory.absolute(include.path.hasPrefix("/") ? include.path : includeBase + "/" + include.path)
                let location = include.location
                guard try log.mayRead(full, written: include.path, what: "included spec", at: location) else { continue }
                guard FileManager.default.fileExists(atPath: full) else {
                    try log.unresolved("included spec '\(include.path)' not found; the targets and settings it would add are unknown", at: location)
                    continue
                }
                let directory = (full as NSString).deletingLastPathComponent
                do {
                    let included = try load(full, relativeTo: include.relativePaths ? directory : base, includesFrom: directory,
                                            chain: chain + [path], includedAt: location)
                    merged = XcodeGenSpec.merge(merged, included)
                } catch let error as InputError where !log.strict {
                    try log.malformed(error)
                }
            }
            spec["include"] = nil
            files.append((path, lines))
            return XcodeGenSpec.merge(merged, spec)
        }

        /// One entry of an `include:` value.
        struct Include {
            var path: String
            var relativePaths: Bool
            var enabled: Bool
            var location: SourceLocation
        }

        /// The entries of an `include:` value: a path, a list of paths, or mappings with `path`,
        /// `relativePaths` and `enable`.
        static func includes(_ value: Any?, file: String, lines: [Substring]) throws -> [Include] {
            guard let value else { return [] }
            let line = lines.firstIndex { $0.drop { $0 == " " }.hasPrefix("include:") }.map { $0 + 1 }
            let location = SourceLocation(file: file, line: line ?? 1)
            let entries: [Any] = (value as? [Any]) ?? [value]
            return try entries.map { entry in
                if let path = entry as? String, !path.isEmpty { return Include(path: path, relativePaths: true, enabled: true, location: location) }
                if let mapping = entry as? [String: Any], let path = mapping["path"] as? String, !path.isEmpty {
                    return Include(path: path, relativePaths: (mapping["relativePaths"] as? Bool) ?? true, enabled: (mapping["enable"] as? Bool) ?? true, location: location)
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
