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
    }

    /// Reads and scans `files`.
    ///
    /// - Throws: `InputError` for a file that cannot be read.
    public static func scan(_ files: [String]) throws -> Result {
        let store = ResultStore(count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < files.count {
                store.set(index, scanFile(files[index]))
                index += workers
            }
        }
        var scans = [String: SourceScan]()
        var parsed = 0
        var bytes = 0
        for (index, outcome) in store.outcomes().enumerated() {
            switch outcome {
            case .failure(let error): throw error
            case .success(let (scan, size)):
                bytes += size
                if let scan { scans[files[index]] = scan; parsed += 1 }
            case nil: break
            }
        }
        return Result(scans: scans, parsedFiles: parsed, bytesRead: bytes)
    }

    static let needles = ByteSearch.Needles(SourceScan.interestingIdentifiers)
    /// The needles for Objective-C: `liveUpdates` is a Swift-only API (`CLLocationUpdate`), and in
    /// Objective-C trees the word is mostly app settings (`liveUpdatesPurchased`) in large files.
    static let objCNeedles = ByteSearch.Needles(SourceScan.interestingIdentifiers.filter { $0 != "liveUpdates" })

    /// The largest source file that is analysed: 2 MiB (2,097,152 bytes).
    ///
    /// A larger file that passes the byte filter is not parsed (swift-syntax builds a tree many times
    /// the text's size) and gets a `source-not-analysed` note instead; hand-written sources are far
    /// smaller, generated ones rarely call Core Location.
    public static let maximumSourceBytes = 2 * 1024 * 1024

    /// Reads one file; `nil` scan when the byte filter skips it.
    static func scanFile(_ path: String) -> Swift.Result<(SourceScan?, Int), InputError> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(InputError(file: path, message: "cannot read file"))
        }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else {
            return .failure(InputError(file: path, message: "cannot read file"))
        }
        guard (path.hasSuffix(".swift") ? needles : objCNeedles).occur(in: data) else { return .success((nil, data.count)) }
        guard data.count <= maximumSourceBytes else {
            let note = SourceNote(location: SourceLocation(file: path),
                                  message: "source file of \(data.count) bytes is larger than the \(maximumSourceBytes)-byte limit: not analysed, its location calls are not checked")
            return .success((SourceScan(notes: [note]), data.count))
        }
        let text = String(decoding: data, as: UTF8.self)
        let scan = path.hasSuffix(".swift") ? SwiftSourceScanner.scan(text: text, path: path) : ObjCSourceScanner.scan(text: text, path: path)
        return .success((scan, data.count))
    }

    /// Collects per-file outcomes from worker threads.
    private final class ResultStore: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Swift.Result<(SourceScan?, Int), InputError>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Swift.Result<(SourceScan?, Int), InputError>) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }

        func outcomes() -> [Swift.Result<(SourceScan?, Int), InputError>?] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }
}
