import Foundation

/// The Objective-C scan's text at speed: UTF-16 code units from and to Swift strings without the
/// standard library's general transcoding, and the scan's three patterns matched by hand when the
/// code they run on is ASCII (what real code is once its comments and strings are blanked).
///
/// Each function gives exactly what the general way gives (`Array(text.utf16)`,
/// `String(decoding:as: UTF16.self)`, `NSString.substring(with:)`, the `NSRegularExpression`s of
/// ``ObjCSourceScanner``); text the fast way does not cover (a lone surrogate, code with non-ASCII
/// units) goes the general way. `ObjCScanTextTests` compares the two on generated text.
extension ObjCSourceScanner {
    /// `Array(text.utf16)`, transcoded from the string's UTF-8 in one pass.
    static func utf16Units(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            var units = [UInt16]()
            units.reserveCapacity(bytes.count)
            var i = 0
            let n = bytes.count
            // A Swift string's UTF-8 is valid: each lead byte says how many follow.
            while i < n {
                let b = UInt32(bytes[i])
                if b < 0x80 {
                    units.append(UInt16(b)); i += 1
                } else if b < 0xE0 {
                    units.append(UInt16((b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F))); i += 2
                } else if b < 0xF0 {
                    units.append(UInt16((b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F))); i += 3
                } else {
                    let scalar = (b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                    let v = scalar - 0x10000
                    units.append(UInt16(0xD800 + (v >> 10)))
                    units.append(UInt16(0xDC00 + (v & 0x3FF)))
                    i += 4
                }
            }
            return units
        }
    }

    /// `String(decoding: units, as: UTF16.self)`, encoded as UTF-8 in one pass; units with a lone
    /// surrogate (which the standard library repairs) are decoded by it.
    static func string(_ units: ArraySlice<UInt16>) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(units.count)
        var i = units.startIndex
        let end = units.endIndex
        while i < end {
            let u = UInt32(units[i])
            if u < 0x80 {
                bytes.append(UInt8(u))
            } else if u < 0x800 {
                bytes.append(UInt8(0xC0 | u >> 6)); bytes.append(UInt8(0x80 | u & 0x3F))
            } else if u < 0xD800 || u >= 0xE000 {
                bytes.append(UInt8(0xE0 | u >> 12)); bytes.append(UInt8(0x80 | u >> 6 & 0x3F)); bytes.append(UInt8(0x80 | u & 0x3F))
            } else if u < 0xDC00, i + 1 < end, units[i + 1] >= 0xDC00, units[i + 1] < 0xE000 {
                let scalar = 0x10000 + ((u - 0xD800) << 10 | (UInt32(units[i + 1]) - 0xDC00))
                bytes.append(UInt8(0xF0 | scalar >> 18)); bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F)); bytes.append(UInt8(0x80 | scalar & 0x3F))
                i += 1
            } else {
                return String(decoding: units, as: UTF16.self)
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether every unit is ASCII, so that the hand-written matchers below are exact.
    static func isASCII(_ units: some Sequence<UInt16>) -> Bool { units.allSatisfy { $0 < 0x80 } }

    /// A letter, digit or `_`: what ``callRegex``'s `\b` and ``implementationRegex``'s `\w` are in
    /// ASCII, and what a message's names are made of (``messages(_:)``).
    static func isWordUnit(_ c: UInt16) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
    }

    /// A letter or `_`: what `[A-Za-z_]` is.
    static func isWordStart(_ c: UInt16) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F
    }

    /// `\s` in ASCII: tab to carriage return (the vertical tab among them) and space; also what
    /// `.whitespacesAndNewlines` and the blanks of a message are in ASCII.
    static func isBlankUnit(_ c: UInt16) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// The names ``callRegex`` matches.
    static let callNames: Set<[UInt16]> = Set(callAlternatives.map { Array($0.utf16) })

    /// ``callRegex``'s matches in ASCII `code`, as ranges of its whole-word names: a match is a
    /// whole run of word units that is one of the names (the `\b` on either side).
    static func callMatches(_ code: [UInt16]) -> [Range<Int>] {
        var matches = [Range<Int>]()
        var i = 0
        let n = code.count
        while i < n {
            guard isWordUnit(code[i]) else { i += 1; continue }
            var j = i + 1
            while j < n, isWordUnit(code[j]) { j += 1 }
            if j - i <= callNameLength, callNames.contains(Array(code[i..<j])) { matches.append(i..<j) }
            i = j
        }
        return matches
    }

    /// The longest name ``callRegex`` matches.
    static let callNameLength = callAlternatives.map(\.utf16.count).max() ?? 0

    /// ``implementationRegex``'s matches in ASCII `code`: each match's start and its class name's range.
    static func implementationMatches(_ code: [UInt16]) -> [(offset: Int, name: Range<Int>)] {
        let keyword = Array("@implementation".utf16)
        var matches = [(offset: Int, name: Range<Int>)]()
        var i = 0
        let n = code.count
        while i + keyword.count <= n {
            guard code[i] == 0x40, code[i..<i + keyword.count].elementsEqual(keyword) else { i += 1; continue }
            var j = i + keyword.count
            let blanks = j
            while j < n, isBlankUnit(code[j]) { j += 1 }
            guard j > blanks, j < n, isWordStart(code[j]) else { i += 1; continue }
            let start = j
            while j < n, isWordUnit(code[j]) { j += 1 }
            matches.append((i, start..<j))
            i = j
        }
        return matches
    }

    /// ``labelRegex``'s captures in ASCII `units`: each label (`name` in `name :`).
    static func labels(_ units: [UInt16]) -> [Range<Int>] {
        var labels = [Range<Int>]()
        var i = 0
        let n = units.count
        while i < n {
            guard isWordStart(units[i]) else { i += 1; continue }
            var j = i + 1
            while j < n, isWordUnit(units[j]) { j += 1 }
            var k = j
            while k < n, isBlankUnit(units[k]) { k += 1 }
            if k < n, units[k] == 0x3A {
                labels.append(i..<j)
                i = k + 1
            } else {
                // Every later start within this run ends at the same place, and fails the same way.
                i = j
            }
        }
        return labels
    }
}
