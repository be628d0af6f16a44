/// How long a text is for a reader, in every script: words where words are separated, characters
/// where they are not.
///
/// Foundation's word enumeration (`enumerateSubstrings(options: .byWords)`) is not available on
/// Linux, so this follows the parts of Unicode word segmentation (UAX #29) that matter for purpose
/// strings: a word is a run of letters, digits and combining marks, which an apostrophe, a period
/// or a colon between two letters (`don't`, `e.g`) or a period or comma between two digits (`2.5`)
/// does not break. Scripts written without spaces between words (Han, Hiragana, Katakana, Thai,
/// Lao, Khmer, Myanmar) are measured by their characters instead: there a line of text has many
/// characters and few or no spaces.
struct TextSegmentation {
    /// Words in scripts separated by spaces (Latin, Cyrillic, Greek, Hangul, Arabic, …).
    var words = 0
    /// Letters of scripts written without spaces (CJK ideographs, kana, Thai, …).
    var unspacedCharacters = 0

    /// Roughly how many characters of a script without spaces make one word of meaning: Chinese
    /// and Japanese words are one to three characters long, two on average.
    static let charactersPerWord = 2

    /// Measures `text`.
    init(_ text: String) {
        var inWord = false
        var pendingJoiner = false // a mid-word joiner was seen after a letter or digit
        var previousIsDigit = false
        var previousScalar: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if Self.isUnspaced(scalar) {
                unspacedCharacters += 1
                inWord = false
                pendingJoiner = false
            } else if Self.isWordCharacter(scalar) {
                let isDigit = scalar.properties.numericType != nil
                if !inWord {
                    // `don't`: the joiner between two word characters continues the word.
                    if !(pendingJoiner && previousScalar.map(Self.isJoiner) == true) { words += 1 }
                }
                inWord = true
                pendingJoiner = false
                previousIsDigit = isDigit
            } else if inWord, Self.isJoiner(scalar) || (previousIsDigit && (scalar == "," || scalar == ".")) {
                inWord = false
                pendingJoiner = true
            } else {
                inWord = false
                pendingJoiner = false
            }
            previousScalar = scalar
        }
    }

    /// The length in words: spaced words plus unspaced characters at ``charactersPerWord`` each
    /// (rounded up).
    var wordEquivalent: Int {
        words + (unspacedCharacters + Self.charactersPerWord - 1) / Self.charactersPerWord
    }

    /// Whether the text is mostly in a script without spaces, so it is judged by its characters.
    var isJudgedByCharacters: Bool { unspacedCharacters > words }

    /// A letter, digit or combining mark of a script written with spaces.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Apostrophes, periods and colons that do not end a word between two letters (UAX #29 MidLetter, MidNumLet).
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "." || scalar == ":" || scalar == "\u{00B7}"
    }

    /// Letters of the scripts written without spaces between words.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true // Hiragana, Katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true // Han
        case 0x0E00...0x0EFF, 0x1780...0x17FF, 0x1000...0x109F: return scalar.properties.isAlphabetic // Thai, Lao, Khmer, Myanmar
        default: return false
        }
    }
}
