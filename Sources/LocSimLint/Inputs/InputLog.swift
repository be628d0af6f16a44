import Foundation

/// The folders lint may read: the linted paths and those given with `--allow-outside`.
///
/// A project may name a file outside the tree it was given (`#include "../../secrets.xcconfig"`,
/// `INFOPLIST_FILE = ../Shared/Info.plist`, an XcodeGen `include:` in a parent folder). Lint does
/// not open such a file unless a folder holding it was allowed: it reports a note naming the path
/// as the project writes it, and treats what the file would declare as unknown.
public struct TreeBoundary: Sendable {
    /// The allowed folders, absolute and with symbolic links resolved; `nil` allows everything.
    let roots: [String]?

    /// No boundary: every path may be read (the loaders called on their own, in tests).
    public static let unbounded = TreeBoundary(roots: nil)

    /// A boundary around `roots` (files or folders; a file allows its own folder).
    public init(roots: [String]) {
        self.roots = roots.map { root in
            let absolute = FileInventory.absolute(root)
            var folder = absolute
            if case .regular? = RegularFile.kind(of: absolute, followingLinks: true) {
                folder = (absolute as NSString).deletingLastPathComponent
                // `locsim lint App.xcodeproj/project.pbxproj` reads the project's folder.
                if (folder as NSString).pathExtension == "xcodeproj" { folder = (folder as NSString).deletingLastPathComponent }
            }
            return (try? RegularFile.realPath(folder).get()) ?? folder
        }
    }

    private init(roots: [String]?) {
        self.roots = roots
    }

    /// Whether `path` is inside an allowed folder. A path that exists is judged with its symbolic
    /// links resolved (a link inside the tree to a file outside it is outside); a missing one by
    /// its text, `..` removed.
    public func contains(_ path: String) -> Bool {
        guard let roots else { return true }
        var candidate = FileInventory.absolute(path)
        if case .success(let real) = RegularFile.realPath(candidate) {
            candidate = real
        } else {
            // The deepest existing folder above it, resolved, plus the rest as written.
            var head = candidate
            var tail = [String]()
            while head != "/", RegularFile.kind(of: head, followingLinks: true) == nil {
                tail.insert((head as NSString).lastPathComponent, at: 0)
                head = (head as NSString).deletingLastPathComponent
            }
            let real = (try? RegularFile.realPath(head).get()) ?? head
            candidate = ([real == "/" ? "" : real] + tail).joined(separator: "/")
        }
        return roots.contains { root in candidate == root || candidate.hasPrefix(root == "/" ? "/" : root + "/") }
    }
}

/// What the readers of a lint run could not read: malformed files (LOC029), inputs missing,
/// unreadable or outside the tree (LOC030), targets that could not be linted (LOC031).
///
/// In strict mode (the loaders called on their own) a problem is thrown as the `InputError` it
/// was before; in a lint run it becomes a finding and reading goes on, so one bad file never
/// stops the other targets and checks.
final class InputLog {
    /// The folders that may be read.
    let boundary: TreeBoundary
    /// Whether problems are thrown instead of recorded.
    let strict: Bool
    /// The findings recorded, in order.
    private(set) var findings: [Finding] = []
    /// Targets (and project files) that could not be linted, with why, for the summary line.
    private(set) var notLinted: [TargetDiscovery.NotLinted] = []

    init(boundary: TreeBoundary = .unbounded, strict: Bool) {
        self.boundary = boundary
        self.strict = strict
    }

    /// A log that throws every problem: the loaders' behaviour when called on their own.
    static func strictLog(within boundary: TreeBoundary = .unbounded) -> InputLog { InputLog(boundary: boundary, strict: true) }

    /// A malformed file: thrown in strict mode, else a LOC029 finding at its line with `severity`
    /// (`error` when the build reads the file, so the app or its localization breaks).
    func malformed(_ error: InputError, severity: Severity = .error) throws {
        if strict { throw error }
        let check = CheckCatalog.malformedInput
        findings.append(Finding(checkID: check.id, severity: severity, message: error.message,
                                location: SourceLocation(file: error.file, line: error.line ?? 1), ruleIDs: check.ruleIDs))
    }

    /// An input that was not read or was resolved from another base (LOC030). `error` is what
    /// strict mode throws instead; without one the note is recorded in either mode.
    func unresolved(_ message: String, at location: SourceLocation, strictError error: InputError? = nil) throws {
        if strict, let error { throw error }
        let check = CheckCatalog.inputResolution
        findings.append(Finding(checkID: check.id, severity: check.defaultSeverity, message: message, location: location, ruleIDs: check.ruleIDs))
    }

    /// A target that could not be linted as an app (LOC031), `reason` in a few words for the
    /// summary and `message` in full; no message when another finding at `location` already
    /// says why (a malformed Info.plist's LOC029).
    func targetNotLinted(_ name: String, reason: String, message: String?, at location: SourceLocation) {
        notLinted.append(TargetDiscovery.NotLinted(name: name, reason: reason, location: location))
        guard let message else { return }
        let check = CheckCatalog.targetNotLinted
        findings.append(Finding(checkID: check.id, severity: check.defaultSeverity, message: message, location: location, ruleIDs: check.ruleIDs))
    }

    /// A project file that could not be read at all (its LOC029 finding says why), named
    /// `App.xcodeproj` or `Folder/project.yml`.
    func projectNotLinted(_ path: String, reason: String, at location: SourceLocation) {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let name = folder.hasSuffix(".xcodeproj") ? folder : folder + "/" + (path as NSString).lastPathComponent
        notLinted.append(TargetDiscovery.NotLinted(name: name, reason: reason, location: location))
    }

    /// Takes what `other` recorded (a project read with its own log).
    func absorb(_ other: InputLog) {
        findings += other.findings
        notLinted += other.notLinted
    }

    /// Whether `path` may be read; when it may not, a LOC030 note at `location` names it as
    /// written (`written`), never its contents.
    ///
    /// - Throws: in strict mode, the note's text as an `InputError` at `location` (a bounded
    ///   strict log: `LintInputReader` with a tree).
    func mayRead(_ path: String, written: String, what: String, at location: SourceLocation) throws -> Bool {
        guard !boundary.contains(path) else { return true }
        let message = "\(what) '\(written)' is outside the linted tree and was not read (lint reads only the paths it is given; --allow-outside FOLDER lets it read one more): what it would declare is unknown"
        if strict { throw InputError(file: location.file, line: location.line, message: message) }
        let check = CheckCatalog.inputResolution
        findings.append(Finding(checkID: check.id, severity: check.defaultSeverity, message: message, location: location, ruleIDs: check.ruleIDs))
        return false
    }

    /// `path` relative to the folder `base` (`../Shared/Info.plist`), both absolute.
    static func relative(_ path: String, from base: String) -> String {
        let target = FileInventory.absolute(path).split(separator: "/")
        let from = FileInventory.absolute(base).split(separator: "/")
        var shared = 0
        while shared < min(target.count, from.count), target[shared] == from[shared] { shared += 1 }
        if shared == 0 { return FileInventory.absolute(path) } // `/dev/zero` from `/work/App`: as written
        let parts = Array(repeating: "..", count: from.count - shared) + target[shared...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Why a file generated by a tool is missing, when it is one lint knows: Flutter's
    /// `Generated.xcconfig` (`ephemeral/Flutter-Generated.xcconfig` on macOS), written by `flutter
    /// pub get`, and CocoaPods' `Pods/Target Support Files/…` xcconfigs, written by `pod install`.
    /// Both are ignored by git.
    static func generatedFileHint(_ path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        if name == "Generated.xcconfig" || name == "Flutter-Generated.xcconfig" || name == "flutter_export_environment.sh" {
            return "it is Flutter's generated build settings, written by `flutter pub get` and not checked in"
        }
        if path.contains("Pods/Target Support Files/") || (name.hasPrefix("Pods-") && name.hasSuffix(".xcconfig")) {
            return "it is CocoaPods' generated build settings, written by `pod install` and not checked in"
        }
        return nil
    }
}
