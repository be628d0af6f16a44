import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast substring search over raw bytes, used to skip files before parsing.
///
/// Uses the C library's `strstr` (vectorized in glibc and libSystem) on a NUL-terminated copy,
/// so the cost stays close to a plain read even in debug builds. NUL bytes inside the data are
/// replaced by `0x01` in the copy first, so the search covers the whole buffer: a NUL anywhere
/// (binary plists are full of them; a hostile source can hold one before a call) never hides
/// what follows it.
enum ByteSearch {
    /// Whether `data` contains the ASCII `needle`.
    static func contains(_ data: Data, _ needle: String) -> Bool {
        containsAny(data, [needle])
    }

    /// Whether `data` contains any of the ASCII `needles` (which must not contain NUL or `0x01`).
    static func containsAny(_ data: Data, _ needles: [String]) -> Bool {
        var bytes = [UInt8](repeating: 0, count: data.count + 1)
        bytes.withUnsafeMutableBytes { buffer in
            _ = data.copyBytes(to: buffer)
            Self.replaceNULs(in: UnsafeMutableRawBufferPointer(rebasing: buffer[..<data.count]))
        }
        return bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                needles.contains { strstr(text, $0) != nil }
            }
        }
    }

    /// Replaces every NUL byte of `buffer` by `0x01` (found with `memchr`, so text without NULs
    /// costs one vectorized pass).
    private static func replaceNULs(in buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count, let found = memchr(base + offset, 0, buffer.count - offset) {
            found.storeBytes(of: 1, as: UInt8.self)
            offset = base.distance(to: found) + 1
        }
    }
}
