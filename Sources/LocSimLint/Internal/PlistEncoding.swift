import Foundation

/// How a property list file is stored, sniffed from its first bytes (never from its size or name).
///
/// Used to look for a location key in a plist's raw bytes before parsing it: binary plists keep
/// ASCII keys as ASCII (between NUL-rich object tables), XML plists may be UTF-8 or UTF-16.
enum PlistEncoding: Equatable {
    /// A binary plist (`bplist00` magic).
    case binary
    /// XML (or old-style) text in UTF-8, with or without a byte-order mark.
    case utf8
    /// Text in UTF-16 (a byte-order mark, or `<?` in either byte order).
    case utf16(String.Encoding)

    /// The encoding of `data`.
    init(sniffing data: Data) {
        if data.starts(with: Array("bplist00".utf8)) {
            self = .binary
        } else if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            self = .utf16(.utf16)
        } else if data.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            self = .utf16(.utf16LittleEndian)
        } else if data.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            self = .utf16(.utf16BigEndian)
        } else {
            self = .utf8
        }
    }

    /// Whether the plist in `data` mentions the ASCII `needle` (UTF-16 text is decoded first; a
    /// file that does not decode is assumed to mention it, so the parser reports it).
    static func mentions(_ data: Data, _ needle: String) -> Bool {
        switch PlistEncoding(sniffing: data) {
        case .binary, .utf8:
            return ByteSearch.contains(data, needle)
        case .utf16(let encoding):
            guard let text = String(data: data, encoding: encoding) else { return true }
            return ByteSearch.contains(Data(text.utf8), needle)
        }
    }
}
