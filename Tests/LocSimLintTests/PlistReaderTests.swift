import Foundation
import Testing
import LocSimLint

/// `PlistReader` (LocSimInput), the one plist reader lint, `InfoPlist` and the Xcode project
/// reader share: one wording for a malformed file, and the line of the parser that fits the data.
@Suite struct PlistReaderTests {
    static func error(_ text: String, kind: String = "property list") -> InputError? {
        do {
            _ = try PlistReader.read(Data(text.utf8), file: "F", kind: kind)
            return nil
        } catch {
            return error
        }
    }

    @Test("A malformed XML plist names the XML parser's line, every time")
    func xmlLine() {
        let error = Self.error("<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>\n")
        #expect(error == InputError(file: "F", line: 5, message: "malformed property list"))
        #expect(error?.location == "F:5")
        #expect(error?.description == "F:5: malformed property list")
    }

    @Test("A malformed old-style plist (a project.pbxproj) names the old-style parser's line")
    func oldStyleLine() {
        let text = "// !$*UTF8*$!\n{\n archiveVersion = 1;\n objects = {\n  a = { isa = X; \n };\n"
        #expect(Self.error(text, kind: "project file") == InputError(file: "F", line: 7, message: "malformed project file"))
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
}
