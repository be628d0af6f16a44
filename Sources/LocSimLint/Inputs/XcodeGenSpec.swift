import Foundation
import LocSimYAML

/// Reads the targets of an XcodeGen `project.yml`.
///
/// Understands `targets.<name>.type`, `platform`, `deploymentTarget`, `sources`, `info.path`,
/// `info.properties`, `settings` (`base` and flat) and `configFiles`, plus the project-level
/// `options.deploymentTarget` and `settings`. `include:` files are not followed.
public enum XcodeGenSpec {
    /// Parses `path`.
    ///
    /// Scalars are read as their source text (`deploymentTarget: 10.10` is 10.10, not 10.1).
    ///
    /// - Throws: `InputError` for an unreadable file, or malformed YAML or YAML beyond `YAMLLimits`.
    public static func load(_ path: String) throws -> [ProjectTarget] {
        let text = try YAMLValue.readText(contentsOf: path, kind: "file")
        let yaml = try YAMLValue.parse(text, file: path)
        guard let root = yaml?.untyped as? [String: Any] else {
            throw InputError(file: path, line: yaml?.line, message: "project.yml root is not a mapping")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func locate(_ key: String) -> SourceLocation {
            for (index, line) in lines.enumerated() {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix(key + ":") || trimmed.hasPrefix("\"" + key + "\":") {
                    return SourceLocation(file: path, line: index + 1, column: line.count - trimmed.count + 1)
                }
            }
            return SourceLocation(file: path)
        }
        func absolute(_ p: String) -> String {
            FileInventory.absolute(p.hasPrefix("/") ? p : directory + "/" + p)
        }
        func settings(_ any: Any?) -> BuildSettings {
            guard let dict = any as? [String: Any] else { return BuildSettings() }
            var flat = [String: String]()
            let base = (dict["base"] as? [String: Any]) ?? [:]
            for (key, value) in dict where key != "base" && key != "configs" && key != "groups" { flat[key] = scalar(value) }
            for (key, value) in base { flat[key] = scalar(value) }
            if let configs = dict["configs"] as? [String: Any],
               let release = (configs.first { $0.key.lowercased() == "release" }?.value ?? configs.sorted { $0.key < $1.key }.first?.value) as? [String: Any] {
                for (key, value) in release { flat[key] = scalar(value) }
            }
            var origins = [String: SourceLocation]()
            for key in flat.keys where key.hasPrefix("INFOPLIST_KEY_") { origins[key] = locate(key) }
            return BuildSettings(flat.compactMapValues { $0 }, origins: origins)
        }
        func configFile(_ any: Any?) throws -> BuildSettings {
            guard let dict = any as? [String: Any] else { return BuildSettings() }
            let chosen = dict.first { $0.key.lowercased() == "release" }?.value ?? dict.sorted { $0.key < $1.key }.first?.value
            guard let file = chosen as? String else { return BuildSettings() }
            let full = absolute(file)
            return FileManager.default.fileExists(atPath: full) ? try XcconfigFile.load(full) : BuildSettings()
        }

        var projectSettings = BuildSettings(["SRCROOT": directory, "PROJECT_DIR": directory])
        projectSettings.overlay(try configFile(root["configFiles"]))
        projectSettings.overlay(settings(root["settings"]))
        let projectDeployment = ((root["options"] as? [String: Any])?["deploymentTarget"] as? [String: Any]) ?? [:]

        var targets = [ProjectTarget]()
        for (name, value) in ((root["targets"] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let target = value as? [String: Any] else { continue }
            var merged = projectSettings
            merged.overlay(BuildSettings(["TARGET_NAME": name, "PRODUCT_NAME": name]))
            merged.overlay(try configFile(target["configFiles"]))
            merged.overlay(settings(target["settings"]))
            let type = (target["type"] as? String) ?? ""
            let platform = (target["platform"] as? String) ?? (target["platform"] as? [String])?.first
            let info = target["info"] as? [String: Any]
            var plistPath = (info?["path"] as? String).map(absolute)
            if plistPath == nil, let file = merged.values["INFOPLIST_FILE"], let resolved = merged.resolve(file) { plistPath = absolute(resolved) }
            var extra = [String: DeclaredValue]()
            for (key, value) in merged.values where key.hasPrefix("INFOPLIST_KEY_") {
                extra[String(key.dropFirst("INFOPLIST_KEY_".count))] = DeclaredValue(text: merged.resolve(value), raw: value, location: merged.origins[key] ?? SourceLocation(file: path))
            }
            for (key, value) in (info?["properties"] as? [String: Any]) ?? [:] {
                guard let s = scalar(value) else { continue }
                extra[key] = DeclaredValue(text: merged.resolve(s), raw: s, location: locate(key))
            }
            var sources = [String]()
            let rawSources: [Any] = (target["sources"] as? [Any]) ?? ((target["sources"] as? String).map { [$0] } ?? [])
            for source in rawSources {
                if let s = source as? String { sources.append(absolute(s)) }
                if let d = source as? [String: Any], let p = d["path"] as? String { sources.append(absolute(p)) }
            }
            let deployment = scalar(target["deploymentTarget"]) ?? platform.flatMap { scalar(projectDeployment[$0]) }
            var projectTarget = ProjectTarget(name: name, kind: kind(ofType: type), projectFile: path, projectDirectory: directory,
                                              infoPlistPath: plistPath, settings: merged, extraInfo: extra, sourceRoots: sources,
                                              platformName: platform, deploymentTarget: deployment)
            projectTarget.isAppClip = type.hasSuffix("on-demand-install-capable")
            targets.append(projectTarget)
        }
        return targets
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
