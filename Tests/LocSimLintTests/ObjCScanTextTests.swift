import Foundation
@testable import LocSimLint
import Testing

/// The Objective-C scan's fast text handling (`ObjCSourceScanner+Text.swift`) gives exactly what
/// the general way gives: the standard library's transcoding and the scan's regular expressions,
/// compared on text generated from the pieces that matter to each pattern.
@Suite("Objective-C scan: text at speed")
struct ObjCScanTextTests {
    /// A small deterministic generator (SplitMix64), so a failure names a seed that repeats it.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    /// ASCII pieces: the names, `@implementation`, every kind of blank (vertical tab and form feed
    /// among them), word and non-word units, labels and parentheses.
    static let asciiPieces = ObjCSourceScanner.callAlternatives + [
        "@implementation", "@implementatio", "@", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "_", "9", "x", "Foo", "(", ")", ":", " :",
        "[", "]", ";", "{", "}", "-", "+", "*", ".", "CL", "Monitor", "request", "$",
    ]

    /// The other ASCII controls (blank to none of the patterns), one piece in ten.
    static let controls = (Array(0x00...0x08) + Array(0x0E...0x1F) + [0x7F]).map { String(UnicodeScalar(UInt8($0))) }

    /// Text from ASCII pieces, with non-ASCII pieces when `unicode` (letters, marks, an emoji).
    static func text(_ g: inout Generator, unicode: Bool) -> String {
        let pieces = asciiPieces + (unicode ? ["é", "e\u{0301}", "\u{0301}", "—", "😀", "\u{00A0}", "\u{2028}", "名"] : [])
        return (0..<Int(g.next() % 40)).map { _ in g.next() % 10 == 0 ? g.pick(controls) : g.pick(pieces) }.joined()
    }

    static func regexRanges(_ regex: NSRegularExpression, _ text: String, group: Int) -> [Range<Int>] {
        regex.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)).map {
            let r = $0.range(at: group)
            return r.location..<r.location + r.length
        }
    }

    @Test("UTF-16 units and strings are the standard library's, for any text")
    func transcoding() {
        var g = Generator(state: 1)
        for _ in 0..<2_000 {
            let text = Self.text(&g, unicode: true)
            let units = ObjCSourceScanner.utf16Units(text)
            #expect(units == Array(text.utf16), "\(text.debugDescription)")
            // Slices at every cut, lone surrogates included (decoded the same way, repaired).
            let cut = units.isEmpty ? 0 : Int(g.next() % UInt64(units.count))
            for slice in [units[...], units[cut...], units[..<cut]] {
                #expect(ObjCSourceScanner.string(slice) == String(decoding: slice, as: UTF16.self))
            }
        }
        #expect(ObjCSourceScanner.utf16Units("a😀é") == [0x61, 0xD83D, 0xDE00, 0xE9])
    }

    @Test("the patterns matched by hand are the regular expressions' matches in ASCII code")
    func patterns() {
        var g = Generator(state: 2)
        var seen = (calls: 0, implementations: 0, labels: 0)
        for _ in 0..<3_000 {
            let text = Self.text(&g, unicode: false)
            let units = Array(text.utf16)
            #expect(ObjCSourceScanner.isASCII(units))
            let calls = ObjCSourceScanner.callMatches(units)
            #expect(calls == Self.regexRanges(ObjCSourceScanner.callRegex, text, group: 1), "\(text.debugDescription)")
            let implementations = ObjCSourceScanner.implementationMatches(units)
            let regexImplementations = ObjCSourceScanner.implementationRegex.matches(in: text, range: NSRange(location: 0, length: units.count))
            #expect(implementations.map(\.offset) == regexImplementations.map(\.range.location), "\(text.debugDescription)")
            #expect(implementations.map(\.name) == Self.regexRanges(ObjCSourceScanner.implementationRegex, text, group: 1), "\(text.debugDescription)")
            let labels = ObjCSourceScanner.labels(units)
            #expect(labels == Self.regexRanges(ObjCSourceScanner.labelRegex, text, group: 1), "\(text.debugDescription)")
            #expect(ObjCSourceScanner.selector(ofSignature: units[...]) == ObjCSourceScanner.selector(ofSignature: text), "\(text.debugDescription)")
            seen.calls += calls.count
            seen.implementations += implementations.count
            seen.labels += labels.count
        }
        // The generated text does reach each pattern.
        #expect(seen.calls > 500 && seen.implementations > 50 && seen.labels > 500, "\(seen)")
    }

    @Test("a signature with non-ASCII text takes the general way and gives its answer")
    func unicodeSignatures() {
        var g = Generator(state: 3)
        for _ in 0..<1_000 {
            let text = Self.text(&g, unicode: true)
            #expect(ObjCSourceScanner.selector(ofSignature: Array(text.utf16)[...]) == ObjCSourceScanner.selector(ofSignature: text), "\(text.debugDescription)")
        }
    }

    @Test("a scan of code with non-ASCII identifiers finds what the same code in ASCII finds, at the same places")
    func unicodeCode() {
        let ascii = "@implementation MapController\n- (void)viewDidLoad {\n    [self.manager requestWhenInUseAuthorization];\n}\n@end\n"
        // The same length in UTF-16 (`é` for `e`), outside the names the scan looks for.
        let unicode = ascii.replacingOccurrences(of: "self.manager", with: "self.managér")
        let a = ObjCSourceScanner.scan(text: ascii, path: "M.m"), u = ObjCSourceScanner.scan(text: unicode, path: "M.m")
        #expect(a.events.count == 1)
        #expect(a.events.map(\.location) == u.events.map(\.location))
        #expect(a.events.map(\.enclosingType) == u.events.map(\.enclosingType))
        #expect(u.events.first?.enclosingType == "MapController" && u.events.first?.enclosingFunction == "viewDidLoad")
    }
}
