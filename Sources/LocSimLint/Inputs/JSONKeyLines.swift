import Foundation

/// The line of every object key of a JSON text, by its path of keys from the root, found in one
/// pass over the bytes (keys inside arrays are not recorded).
///
/// A string catalog's entries point at the lines of their values; finding each by searching the
/// text from the top made reading a catalog quadratic in its keys. This pass is linear: ``steps``
/// counts the bytes it looked at, at most one per byte of the text. It expects text that
/// `JSONSerialization` accepted; on anything else it records what it can and stops at the end.
struct JSONKeyLines {
    /// The 1-based line of each key, by its path (`["strings", "NSLocation…", "localizations"]`).
    /// A key written twice keeps its last line, as `JSONSerialization` keeps the last value.
    private(set) var lines: [[String]: Int] = [:]
    /// How many bytes the pass looked at (for tests: the pass is linear).
    private(set) var steps = 0

    /// Reads `data` once.
    init(_ data: Data) {
        let bytes = [UInt8](data)
        let end = bytes.count
        var line = 1
        var path = [String]()
        /// For each open container: whether it is an object, and whether it added a key to `path`.
        var containers = [(isObject: Bool, addedKey: Bool)]()
        var arrays = 0
        var expectingKey = false
        var pendingKey: String?
        var i = 0
        while i < end {
            let byte = bytes[i]
            steps += 1
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                i += 1
            case UInt8(ascii: "\""):
                let startLine = line
                var text = [UInt8]()
                var scalars = String.UnicodeScalarView()
                func flush() {
                    if !text.isEmpty { scalars.append(contentsOf: String(decoding: text, as: UTF8.self).unicodeScalars); text.removeAll() }
                }
                i += 1
                var pendingHigh: UInt32?
                while i < end, bytes[i] != UInt8(ascii: "\"") {
                    steps += 1
                    if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                    guard bytes[i] == UInt8(ascii: "\\"), i + 1 < end else {
                        text.append(bytes[i]); i += 1; continue
                    }
                    steps += 1
                    let escaped = bytes[i + 1]
                    i += 2
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= end, let value = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { continue }
                        steps += 4
                        i += 4
                        flush()
                        if (0xD800...0xDBFF).contains(value) {
                            pendingHigh = value
                            continue
                        }
                        var scalar = Unicode.Scalar(value)
                        if let high = pendingHigh, (0xDC00...0xDFFF).contains(value) {
                            scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
                        }
                        pendingHigh = nil
                        scalars.append(scalar ?? "\u{FFFD}")
                    default: text.append(escaped)  // `\"`, `\\`, `\/`
                    }
                }
                i += 1
                flush()
                if expectingKey, containers.last?.isObject == true {
                    let key = String(scalars)
                    if arrays == 0 { lines[path + [key]] = startLine }
                    pendingKey = key
                    expectingKey = false
                }
            case UInt8(ascii: "{"):
                let adds = arrays == 0 && containers.last?.isObject == true && pendingKey != nil
                if adds, let pendingKey { path.append(pendingKey) }
                containers.append((true, adds))
                pendingKey = nil
                expectingKey = true
                i += 1
            case UInt8(ascii: "["):
                containers.append((false, false))
                arrays += 1
                pendingKey = nil
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let last = containers.popLast() {
                    if last.addedKey { path.removeLast() }
                    if !last.isObject { arrays -= 1 }
                }
                pendingKey = nil
                expectingKey = false
                i += 1
            case UInt8(ascii: ","):
                expectingKey = containers.last?.isObject == true
                pendingKey = nil
                i += 1
            default:
                i += 1
            }
        }
    }

    /// The line of the key at `path`.
    func line(of path: [String]) -> Int? { lines[path] }
}
