import Foundation
import Testing
import LocSimInput

/// The strict XML reader under GPX tracks and XML property lists.
@Suite("XML reader")
struct XMLReaderTests {
    static func tokens(_ data: Data, limits: XMLReader.Limits = .init()) throws(InputError) -> [XMLToken] {
        var reader = try XMLReader(data, file: "x.xml", limits: limits)
        var tokens: [XMLToken] = []
        while let token = try reader.next() { tokens.append(token) }
        return tokens
    }

    static func tokens(_ text: String) throws(InputError) -> [XMLToken] {
        try tokens(Data(text.utf8))
    }

    /// The error reading `data` gives, or nil when it reads.
    static func failure(_ data: Data, limits: XMLReader.Limits = .init()) -> InputError? {
        do {
            _ = try tokens(data, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func failure(_ text: String) -> InputError? {
        failure(Data(text.utf8))
    }

    @Test("A document reads as start, text and end tokens with lines; declaration, comments, PIs and DOCTYPE are skipped")
    func tokensOfADocument() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE gpx SYSTEM "gpx.dtd">
            <!-- a comment -->
            <g:gpx xmlns:g='urn:x' a="1 &lt; 2 &amp; &#x41;&#66;">
            <?x?><?pi some data?>
            <p q="&quot;&apos;"/>text &gt;<![CDATA[<raw> & ]]></g:gpx>
            """
        #expect(try Self.tokens(text) == [
            .start(name: "g:gpx", attributes: [XMLAttribute(name: "xmlns:g", value: "urn:x"), XMLAttribute(name: "a", value: "1 < 2 & AB")], line: 4),
            .text("\n", line: 4),
            .text("\n", line: 5),
            .start(name: "p", attributes: [XMLAttribute(name: "q", value: "\"'")], line: 6),
            .end(name: "p", line: 6),
            .text("text >", line: 6),
            .text("<raw> & ", line: 6),
            .end(name: "g:gpx", line: 6),
        ])
    }

    @Test("Line ends are normalized and counted: CR LF, CR and LF")
    func lineEnds() throws {
        #expect(try Self.tokens("<a>\r\n<b/>\r<c/>\n</a>") == [
            .start(name: "a", attributes: [], line: 1), .text("\n", line: 1),
            .start(name: "b", attributes: [], line: 2), .end(name: "b", line: 2), .text("\n", line: 2),
            .start(name: "c", attributes: [], line: 3), .end(name: "c", line: 3), .text("\n", line: 3),
            .end(name: "a", line: 4),
        ])
    }

    @Test("UTF-16 with a byte order mark, either order, and UTF-8 with a BOM read like UTF-8")
    func encodings() throws {
        let text = "<a x=\"é😀\">\nz</a>"
        let expected: [XMLToken] = [.start(name: "a", attributes: [XMLAttribute(name: "x", value: "é😀")], line: 1), .text("\nz", line: 1), .end(name: "a", line: 2)]
        let units = Array(text.utf16)
        let little = Data([0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let big = Data([0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(try Self.tokens(little) == expected)
        #expect(try Self.tokens(big) == expected)
        #expect(try Self.tokens(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))) == expected)
        // An unpaired surrogate, UTF-16 without a BOM, and a declared Latin-1 are errors.
        #expect(Self.failure(Data([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00]))?.message == "malformed XML: an unpaired UTF-16 surrogate")
        #expect(Self.failure(Data([0x3C, 0x00, 0x61, 0x00]))?.line == 1)
        #expect(Self.failure("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.message == "malformed XML: unsupported encoding 'ISO-8859-1' (LocSim reads UTF-8 and UTF-16)")
    }

    @Test("Hostile and malformed documents are InputErrors with the file and the line of the problem")
    func errors() {
        let cases: [(Data, Int, String)] = [
            (Data([0x3C, 0x61, 0x0A, 0x62, 0xFF, 0x3E]), 2, "malformed XML: invalid UTF-8 (byte 0xFF)"),
            (Data([0x3C, 0x61, 0xC0, 0xAF, 0x2F, 0x3E]), 1, "malformed XML: invalid UTF-8 (byte 0xC0)"),
            (Data("<? <?xml?>lmx=\"0.0\"?>".utf8), 1, "malformed XML: invalid processing instruction target"),
            (Data("<a>\n</b>".utf8), 2, "malformed XML: </b> does not match <a> (opened on line 1)"),
            (Data("<a>\n<b>".utf8), 2, "malformed XML: the document ends before </b> (opened on line 2)"),
            (Data("<a x=\"1\" x=\"2\"/>".utf8), 1, "malformed XML: the attribute 'x' appears twice in <a>"),
            (Data("<a x=1/>".utf8), 1, "malformed XML: the value of the attribute 'x' of <a> is not quoted"),
            (Data("<a x/>".utf8), 1, "malformed XML: the attribute 'x' of <a> has no value"),
            (Data("<a x=\"<\"/>".utf8), 1, "malformed XML: '<' in the value of the attribute 'x' of <a>"),
            (Data("<a x=\"1\"y=\"2\"/>".utf8), 1, "malformed XML: expected whitespace, '>' or '/>' in the tag <a>"),
            (Data("<a/>\n<b/>".utf8), 2, "malformed XML: a second root element <b> (a document has one)"),
            (Data("<a/>\nx".utf8), 2, "malformed XML: text after the root element"),
            (Data("x<a/>".utf8), 1, "malformed XML: text before the root element"),
            (Data("<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>".utf8), 1, "malformed XML: a DOCTYPE with an internal subset (entity declarations are not supported)"),
            (Data("<a>\n&e;</a>".utf8), 2, "malformed XML: undeclared entity &e;"),
            (Data("<a>&#0;</a>".utf8), 1, "malformed XML: invalid character reference &#0;"),
            (Data("<a>&#xD800;</a>".utf8), 1, "malformed XML: invalid character reference &#xD800;"),
            (Data("<a>AT&T</a>".utf8), 1, "malformed XML: '&' that starts no entity (write &amp;)"),
            (Data("<a>\u{1}</a>".utf8), 1, "malformed XML: the character U+1 is not allowed in XML"),
            (Data("<a/>\n<?xml version=\"1.0\"?>".utf8), 2, "malformed XML: the XML declaration is allowed only at the start of the document"),
            (Data("<a><!-- x -- y --></a>".utf8), 1, "malformed XML: '--' inside a comment"),
            (Data("<a>\n<!-- open".utf8), 2, "malformed XML: the comment is not closed with '-->'"),
            (Data("<a><![CDATA[x</a>".utf8), 1, "malformed XML: the CDATA section is not closed with ']]>'"),
            (Data("<a>]]></a>".utf8), 1, "malformed XML: ']]>' in text"),
            (Data("<1a/>".utf8), 1, "malformed XML: invalid element name"),
            (Data("".utf8), 1, "malformed XML: no root element"),
            (Data("<!-- only -->".utf8), 1, "malformed XML: no root element"),
        ]
        for (data, line, message) in cases {
            #expect(Self.failure(data) == InputError(file: "x.xml", line: line, message: message), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test("Limits bound size, depth, names and attributes; deep nesting is an error, not a stack overflow")
    func limits() {
        #expect(Self.failure(Data("<a>xxxx</a>".utf8), limits: .init(maxBytes: 8)) == InputError(file: "x.xml", message: "XML file too large: 11 bytes (at most 8)"))
        let deep = Data((String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)).utf8)
        #expect(Self.failure(deep)?.message == "malformed XML: elements nested deeper than \(XMLReader.defaultMaxDepth)")
        #expect(Self.failure(Data("<\(String(repeating: "n", count: 2000))/>".utf8))?.message == "malformed XML: element name longer than \(XMLReader.defaultMaxNameLength) bytes")
        let many = (0..<300).map { "a\($0)=\"\"" }.joined(separator: " ")
        #expect(Self.failure(Data("<a \(many)/>".utf8))?.message == "malformed XML: more than \(XMLReader.defaultMaxAttributes) attributes in <a>")
        // Within the limits, the same shapes read.
        #expect(Self.failure(Data((String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)).utf8)) == nil)
    }

    @Test("The kind names the document in messages")
    func kind() {
        var reader: XMLReader?
        do {
            reader = try XMLReader(Data("<a>".utf8), file: "t.gpx", kind: "GPX")
            while try reader?.next() != nil {}
            Issue.record("an unclosed element read")
        } catch {
            #expect(error == InputError(file: "t.gpx", line: 1, message: "malformed GPX: the document ends before </a> (opened on line 1)"))
        }
    }
}
