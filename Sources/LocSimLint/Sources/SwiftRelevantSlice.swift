#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts a Swift file down to the top-level declarations that mention an interesting identifier,
/// so swift-syntax parses kilobytes instead of the whole file.
///
/// Other top-level declarations are replaced by empty lines, so lines and columns of what is
/// kept do not move. A top-level declaration is a run of lines starting with a line that begins
/// in column 1 (not with `}`, `)`, `]`, `.`, `,` or a quote), together with attribute lines (`@main`)
/// right before it. `#if`/`#else`/`#endif` lines are always
/// kept. A line that starts inside a multi-line (or raw) string literal or a block comment never
/// starts a declaration, so the cut never lands inside one (``SwiftLexicalScan``). If any kept
/// declaration has unbalanced braces (unusual formatting), the whole file is parsed instead.
enum SwiftRelevantSlice {
    /// The cut-down text, or `nil` to parse the whole file.
    static func slice(_ text: String, needles: [String]) -> String? {
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes.append(0)
        // Line starts, found with memchr.
        var lineStarts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            var offset = 0
            while offset < count, let hit = memchr(base + offset, 0x0A, count - offset) {
                offset = base.distance(to: UnsafeRawPointer(hit)) + 1
                lineStarts.append(offset)
            }
        }
        let lineCount = lineStarts.count
        guard lineCount > 40 else { return nil }
        func line(of offset: Int) -> Int {
            var low = 0, high = lineCount - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return low
        }
        // Lines mentioning a needle, found with strstr.
        var hitLines = Set<Int>()
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                for needle in needles {
                    var cursor = base
                    while let hit = strstr(cursor, needle) {
                        hitLines.insert(line(of: base.distance(to: UnsafePointer(hit))))
                        cursor = UnsafePointer(hit) + 1
                    }
                }
            }
        }
        guard !hitLines.isEmpty else { return nil }
        // Chunk starts.
        var starts = [Int]()
        var directives = Set<Int>()
        let closers: Set<UInt8> = Set("})],.\" \t\r\n".utf8)
        // A line inside a multi-line string or block comment never starts a chunk, whatever its first byte.
        let insideLiteral = SwiftLexicalScan(bytes[0..<count]).startsInsideLiteral
        for index in 0..<lineCount {
            let start = lineStarts[index]
            guard start < count, !insideLiteral[index] else { continue }
            let first = bytes[start]
            if first == UInt8(ascii: "#") { directives.insert(index); starts.append(index); continue }
            // A declaration after attribute lines (`@main`, `@available(…)`) starts with them.
            if index > 0, starts.last == index - 1, bytes[lineStarts[index - 1]] == UInt8(ascii: "@") { continue }
            if !closers.contains(first) { starts.append(index) }
        }
        guard let firstStart = starts.first, firstStart <= (hitLines.min() ?? 0) else { return nil }
        var keep = [Bool](repeating: false, count: lineCount)
        var kept = 0
        for (n, start) in starts.enumerated() {
            let end = n + 1 < starts.count ? starts[n + 1] : lineCount
            if directives.contains(start) { keep[start] = true; continue }
            guard (start..<end).contains(where: hitLines.contains) else { continue }
            // Brace balance of the chunk (ignoring `//` comments, naively).
            var balance = 0
            var inComment = false
            let endOffset = end < lineCount ? lineStarts[end] : count
            var previous: UInt8 = 0
            for offset in lineStarts[start]..<endOffset {
                let byte = bytes[offset]
                if byte == 0x0A { inComment = false } else if !inComment {
                    if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") { inComment = true } else if byte == UInt8(ascii: "{") { balance += 1 } else if byte == UInt8(ascii: "}") { balance -= 1 }
                }
                previous = byte
            }
            guard balance == 0 else { return nil }
            for i in start..<end { keep[i] = true }
            kept += end - start
        }
        guard kept > 0, kept < lineCount else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(lineCount + kept * 60)
        for index in 0..<lineCount {
            let start = lineStarts[index]
            let end = index + 1 < lineCount ? lineStarts[index + 1] : count
            if keep[index] {
                out.append(contentsOf: bytes[start..<end])
            } else if end > start, bytes[end - 1] == 0x0A {
                out.append(0x0A)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
