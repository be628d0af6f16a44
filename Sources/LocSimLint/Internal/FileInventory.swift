import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files under the linted paths that lint may read, by kind. Paths are absolute and standardized.
///
/// Only regular files inside the tree being linted are taken: FIFOs, devices, sockets, files
/// larger than ``RegularFile/maximumSize``, unreadable files and symbolic links resolving outside
/// the tree are skipped with a note (``skipped``); directories reached twice through symbolic
/// links (loops included) are walked once.
struct FileInventory {
    var projects: [String] = []
    var plists: [String] = []
    var infoPlistStrings: [String] = []
    var sources: [String] = []
    /// SwiftPM manifests (`Package.swift`): their `Tests` directories hold test code.
    var packages: [String] = []
    var inputRoots: [String] = []
    /// Files lint would have read but skipped, in walk order.
    var skipped: [SkippedFile] = []
    /// Third-party code lint does not check but the App Store pre-flight (LOC028) searches:
    /// `Pods`, `Carthage`, `SourcePackages` and `.build` directories (not descended into for the
    /// other checks) and vendored `*.framework` directories.
    var dependencyRoots: [String] = []

    /// The skipped directory names that hold dependencies.
    static let dependencyDirectoryNames: Set<String> = ["Pods", "Carthage", "SourcePackages", ".build"]

    static let sourceExtensions: Set<String> = ["swift", "m", "mm"]

    /// What lint reads a file as.
    enum Role {
        case project, plist, infoPlistStrings, source, package
    }

    /// The role of a file by its name, or `nil` for a file lint never reads.
    static func role(ofFile path: String) -> Role? {
        // The last component and its extension, as `NSString` gives them for a file path (no
        // extension for a name starting with its only dot), without its cost per file.
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
        let ext = name.utf8.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 == name.startIndex ? nil : String(name[name.index(after: $0)...]) } ?? ""
        if name == "project.pbxproj" || name == "project.yml" || name == "Project.swift" { return .project }
        if ext == "plist" { return .plist }
        if name == "InfoPlist.strings" || name == "InfoPlist.xcstrings" || name == "InfoPlist.stringsdict" { return .infoPlistStrings }
        if name == "Package.swift" { return .package }
        if sourceExtensions.contains(ext) { return .source }
        return nil
    }

    /// Adds `path` (a file or a directory, walked recursively).
    mutating func collect(_ path: String, exclude: [String]) throws {
        let absolute = Self.absolute(path)
        guard let kind = RegularFile.kind(of: absolute, followingLinks: true) else {
            throw InputError(file: path, message: "no such file or directory")
        }
        guard kind == .directory else {
            inputRoots.append((absolute as NSString).deletingLastPathComponent)
            if Self.role(ofFile: absolute) != nil { admit(absolute, kind: kind) }
            return
        }
        inputRoots.append(absolute)
        guard RegularFile.isReadable(absolute) else {
            throw InputError(file: path, message: "cannot read directory")
        }
        // The tree being linted: symbolic links resolving outside it are not followed.
        let root = (try? RegularFile.realPath(absolute).get()) ?? absolute
        var stack = [absolute]
        var visited = Set<String>()
        while let directory = stack.popLast() {
            // Symbolic links may point back up the tree; visit each real directory once.
            guard visited.insert((try? RegularFile.realPath(directory).get()) ?? directory).inserted else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                guard directory != absolute else { throw InputError(file: directory, message: "cannot read directory") }
                skipped.append(SkippedFile(path: directory, reason: .unreadable))
                continue
            }
            for name in names.sorted() {
                let full = directory + "/" + name
                let relative = String(full.dropFirst(absolute.count + 1))
                if exclude.contains(where: { Self.matches(pattern: $0, path: relative) }) { continue }
                guard var entry = RegularFile.kind(of: full, followingLinks: false) else { continue }
                if entry == .symbolicLink {
                    guard let target = followLink(full, inside: root) else { continue }
                    entry = target
                }
                guard entry == .directory else {
                    if Self.role(ofFile: full) != nil { admit(full, kind: entry) }
                    continue
                }
                if name.hasSuffix(".xcodeproj") {
                    let pbx = full + "/project.pbxproj"
                    if let kind = RegularFile.kind(of: pbx, followingLinks: true) { admit(pbx, kind: kind) }
                    continue
                }
                if Self.dependencyDirectoryNames.contains(name) || name.hasSuffix(".framework") { dependencyRoots.append(full) }
                if TargetDiscovery.skippedDirectoryNames.contains(name) || name.hasSuffix(".xcassets") || name.hasSuffix(".xcworkspace") { continue }
                stack.append(full)
            }
        }
    }

    /// The kind of what the symbolic link `link` resolves to, or `nil` when it is not followed:
    /// it is broken, loops, or leads outside `root` (noted when it may hold something lint reads).
    private mutating func followLink(_ link: String, inside root: String) -> RegularFile.Kind? {
        switch RegularFile.realPath(link) {
        case .failure(let error):
            let code = error.code
            if Self.role(ofFile: link) != nil {
                let reason: SkippedFile.Reason = code == .ELOOP ? .linkLoop : code == .ENOENT ? .brokenLink : .unreadable
                skipped.append(SkippedFile(path: link, reason: reason))
            }
            return nil
        case .success(let target):
            let kind = RegularFile.kind(of: target, followingLinks: false)
            guard target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                if kind == .directory || Self.role(ofFile: link) != nil {
                    skipped.append(SkippedFile(path: link, reason: .outsideTree(target: target)))
                }
                return nil
            }
            return kind
        }
    }

    /// Adds `file` if it is a readable regular file within the size limit; notes it otherwise.
    private mutating func admit(_ file: String, kind: RegularFile.Kind) {
        guard case .regular(let size) = kind else {
            skipped.append(SkippedFile(path: file, reason: .notRegularFile(kind: kind.name)))
            return
        }
        guard size <= RegularFile.maximumSize else {
            skipped.append(SkippedFile(path: file, reason: .tooLarge(bytes: size, limit: RegularFile.maximumSize)))
            return
        }
        guard RegularFile.isReadable(file) else {
            skipped.append(SkippedFile(path: file, reason: .unreadable))
            return
        }
        switch Self.role(ofFile: file) {
        case .project: projects.append(file)
        case .plist: plists.append(file)
        case .infoPlistStrings: infoPlistStrings.append(file)
        case .source: sources.append(file)
        case .package: packages.append(file)
        case nil: break
        }
    }

    /// The repository a project file sits in: the nearest folder above it (its own included)
    /// holding `.git`, within the linted input that holds it; else that input's root. `nil` for a
    /// file given on its own.
    func repositoryRoot(of file: String) -> String? {
        guard let input = inputRoots.filter({ file.hasPrefix($0 == "/" ? "/" : $0 + "/") }).max(by: { $0.count < $1.count }) else { return nil }
        var folder = (file as NSString).deletingLastPathComponent
        while folder.count >= input.count {
            if RegularFile.kind(of: folder + "/.git", followingLinks: false) != nil { return folder }
            if folder == input { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return input
    }

    /// The folder a Tuist manifest's `.relativeToRoot` paths start from: the nearest folder above
    /// it (its own included) holding a `Tuist` folder or `Tuist.swift`, else its repository root.
    func tuistRoot(of manifest: String) -> String {
        let stop = repositoryRoot(of: manifest) ?? "/"
        var folder = (manifest as NSString).deletingLastPathComponent
        while folder.count >= stop.count {
            if RegularFile.kind(of: folder + "/Tuist", followingLinks: true) == .directory || RegularFile.kind(of: folder + "/Tuist.swift", followingLinks: true) != nil { return folder }
            if folder == stop || folder == "/" { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return stop
    }

    /// Whether the plist `file` mentions a location key, from its raw bytes (binary plists store
    /// keys as ASCII too; UTF-16 text is decoded). An unreadable file counts as mentioning one, so
    /// the parser reports it.
    func mentionsLocation(_ file: String) -> Bool {
        guard let data = try? RegularFile.contents(of: file) else { return true }
        return PlistEncoding.mentions(data, "NSLocation") || PlistEncoding.mentions(data, "RequireExplicitServiceSession")
    }


    /// `path` made absolute against the current directory and standardized.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts = [Substring]()
        for part in joined.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Glob match of a relative path (`*` also crosses `/`; a pattern without `/` matches any component).
    static func matches(pattern: String, path: String) -> Bool {
        if fnmatch(pattern, path, 0) == 0 { return true }
        if !pattern.contains("/") {
            return path.split(separator: "/").contains { fnmatch(pattern, String($0), 0) == 0 }
        }
        return false
    }
}
