/// A piece of input quoted in an error message: at most `limit` characters, trimmed, with line
/// breaks and other control characters escaped (`\n`, `\u{1B}`), so that the message stays one
/// line.
func messageExcerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
    let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
    let head = String(trimmed.prefix(limit))
    var result = ""
    for scalar in head.unicodeScalars {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
            result += scalar.escaped(asASCII: true)
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return trimmed.count > limit ? result + "…" : result
}
