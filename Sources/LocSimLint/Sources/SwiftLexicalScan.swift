/// A byte-level pass over Swift source that knows where comments and string literals are.
///
/// It tells which lines start inside a multi-line (or raw) string literal or a block comment (so
/// `SwiftRelevantSlice` never cuts there), and how deeply brackets nest in code (so
/// `SwiftParseGuard` can keep swift-syntax away from input it handles in exponential time).
/// Strings (`"…"`, `"""…"""`, `#"…"#`), their `\(…)` interpolations and nested `/* */`
/// comments are followed; regex literals are not (a bracket in one is counted as code).
struct SwiftLexicalScan {
    /// For each 0-based line, whether it starts inside a multi-line string literal or a block comment.
    private(set) var startsInsideLiteral: [Bool] = [false]
    /// The deepest nesting of `[` in code, and the 1-based line of the `[` that first reached it.
    private(set) var deepestSquareBracket = (depth: 0, line: 1)
    /// How many `(` in code (outside interpolations) are never closed, and the 1-based line of
    /// the outermost of them (1 when there are none).
    private(set) var unclosedParentheses = (count: 0, line: 1)
    /// The deepest nesting of `\(…)` interpolations (an interpolation in a string inside an
    /// interpolation, and so on), and the 1-based line of the `\(` that first reached it.
    private(set) var deepestInterpolation = (depth: 0, line: 1)

    /// What the lexer is inside of, innermost last.
    private enum Frame {
        /// A string literal with `hashes` raw delimiters.
        case string(hashes: Int, multiline: Bool)
        /// A `\(…)` interpolation, with its open parentheses.
        case interpolation(parentheses: Int)
    }

    /// Scans `bytes` (UTF-8) once.
    init<Bytes: RandomAccessCollection>(_ bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
        let start = bytes.startIndex, end = bytes.endIndex
        func at(_ i: Int) -> UInt8 { i < end ? bytes[i] : 0 }
        /// How many `#` start at `i`.
        func hashes(from i: Int) -> Int {
            var j = i
            while j < end, bytes[j] == hash { j += 1 }
            return j - i
        }
        /// Whether `count` quotes then `hashCount` hashes start at `i`.
        func closes(at i: Int, quotes count: Int, hashes hashCount: Int) -> Bool {
            for k in 0..<count where at(i + k) != quote { return false }
            for k in 0..<hashCount where at(i + count + k) != hash { return false }
            return true
        }

        var stack = [Frame]()
        var multilineFrames = 0
        var commentDepth = 0
        var square = 0
        var interpolations = 0
        var openParentheses = [Int]()  // the line of each `(` open in top-level code
        var line = 1
        var i = start
        func newLine() {
            line += 1
            startsInsideLiteral.append(commentDepth > 0 || multilineFrames > 0)
        }
        while i < end {
            let byte = bytes[i]
            if byte == newline {
                if case .string(_, multiline: false)? = stack.last { stack.removeLast() }  // unterminated: recover at the line end
                newLine()
                i += 1
                continue
            }
            if commentDepth > 0 {
                if byte == slash, at(i + 1) == star { commentDepth += 1; i += 2 } else if byte == star, at(i + 1) == slash { commentDepth -= 1; i += 2 } else { i += 1 }
                continue
            }
            if case .string(let hashCount, let multiline)? = stack.last {
                if byte == backslash, closes(at: i + 1, quotes: 0, hashes: hashCount) {
                    let next = i + 1 + hashCount
                    if at(next) == UInt8(ascii: "(") {
                        stack.append(.interpolation(parentheses: 0))
                        interpolations += 1
                        if interpolations > deepestInterpolation.depth { deepestInterpolation = (interpolations, line) }
                        i = next + 1
                    } else {
                        // Skip the escaped character, but never a newline (it must be counted).
                        i = at(next) == newline ? next : next + 1
                    }
                } else if byte == quote, closes(at: i, quotes: multiline ? 3 : 1, hashes: hashCount) {
                    stack.removeLast()
                    if multiline { multilineFrames -= 1 }
                    i += (multiline ? 3 : 1) + hashCount
                } else {
                    i += 1
                }
                continue
            }
            // Code, at top level or in an interpolation.
            switch byte {
            case slash where at(i + 1) == slash:
                while i < end, bytes[i] != newline { i += 1 }
                continue
            case slash where at(i + 1) == star:
                commentDepth = 1
                i += 2
                continue
            case hash, quote:
                let hashCount = byte == hash ? hashes(from: i) : 0
                let open = i + hashCount
                guard at(open) == quote else { i = open; continue }
                let multiline = closes(at: open, quotes: 3, hashes: 0)
                stack.append(.string(hashes: hashCount, multiline: multiline))
                if multiline { multilineFrames += 1 }
                i = open + (multiline ? 3 : 1)
                continue
            case UInt8(ascii: "("):
                if case .interpolation(let open)? = stack.last { stack[stack.count - 1] = .interpolation(parentheses: open + 1) } else { openParentheses.append(line) }
            case UInt8(ascii: ")"):
                if case .interpolation(let open)? = stack.last {
                    if open == 0 { stack.removeLast(); interpolations -= 1 } else { stack[stack.count - 1] = .interpolation(parentheses: open - 1) }
                } else if !openParentheses.isEmpty {
                    openParentheses.removeLast()
                }
            case UInt8(ascii: "["):
                square += 1
                if square > deepestSquareBracket.depth { deepestSquareBracket = (square, line) }
            case UInt8(ascii: "]"):
                square = max(0, square - 1)
            default:
                break
            }
            i += 1
        }
        unclosedParentheses = (openParentheses.count, openParentheses.first ?? 1)
    }
}
