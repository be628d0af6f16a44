import Foundation

/// Reads which view controller classes an app's main storyboard shows first, for LOC021 (a
/// request while the first screen is created).
///
/// The storyboard is the one `UIMainStoryboardFile` (or, with scenes, the first scene
/// configuration's `UISceneStoryboardFile`) names, looked for next to the Info.plist, in
/// the target's source directories and their `Base.lproj`, then up to three folders below the
/// target's source roots and the Info.plist's folder. The first screen is the class of its
/// `initialViewController`; through a navigation controller, its root view controller; through a
/// tab bar controller, its first tab (one level of each). Only `customClass` names are returned.
enum Storyboard {
    /// The classes of the first screen of `target`'s main storyboard (empty when there is none).
    /// Storyboards outside `boundary` (a target's sources in a parent folder) are not read.
    static func firstScreenClasses(of target: AppTarget, within boundary: TreeBoundary = .unbounded) -> Set<String> {
        guard let name = mainStoryboardName(target.infoPlist?.root ?? [:]), !name.isEmpty, !name.contains("/") else { return [] }
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
        for root in target.sourceRoots + (plistDirectory.map { [$0] } ?? []) where boundary.contains(root) { candidates += find(fileName, under: root) }
        for candidate in candidates where boundary.contains(candidate) {
            guard case .regular? = RegularFile.kind(of: candidate, followingLinks: true),
                  let data = try? RegularFile.contents(of: candidate) else { continue }
            return firstScreenClasses(inBytes: [UInt8](data))
        }
        return []
    }

    /// The storyboard an app shows first: `UIMainStoryboardFile`, or in an app with scenes the
    /// `UISceneStoryboardFile` of its first scene configuration (`UIApplicationSceneManifest` →
    /// `UISceneConfigurations` → a role → its first entry), which Xcode's templates write.
    static func mainStoryboardName(_ root: [String: PlistValue]) -> String? {
        if let name = root["UIMainStoryboardFile"]?.stringValue { return name }
        guard case .dictionary(let manifest)? = root["UIApplicationSceneManifest"],
              case .dictionary(let configurations)? = manifest["UISceneConfigurations"] else { return nil }
        let role = configurations["UIWindowSceneSessionRoleApplication"] ?? configurations.sorted { $0.key < $1.key }.first?.value
        guard case .array(let entries)? = role, case .dictionary(let first)? = entries.first else { return nil }
        return first["UISceneStoryboardFile"]?.stringValue
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
        firstScreenClasses(inBytes: Array(xml.utf8))
    }

    /// The same, over the bytes: storyboards run to megabytes, and searching them as bytes
    /// (`memchr`, `memcmp`) is many times faster than Foundation's `range(of:)`.
    static func firstScreenClasses(inBytes xml: [UInt8]) -> Set<String> {
        guard let initial = attribute("initialViewController", in: xml[...]) else { return [] }
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

    /// The first occurrence of `needle` in `bytes` at or after `from`.
    static func find(_ needle: String, in bytes: ArraySlice<UInt8>, from: Int? = nil) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        var index = from ?? bytes.startIndex
        while index + pattern.count <= bytes.endIndex {
            guard let hit = bytes[index..<(bytes.endIndex - pattern.count + 1)].firstIndex(of: first) else { return nil }
            if bytes[hit..<(hit + pattern.count)].elementsEqual(pattern) { return hit }
            index = hit + 1
        }
        return nil
    }

    /// The value of the first `name="…"` attribute in `text`.
    static func attribute(_ name: String, in text: ArraySlice<UInt8>) -> String? {
        guard let start = find(" \(name)=\"", in: text) else { return nil }
        let valueStart = start + name.utf8.count + 3
        guard let end = text[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: text[valueStart..<end], as: UTF8.self)
    }

    /// The element whose `id` is `id`: its name, its start tag and its bytes up to its end tag.
    static func element(withID id: String, in xml: [UInt8]) -> (name: String, tag: ArraySlice<UInt8>, body: ArraySlice<UInt8>)? {
        let needle = " id=\"\(id)\""
        var from = 0
        while let found = find(needle, in: xml[...], from: from) {
            from = found + 1
            let after = found + needle.utf8.count
            guard let open = xml[..<found].lastIndex(of: UInt8(ascii: "<")), let close = xml[after...].firstIndex(of: UInt8(ascii: ">")) else { continue }
            let tag = xml[open...close]
            let nameBytes = tag.dropFirst().prefix { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
            guard !nameBytes.isEmpty else { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let end = find("</\(name)>", in: xml[close...]).map { $0 + name.utf8.count + 3 } ?? xml.endIndex
            return (name, tag, xml[open..<end])
        }
        return nil
    }

    /// The destination of the first `relationship` segue in `body`.
    static func firstSegue(_ relationship: String, in body: ArraySlice<UInt8>) -> String? {
        guard let found = find("relationship=\"\(relationship)\"", in: body) else { return nil }
        guard let open = body[..<found].lastIndex(of: UInt8(ascii: "<")), let close = body[found...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        return attribute("destination", in: body[open...close])
    }
}
