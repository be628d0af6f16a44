import Foundation

/// Reads the targets of an Xcode `project.pbxproj` (an OpenStep property list, parsed by
/// `PlistReader`).
///
/// Only what lint needs: native targets, their product type, the Release (or first) build
/// configuration of the project and the target with their `.xcconfig` bases, `INFOPLIST_FILE`
/// and `INFOPLIST_KEY_…` settings (located at the line of that configuration), and the files each
/// target compiles (its Sources build phase, through `PBXBuildFile` and the group tree, and
/// folders synchronized with it).
public enum XcodeProjectFile {
    /// Parses `path` (`…/App.xcodeproj/project.pbxproj`).
    ///
    /// - Throws: `InputError` for an unreadable or malformed project, or an unreadable
    ///   `.xcconfig` it references.
    public static func load(_ path: String) throws -> [ProjectTarget] {
        try load(path, log: .strictLog())
    }

    /// Parses `path`, recording problems with the `.xcconfig` files it references in `log`
    /// (a missing base configuration or include is a note, its settings unknown).
    ///
    /// - Throws: `InputError` for an unreadable or malformed project (strict mode: also for an
    ///   unreadable `.xcconfig`).
    static func load(_ path: String, log: InputLog) throws -> [ProjectTarget] {
        let data = try RegularFile.contents(of: path)
        let plist = try PlistReader.read(data, file: path, kind: "project file")
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: [String: Any]],
              let rootID = root["rootObject"] as? String, let project = objects[rootID] else {
            throw InputError(file: path, message: "project file has no objects or rootObject")
        }
        let xcodeproj = (path as NSString).deletingLastPathComponent
        let projectDir = (xcodeproj as NSString).deletingLastPathComponent
        let paths = FileReferencePaths(objects: objects, projectDirectory: projectDir)
        let keyLocations = SettingLocations(file: path, data: data)
        // Every configuration's `.xcconfig` files are read once for the whole project.
        var xcconfigs = XcconfigFile.Loader(log: log)

        /// The settings of a configuration list; a missing or unreadable base configuration is a
        /// note when `noteMissing` (the project's, an app's or an extension's; not a test's or a
        /// framework's), else skipped silently.
        func settings(ofList listID: String?, noteMissing: Bool = true) throws -> BuildSettings {
            guard let listID, let list = objects[listID], let ids = list["buildConfigurations"] as? [String] else { return BuildSettings() }
            let chosenID = ids.first { (objects[$0]?["name"] as? String) == "Release" } ?? ids.first { objects[$0] != nil }
            guard let chosenID, let chosen = objects[chosenID] else { return BuildSettings() }
            var result = BuildSettings()
            let configurationLocations = keyLocations.locations(inObject: chosenID)
            if let baseRef = chosen["baseConfigurationReference"] as? String, let xcconfig = paths.path(of: baseRef) {
                let at = configurationLocations["baseConfigurationReference"] ?? SourceLocation(file: path)
                let written = InputLog.relative(xcconfig, from: projectDir)
                if !FileManager.default.fileExists(atPath: xcconfig), log.strict || !noteMissing {
                    // Strict mode (the loader on its own) skips a missing base, as it always did; so
                    // does a target whose settings do not matter to lint (a test or framework).
                } else if try log.mayRead(xcconfig, written: written, what: "base configuration", at: at),
                          try XcconfigFile.Loader.readable(xcconfig, written: "base configuration '\(written)'", at: at, log: log) {
                    result.overlay(try xcconfigs.load(xcconfig))
                }
            }
            var own = [String: String]()
            var origins = [String: SourceLocation]()
            for (key, value) in (chosen["buildSettings"] as? [String: Any]) ?? [:] where !key.contains("[") {
                if let s = value as? String {
                    own[key] = s
                } else if let a = value as? [String] {
                    own[key] = a.joined(separator: " ")
                }
                if key.hasPrefix("INFOPLIST_KEY_") || key.hasSuffix("_DEPLOYMENT_TARGET") || key == "INFOPLIST_FILE" {
                    // The configuration lint reads, not the first one that sets the key (often Debug).
                    origins[key] = configurationLocations[key] ?? keyLocations.location(of: key)
                }
            }
            do {
                try result.overlayBounded(BuildSettings(own, origins: origins))
            } catch {
                throw InputError(file: path, line: keyLocations.location(of: error.name).line, message: error.message)
            }
            return result
        }

        var base = BuildSettings(["SRCROOT": projectDir, "PROJECT_DIR": projectDir, "SOURCE_ROOT": projectDir,
                                  "PROJECT_NAME": ((xcodeproj as NSString).lastPathComponent as NSString).deletingPathExtension])
        base.overlay(try settings(ofList: project["buildConfigurationList"] as? String))

        var targets = [ProjectTarget]()
        for id in (project["targets"] as? [String]) ?? [] {
            guard let target = objects[id], (target["isa"] as? String) == "PBXNativeTarget", let name = target["name"] as? String else { continue }
            var merged = base
            merged.overlay(BuildSettings(["TARGET_NAME": name, "PRODUCT_NAME": name]))
            let kind = Self.kind(ofProductType: target["productType"] as? String ?? "")
            do {
                try merged.overlayBounded(settings(ofList: target["buildConfigurationList"] as? String,
                                                   noteMissing: kind == .application || kind == .appExtension))
            } catch let error as BuildSettingResolver.Overflow {
                throw InputError(file: path, line: keyLocations.location(of: error.name).line, message: error.message)
            }
            // One resolver per configuration: each setting is resolved once, the total bounded.
            var resolver = BuildSettingResolver(merged)
            func resolve(_ text: String, of key: String) throws -> String? {
                do {
                    return try resolver.resolve(text)
                } catch {
                    let location = merged.origins[key] ?? keyLocations.location(of: key)
                    throw InputError(file: location.file, line: location.line, message: error.message)
                }
            }
            var plistPath: String?
            if let file = merged.values["INFOPLIST_FILE"], !file.isEmpty, let resolved = try resolve(file, of: "INFOPLIST_FILE") {
                plistPath = FileInventory.absolute(resolved.hasPrefix("/") ? resolved : projectDir + "/" + resolved)
            }
            var extra = [String: DeclaredValue]()
            for (key, value) in merged.values.sorted(by: { $0.key < $1.key }) where key.hasPrefix("INFOPLIST_KEY_") {
                let plistKey = String(key.dropFirst("INFOPLIST_KEY_".count))
                extra[plistKey] = DeclaredValue(text: try resolve(value, of: key), raw: value, location: merged.origins[key] ?? SourceLocation(file: path))
            }
            let keys = ["IPHONEOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET", "WATCHOS_DEPLOYMENT_TARGET", "TVOS_DEPLOYMENT_TARGET", "XROS_DEPLOYMENT_TARGET"]
            let sdkPlatform = try merged.values["SDKROOT"].flatMap { try resolve($0, of: "SDKROOT") }.map(platformName(sdk:))
            let key = keys.first { platformName(deploymentKey: $0) == sdkPlatform && merged.values[$0] != nil } ?? keys.first { merged.values[$0] != nil }
            let deployment = try key.flatMap { key in try merged.values[key].flatMap { try resolve($0, of: key) } }
            var project = ProjectTarget(name: name, kind: kind, projectFile: path, projectDirectory: projectDir, infoPlistPath: plistPath,
                                        settings: merged, extraInfo: extra, sourceRoots: [],
                                        platformName: sdkPlatform ?? key.map(platformName(deploymentKey:)), deploymentTarget: deployment)
            // Membership: the Sources build phase's files, and folders synchronized with the target.
            var compiled = [String]()
            for phaseID in (target["buildPhases"] as? [String]) ?? [] {
                guard let phase = objects[phaseID], (phase["isa"] as? String) == "PBXSourcesBuildPhase" else { continue }
                for buildFile in (phase["files"] as? [String]) ?? [] {
                    if let ref = objects[buildFile]?["fileRef"] as? String, let file = paths.path(of: ref) { compiled.append(file) }
                }
            }
            project.sourceFiles = compiled
            project.sourceRoots = ((target["fileSystemSynchronizedGroups"] as? [String]) ?? []).compactMap { paths.path(of: $0) }
            project.isAppClip = (target["productType"] as? String)?.hasSuffix(".on-demand-install-capable") == true
            targets.append(project)
        }
        return targets
    }

    /// The lint kind of an Xcode product type.
    static func kind(ofProductType type: String) -> ProjectTarget.Kind {
        if type.contains("bundle.unit-test") || type.contains("bundle.ui-testing") { return .test }
        if type.contains("framework") || type.contains("library") { return .framework }
        if type.contains("app-extension") || type.contains("watchkit2-extension") || type.contains("watchkit-extension") { return .appExtension }
        if type.contains("application") { return .application }
        return .other
    }

    /// `iOS`, `macOS`, … for an `SDKROOT` value (`iphoneos`, `macosx`, …).
    static func platformName(sdk: String) -> String {
        let s = sdk.lowercased()
        if s.hasPrefix("iphone") { return "iOS" }
        if s.hasPrefix("macosx") { return "macOS" }
        if s.hasPrefix("watch") { return "watchOS" }
        if s.hasPrefix("appletv") { return "tvOS" }
        if s.hasPrefix("xr") { return "visionOS" }
        return sdk
    }

    /// `iOS`, `macOS`, … for a `*_DEPLOYMENT_TARGET` setting name.
    static func platformName(deploymentKey: String) -> String {
        switch deploymentKey {
        case "IPHONEOS_DEPLOYMENT_TARGET": return "iOS"
        case "MACOSX_DEPLOYMENT_TARGET": return "macOS"
        case "WATCHOS_DEPLOYMENT_TARGET": return "watchOS"
        case "TVOS_DEPLOYMENT_TARGET": return "tvOS"
        default: return "visionOS"
        }
    }
}

/// Resolves `PBXFileReference` ids to absolute paths through the `PBXGroup` tree.
struct FileReferencePaths {
    let objects: [String: [String: Any]]
    let projectDirectory: String
    let parents: [String: String]
    /// Paths already resolved, by id: a group's path is computed once, not once per file in it.
    private let resolved = ResolvedPaths()

    /// The memo of ``path(of:depth:)`` (a reference, so lookups through a `let` can fill it).
    private final class ResolvedPaths {
        var paths: [String: String?] = [:]
    }

    init(objects: [String: [String: Any]], projectDirectory: String) {
        self.objects = objects
        self.projectDirectory = projectDirectory
        var parents = [String: String]()
        for (id, object) in objects {
            for child in (object["children"] as? [String]) ?? [] { parents[child] = id }
        }
        self.parents = parents
    }

    func path(of id: String, depth: Int = 0) -> String? {
        resolve(id, depth: depth).path
    }

    /// The path of `id`, and whether it is independent of `depth` (the group chain above it ended
    /// within the 64-level limit, so the path may be remembered).
    private func resolve(_ id: String, depth: Int) -> (path: String?, exact: Bool) {
        if let known = resolved.paths[id] { return (known, true) }
        guard depth < 64 else { return (nil, false) }
        guard let object = objects[id] else { return (nil, true) }
        let own = object["path"] as? String ?? ""
        let tree = object["sourceTree"] as? String ?? "<group>"
        let result: (path: String?, exact: Bool)
        switch tree {
        case "<absolute>":
            result = (own, true)
        case "SOURCE_ROOT":
            result = (FileInventory.absolute(projectDirectory + "/" + own), true)
        case "<group>":
            let parent: (path: String?, exact: Bool) = parents[id].map { resolve($0, depth: depth + 1) } ?? (nil, true)
            let parentPath = parent.path ?? projectDirectory
            result = (own.isEmpty ? parentPath : FileInventory.absolute(parentPath + "/" + own), parent.exact)
        default:
            result = (nil, true)
        }
        if result.exact { resolved.paths[id] = .some(result.path) }
        return result
    }
}
