import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each build-setting key of a `project.pbxproj` is first assigned (`KEY = …` or
/// `"KEY" = …`), found in one pass over the text.
///
/// Locating each of thousands of keys by scanning every line was quadratic; this index walks the
/// bytes once, keeping the current line and column, and records the first `name =` of every name.
/// Columns count Unicode scalars (characters, for the ASCII of project files).
struct SettingLocations {
    private let file: String
    /// Where each name is first assigned.
    private let locations: [String: SourceLocation]
    /// The project text, for looking keys up inside one object.
    private let bytes: [UInt8]
    /// The offset of each line's first byte.
    private let lineStarts: [Int]

    /// Indexes the text of `file`.
    init(file: String, data: Data) {
        self.file = file
        var locations = [String: SourceLocation]()
        var lineStarts = [0]
        data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var line = 1
            var column = 1 // of buffer[index]
            for index in buffer.indices {
                let byte = buffer[index]
                if byte == UInt8(ascii: " "), index > 0, index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "="),
                   let (start, name) = Self.name(endingBefore: index, in: buffer), locations[name] == nil {
                    let scalars = buffer[start..<index].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                    locations[name] = SourceLocation(file: file, line: line, column: column - scalars)
                }
                if byte == UInt8(ascii: "\n") {
                    lineStarts.append(index + 1)
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
        self.locations = locations
        self.bytes = [UInt8](data)
        self.lineStarts = lineStarts
    }

    /// Where each name is first assigned inside the object `id` (`ID /* Release */ = { … }`): the
    /// lines of that configuration, not of the first configuration that sets a key. One pass over
    /// the object; empty when the object is not found.
    func locations(inObject id: String) -> [String: SourceLocation] {
        guard let object = Self.definition(of: Array(id.utf8), in: bytes) else { return [:] }
        var found = [String: SourceLocation]()
        var depth = 0
        var index = object
        var low = 0
        bytes.withUnsafeBufferPointer { buffer in
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "}") { depth -= 1; if depth == 0 { return } }
                if byte == UInt8(ascii: " "), index > 0, index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "="),
                   let (start, name) = Self.name(endingBefore: index, in: buffer), found[name] == nil {
                    while low + 1 < lineStarts.count, lineStarts[low + 1] <= start { low += 1 }
                    let column = buffer[lineStarts[low]..<start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } + 1
                    found[name] = SourceLocation(file: file, line: low + 1, column: column)
                }
                index += 1
            }
        }
        return found
    }

    /// The offset just after `id` where the object is defined (`id`, an optional comment, ` = {`),
    /// found with `memchr`.
    private static func definition(of id: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !id.isEmpty, bytes.count > id.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            id.withUnsafeBufferPointer { needle -> Int? in
                let base = UnsafeRawPointer(buffer.baseAddress!)
                var offset = 0
                while offset < buffer.count, let hit = memchr(base + offset, Int32(needle[0]), buffer.count - offset) {
                    let index = base.distance(to: UnsafeRawPointer(hit))
                    offset = index + 1
                    guard index + needle.count <= buffer.count, memcmp(base + index, needle.baseAddress!, needle.count) == 0 else { continue }
                    guard index == 0 || buffer[index - 1] == 0x09 || buffer[index - 1] == 0x20 || buffer[index - 1] == 0x0A else { continue }
                    var j = index + id.count
                    while j < buffer.count, buffer[j] == 0x20 { j += 1 }
                    if j + 1 < buffer.count, buffer[j] == UInt8(ascii: "/"), buffer[j + 1] == UInt8(ascii: "*") {
                        j += 2
                        while j + 1 < buffer.count, !(buffer[j] == UInt8(ascii: "*") && buffer[j + 1] == UInt8(ascii: "/")) { j += 1 }
                        j += 2
                        while j < buffer.count, buffer[j] == 0x20 { j += 1 }
                    }
                    guard j < buffer.count, buffer[j] == UInt8(ascii: "=") else { continue }
                    j += 1
                    while j < buffer.count, buffer[j] == 0x20 { j += 1 }
                    if j < buffer.count, buffer[j] == UInt8(ascii: "{") { return j }
                }
                return nil
            }
        }
    }

    /// Where `key` is first assigned, or the file itself when it is not found.
    func location(of key: String) -> SourceLocation {
        locations[key] ?? SourceLocation(file: file)
    }

    /// The name just before the ` =` at `end`: quoted (starting at its opening quote, on the same
    /// line) or a run of letters, digits and `_`. Each byte is looked at by at most one call
    /// (the runs end at the previous quote or space), so the pass stays linear.
    private static func name(endingBefore end: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (start: Int, name: String)? {
        if buffer[end - 1] == UInt8(ascii: "\"") {
            var open = end - 2
            while open >= 0, buffer[open] != UInt8(ascii: "\""), buffer[open] != UInt8(ascii: "\n") { open -= 1 }
            guard open >= 0, buffer[open] == UInt8(ascii: "\"") else { return nil }
            return (open, String(decoding: UnsafeBufferPointer(rebasing: buffer[(open + 1)..<(end - 1)]), as: UTF8.self))
        }
        var start = end
        while start > 0, isNameByte(buffer[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        return (start, String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
