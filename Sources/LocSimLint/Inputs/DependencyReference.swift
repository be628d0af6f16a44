import Foundation

/// A third-party dependency of an app (`Pods/GoogleMaps`, `Carthage/Checkouts/Foo`,
/// `SourcePackages/checkouts/Bar`, `.build/checkouts/Baz`, `Vendor/Qux.framework`) and the location
/// request APIs its code references, for the App Store pre-flight (P7, ITMS-90683).
///
/// The search is a byte search (no parsing) of the dependency's `.swift`, `.m`, `.mm` and `.h`
/// files for `requestWhenInUseAuthorization` and `requestAlwaysAuthorization`; a hit on a line
/// that starts a comment (`//`, `/*`, `*`) does not count. Example apps, demos and tests inside
/// a dependency (`Example`, `Examples`, `Demo`, `Sample`, `Tests`, … directories) are not part of
/// what the app links and are not searched.
public struct DependencyReference: Hashable, Sendable {
    /// How messages name the dependency: its directory relative to the folder holding `Pods`,
    /// `Carthage`, … (`Pods/GoogleMaps`), or a vendored framework's parent and name.
    public var name: String
    /// The dependency's directory (absolute).
    public var directory: String
    /// The folder the dependency belongs to: the one holding `Pods`, `Carthage`, … or the
    /// vendored framework (absolute); the dependency is given to the app targets nearest to it.
    public var owner: String
    /// The first reference to each request API (`requestAlwaysAuthorization`), by API name.
    public var references: [String: SourceLocation]

    /// The APIs searched for, with the authorization they ask.
    static let requestAPIs = ["requestWhenInUseAuthorization", "requestAlwaysAuthorization"]
    /// Directory names inside a dependency that the app does not link.
    static let unlinkedDirectoryNames: Set<String> = ["example", "examples", "demo", "demos", "sample", "samples", "test", "tests",
                                                       "uitests", "docs", "documentation", ".git", "fastlane"]
    /// `Pods` children that are CocoaPods' own files, not a pod.
    static let podsSupportDirectories: Set<String> = ["Headers", "Target Support Files", "Local Podspecs", "Pods.xcodeproj"]
    static let searchedExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// The dependencies under the dependency directories `roots` (see `FileInventory.dependencyRoots`)
    /// that reference a request API, sorted by name.
    static func find(in roots: [String]) -> [DependencyReference] {
        var found = [DependencyReference]()
        for root in roots {
            let name = (root as NSString).lastPathComponent
            let owner = (root as NSString).deletingLastPathComponent
            var dependencies = [(name: String, directory: String)]()
            switch name {
            case "Pods":
                for child in children(of: root) where !podsSupportDirectories.contains(child) {
                    dependencies.append(("Pods/\(child)", root + "/" + child))
                }
            case "Carthage":
                for child in children(of: root + "/Checkouts") { dependencies.append(("Carthage/Checkouts/\(child)", root + "/Checkouts/" + child)) }
                dependencies.append(("Carthage/Build", root + "/Build"))
            case "SourcePackages", ".build":
                for child in children(of: root + "/checkouts") { dependencies.append(("\(name)/checkouts/\(child)", root + "/checkouts/" + child)) }
            default:
                let parent = (owner as NSString).lastPathComponent
                dependencies.append(("\(parent)/\(name)", root + "/Headers"))
            }
            for dependency in dependencies {
                let references = search(dependency.directory)
                if !references.isEmpty {
                    found.append(DependencyReference(name: dependency.name, directory: dependency.directory, owner: owner, references: references))
                }
            }
        }
        return found.sorted { ($0.owner, $0.name) < ($1.owner, $1.name) }
    }

    /// The sorted names of the directories in `path` (none when it is not a readable directory).
    static func children(of path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { RegularFile.kind(of: path + "/" + $0, followingLinks: false) == .directory }.sorted()
    }

    /// The first reference to each request API in the files under `directory` (walked in name order,
    /// symbolic links not followed).
    static func search(_ directory: String) -> [String: SourceLocation] {
        var references = [String: SourceLocation]()
        var stack = [directory]
        while let current = stack.popLast(), references.count < requestAPIs.count {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []).sorted().reversed() {
                let full = current + "/" + name
                switch RegularFile.kind(of: full, followingLinks: false) {
                case .directory?:
                    if !unlinkedDirectoryNames.contains(name.lowercased()), !name.lowercased().hasSuffix("tests") { stack.append(full) }
                case .regular(let size)? where size <= RegularFile.maximumSize && searchedExtensions.contains((name as NSString).pathExtension):
                    guard let data = try? RegularFile.contents(of: full),
                          ByteSearch.containsAny(data, requestAPIs.filter { references[$0] == nil }) else { continue }
                    for (api, location) in codeReferences(in: data, path: full) where references[api] == nil { references[api] = location }
                default:
                    continue
                }
            }
        }
        return references
    }

    /// The first line of `data` that references each request API outside a comment line.
    static func codeReferences(in data: Data, path: String) -> [String: SourceLocation] {
        var result = [String: SourceLocation]()
        let text = String(decoding: data, as: UTF8.self)
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") { continue }
            for api in requestAPIs where result[api] == nil {
                if let range = line.range(of: api) {
                    result[api] = SourceLocation(file: path, line: lineNumber, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                }
            }
        }
        return result
    }
}
