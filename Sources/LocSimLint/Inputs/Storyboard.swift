import Foundation

/// Reads which view controller classes an app's main storyboard shows first, for LOC021 (a
/// request while the first screen is created).
///
/// The storyboard is the one `UIMainStoryboardFile` names, looked for next to the Info.plist, in
/// the target's source directories and their `Base.lproj`, then up to three folders below the
/// target's source roots and the Info.plist's folder. The first screen is the class of its
/// `initialViewController`; through a navigation controller, its root view controller; through a
/// tab bar controller, its first tab (one level of each). Only `customClass` names are returned.
enum Storyboard {
    /// The classes of the first screen of `target`'s main storyboard (empty when there is none).
    static func firstScreenClasses(of target: AppTarget) -> Set<String> {
        guard let name = target.infoPlist?.root["UIMainStoryboardFile"]?.stringValue, !name.isEmpty, !name.contains("/") else { return [] }
        var directories = target.sourceRoots
        let plistDirectory = target.infoPlist.map { ($0.path as NSString).deletingLastPathComponent }
        if let plistDirectory { directories.append(plistDirectory) }
        directories += Set(target.sourceFiles.map { ($0 as NSString).deletingLastPathComponent }).sorted()
        let fileName = name + ".storyboard"
        var candidates = [String]()
        for directory in directories {
            candidates.append(directory + "/" + fileName)
            candidates.append(directory + "/Base.lproj/" + fileName)
        }
        // Xcode targets list their files, not folders: look below the Info.plist's folder too.
        for root in target.sourceRoots + (plistDirectory.map { [$0] } ?? []) { candidates += find(fileName, under: root) }
        for candidate in candidates {
            guard case .regular? = RegularFile.kind(of: candidate, followingLinks: true),
                  let data = try? RegularFile.contents(of: candidate) else { continue }
            return firstScreenClasses(in: String(decoding: data, as: UTF8.self))
        }
        return []
    }

    /// `fileName` in the folders under `root`, at most three levels down, not in localized
    /// folders other than `Base.lproj` nor in skipped ones; at most 2,000 folders are looked at.
    static func find(_ fileName: String, under root: String) -> [String] {
        var queue = [(root, 0)]
        var visited = 0
        while !queue.isEmpty, visited < 2000 {
            let (directory, depth) = queue.removeFirst()
            visited += 1
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
                let full = directory + "/" + name
                if name == fileName { return [full] }
                guard depth < 3, RegularFile.kind(of: full, followingLinks: false) == .directory,
                      !TargetDiscovery.skippedDirectoryNames.contains(name), !name.hasSuffix(".xcassets"),
                      !name.hasSuffix(".lproj") || name == "Base.lproj" else { continue }
                queue.append((full, depth + 1))
            }
        }
        return []
    }

    /// The first screen's classes in a storyboard's XML text.
    static func firstScreenClasses(in xml: String) -> Set<String> {
        guard let initial = attribute("initialViewController", in: xml) else { return [] }
        var classes = Set<String>()
        var pending = [(id: initial, depth: 0)]
        while let (id, depth) = pending.popLast() {
            guard let element = element(withID: id, in: xml) else { continue }
            if let custom = attribute("customClass", in: element.tag) { classes.insert(custom) }
            guard depth < 2 else { continue }
            let relationship = element.name == "navigationController" ? "rootViewController" : element.name == "tabBarController" ? "viewControllers" : nil
            if let relationship, let destination = firstSegue(relationship, in: element.body) { pending.append((destination, depth + 1)) }
        }
        return classes
    }

    /// The value of the first `name="…"` attribute in `text`.
    static func attribute(_ name: String, in text: Substring) -> String? {
        guard let start = text.firstRange(of: " \(name)=\"") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func attribute(_ name: String, in text: String) -> String? { attribute(name, in: text[...]) }

    /// The element whose `id` is `id`: its name, its start tag and its text up to its end tag.
    static func element(withID id: String, in xml: String) -> (name: String, tag: Substring, body: Substring)? {
        // Native searching (`firstRange`): Foundation's `range(of:)` was most of a storyboard's cost.
        var search = xml.startIndex..<xml.endIndex
        while let found = xml[search].firstRange(of: " id=\"\(id)\"") {
            search = found.upperBound..<xml.endIndex
            guard let open = xml[..<found.lowerBound].lastIndex(of: "<"), let close = xml[found.upperBound...].firstIndex(of: ">") else { continue }
            let tag = xml[open...close]
            let name = String(tag.dropFirst().prefix { $0.isLetter || $0.isNumber })
            guard !name.isEmpty, !tag.hasPrefix("</") else { continue }
            let end = xml[close...].firstRange(of: "</\(name)>")?.upperBound ?? xml.endIndex
            return (name, tag, xml[open..<end])
        }
        return nil
    }

    /// The destination of the first `relationship` segue in `body`.
    static func firstSegue(_ relationship: String, in body: Substring) -> String? {
        guard let found = body.firstRange(of: "relationship=\"\(relationship)\"") else { return nil }
        guard let open = body[..<found.lowerBound].lastIndex(of: "<"), let close = body[found.upperBound...].firstIndex(of: ">") else { return nil }
        return attribute("destination", in: body[open...close])
    }
}
