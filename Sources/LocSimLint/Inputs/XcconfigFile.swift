import Foundation

/// An `.xcconfig` file: `NAME = value` lines, `//` comments and `#include` directives.
public enum XcconfigFile {
    /// The deepest chain of `#include`s followed.
    static let maximumIncludeNesting = 16

    /// Reads `path` and the files it includes (relative to it); missing optional includes
    /// (`#include?`) are skipped.
    ///
    /// - Throws: `InputError` when the file or a required include cannot be read, is malformed,
    ///   includes itself (a cycle), or a value grows past the expansion limit.
    public static func load(_ path: String) throws -> BuildSettings {
        var loader = Loader(log: .strictLog())
        return try loader.load(path)
    }

    /// Reads `.xcconfig` files, each once: a file included many times (an include DAG) is parsed
    /// once and its settings reused, so the work grows with the number of files and `#include`
    /// lines, not with the number of include paths.
    struct Loader {
        /// Where problems go: thrown (strict) or recorded as findings, the rest of the file read on.
        let log: InputLog
        /// Settings of the files read so far, by real path.
        private var cache: [String: BuildSettings] = [:]
        /// The chain of files being read (real path and path as written), to report cycles.
        private var chain: [(key: String, path: String)] = []

        init(log: InputLog) {
            self.log = log
        }

        /// The settings of `path` and its includes; `includedAt` is the `#include` line naming it.
        mutating func load(_ path: String, includedAt: (file: String, line: Int)? = nil) throws -> BuildSettings {
            let key = (try? RegularFile.realPath(path).get()) ?? FileInventory.absolute(path)
            if let cached = cache[key] { return cached }
            if let start = chain.firstIndex(where: { $0.key == key }), let includedAt {
                let cycle = (chain[start...].map { $0.path } + [path]).map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
                try log.malformed(InputError(file: includedAt.file, line: includedAt.line, message: "#include cycle: \(cycle)"), severity: .warning)
                return BuildSettings()
            }
            guard chain.count < XcconfigFile.maximumIncludeNesting else {
                try log.malformed(InputError(file: path, message: "#include nesting too deep"), severity: .warning)
                return BuildSettings()
            }
            chain.append((key, path))
            defer { chain.removeLast() }
            let settings = try parse(path)
            cache[key] = settings
            return settings
        }

        private mutating func parse(_ path: String) throws -> BuildSettings {
            guard let text = String(data: try RegularFile.contents(of: path), encoding: .utf8) else {
                try log.malformed(InputError(file: path, message: "cannot decode text (expected UTF-8)"), severity: .warning)
                return BuildSettings()
            }
            var settings = BuildSettings()
            let directory = (path as NSString).deletingLastPathComponent
            for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var line = Substring(rawLine)
                if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                var layer: BuildSettings
                if trimmed.hasPrefix("#include") {
                    let optional = trimmed.hasPrefix("#include?")
                    guard let first = trimmed.firstIndex(of: "\""), let last = trimmed.lastIndex(of: "\""), first < last else {
                        try log.malformed(InputError(file: path, line: index + 1, message: "malformed #include"), severity: .warning)
                        continue
                    }
                    let included = String(trimmed[trimmed.index(after: first)..<last])
                    let full = FileInventory.absolute(included.hasPrefix("/") ? included : (directory as NSString).appendingPathComponent(included))
                    if optional && !FileManager.default.fileExists(atPath: full) { continue }
                    let at = SourceLocation(file: path, line: index + 1)
                    guard try log.mayRead(full, written: included, what: "#include", at: at) else { continue }
                    guard try Self.readable(full, written: "#include \"\(included)\"", at: at, log: log) else { continue }
                    layer = try load(full, includedAt: (path, index + 1))
                } else {
                    guard let equals = trimmed.firstIndex(of: "=") else {
                        try log.malformed(InputError(file: path, line: index + 1, message: "expected NAME = value"), severity: .warning)
                        continue
                    }
                    let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
                    let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                    if name.contains("[") { continue }
                    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                        try log.malformed(InputError(file: path, line: index + 1, message: "invalid setting name '\(name)'"), severity: .warning)
                        continue
                    }
                    let column = rawLine.distance(from: rawLine.startIndex, to: rawLine.firstIndex(where: { !$0.isWhitespace }) ?? rawLine.startIndex) + 1
                    layer = BuildSettings([name: value], origins: [name: SourceLocation(file: path, line: index + 1, column: column)])
                }
                do {
                    try settings.overlayBounded(layer)
                } catch {
                    // The value that grew past the limit is unknown; the rest of the file is read.
                    try log.malformed(InputError(file: path, line: index + 1, message: error.message), severity: .warning)
                    settings.values[error.name] = nil
                }
            }
            return settings
        }

        /// Whether the file an `#include` or a base configuration names can be read; when it
        /// cannot (missing, not a regular file, too large, unreadable), a LOC030 note says what
        /// is unknown, naming the tool that generates the file when it is a well-known one.
        /// Strict mode leaves the read to throw its error, as before.
        static func readable(_ full: String, written: String, at location: SourceLocation, log: InputLog) throws -> Bool {
            if log.strict { return true }
            let why: String
            switch RegularFile.kind(of: full, followingLinks: true) {
            case .regular(let size)? where size <= RegularFile.maximumSize && RegularFile.isReadable(full): return true
            case nil: why = "does not exist"
            case .regular(let size)? where size > RegularFile.maximumSize: why = "is larger than the \(RegularFile.maximumSize) bytes lint reads"
            case .regular?: why = "cannot be read"
            case let kind?: why = "is not a regular file (\(kind.name))"
            }
            let hint = InputLog.generatedFileHint(full).map { "; \($0)" } ?? ""
            try log.unresolved("\(written): the file \(why)\(hint); the build settings it would set are unknown", at: location)
            return false
        }
    }
}
