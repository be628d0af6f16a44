import Foundation
import LocSimModel

/// Finds the app targets under the linted paths, reads their Info.plists and project settings,
/// and assigns sources to them.
///
/// Rules (documented in `Docs/Lint.md`):
/// - Every `project.pbxproj`, XcodeGen `project.yml` and Tuist `Project.swift` is read (XcodeGen
///   includes and templates resolved, Tuist helpers followed); its application and app extension
///   targets become ``AppTarget``s with their `INFOPLIST_FILE`. A file that is malformed, missing
///   or outside the linted tree, and a target lint cannot resolve (its Info.plist missing, a
///   template undefined), are findings (LOC029–LOC031, ``Result/inputFindings``), never the end of
///   the run; such a target is not an app target.
/// - A plist outside any project directory that looks like a bundle's Info.plist (it has
///   `CFBundleIdentifier`, `CFBundleExecutable` or `CFBundlePackageType`) and is not a test
///   bundle or framework is an app target on its own.
/// - A plist with location purpose strings that is neither of the above is reported as never
///   read (LOC012).
/// - A source file belongs to the Xcode targets that compile it (their Sources build phase or a
///   folder synchronized with them), to the XcodeGen target whose `sources` directory is its
///   deepest ancestor, or, for a plist found on its own, to the plist's directory. No owner is
///   guessed: a source of no app target gets only the checks that need no target. Sources of test
///   targets, and sources without an app target under a `…Tests` directory, are not app code and
///   are not linted.
public struct TargetDiscovery {
    /// A location key found in a file the system never reads for any app: a purpose string
    /// (LOC012) or the explicit-service-session opt-in (LOC018).
    public struct UnreadPurposeString: Hashable, Sendable {
        /// Where the key is.
        public var location: SourceLocation
        /// The key.
        public var key: String
        /// Why the system never reads the file.
        public var reason: String
    }

    /// A target or project file that could not be linted.
    public struct NotLinted: Hashable, Sendable, CustomStringConvertible {
        /// The target's name, or the project file's (`App.xcodeproj`, `Tool/project.yml`).
        public var name: String
        /// Why, in a few words (`Info.plist malformed`).
        public var reason: String
        /// Where it is declared.
        public var location: SourceLocation

        /// `name (reason)`.
        public var description: String { "\(name) (\(reason))" }
    }

    /// The result of discovery.
    public struct Result: Sendable {
        /// The app targets, sorted by name and plist path.
        public var targets: [AppTarget]
        /// Swift/Objective-C files not assigned to any target (source-only checks still run).
        public var unassignedSources: [String]
        /// Purpose strings nobody reads.
        public var unread: [UnreadPurposeString]
        /// Explicit-service-session opt-in keys (O9) in a plist that is no app's Info.plist: a test
        /// bundle's, a framework's, an unreferenced or non-bundle plist (`key` is the spelling used).
        public var misplacedSessionKeys: [UnreadPurposeString] = []
        /// Files under the paths that were not read (FIFOs, devices, too large, links out of the tree).
        public var skippedFiles: [SkippedFile] = []
        /// Dependency directories (`Pods`, `Carthage`, `SourcePackages`, `.build`, `*.framework`)
        /// for the App Store pre-flight (LOC028), absolute, sorted.
        public var dependencyRoots: [String] = []
        /// Findings about the inputs themselves: malformed files (LOC029), inputs not read
        /// (LOC030), targets that could not be linted (LOC031).
        public var inputFindings: [Finding] = []
        /// Targets and project files that could not be linted, sorted by where they are declared.
        public var notLinted: [NotLinted] = []
        /// Bundle Info.plists read that are not an app's (a framework's, a test bundle's), for the
        /// note printed when no app target is found.
        public var nonAppPlists: [(path: String, reason: String)] = []
    }

    /// Directory names never descended into: build output and third-party dependencies.
    public static let skippedDirectoryNames: Set<String> = [".git", ".build", "build", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm", "SourcePackages", "xcuserdata"]
    /// Directory names a plist may sit in without being the target's source directory.
    static let plistOnlyDirectoryNames: Set<String> = ["resources", "supporting files", "supportingfiles", "config", "configs", "configuration", "plists", "info", "base.lproj", "support"]

    let options: LintOptions

    /// Creates a discovery for `options`.
    public init(options: LintOptions) {
        self.options = options
    }

    /// Walks the paths and builds the targets.
    ///
    /// - Throws: `InputError` for a missing path or a linted folder that cannot be read; a bad file
    ///   in the tree is a finding of ``Result/inputFindings`` instead.
    public func run() throws -> Result {
        var files = FileInventory()
        for path in options.paths {
            try files.collect(path, exclude: options.configuration.exclude)
        }
        let log = InputLog(boundary: TreeBoundary(roots: options.paths + options.allowOutside), strict: false)
        var targets = [AppTarget]()
        var unread = [UnreadPurposeString]()
        var misplaced = [UnreadPurposeString]()
        func noteSessionKeys(in document: PlistDocument, _ reason: String) {
            misplaced += ExplicitSessionKey.names.filter { document.root[$0] != nil }.map {
                UnreadPurposeString(location: document.location(ofKey: $0), key: $0, reason: reason)
            }
        }
        var consumedPlists = Set<String>()
        var projectDirectories = [String]()

        // Projects first: their targets name their plists.
        var projectTargets = [ProjectTarget]()
        var nonAppPlists = [(path: String, reason: String)]()
        var loadedProjects = [(path: String, targets: [ProjectTarget], log: InputLog)]()
        var included = Set<String>()
        // Tuist: `ProjectDescriptionHelpers` sources are manifest code, not app code.
        var tuistHelpers = [String]()
        if files.projects.contains(where: { $0.hasSuffix("/Project.swift") }) {
            tuistHelpers = files.sources.filter { $0.contains("/ProjectDescriptionHelpers/") }
            files.sources.removeAll { $0.contains("/ProjectDescriptionHelpers/") }
        }
        for project in files.projects.sorted() {
            // One bad project file is a finding at its line; the other projects are still read.
            let projectLog = InputLog(boundary: log.boundary, strict: false)
            var targets = [ProjectTarget]()
            do {
                if project.hasSuffix(".yml") {
                    let loaded = try XcodeGenSpec.loadResolving(project, log: projectLog, repositoryRoot: files.repositoryRoot(of: project))
                    included.formUnion(loaded.includedFiles)
                    targets = loaded.targets
                } else if project.hasSuffix(".swift") {
                    // A `Project.swift` that does not import ProjectDescription is app code.
                    guard TuistManifest.isManifest(try RegularFile.contents(of: project)) else { files.sources.append(project); continue }
                    let root = files.tuistRoot(of: project)
                    targets = try TuistManifest.load(project, helpers: tuistHelpers.filter { $0.hasPrefix(root + "/") }, root: root, log: projectLog)
                } else {
                    targets = try XcodeProjectFile.load(project, log: projectLog)
                }
            } catch let error as InputError {
                try projectLog.malformed(error)
                projectLog.projectNotLinted(project, reason: project.hasSuffix(".yml") ? "malformed XcodeGen spec" : project.hasSuffix(".swift") ? "unreadable Tuist manifest" : "malformed project file",
                                            at: SourceLocation(file: error.file, line: error.line ?? 1))
            }
            loadedProjects.append((project, targets, projectLog))
        }
        // A spec included by another is part of that project, not a project of its own (what
        // reading it alone found is dropped: the including spec read it again in context).
        for (project, loaded, projectLog) in loadedProjects where !included.contains(project) {
            projectTargets += loaded
            log.absorb(projectLog)
            projectDirectories.append(loaded.first?.projectDirectory ?? Self.projectDirectory(of: project))
        }
        var plistCache = [String: PlistDocument?]()
        var plistErrors = [String: SourceLocation]()
        /// The plist at `path`, or `nil` when it is malformed (a LOC029 finding: an error when it
        /// is an Info.plist the build reads, `severity`).
        func plist(_ path: String, severity: Severity = .error) throws -> PlistDocument? {
            if let cached = plistCache[path] { return cached }
            var document: PlistDocument?
            do {
                document = try PlistDocument(path: path, data: RegularFile.contents(of: path))
            } catch let error as InputError {
                try log.malformed(error, severity: severity)
                plistErrors[path] = SourceLocation(file: error.file, line: error.line ?? 1)
            }
            plistCache[path] = document
            return document
        }
        var memberships = [Set<String>?]()
        var testSources = Set<String>()
        var testRoots = [String]()
        for var target in projectTargets {
            var document: PlistDocument?
            // XcodeGen: a target without INFOPLIST_FILE uses the first Info.plist in its sources.
            if target.infoPlistPath == nil, target.sourceFiles == nil, target.settings.values["GENERATE_INFOPLIST_FILE"] != "YES" {
                target.infoPlistPath = files.plists.sorted().first { path in
                    (path as NSString).lastPathComponent == "Info.plist" && !Self.owners(of: path, among: [target.sourceRoots]).isEmpty
                }
            }
            let origin = target.settings.origins["INFOPLIST_FILE"] ?? target.declaration ?? SourceLocation(file: target.projectFile)
            let isApp = target.kind == .application || target.kind == .appExtension
            var plistProblem: (reason: String, message: String?)?
            if let p = target.infoPlistPath {
                let written = InputLog.relative(p, from: target.projectDirectory)
                if !(isApp ? try log.mayRead(p, written: written, what: "target '\(target.name)': its Info.plist", at: origin) : log.boundary.contains(p)) {
                    plistProblem = ("Info.plist outside the linted tree", nil)
                } else if FileManager.default.fileExists(atPath: p) {
                    document = try plist(p)
                    consumedPlists.insert(p)
                    if document == nil { plistProblem = ("Info.plist malformed", nil) }
                } else if !target.generatesInfoPlist {
                    plistProblem = ("Info.plist missing", "target '\(target.name)': its Info.plist '\(written)' does not exist under the linted paths; the target is not linted as an app (its sources get only the checks that need no target)")
                }
            }
            switch target.kind {
            case .application, .appExtension:
                if let plistProblem {
                    log.targetNotLinted(target.name, reason: plistProblem.reason, message: plistProblem.message, at: origin)
                    continue
                }
                var roots = target.sourceRoots
                if target.sourceFiles == nil, roots.isEmpty, let p = target.infoPlistPath { roots = [Self.sourceRoot(forPlist: p)] }
                var made = try makeTarget(name: target.name, roots: roots, plist: document, project: target, log: log)
                if let p = target.infoPlistPath { made.localizationRoots = [Self.sourceRoot(forPlist: p)] }
                targets.append(made)
                memberships.append(target.sourceFiles.map(Set.init))
            case .test, .framework, .other:
                if target.kind == .test {
                    testSources.formUnion(target.sourceFiles ?? [])
                    testRoots += target.sourceRoots
                }
                if let document {
                    let reason = target.kind == .test ? "it is the Info.plist of test target '\(target.name)'" : "it is the Info.plist of non-app target '\(target.name)'"
                    nonAppPlists.append((document.path, target.kind == .test ? "the Info.plist of test target '\(target.name)'" : "the Info.plist of non-app target '\(target.name)'"))
                    unread += Self.purposeKeys(in: document).map { UnreadPurposeString(location: document.location(ofKey: $0), key: $0, reason: reason) }
                    noteSessionKeys(in: document, reason)
                }
            }
        }

        // Loose plists.
        for path in files.plists.sorted() where !consumedPlists.contains(path) {
            let mayMatter = path.lowercased().contains("info") || files.mentionsLocation(path)
            guard mayMatter else { continue }
            let name = (path as NSString).lastPathComponent
            let isInfoPlist = name == "Info.plist" || name.hasSuffix("-Info.plist")
            guard let document = try plist(path, severity: isInfoPlist ? .error : .warning) else {
                // A malformed Info.plist outside any project is most likely an app's: counted as not linted.
                if isInfoPlist, !projectDirectories.contains(where: { path.hasPrefix($0 + "/") }), let at = plistErrors[path] {
                    log.targetNotLinted(Self.displayName(forPlist: path), reason: "Info.plist malformed", message: nil, at: at)
                }
                continue
            }
            let keys = Self.purposeKeys(in: document)
            if let project = projectDirectories.first(where: { path.hasPrefix($0 + "/") }) {
                let name = (project as NSString).lastPathComponent
                let reason = "no target of the project in '\(name)' uses it as INFOPLIST_FILE"
                unread += keys.map { UnreadPurposeString(location: document.location(ofKey: $0), key: $0, reason: reason) }
                noteSessionKeys(in: document, reason)
                continue
            }
            switch Self.bundleKind(of: document) {
            case .app:
                targets.append(try makeTarget(name: Self.displayName(forPlist: path), roots: [Self.sourceRoot(forPlist: path)], plist: document, project: nil, log: log))
                memberships.append(nil)
            case .test:
                nonAppPlists.append((path, "a test bundle's Info.plist"))
                unread += keys.map { UnreadPurposeString(location: document.location(ofKey: $0), key: $0, reason: "it is a test bundle's Info.plist") }
                noteSessionKeys(in: document, "it is a test bundle's Info.plist")
            case .framework:
                nonAppPlists.append((path, "a framework's Info.plist"))
                unread += keys.map { UnreadPurposeString(location: document.location(ofKey: $0), key: $0, reason: "it is a framework's Info.plist; only the app's Info.plist is read") }
                noteSessionKeys(in: document, "it is a framework's Info.plist; only the app's Info.plist is read")
            case .notABundle:
                unread += keys.map { UnreadPurposeString(location: document.location(ofKey: $0), key: $0, reason: "it is not a bundle's Info.plist") }
                noteSessionKeys(in: document, "it is not a bundle's Info.plist")
            }
        }

        // Localizations and sources.
        var assigned = [[String]](repeating: [], count: targets.count)
        var unassigned = [String]()
        let packageTests = files.packages.map { ($0 as NSString).deletingLastPathComponent + "/Tests" }
        for source in files.sources.sorted() {
            var owners = Self.owners(of: source, among: targets.map(\.sourceRoots))
            for (index, members) in memberships.enumerated() where members?.contains(source) == true && !owners.contains(index) { owners.append(index) }
            if owners.isEmpty {
                // Test code is not app code: sources of test targets, of a package's Tests, of `…Tests` directories.
                if testSources.contains(source) || !Self.owners(of: source, among: [testRoots + packageTests]).isEmpty || Self.isTestPath(source) { continue }
                unassigned.append(source)
            }
            for index in owners { assigned[index].append(source) }
        }
        for index in targets.indices {
            targets[index].sourceFiles = assigned[index]
        }
        for stringsPath in files.infoPlistStrings.sorted() {
            let owners = Self.owners(of: stringsPath, among: targets.map { $0.sourceRoots + $0.localizationRoots })
            guard !owners.isEmpty else { continue }
            // A malformed localization breaks the build's strings copy: an error at its line; the
            // target is still linted without it.
            let strings: StringsFile
            do {
                strings = stringsPath.hasSuffix(".strings") ? try StringsFile(path: stringsPath) : try StringCatalog.read(stringsPath)
            } catch let error as InputError {
                try log.malformed(error)
                continue
            }
            for index in owners { targets[index].localizations.append(strings) }
        }
        targets.sort { ($0.name, $0.anchor) < ($1.name, $1.anchor) }
        return Result(targets: targets, unassignedSources: unassigned, unread: unread.sorted { $0.location < $1.location },
                      misplacedSessionKeys: misplaced.sorted { $0.location < $1.location }, skippedFiles: files.skipped,
                      dependencyRoots: files.dependencyRoots.sorted(), inputFindings: log.findings,
                      notLinted: log.notLinted.sorted { ($0.location, $0.name) < ($1.location, $1.name) },
                      nonAppPlists: nonAppPlists)
    }

    // MARK: - Building a target

    /// Builds an app target from its plist and project settings; a value whose `$(VAR)` expands
    /// past the expansion limit is a LOC029 finding in `log` and unknown.
    func makeTarget(name: String, roots: [String], plist: PlistDocument?, project: ProjectTarget?, log: InputLog) throws -> AppTarget {
        let settings = project?.settings ?? BuildSettings()
        var resolver = BuildSettingResolver(settings)
        var purpose = [String: DeclaredValue]()
        var backgroundModes: (modes: [String], location: SourceLocation)?
        var temporary: (keys: Set<String>, location: SourceLocation)?
        var sessionKeys = [String: ExplicitSessionKey]()
        if let plist {
            for key in ExplicitSessionKey.names {
                if let value = plist.root[key] { sessionKeys[key] = .reading(key, value, at: plist.location(ofKey: key)) }
            }
            for key in PurposeKey.allCases.map(\.rawValue) {
                if let value = plist.root[key] {
                    let raw = value.stringValue ?? ""
                    let location = plist.location(ofKey: key)
                    let text: String?
                    do {
                        text = try value.stringValue.flatMap { try resolver.resolve($0) }
                    } catch let error as BuildSettingResolver.Overflow {
                        // The value is unknown; the target is still linted.
                        try log.malformed(InputError(file: location.file, line: location.line, message: error.message))
                        text = nil
                    }
                    purpose[key] = DeclaredValue(text: text, raw: raw, location: location)
                }
            }
            if let modes = plist.root[InfoPlistKey.backgroundModes]?.stringArray {
                backgroundModes = (modes, plist.location(ofKey: InfoPlistKey.backgroundModes))
            }
            if case .dictionary(let dict)? = plist.root[InfoPlistKey.temporaryUsageDescriptionDictionary] {
                temporary = (Set(dict.keys), plist.location(ofKey: InfoPlistKey.temporaryUsageDescriptionDictionary))
            }
        }
        for (key, value) in project?.extraInfo ?? [:] {
            if PurposeKey(rawValue: key) != nil, purpose[key] == nil { purpose[key] = value }
            if key == InfoPlistKey.backgroundModes, backgroundModes == nil {
                backgroundModes = ((value.text ?? value.raw).split(separator: " ").map(String.init), value.location)
            }
            if ExplicitSessionKey.names.contains(key), sessionKeys[key] == nil { sessionKeys[key] = .reading(key, value) }
            if key == InfoPlistKey.temporaryUsageDescriptionDictionary, temporary == nil {
                temporary = (Set((value.text ?? value.raw).split(separator: " ").map(String.init)), value.location)
            }
        }
        let (platform, origin) = deploymentTarget(project: project, plist: plist, settings: settings)
        var target = AppTarget(name: name, sourceRoots: roots, deploymentTarget: platform, deploymentTargetOrigin: origin, infoPlist: plist,
                         purposeStrings: purpose, backgroundModes: backgroundModes, temporaryPurposeKeys: temporary, localizations: [], sourceFiles: [],
                         isAppExtension: project.map { $0.kind == .appExtension } ?? (plist?.root["NSExtension"] != nil || plist?.root["EXAppExtensionAttributes"] != nil),
                         explicitSessionKeys: ExplicitSessionKey.names.compactMap { sessionKeys[$0] })
        target.isAppClip = project?.isAppClip == true || plist?.root[InfoPlistKey.appClip] != nil
        // The names the app goes by, for LOC010 (a text that only says "Allow <name> to use your location").
        var names = [project?.name ?? ((name as NSString).deletingLastPathComponent as NSString).lastPathComponent]
        for key in ["CFBundleDisplayName", "CFBundleName"] {
            if let value = plist?.string(key) ?? project?.extraInfo[key]?.text, let resolved = settings.resolve(value) { names.append(resolved) }
        }
        if let product = settings.values["PRODUCT_NAME"], let resolved = settings.resolve(product) { names.append(resolved) }
        target.appNames = Array(Set(names.filter { !$0.isEmpty && !$0.contains("$") })).sorted()
        return target
    }

    /// The deployment target: flags, then project settings, then the plist, then the default.
    func deploymentTarget(project: ProjectTarget?, plist: PlistDocument?, settings: BuildSettings) -> (Platform, String) {
        let configured = options.platform ?? options.configuration.platform.flatMap(Self.os(named:))
        let os = configured ?? project?.platformName.flatMap(Self.os(named:)) ?? plist.flatMap(Self.os(inferredFrom:)) ?? .iOS
        let fallback = LintOptions.defaultDeploymentTarget(for: os)
        func parse(_ version: String?) -> Platform? {
            guard let version, let resolved = settings.resolve(version) else { return nil }
            return Platform(parsing: "\(os.rawValue) \(resolved)")
        }
        if let v = parse(options.deploymentTarget ?? options.configuration.deploymentTarget) { return (v, "--deployment-target") }
        if let v = parse(project?.deploymentTarget) { return (v, "the project's deployment target") }
        let plistKey = os == .macOS ? "LSMinimumSystemVersion" : "MinimumOSVersion"
        if let v = parse(plist?.string(plistKey)) { return (v, plistKey) }
        return (fallback, "the default deployment target")
    }

    /// `Platform.OS` for `iOS`, `macos`, `xros`, …
    static func os(named name: String) -> Platform.OS? {
        let first = name.split(separator: " ").first.map { $0.lowercased() } ?? ""
        if first == "xros" { return .visionOS }
        return Platform.OS.allCases.first { $0.rawValue.lowercased() == first }
    }

    /// The OS a plist was written for, from watch, macOS and tvOS markers.
    static func os(inferredFrom plist: PlistDocument) -> Platform.OS? {
        let root = plist.root
        if root["WKApplication"] != nil || root["WKWatchKitApp"] != nil || root["WKCompanionAppBundleIdentifier"] != nil || root["WKWatchOnly"] != nil {
            return .watchOS
        }
        if case .dictionary(let ext)? = root["NSExtension"] {
            if ext["NSExtensionPointIdentifier"]?.stringValue?.hasPrefix("com.apple.watchkit") == true { return .watchOS }
            if case .dictionary(let attributes)? = ext["NSExtensionAttributes"], attributes["WKAppBundleIdentifier"] != nil { return .watchOS }
        }
        if let platforms = root["CFBundleSupportedPlatforms"]?.stringArray, let first = platforms.first {
            if first.hasPrefix("MacOSX") { return .macOS }
            if first.hasPrefix("AppleTV") { return .tvOS }
            if first.hasPrefix("Watch") { return .watchOS }
            if first.hasPrefix("XR") { return .visionOS }
            return .iOS
        }
        if root["LSRequiresIPhoneOS"] != nil { return .iOS }
        if root["LSMinimumSystemVersion"] != nil || root["NSPrincipalClass"]?.stringValue == "NSApplication" { return .macOS }
        return nil
    }

    // MARK: - Classification helpers

    enum BundleKind { case app, test, framework, notABundle }

    /// What kind of bundle a loose plist describes.
    static func bundleKind(of plist: PlistDocument) -> BundleKind {
        let root = plist.root
        let isBundle = root["CFBundleIdentifier"] != nil || root["CFBundleExecutable"] != nil || root["CFBundlePackageType"] != nil
        // A partial Info.plist (the rest generated from build settings) still names the app's
        // location facts: an `Info.plist`/`*-Info.plist` with purpose keys or background modes.
        let name = (plist.path as NSString).lastPathComponent
        let looksLikeInfoPlist = name == "Info.plist" || name.hasSuffix("-Info.plist")
        let hasLocationFacts = !purposeKeys(in: plist).isEmpty || root[InfoPlistKey.backgroundModes] != nil
        guard isBundle || (looksLikeInfoPlist && hasLocationFacts) else { return .notABundle }
        let components = plist.path.split(separator: "/").dropLast()
        if components.contains(where: { $0.hasSuffix("Tests") || $0.hasSuffix("Tests.xctest") || $0.hasSuffix("Test") }) { return .test }
        switch root["CFBundlePackageType"]?.stringValue {
        case "BNDL": return .test
        case "FMWK": return .framework
        default: return .app
        }
    }

    /// The location purpose keys a plist declares (purpose keys and the temporary dictionary).
    static func purposeKeys(in plist: PlistDocument) -> [String] {
        (PurposeKey.allCases.map(\.rawValue) + [InfoPlistKey.temporaryUsageDescriptionDictionary]).filter { plist.root[$0] != nil }.sorted()
    }

    /// The folder of a project file: above `App.xcodeproj` for a `project.pbxproj`.
    static func projectDirectory(of project: String) -> String {
        let folder = (project as NSString).deletingLastPathComponent
        return folder.hasSuffix(".xcodeproj") ? (folder as NSString).deletingLastPathComponent : folder
    }

    /// The directory whose sources belong to a plist's target.
    static func sourceRoot(forPlist path: String) -> String {
        var directory = (path as NSString).deletingLastPathComponent
        while plistOnlyDirectoryNames.contains((directory as NSString).lastPathComponent.lowercased()) {
            directory = (directory as NSString).deletingLastPathComponent
        }
        return directory
    }

    /// A readable target name for a loose plist: its directory and file name.
    static func displayName(forPlist path: String) -> String {
        let directory = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return "\(directory)/\((path as NSString).lastPathComponent)"
    }

    /// Indices of the targets a file belongs to by their source roots: those with the deepest root
    /// that is the file or one of its ancestors. No owner is guessed for a file under no root.
    static func owners(of file: String, among roots: [[String]]) -> [Int] {
        var best = -1
        var owners = [Int]()
        for (index, targetRoots) in roots.enumerated() {
            for root in targetRoots where file == root || file.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                if root.count > best { best = root.count; owners = [index] } else if root.count == best, !owners.contains(index) { owners.append(index) }
            }
        }
        return owners
    }

    /// Whether a path is under a test directory (`AppTests`, `AppUITests`, `Tests`).
    static func isTestPath(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") || $0.hasSuffix("Tests.xctest") }
    }

}
