import Foundation

/// The three encodings of a property list, told apart by their first bytes.
enum PlistFormat: Equatable {
    /// `bplist…`.
    case binary
    /// XML: a UTF-16 byte-order mark, UTF-16 text starting with `<`, or a first non-space `<`.
    case xml
    /// Old-style (OpenStep), e.g. Xcode's `project.pbxproj`.
    case openStep

    /// The format `data` is in.
    init(of data: Data) {
        if data.starts(with: Array("bplist".utf8)) {
            self = .binary
            return
        }
        let head = Array(data.prefix(2))
        if head == [0xFE, 0xFF] || head == [0xFF, 0xFE] || head == [0x00, 0x3C] || head == [0x3C, 0x00] {
            self = .xml
            return
        }
        var rest = data[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let first = rest.first { !(0x20 == $0 || 0x09 == $0 || 0x0A == $0 || 0x0D == $0) }
        self = first == UInt8(ascii: "<") ? .xml : .openStep
    }
}
