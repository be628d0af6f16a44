import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast substring search over raw bytes, used to skip files before parsing.
///
/// A ``Needles`` set is searched in one pass over the bytes: a table of two-byte anchors (each
/// needle's first camel-case hump, rare in code) picks the positions worth comparing, and only
/// there are the needles anchored there compared (`memcmp`). NUL bytes are ordinary bytes (binary plists are full of them; a
/// hostile source can hold one before a call), so a NUL never hides what follows it.
enum ByteSearch {
    /// A set of ASCII needles prepared for one-pass search; build it once and reuse it.
    struct Needles: Sendable {
        /// The needles' bytes.
        let needles: [[UInt8]]
        /// For each two-byte anchor (`first << 8 | second`), the needles anchored there (indices
        /// into ``needles``); empty for most pairs.
        let byPrefix: [[Int]]
        /// 1 for a two-byte anchor of some needle, else 0 (the table the loop reads).
        let isPrefix: [UInt8]
        /// The length of the shortest needle.
        let shortest: Int

        /// Where each needle's two-byte anchor starts: its first camel-case hump (`dE` in
        /// `didEnterRegion`), rare in code, else its first two bytes.
        let anchors: [Int]

        /// The group of each needle (see ``groupsOccurring(in:)``); all 0 for a plain set.
        let groups: [Int]
        /// Each needle's group as its bit (`1 << group`).
        let groupBits: [UInt64]
        /// Every group's bit.
        let allGroups: UInt64

        /// Prepares `needles` (each at least two bytes long).
        init(_ needles: [String]) {
            self.init(groups: [needles])
        }

        /// Prepares groups of needles searched in the same pass (at most 64 groups): which group
        /// occurs is told apart (``groupsOccurring(in:)``).
        init(groups: [[String]]) {
            precondition(groups.count <= 64, "at most 64 needle groups")
            let needles = groups.flatMap { $0 }
            self.groups = groups.enumerated().flatMap { group in group.element.map { _ in group.offset } }
            groupBits = self.groups.map { 1 << UInt64($0) }
            allGroups = groups.indices.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
            self.needles = needles.map { Array($0.utf8) }
            var byPrefix = [[Int]](repeating: [], count: 1 << 16)
            var isPrefix = [UInt8](repeating: 0, count: 1 << 16)
            var anchors = [Int]()
            for (index, needle) in self.needles.enumerated() {
                precondition(needle.count >= 2, "ByteSearch needles have at least two bytes")
                let anchor = (0..<needle.count - 1).first { (0x61...0x7A).contains(needle[$0]) && (0x41...0x5A).contains(needle[$0 + 1]) } ?? 0
                anchors.append(anchor)
                byPrefix[Int(needle[anchor]) << 8 | Int(needle[anchor + 1])].append(index)
                isPrefix[Int(needle[anchor]) << 8 | Int(needle[anchor + 1])] = 1
            }
            self.byPrefix = byPrefix
            self.isPrefix = isPrefix
            self.anchors = anchors
            shortest = self.needles.map(\.count).min() ?? 0
        }

        /// Whether `data` contains any of the needles.
        func occur(in data: Data) -> Bool {
            groupsOccurring(in: data, stopAtFirst: true) != 0
        }

        /// The groups (bit `1 << group`) with a needle in `data`, in one pass that ends when every
        /// group is found, or, with `stopAtFirst`, when any is; group 0 found, the pass ends too
        /// with `stopAtGroupZero` (the caller needs the others only when it is absent).
        func groupsOccurring(in data: Data, stopAtFirst: Bool = false, stopAtGroupZero: Bool = false) -> UInt64 {
            guard !needles.isEmpty else { return 0 }
            return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> UInt64 in
                guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count >= shortest else { return 0 }
                let count = buffer.count
                return isPrefix.withUnsafeBufferPointer { table -> UInt64 in
                    var found: UInt64 = 0
                    var i = 0
                    var previous = Int(base[0])
                    while i + 1 < count {
                        let next = Int(base[i + 1])
                        if table[previous << 8 | next] != 0 {
                            for index in byPrefix[previous << 8 | next] where found & groupBits[index] == 0 {
                                let needle = needles[index]
                                let start = i - anchors[index]
                                if start >= 0, needle.count <= count - start,
                                   needle.withUnsafeBufferPointer({ memcmp(base + start, $0.baseAddress!, needle.count) == 0 }) {
                                    found |= groupBits[index]
                                    if stopAtFirst || found == allGroups || (stopAtGroupZero && groupBits[index] == 1) { return found }
                                }
                            }
                        }
                        previous = next
                        i += 1
                    }
                    return found
                }
            }
        }
    }

    /// Whether `data` contains one of the ASCII identifiers `words` as a whole word: not preceded
    /// or followed by a letter, digit or `_` (`ViewController` is not in `AboutViewController`).
    static func containsWord(_ data: Data, _ words: [String]) -> Bool {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
            func isIdentifier(_ byte: UInt8) -> Bool {
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte >= 0x80
            }
            return words.contains { word in
                let bytes = Array(word.utf8)
                guard let first = bytes.first else { return false }
                var offset = 0
                while offset + bytes.count <= buffer.count, let found = memchr(base + offset, Int32(first), buffer.count - offset - bytes.count + 1) {
                    let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    let end = start + bytes.count
                    if memcmp(found, bytes, bytes.count) == 0, start == 0 || !isIdentifier(base[start - 1]), end == buffer.count || !isIdentifier(base[end]) { return true }
                    offset = start + 1
                }
                return false
            }
        }
    }

    /// Whether `data` contains the ASCII `needle` (no copy of the data).
    static func contains(_ data: Data, _ needle: String) -> Bool {
        containsAny(data, [needle])
    }

    /// Whether `data` contains any of the ASCII `needles`, one pass per needle (`memchr` for its
    /// first byte, then `memcmp`): for a set searched in many files, keep a ``Needles`` instead.
    static func containsAny(_ data: Data, _ needles: [String]) -> Bool {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return needles.contains(where: \.isEmpty) }
            return needles.contains { needle in
                let bytes = Array(needle.utf8)
                guard let first = bytes.first else { return true }
                var offset = 0
                while offset + bytes.count <= buffer.count, let found = memchr(base + offset, Int32(first), buffer.count - offset - bytes.count + 1) {
                    if memcmp(found, bytes, bytes.count) == 0 { return true }
                    offset = base.distance(to: found) + 1
                }
                return false
            }
        }
    }
}
