import Foundation

/// Scans many source files concurrently, skipping those that cannot matter before parsing.
///
/// A file is parsed only if its bytes contain one of ``SourceScan/interestingIdentifiers``.
public enum SourceScanner {
    /// The result of scanning a set of files.
    public struct Result: Sendable {
        /// Scan results by file path (files skipped by the byte filter are absent).
        public var scans: [String: SourceScan]
        /// How many files were parsed.
        public var parsedFiles: Int
        /// How many bytes were read.
        public var bytesRead: Int
        /// Types the Swift files make Core Location receivers (see ``locationTypeDeclarations(in:)``),
        /// from every file that mentions `CLLocationManager`, parsed or not.
        public var locationTypes: Set<String> = []
    }

    /// Reads and scans `files`; a file that cannot be read gets a `source-not-analysed` note.
    /// With `force`, files are parsed whatever the byte filter says (files LOC021's chains pass
    /// through, see `Linter`).
    public static func scan(_ files: [String], force: Bool = false) -> Result {
        let store = ResultStore(count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < files.count {
                store.set(index, scanFile(files[index], force: force))
                index += workers
            }
        }
        var scans = [String: SourceScan]()
        var parsed = 0
        var bytes = 0
        var locationTypes = Set<String>()
        for (index, outcome) in store.outcomes().enumerated() {
            switch outcome {
            case .failure(let error):
                // An unreadable source is not analysed (a LOC016 note); the other files are.
                scans[files[index]] = SourceScan(notes: [SourceNote(location: SourceLocation(file: error.file), message: "\(error.message): not analysed, its location calls are not checked")])
            case .success(let (scan, size, types)):
                bytes += size
                locationTypes.formUnion(types)
                if let scan { scans[files[index]] = scan; parsed += 1 }
            case nil: break
            }
        }
        return Result(scans: scans, parsedFiles: parsed, bytesRead: bytes, locationTypes: locationTypes)
    }

    /// The Swift needles: group 0, ``SourceScan/interestingIdentifiers`` (the file is parsed);
    /// group 1, `CLLocationManager` (the file may declare a subclass or a conformance, read
    /// lexically even when it is not parsed).
    static let needles = ByteSearch.Needles(groups: [SourceScan.interestingIdentifiers, ["CLLocationManager"]])
    /// The needles for Objective-C: `liveUpdates` is a Swift-only API (`CLLocationUpdate`), and in
    /// Objective-C trees the word is mostly app settings (`liveUpdatesPurchased`) in large files.
    static let objCNeedles = ByteSearch.Needles(SourceScan.interestingIdentifiers.filter { $0 != "liveUpdates" })

    /// The largest source file that is analysed: 2 MiB (2,097,152 bytes).
    ///
    /// A larger file that passes the byte filter is not parsed (swift-syntax builds a tree many times
    /// the text's size) and gets a `source-not-analysed` note instead; hand-written sources are far
    /// smaller, generated ones rarely call Core Location.
    public static let maximumSourceBytes = 2 * 1024 * 1024

    /// What reading one file gives: its scan (`nil` when the byte filter skips it), its size, and
    /// the location types it declares.
    typealias FileOutcome = (scan: SourceScan?, size: Int, locationTypes: Set<String>)

    /// Reads one file; `nil` scan when the byte filter skips it.
    static func scanFile(_ path: String, force: Bool = false) -> Swift.Result<FileOutcome, InputError> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(InputError(file: path, message: "cannot read file"))
        }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else {
            return .failure(InputError(file: path, message: "cannot read file"))
        }
        let isSwift = path.hasSuffix(".swift")
        // A file that is parsed (group 0) is searched for declarations on its own below; one that
        // is not learns in the same pass whether it mentions CLLocationManager (group 1).
        var groups: UInt64 = force ? 1 : isSwift ? needles.groupsOccurring(in: data, stopAtGroupZero: true) : (objCNeedles.occur(in: data) ? 1 : 0)
        if isSwift, groups & 1 != 0 { groups |= 2 }
        guard data.count <= maximumSourceBytes || groups & 1 == 0 else {
            let note = SourceNote(location: SourceLocation(file: path),
                                  message: "source file of \(data.count) bytes is larger than the \(maximumSourceBytes)-byte limit: not analysed, its location calls are not checked")
            return .success((SourceScan(notes: [note]), data.count, []))
        }
        let text = groups == 0 ? "" : String(decoding: data, as: UTF8.self)
        let declaresTypes = groups & 2 != 0 && data.count <= maximumSourceBytes
            && ByteSearch.containsAny(data, ["extension CLLocationManager", "extension CoreLocation.CLLocationManager", ": CLLocationManager", ":CLLocationManager", ": CoreLocation.CLLocationManager"])
        let types = declaresTypes ? locationTypeDeclarations(in: text) : []
        guard groups & 1 != 0 else { return .success((nil, data.count, types)) }
        let scan = isSwift ? SwiftSourceScanner.scan(text: text, path: path, whole: force) : ObjCSourceScanner.scan(text: text, path: path)
        return .success((scan, data.count, types))
    }

    /// The types a Swift text makes Core Location receivers, read lexically: classes that inherit
    /// from `CLLocationManager` (`class TrackingManager: CLLocationManager`), and protocols it is
    /// made to conform to (`extension CLLocationManager: LocationManaging {}`), so a receiver
    /// declared with such a type in any file is a location manager.
    static func locationTypeDeclarations(in text: String) -> Set<String> {
        var types = Set<String>()
        let ns = text as NSString
        let range = NSRange(location: 0, length: ns.length)
        for match in conformanceRegex.matches(in: text, range: range) {
            for name in ns.substring(with: match.range(at: 1)).split(separator: ",") {
                let written = name.split(separator: " ").last { !$0.hasPrefix("@") && !$0.isEmpty } ?? ""
                let type = written.split(separator: ".").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
                if !type.isEmpty { types.insert(type) }
            }
        }
        for match in subclassRegex.matches(in: text, range: range) { types.insert(ns.substring(with: match.range(at: 1))) }
        return types
    }

    static let conformanceRegex = try! NSRegularExpression(
        pattern: #"\bextension\s+(?:CoreLocation\.)?CLLocationManager\s*:\s*((?:@\w+\s+)?[A-Za-z_][\w.]*(?:\s*,\s*(?:@\w+\s+)?[A-Za-z_][\w.]*)*)"#)
    static let subclassRegex = try! NSRegularExpression(
        pattern: #"\bclass\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*:\s*(?:CoreLocation\.)?CLLocationManager\b"#)

    /// Collects per-file outcomes from worker threads.
    private final class ResultStore: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Swift.Result<FileOutcome, InputError>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Swift.Result<FileOutcome, InputError>) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }

        func outcomes() -> [Swift.Result<FileOutcome, InputError>?] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }
}
