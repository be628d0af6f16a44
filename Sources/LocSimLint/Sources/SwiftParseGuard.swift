import SwiftSyntax

/// The limits of Swift syntax analysis besides time (`SourceParseBudget`): what keeps
/// swift-syntax away from Swift input it parses in exponential time (refused at once, rather than
/// left to spin until the time limit), the size of text and depth of tree it is given, and the
/// code it silently dropped.
///
/// swift-syntax 602.0.0 offers no per-file work budget or cancellation, so the guard is a byte-level
/// check (``SwiftLexicalScan``) of the text about to be parsed: above the limit the file's syntax
/// analysis is skipped with a note. Code nested beyond the parser's own nesting limit is dropped
/// by swift-syntax (`hasMaximumNestingLevelOverflow`); that too becomes a note. See
/// `Docs/SwiftSyntaxLimits.md`.
enum SwiftParseGuard {
    /// The deepest nesting of `[` (collection literals, subscripts, collection types) handed to
    /// swift-syntax: 10.
    ///
    /// swift-syntax 602.0.0 looks ahead at every `[` for an InlineArray type (`[N of T]`), and that
    /// lookahead recurses into nested `[` and `(`, so time doubles with each level: `[[…[1]…]]` 16
    /// deep took 2.6 s, 24 deep over a minute (debug build); 10 deep takes 0.15 s, 0.7 s with six
    /// parentheses between levels.
    static let maximumSquareBracketNesting = 10

    /// The most `(` left unclosed in the text handed to swift-syntax: 32.
    ///
    /// At each unclosed `(` swift-syntax 602.0.0's error recovery looks ahead for a token to
    /// recover to (`Lookahead.canRecoverTo`), recursively, so time grows with the cube of their
    /// number: 320 unclosed `g(x as ` took 2.2 s in a release build, 80 took 3.6 s in a debug build
    /// (found by fuzzing); 32 take under 0.3 s in a debug build. Real code leaves none unclosed.
    static let maximumUnclosedParentheses = 32

    /// The deepest nesting of `\(…)` interpolations handed to swift-syntax: 100 (real code nests
    /// two or three).
    ///
    /// Each level of `"\("\(…)"…)"` costs swift-syntax 602.0.0 memory that grows faster than the
    /// depth (debug build: 1,000 levels 0.3 s and 90 MB; 10,000 levels 3.6 GB within the 8-second
    /// time limit, still growing when the analysis is given up), so the time limit alone does not
    /// bound it.
    static let maximumInterpolationNesting = 100

    /// A note when `lexical` (of the text about to be parsed, in `path`) nests `[` beyond
    /// ``maximumSquareBracketNesting``, nests interpolations beyond ``maximumInterpolationNesting``
    /// or leaves more than ``maximumUnclosedParentheses`` `(` unclosed; `nil` when the text may be
    /// parsed.
    static func refusal(_ lexical: SwiftLexicalScan, path: String) -> SourceNote? {
        let unclosed = lexical.unclosedParentheses
        if unclosed.count > maximumUnclosedParentheses {
            return SourceNote(location: SourceLocation(file: path, line: unclosed.line),
                              message: "\(unclosed.count) `(` never closed (limit \(maximumUnclosedParentheses)): Swift syntax analysis of this file skipped, its location calls are not checked")
        }
        let interpolation = lexical.deepestInterpolation
        if interpolation.depth > maximumInterpolationNesting {
            return SourceNote(location: SourceLocation(file: path, line: interpolation.line),
                              message: "`\\(` interpolations nested \(interpolation.depth) deep (limit \(maximumInterpolationNesting)): Swift syntax analysis of this file skipped, its location calls are not checked")
        }
        let deepest = lexical.deepestSquareBracket
        guard deepest.depth > maximumSquareBracketNesting else { return nil }
        return SourceNote(location: SourceLocation(file: path, line: deepest.line),
                          message: "`[` nested \(deepest.depth) deep (limit \(maximumSquareBracketNesting)): Swift syntax analysis of this file skipped, its location calls are not checked")
    }

    /// The most text handed to swift-syntax: 512 KiB (524,288 bytes) of the declarations that
    /// mention location calls.
    ///
    /// It bounds the parser's recursion (a chain of prefixes such as `try try try …` recurses once
    /// per word, about 2 KB of stack each in a debug build) within ``SourceParseBudget/stackSize``.
    static let maximumParsedBytes = 512 * 1024

    /// The deepest syntax tree that is walked: 2,000 levels (real code stays under 100).
    ///
    /// Postfix chains (`x!!!…`, `a.b.b…`, `f()()…`) and prefix chains make a tree as deep as the
    /// chain, which the parser builds without recursing but every walk of the tree recurses
    /// through, and the analysis looks up the enclosing declarations of each call.
    static let maximumTreeDepth = 2_000

    /// The first node (in a depth-first walk, done without recursion) deeper than
    /// ``maximumTreeDepth``; `nil` when the tree is within it.
    static func nodeBeyondDepthLimit(in tree: SourceFileSyntax) -> Syntax? {
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(tree), 0)]
        while let entry = stack.popLast() {
            if entry.depth > maximumTreeDepth { return entry.node }
            for child in entry.node.children(viewMode: .sourceAccurate).reversed() { stack.append((child, entry.depth + 1)) }
        }
        return nil
    }

    /// A note at the first token swift-syntax dropped for nesting too deeply, if it dropped any.
    static func overflow(in tree: SourceFileSyntax, converter: SourceLocationConverter, path: String) -> SourceNote? {
        guard tree.hasMaximumNestingLevelOverflow else { return nil }
        var node = Syntax(tree)
        descend: while true {
            for child in node.children(viewMode: .all) where child.hasMaximumNestingLevelOverflow {
                node = child
                continue descend
            }
            break
        }
        let line = node.startLocation(converter: converter).line
        return SourceNote(location: SourceLocation(file: path, line: line),
                          message: "code nested deeper than the Swift parser's limit: from here to the end of the file it is not analysed, location calls in it are not checked")
    }
}
