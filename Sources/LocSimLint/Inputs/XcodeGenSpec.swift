import Foundation
import LocSimYAML

/// Reads the targets of an XcodeGen `project.yml`.
///
/// Follows `include:` (see `loadMerged`), applies `targetTemplates` and reads
/// `targets.<name>.type`, `name`, `platform` (one target per platform for a list), `deploymentTarget`,
/// `sources`, `info.path`, `info.properties`, `settings` (flat, or `groups`, `base` and `configs`,
/// with the project's `settingGroups`) and `configFiles`, plus the project-level
/// `options.deploymentTarget`, `configs`, `configFiles` and `settings`. Settings are those of the
/// Release configuration (or the first release-type one).
public enum XcodeGenSpec {
    /// The targets of a spec and what could not be resolved.
    public struct Loaded {
        /// The targets, sorted by name.
        public var targets: [ProjectTarget]
        /// Spec files other than the root that were read (its includes).
        public var includedFiles: [String]
        /// Targets or includes that could not be resolved.
        public var warnings: [ProjectWarning]
    }

    /// Parses `path` and returns its targets.
    ///
    /// Scalars are read as their source text (`deploymentTarget: 10.10` is 10.10, not 10.1).
    ///
    /// - Throws: `InputError` for an unreadable file, malformed YAML or YAML beyond `YAMLLimits`,
    ///   or a malformed include or template structure.
    public static func load(_ path: String) throws -> [ProjectTarget] {
        try loadResolving(path).targets
    }

    /// Parses `path` with its includes and templates.
    ///
    /// - Throws: like ``load(_:)``.
    public static func loadResolving(_ path: String) throws -> Loaded {
        try loadResolving(path, log: .strictLog(), repositoryRoot: nil)
    }

    /// Parses `path` with its includes and templates, recording what cannot be resolved in `log`:
    /// a missing include (LOC030), a target that cannot be linted (LOC031), a malformed include
    /// structure (LOC029). `repositoryRoot` is the folder tried for includes not found next to
    /// the spec (see `loadMerged`).
    ///
    /// - Throws: `InputError` for an unreadable or malformed root spec (strict mode: also for a
    ///   malformed include or template structure).
    static func loadResolving(_ path: String, log: InputLog, repositoryRoot: String?) throws -> Loaded {
        let recordedBefore = log.findings.count
        let spec = try loadMerged(path, log: log, repositoryRoot: repositoryRoot)
        let root = spec.root
        let directory = spec.projectRoot

        func locate(_ key: String, under parent: String? = nil) -> SourceLocation {
            var first: SourceLocation?
            for file in spec.files.reversed() {
                for (index, line) in file.lines.enumerated() {
                    let trimmed = line.drop { $0 == " " }
                    guard trimmed.hasPrefix(key + ":") || trimmed.hasPrefix("\"" + key + "\":") else { continue }
                    let location = SourceLocation(file: file.path, line: index + 1, column: line.count - trimmed.count + 1)
                    guard let parent else { return location }
                    if first == nil { first = location }
                    if Self.parentKey(of: index, in: file.lines)?.lowercased() == parent.lowercased() { return location }
                }
            }
            return first ?? SourceLocation(file: path)
        }

        // The configuration lint reads.
        let configs = (root["configs"] as? [String: Any]) ?? ["Debug": "debug", "Release": "release"]
        let config = configs.keys.first { $0.lowercased() == "release" }
            ?? configs.keys.sorted().first { (configs[$0] as? String)?.lowercased() == "release" }
            ?? configs.keys.sorted().first ?? "Release"
        let groups = (root["settingGroups"] as? [String: Any]) ?? [:]

        /// Flat settings of one `settings` value for `config`, with the parent key each came from.
        func settings(_ any: Any?, depth: Int = 0) -> [String: (value: String, parent: String)] {
            guard let dict = any as? [String: Any], depth < 16 else { return [:] }
            var flat = [String: (value: String, parent: String)]()
            let structured = dict["base"] != nil || dict["configs"] != nil || dict["groups"] != nil
            if !structured {
                for (key, value) in dict { if let s = scalar(value) { flat[key] = (s, "settings") } }
                return flat
            }
            for name in (dict["groups"] as? [Any])?.compactMap({ $0 as? String }) ?? [] {
                flat.merge(settings(groups[name], depth: depth + 1)) { $1 }
            }
            for (key, value) in (dict["base"] as? [String: Any]) ?? [:] { if let s = scalar(value) { flat[key] = (s, "base") } }
            for (name, value) in ((dict["configs"] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key })
            where config.lowercased().contains(name.lowercased()) {
                flat.merge(settings(value, depth: depth + 1).mapValues { ($0.value, $0.parent == "settings" || $0.parent == "base" ? name : $0.parent) }) { $1 }
            }
            return flat
        }
        func buildSettings(_ any: Any?) -> BuildSettings {
            let flat = settings(any)
            var origins = [String: SourceLocation]()
            for (key, entry) in flat where key.hasPrefix("INFOPLIST_KEY_") { origins[key] = locate(key, under: entry.parent) }
            return BuildSettings(flat.mapValues(\.value), origins: origins)
        }
        func configFile(_ any: Any?) throws -> BuildSettings {
            guard let dict = any as? [String: Any] else { return BuildSettings() }
            let chosen = dict.first { $0.key.lowercased() == config.lowercased() }
                ?? dict.sorted { $0.key < $1.key }.first { config.lowercased().contains($0.key.lowercased()) }
            guard let chosen, let file = chosen.value as? String else { return BuildSettings() }
            let full = FileInventory.absolute(file.hasPrefix("/") ? file : directory + "/" + file)
            guard FileManager.default.fileExists(atPath: full) || !log.strict else { return BuildSettings() }
            let at = locate(chosen.key, under: "configFiles")
            let written = InputLog.relative(full, from: directory)
            guard try log.mayRead(full, written: written, what: "configFiles entry", at: at),
                  try XcconfigFile.Loader.readable(full, written: "configFiles entry '\(written)'", at: at, log: log) else { return BuildSettings() }
            var loader = XcconfigFile.Loader(log: log)
            return try loader.load(full)
        }

        var projectSettings = BuildSettings(["SRCROOT": directory, "PROJECT_DIR": directory])
        projectSettings.overlay(try configFile(root["configFiles"]))
        projectSettings.overlay(buildSettings(root["settings"]))
        let projectDeployment = ((root["options"] as? [String: Any])?["deploymentTarget"] as? [String: Any]) ?? [:]
        let templates = (root["targetTemplates"] as? [String: Any]) ?? [:]

        var targets = [ProjectTarget]()
        for (key, value) in ((root["targets"] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let declared = value as? [String: Any] else {
                log.targetNotLinted(key, reason: "not a mapping", message: "target '\(key)' is not a mapping; it is not linted as an app", at: locate(key))
                continue
            }
            var target: [String: Any]
            do {
                target = try applyTemplates(to: declared, named: (declared["name"] as? String) ?? key, templates: templates, file: path)
            } catch TemplateFailure.missing(let template) {
                log.targetNotLinted(key, reason: "undefined template '\(template)'",
                                    message: "target '\(key)' uses template '\(template)', which the spec does not define; the target is not linted as an app", at: locate(key))
                continue
            } catch let error as InputError where !log.strict {
                try log.malformed(InputError(file: error.file, line: locate(key).line, message: error.message))
                log.targetNotLinted(key, reason: "template cycle", message: nil, at: locate(key))
                continue
            }
            let platforms = (target["platform"] as? [Any])?.compactMap { $0 as? String } ?? [(target["platform"] as? String)].compactMap { $0 }
            for platform in platforms.isEmpty ? [nil] : platforms.map(Optional.some) {
                var body = target
                var name = (target["name"] as? String) ?? key
                if let platform, platforms.count > 1 {
                    body = substitute(target, ["platform": platform]) as? [String: Any] ?? target
                    name += "_" + platform
                }
                let type = (body["type"] as? String) ?? ""
                if type.isEmpty {
                    log.targetNotLinted(name, reason: "no type", message: "target '\(name)' has no type; it is not linted as an app", at: locate(key))
                }
                var merged = projectSettings
                merged.overlay(BuildSettings(["TARGET_NAME": name, "PRODUCT_NAME": name]))
                merged.overlay(try configFile(body["configFiles"]))
                merged.overlay(buildSettings(body["settings"]))
                let info = body["info"] as? [String: Any]
                var plistPath = (info?["path"] as? String).map { FileInventory.absolute($0.hasPrefix("/") ? $0 : directory + "/" + $0) }
                if plistPath == nil, let file = merged.values["INFOPLIST_FILE"], let resolved = merged.resolve(file) {
                    plistPath = FileInventory.absolute(resolved.hasPrefix("/") ? resolved : directory + "/" + resolved)
                }
                var extra = [String: DeclaredValue]()
                for (setting, value) in merged.values where setting.hasPrefix("INFOPLIST_KEY_") {
                    extra[String(setting.dropFirst("INFOPLIST_KEY_".count))] = DeclaredValue(text: merged.resolve(value), raw: value, location: merged.origins[setting] ?? SourceLocation(file: path))
                }
                for (plistKey, value) in (info?["properties"] as? [String: Any]) ?? [:] {
                    guard let s = scalar(value) else { continue }
                    extra[plistKey] = DeclaredValue(text: merged.resolve(s), raw: s, location: locate(plistKey))
                }
                var sources = [String]()
                let rawSources: [Any] = (body["sources"] as? [Any]) ?? ((body["sources"] as? String).map { [$0] } ?? [])
                for source in rawSources {
                    let written = (source as? String) ?? ((source as? [String: Any])?["path"] as? String)
                    if let written { sources.append(FileInventory.absolute(written.hasPrefix("/") ? written : directory + "/" + written)) }
                }
                let deployment = scalar(body["deploymentTarget"]) ?? platform.flatMap { scalar(projectDeployment[$0]) }
                var made = ProjectTarget(name: name, kind: kind(ofType: type), projectFile: path, projectDirectory: directory,
                                         infoPlistPath: plistPath, settings: merged, extraInfo: extra, sourceRoots: sources,
                                         platformName: platform, deploymentTarget: deployment)
                made.generatesInfoPlist = info?["path"] != nil
                made.isAppClip = type.hasSuffix("on-demand-install-capable")
                made.declaration = locate(key, under: "targets")
                targets.append(made)
            }
        }
        let warnings = log.findings[recordedBefore...].map { ProjectWarning(location: $0.location, message: $0.message) }
        return Loaded(targets: targets, includedFiles: spec.files.dropLast().map(\.path), warnings: Array(warnings))
    }

    /// The key of the mapping that line `index` is nested in: the nearest line above with less indentation.
    static func parentKey(of index: Int, in lines: [Substring]) -> String? {
        let indent = lines[index].prefix { $0 == " " }.count
        var i = index - 1
        while i >= 0 {
            let line = lines[i]
            let trimmed = line.drop { $0 == " " }
            let own = line.count - trimmed.count
            if !trimmed.isEmpty, !trimmed.hasPrefix("#"), own < indent {
                return trimmed.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\" -")) }
            }
            i -= 1
        }
        return nil
    }

    /// The lint kind of an XcodeGen target `type`.
    static func kind(ofType type: String) -> ProjectTarget.Kind {
        if type.contains("test") { return .test }
        if type.contains("framework") || type.contains("library") { return .framework }
        if type.contains("extension") { return .appExtension }
        if type.contains("application") { return .application }
        return .other
    }

    /// A YAML scalar as text (`YAMLValue.untyped` gives numbers such as `14.0` as their source
    /// text; a boolean is an Xcode `YES`/`NO`).
    static func scalar(_ any: Any?) -> String? {
        switch any {
        case let s as String: return s
        case let b as Bool: return b ? "YES" : "NO"
        default: return nil
        }
    }
}
