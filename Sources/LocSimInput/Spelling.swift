/// "Did you mean …?" for a word a user mistyped: the nearest of the words that would have been
/// accepted, by edit distance.
package enum Spelling {
    /// The word of `candidates` nearest to `word` (letter case ignored; an insertion, deletion,
    /// substitution or swap of two neighbouring letters costs 1), or `nil` when none is close: at
    /// most 1 edit for a word of up to 5 letters, a third of its letters (up to 3) for a longer one.
    /// On a tie, the first in `candidates`.
    package static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 5 ? 1 : min(3, word.count / 3)
        let lowered = Array(word.lowercased())
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased())
            // The distance is at least the difference in length: a candidate farther than the
            // limit by length alone is not compared letter by letter.
            guard abs(lowered.count - other.count) <= limit else { continue }
            let d = distance(lowered, other)
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.word
    }

    /// `; did you mean 'X'?` for `word` among `candidates`, or an empty string.
    package static func suggestion(for word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance between `a` and `b` (Levenshtein plus swaps of
    /// neighbouring characters).
    package static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a), Array(b))
    }

    /// ``distance(_:_:)-(String,String)`` of two words as their characters.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
