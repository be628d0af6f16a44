/// A piece of input quoted in an error message: at most `limit` characters, trimmed, with line
/// breaks and other control characters escaped (`\n`, `\u{1B}`), so that the message stays one
/// line.
func messageExcerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
    let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
    let head = String(trimmed.prefix(limit))
    let result = InputError.oneLine(head)
    return trimmed.count > limit ? result + "…" : result
}
