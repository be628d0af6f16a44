import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast substring search over raw bytes, used to skip files before parsing.
///
/// Uses the C library's `strstr` (vectorized in glibc and libSystem) on a NUL-terminated copy,
/// so the cost stays close to a plain read even in debug builds.
enum ByteSearch {
    /// Whether `data` contains the ASCII `needle`.
    static func contains(_ data: Data, _ needle: String) -> Bool {
        containsAny(data, [needle])
    }

    /// Whether `data` contains any of the ASCII `needles`.
    static func containsAny(_ data: Data, _ needles: [String]) -> Bool {
        var bytes = [UInt8](repeating: 0, count: data.count + 1)
        bytes.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
        return containsAny(terminated: bytes, needles)
    }

    /// Whether the NUL-terminated `bytes` contain any of `needles` (NUL bytes inside the text end the search early).
    static func containsAny(terminated bytes: [UInt8], _ needles: [String]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                needles.contains { strstr(text, $0) != nil }
            }
        }
    }
}
