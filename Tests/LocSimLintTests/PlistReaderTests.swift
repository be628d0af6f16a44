import Foundation
import Testing
import LocSimLint

/// `PlistReader` (LocSimInput), the one plist reader lint, `InfoPlist` and the Xcode project
/// reader share: one wording for a malformed file, the line where it is known, bounded work on
/// hostile bytes, and the values Foundation gives on valid files.
@Suite struct PlistReaderTests {
    static func error(_ text: String, kind: String = "property list") -> InputError? {
        error(Data(text.utf8), kind: kind)
    }

    static func error(_ data: Data, kind: String = "property list", limits: PlistLimits = PlistLimits()) -> InputError? {
        do {
            _ = try PlistReader.read(data, file: "F", kind: kind, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bytes of `Fuzz/Regressions/<path>`.
    static func regression(_ path: String) throws -> Data {
        try Data(contentsOf: packageRoot.appendingPathComponent("Fuzz/Regressions/\(path)"))
    }

    @Test("A malformed XML plist names the XML parser's line, every time")
    func xmlLine() {
        let error = Self.error("<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>\n")
        #expect(error?.file == "F")
        #expect(error?.line == 5)
        #expect(error?.message.hasPrefix("malformed property list: ") == true)
        #expect(error?.location == "F:5")
    }

    @Test("A malformed old-style plist (a project.pbxproj) names the old-style parser's line")
    func oldStyleLine() {
        let text = "// !$*UTF8*$!\n{\n archiveVersion = 1;\n objects = {\n  a = { isa = X; \n };\n"
        #expect(Self.error(text, kind: "project file") == InputError(file: "F", line: 7, message: "malformed project file: expected '}', found end of file"))
    }

    @Test("The root of an Info.plist must be a dictionary")
    func root() throws {
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)
        #expect(throws: InputError(file: "F", message: "property list root is not a dictionary")) {
            try PlistReader.dictionary(array, file: "F")
        }
        let dict = try PropertyListSerialization.data(fromPropertyList: ["k": "v"], format: .binary, options: 0)
        #expect(try PlistReader.dictionary(dict, file: "F")["k"] as? String == "v")
    }

    // MARK: Binary

    @Test("Binary: a non-empty set decodes as an array of its members")
    func binarySet() throws {
        let root = try PlistReader.dictionary(try Self.regression("plist/binary-nonempty-set.plist"), file: "F")
        #expect(root["UIBackgroundModes"] as? [String] == ["location", "fetch"])
    }

    @Test("Binary: hostile files end in one error naming what is wrong", arguments: [
        ("binary-reference-cycle.plist", "malformed property list: reference cycle (object 1 contains itself)"),
        ("binary-dictionary-cycle.plist", "malformed property list: reference cycle (object 1 contains itself)"),
        ("binary-dag-blowup.plist", "property list too large: more than \(PlistLimits.maxNodes) values"),
        ("binary-deep-nesting.plist", "property list nested too deeply: more than \(PlistLimits.maxDepth) levels"),
        ("binary-shared-deep-subtree.plist", "property list nested too deeply: more than \(PlistLimits.maxDepth) levels"),
        ("binary-offset-out-of-bounds.plist", "malformed property list: offset of object 0 out of bounds"),
        ("binary-reference-out-of-range.plist", "malformed property list: object reference 9 out of range (2 objects)"),
        ("binary-garbage-trailer.plist", "property list too large: more than \(PlistLimits.maxObjects) objects"),
        ("binary-truncated.plist", "malformed property list: binary file too short for its trailer"),
        ("binary-string-past-end.plist", "malformed property list: object 0 extends past the object area"),
        ("binary-null-root.plist", "malformed property list: null object 0 is not supported"),
    ])
    func binaryHostile(name: String, message: String) throws {
        let error = Self.error(try Self.regression("plist/\(name)"))
        #expect(error == InputError(file: "F", message: message))
    }

    @Test("Binary: a shared subtree is decoded once and its values counted each time it is used")
    func binarySharedSubtree() throws {
        // Object 0 is "x"; object 1 holds object 0 three times; object 2 holds object 1 three times.
        var bytes = Array("bplist00".utf8)
        bytes += [0x51, UInt8(ascii: "x"), 0xA3, 0, 0, 0, 0xA3, 1, 1, 1]
        let table = bytes.count
        bytes += [8, 10, 14]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let data = Data(bytes)
        let root = try PlistReader.read(data, file: "F", limits: PlistLimits(nodes: 13))
        #expect(root as? [[String]] == Array(repeating: ["x", "x", "x"], count: 3))
        #expect(Self.error(data, limits: PlistLimits(nodes: 12)) == InputError(file: "F", message: "property list too large: more than 12 values"))
    }

    @Test("Binary: every prefix and every single-byte change of a valid file is read or rejected, never crashes")
    func binaryMutations() throws {
        let valid = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Examples/fixtures/ReducedAccuracyApp-Info.plist"))
        // Shorter than `bplist`, a prefix is an old-style unquoted string ("bpl").
        var rejected = 0
        for length in 6..<valid.count where Self.error(valid.prefix(length)) != nil { rejected += 1 }
        #expect(rejected == valid.count - 6)
        for index in valid.indices {
            for value: UInt8 in [0x00, 0x0F, 0x7F, 0xFF] {
                var bytes = valid
                bytes[index] = value
                _ = Self.error(bytes)
            }
        }
    }

    // MARK: XML

    @Test("XML: hostile files end in one error naming the line", arguments: [
        ("xml-deep-nesting.plist", 3, "property list nested too deeply: more than \(PlistLimits.maxDepth) levels"),
        ("xml-entity-expansion.plist", 2, "malformed property list: a DOCTYPE with an internal subset (entity declarations are not supported)"),
        ("xml-unterminated.plist", 6, "malformed property list: </dict> does not match <string> (opened on line 5)"),
        ("xml-key-without-value.plist", 5, "malformed property list: unexpected </dict>, expected a value for the key 'a'"),
        ("xml-unknown-element.plist", 5, "malformed property list: unknown element <strin>"),
        ("xml-bad-integer.plist", 5, "malformed property list: invalid integer '12abc'"),
        ("xml-bad-base64.plist", 5, "malformed property list: invalid base64 in <data>"),
        ("xml-bad-date.plist", 5, "malformed property list: invalid date 'yesterday' (expected YYYY-MM-DDTHH:MM:SSZ)"),
        ("xml-text-in-dict.plist", 3, "malformed property list: unexpected text 'loose text'"),
        ("xml-two-values.plist", 4, "malformed property list: unexpected <dict>, expected </plist>"),
        ("xml-invalid-utf8.plist", 5, "malformed property list: invalid UTF-8 (byte 0xFF)"),
        ("xml-utf16-unpaired-surrogate.plist", 5, "malformed property list: an unpaired UTF-16 surrogate"),
    ])
    func xmlHostile(name: String, line: Int, message: String) throws {
        let error = Self.error(try Self.regression("plist/\(name)"))
        #expect(error == InputError(file: "F", line: line, message: message))
    }

    @Test("Input quoted in a message is escaped: the message stays one line")
    func oneLineMessages() {
        let texts = ["<plist><dict><key>x\ny</key></dict></plist>", "<plist><integer>1\n2</integer></plist>", "bplist0\r\n\u{1B}00"]
        for text in texts {
            let error = Self.error(text)
            #expect(error != nil)
            #expect(error?.message.contains(where: \.isNewline) == false, "\(String(describing: error))")
        }
        #expect(Self.error(texts[0])?.message == "malformed property list: unexpected </dict>, expected a value for the key 'x\\ny'")
    }

    @Test("XML: more values than the limit is one error with its line")
    func xmlNodes() {
        let text = "<plist>\n<array>\n" + String(repeating: "<true/>", count: 30) + "</array></plist>"
        #expect(Self.error(Data(text.utf8), limits: PlistLimits(nodes: 20)) == InputError(file: "F", line: 3, message: "property list too large: more than 20 values"))
    }

    @Test("A file larger than the byte limit is one error before any parsing")
    func byteLimit() {
        #expect(Self.error(Data(repeating: 0x20, count: 100), limits: PlistLimits(bytes: 99)) == InputError(file: "F", message: "property list too large: more than 99 bytes"))
    }

    // MARK: Old-style

    @Test("Old-style: a malformed project file names its line", arguments: [
        ("unterminated-string.pbxproj", 5, "unterminated string"),
        ("bad-nesting.pbxproj", 5, "expected ',' or ')', found ';'"),
        ("unterminated-comment.pbxproj", 4, "unterminated comment"),
        ("bad-data.pbxproj", 2, "expected a hex digit or '>' in data, found 'x'"),
        ("trailing-garbage.pbxproj", 4, "unexpected '}' after the root value"),
        ("unquoted-garbage.pbxproj", 3, "expected a value, found byte 0xff"),
    ])
    func oldStyleHostile(name: String, line: Int, detail: String) throws {
        let error = Self.error(try Self.regression("pbxproj/\(name)"), kind: "project file")
        #expect(error == InputError(file: "F", line: line, message: "malformed project file: \(detail)"))
    }

    @Test("Old-style: nesting deeper than the limit is one error with its line")
    func oldStyleDepth() throws {
        let error = Self.error(try Self.regression("pbxproj/deep-nesting.pbxproj"), kind: "project file")
        #expect(error == InputError(file: "F", line: 2, message: "project file nested too deeply: more than \(PlistLimits.maxDepth) levels"))
    }

    @Test("Old-style: more values than the limit is one error")
    func oldStyleNodes() {
        let text = "(" + String(repeating: "a,", count: 50) + ")"
        #expect(Self.error(Data(text.utf8), limits: PlistLimits(nodes: 20)) == InputError(file: "F", line: 1, message: "property list too large: more than 20 values"))
    }

    @Test("Old-style: strings, escapes, comments, data and a trailing comma")
    func oldStyleValues() throws {
        let text = """
        // !$*UTF8*$!
        { /* c */ a = "q\\"\\n\\t\\\\\\101\\U00e9\\UD83D\\UDE00"; 'b' = ( x, "y", ); c = <0fBd 77>; "d e" = { }; }
        """
        let value = try PlistReader.read(Data(text.utf8), file: "F")
        let dict = try #require(value as? [String: Any])
        #expect(dict["a"] as? String == "q\"\n\t\\Aé😀")
        #expect(dict["b"] as? [String] == ["x", "y"])
        #expect(dict["c"] as? Data == Data([0x0F, 0xBD, 0x77]))
        #expect((dict["d e"] as? [String: Any])?.isEmpty == true)
    }

    @Test("Old-style: no value, and octal escapes of NeXTSTEP characters, are errors")
    func oldStyleRejected() {
        #expect(Self.error(" // nothing\n") == InputError(file: "F", line: 2, message: "malformed property list: empty file"))
        #expect(Self.error("{ a = \"\\351\"; }") == InputError(file: "F", line: 1, message: "malformed property list: octal escape above \\177 (a NeXTSTEP character) is not supported"))
    }

    // MARK: Same values as Foundation

    /// Foundation's reading of `data` and ours, in one comparable form.
    static func bothReadings(_ data: Data) throws -> (ours: Canonical, foundation: Canonical) {
        let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let ours = try PlistReader.read(data, file: "F")
        return (Canonical(ours), Canonical(foundation))
    }

    /// Valid plists: the example fixtures, the test fixtures, and a file of every type.
    static var validPlists: [Data] {
        get throws {
            let fixtures = packageRoot.appendingPathComponent("Examples/fixtures")
            var files = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".plist") }.sorted().map {
                try Data(contentsOf: fixtures.appendingPathComponent($0))
            }
            files.append(Data(infoPlist(["NSLocationWhenInUseUsageDescription": "Shows you &amp; friends"], raw: backgroundModes("location", "fetch")).utf8))
            let everything: [String: Any] = [
                "string": "plain", "unicode": "café 😀 ✓", "empty": "", "true": true, "false": false,
                "int": 42, "negative": -7, "big": Int64.max, "real": 1.25, "date": Date(timeIntervalSinceReferenceDate: 12_345.5),
                "data": Data([0, 1, 2, 0xFF]), "array": ["a", 1, ["nested": [true]]] as [Any], "dict": ["k": ["v"]] as [String: Any],
                "long": String(repeating: "x", count: 300), "many": (0..<40).map { "item \($0)" },
            ]
            // The same XML in UTF-16, big- and little-endian, with a byte-order mark.
            let xml = try PropertyListSerialization.data(fromPropertyList: everything, format: .xml, options: 0)
            let text = String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
            files.append(Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
            files.append(Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
            for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                files.append(try PropertyListSerialization.data(fromPropertyList: everything, format: format, options: 0))
                for file in files.prefix(2) {
                    let value = try PropertyListSerialization.propertyList(from: file, options: [], format: nil)
                    files.append(try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0))
                }
            }
            return files
        }
    }

    @Test("Valid XML and binary plists read the same values as Foundation")
    func sameAsFoundation() throws {
        let files = try Self.validPlists
        #expect(files.count >= 10)
        for data in files {
            let readings = try Self.bothReadings(data)
            #expect(readings.ours == readings.foundation)
        }
    }

    @Test("Valid project files read the same values as Foundation")
    func projectSameAsFoundation() throws {
        let texts = [
            ProjectFixtures.pbxproj(infoPlist: "App/Info.plist"),
            ProjectFixtures.pbxproj(infoPlist: "$(SRCROOT)/App/Info.plist", deploymentTarget: "15.0", xcconfig: "Base.xcconfig",
                                    settings: ["INFOPLIST_KEY_NSLocationWhenInUseUsageDescription": "Says \"hi\""], testPlist: "Tests/Info.plist"),
            "{ a = \"tab\\there\"; b = ( 1, 2.5, -3 ); c = <00ff>; d = 'single'; e = { }; }",
            "// a strings-file form\na = b; \"c d\" = ( e ); f = { g = h; };\n",
        ]
        for text in texts {
            let readings = try Self.bothReadings(Data(text.utf8))
            #expect(readings.ours == readings.foundation)
        }
    }
}

/// A property-list value in a form that compares across readers: integers and reals apart, as
/// `NSNumber` types them.
indirect enum Canonical: Hashable {
    case string(String), bool(Bool), integer(Int64), real(Double), data(Data), date(Double)
    case array([Canonical]), dictionary([String: Canonical]), unknown(String)

    init(_ any: Any) {
        switch any {
        case let s as String: self = .string(s)
        case let b as Bool where type(of: any) == Bool.self: self = .bool(b)
        case let n as NSNumber:
            let type = String(cString: n.objCType)
            self = type == "d" || type == "f" ? .real(n.doubleValue) : .integer(n.int64Value)
        case let d as Data: self = .data(d)
        case let d as Date: self = .date(d.timeIntervalSinceReferenceDate)
        case let a as [Any]: self = .array(a.map(Canonical.init))
        case let d as [String: Any]: self = .dictionary(d.mapValues(Canonical.init))
        default: self = .unknown("\(type(of: any))")
        }
    }
}
