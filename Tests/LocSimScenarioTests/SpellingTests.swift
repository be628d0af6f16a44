import LocSimInput
import LocSimScenario
import Testing

/// "Did you mean …?" (`Spelling`): the nearest word within the limit, the first on a tie, whatever
/// shortcut the search takes past candidates too far by length alone.
@Suite("Spelling: did you mean")
struct SpellingTests {
    /// The optimal-string-alignment distance by its definition, over the whole table.
    static func alignment(_ a: [Character], _ b: [Character]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// The answer by definition: every candidate compared letter by letter.
    static func nearestByDefinition(_ word: String, _ candidates: [String]) -> String? {
        let limit = word.count <= 5 ? 1 : min(3, word.count / 3)
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let d = alignment(Array(word.lowercased()), Array(candidate.lowercased()))
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.word
    }

    static let candidates = ["launch", "background", "foreground", "terminate", "wait", "choose", "requestWhenInUse", "requestAlways",
                             "startUpdating", "stopUpdating", "expect", "playGPX", "tap", "go", "é", "Straße", "ǅemal", "i̇stanbul"]

    @Test("the nearest word is the one every comparison finds, for misspellings of every kind and length")
    func nearestAsDefined() {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let letters = Array("abcdeghilnoprstuwyAGPUß é̇")
        var suggested = 0
        for _ in 0..<4_000 {
            var word = Array(Self.candidates[next(Self.candidates.count)])
            for _ in 0..<next(5) {
                let i = word.isEmpty ? 0 : next(word.count)
                switch next(5) {
                case 0: word.insert(letters[next(letters.count)], at: i)
                case 1: if !word.isEmpty { word.remove(at: i) }
                case 2: if !word.isEmpty { word[i] = letters[next(letters.count)] }
                case 3: if i + 1 < word.count { word.swapAt(i, i + 1) }
                default: word += Array(repeating: letters[next(letters.count)], count: next(12))
                }
            }
            let text = String(word)
            let answer = Spelling.nearest(to: text, among: Self.candidates)
            #expect(answer == Self.nearestByDefinition(text, Self.candidates), "\(text.debugDescription)")
            if answer != nil { suggested += 1 }
        }
        // Most misspellings are near a word; some are not.
        #expect(suggested > 1_000 && suggested < 4_000, "\(suggested)")
        #expect(Spelling.nearest(to: "lanuch", among: Self.candidates) == "launch")
        #expect(Spelling.nearest(to: "requestWhenInUseXY", among: Self.candidates) == "requestWhenInUse")
        #expect(Spelling.nearest(to: String(repeating: "x", count: 4_000), among: Self.candidates) == nil)
    }
}
