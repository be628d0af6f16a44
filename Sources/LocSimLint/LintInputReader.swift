import Foundation
import LocSimYAML

/// Reads one input of a lint tree from bytes in memory, as `locsim lint` reads that kind of file
/// from disk, without writing a file: what the in-process fuzz targets of `Fuzz/` run, many
/// thousand times a second.
///
/// Files the input names (an `#include`, a base configuration) are still looked for on disk,
/// within `tree` when one is given, as `locsim lint` reads only the tree it was given.
public enum LintInputReader {
    /// A kind of file lint reads.
    public enum Kind: String, CaseIterable, Sendable {
        /// `InfoPlist.strings`.
        case strings
        /// `InfoPlist.xcstrings` (JSON).
        case xcstrings
        /// `project.pbxproj` (an old-style property list).
        case pbxproj
        /// An `.xcconfig` file.
        case xcconfig
        /// An XcodeGen `project.yml`.
        case xcodegen
        /// A `.locsim.yml` lint configuration.
        case lintconfig
        /// A lint baseline.
        case baseline
        /// A Swift source (analysed within its budget: a `LOC016` note where it stops).
        case swift
        /// An Objective-C source.
        case objc
    }

    /// Reads `bytes` as a file of `kind` at `path` and returns how many things it found
    /// (entries, targets, settings, events and notes), so that a caller can tell inputs apart.
    ///
    /// - Parameter tree: the folder lint was given; a file the input names outside it is not read
    ///   (an error at the line that names it: what lint reports as a LOC030 note). `nil`: no bound.
    /// - Throws: `InputError` for bad input, naming `path` (or a file it includes) and the line
    ///   where known: what lint reports as a LOC029 finding.
    public static func read(_ kind: Kind, bytes: Data, path: String, tree: String? = nil) throws -> Int {
        let log = InputLog.strictLog(within: tree.map { TreeBoundary(roots: [$0]) } ?? .unbounded)
        return try RegularFile.$inMemory.withValue([path: bytes]) {
            try YAMLValue.$inMemory.withValue([path: bytes]) { try read(kind, bytes, path, log) }
        }
    }

    private static func read(_ kind: Kind, _ bytes: Data, _ path: String, _ log: InputLog) throws -> Int {
        switch kind {
        case .strings:
            return try StringsFile(path: path, data: bytes).entries.count
        case .xcstrings:
            return try StringCatalog.catalog(bytes, path: path).entries.count
        case .pbxproj:
            return try XcodeProjectFile.load(path, log: log).count
        case .xcconfig:
            var loader = XcconfigFile.Loader(log: log)
            return try loader.load(path).values.count
        case .xcodegen:
            return try XcodeGenSpec.loadResolving(path, log: log, repositoryRoot: nil).targets.count
        case .lintconfig:
            return try LintConfiguration.parse(String(decoding: bytes, as: UTF8.self), path: path).exclude.count
        case .baseline:
            guard let text = String(data: bytes, encoding: .utf8) else {
                throw InputError(file: path, line: 1, message: "malformed baseline: not UTF-8 text")
            }
            return try Baseline.parse(text, file: path).entries.count
        case .swift:
            let scan = SwiftSourceScanner.scan(text: String(decoding: bytes, as: UTF8.self), path: path)
            return scan.events.count + scan.notes.count
        case .objc:
            let scan = ObjCSourceScanner.scan(text: String(decoding: bytes, as: UTF8.self), path: path)
            return scan.events.count + scan.notes.count
        }
    }
}
