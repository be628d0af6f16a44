import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files under the linted paths that lint may read, by kind. Paths are absolute and standardized.
struct FileInventory {
    var projects: [String] = []
    var plists: [String] = []
    var infoPlistStrings: [String] = []
    var sources: [String] = []
    var inputRoots: [String] = []

    static let sourceExtensions: Set<String> = ["swift", "m", "mm"]

    /// Adds `path` (a file or a directory, walked recursively).
    mutating func collect(_ path: String, exclude: [String]) throws {
        let absolute = Self.absolute(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw InputError(file: path, message: "no such file or directory")
        }
        guard isDirectory.boolValue else {
            inputRoots.append((absolute as NSString).deletingLastPathComponent)
            add(absolute)
            return
        }
        inputRoots.append(absolute)
        guard FileManager.default.isReadableFile(atPath: absolute) else {
            throw InputError(file: path, message: "cannot read directory")
        }
        var stack = [absolute]
        var visited = Set<String>()
        while let directory = stack.popLast() {
            // Symbolic links may point back up the tree; visit each real directory once.
            guard visited.insert(URL(fileURLWithPath: directory).resolvingSymlinksInPath().path).inserted else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw InputError(file: directory, message: "cannot read directory")
            }
            for name in names.sorted() {
                let full = directory + "/" + name
                let relative = String(full.dropFirst(absolute.count + 1))
                if exclude.contains(where: { Self.matches(pattern: $0, path: relative) }) { continue }
                var childIsDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &childIsDirectory) else { continue }
                if childIsDirectory.boolValue {
                    if name.hasSuffix(".xcodeproj") {
                        let pbx = full + "/project.pbxproj"
                        if FileManager.default.fileExists(atPath: pbx) { projects.append(pbx) }
                        continue
                    }
                    if TargetDiscovery.skippedDirectoryNames.contains(name) || name.hasSuffix(".xcassets") || name.hasSuffix(".xcworkspace") { continue }
                    stack.append(full)
                } else {
                    add(full)
                }
            }
        }
    }

    private mutating func add(_ file: String) {
        let name = (file as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        if name == "project.pbxproj" || name == "project.yml" {
            projects.append(file)
        } else if ext == "plist" {
            plists.append(file)
        } else if name == "InfoPlist.strings" {
            infoPlistStrings.append(file)
        } else if Self.sourceExtensions.contains(ext) {
            sources.append(file)
        }
    }

    /// Whether the raw bytes of `file` mention a location key (binary plists store keys as ASCII too).
    func mentionsLocation(_ file: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: file) else { return true }
        return ByteSearch.contains(data, "NSLocation")
    }

    /// The number of path components of the deepest input root containing `file`.
    func inputDepth(of file: String) -> Int {
        inputRoots.filter { file.hasPrefix($0 + "/") }.map { $0.split(separator: "/").count }.max() ?? 1
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
