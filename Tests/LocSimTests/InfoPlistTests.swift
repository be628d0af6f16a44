import Foundation
import Testing
import LocSim
import LocSimModel

/// The Info.plist input parser (XML and binary property lists).
@Suite("Info.plist")
struct InfoPlistTests {
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CFBundleDisplayName</key><string>Trails</string>
        <key>CFBundleName</key><string>TrailsApp</string>
        <key>NSLocationWhenInUseUsageDescription</key><string>Shows you on the map.</string>
        <key>NSLocationAlwaysAndWhenInUseUsageDescription</key><string>Records your trips.</string>
        <key>UIBackgroundModes</key><array><string>location</string><string>fetch</string></array>
        <key>NSLocationDefaultAccuracyReduced</key><true/>
        <key>NSLocationTemporaryUsageDescriptionDictionary</key>
        <dict><key>Navigation</key><string>Turn-by-turn directions.</string></dict>
    </dict>
    </plist>
    """

    static let expected = AppDescription(name: "Trails",
                                         purposeStrings: [.whenInUse: "Shows you on the map.", .alwaysAndWhenInUse: "Records your trips."],
                                         backgroundModes: ["location", "fetch"], defaultAccuracyReduced: true,
                                         temporaryPurposeKeys: ["Navigation": "Turn-by-turn directions."])

    @Test("An XML Info.plist gives the app's name, purpose strings, background modes and accuracy keys")
    func xmlPlist() throws {
        let app = try InfoPlist.appDescription(from: Data(Self.xml.utf8), file: "Info.plist")
        #expect(app == Self.expected)
        #expect(app.declaredKeys == [.whenInUse, .alwaysAndWhenInUse])
        #expect(app.hasLocationBackgroundMode)
        // An explicit name wins; CFBundleName is the fallback; build variables are not names.
        #expect(try InfoPlist.appDescription(from: Data(Self.xml.utf8), file: "Info.plist", name: "Override").name == "Override")
        let fallback = try InfoPlist.appDescription(from: ["CFBundleName": "TrailsApp"], file: "Info.plist")
        #expect(fallback.name == "TrailsApp")
        #expect(fallback.purposeStrings.isEmpty && fallback.backgroundModes.isEmpty && !fallback.defaultAccuracyReduced)
        #expect(try InfoPlist.appDescription(from: ["CFBundleDisplayName": "$(PRODUCT_NAME)"], file: "Info.plist").name == "App")
    }

    @Test("A binary Info.plist reads the same as its XML form")
    func binaryPlist() throws {
        let dict: [String: Any] = [
            "CFBundleDisplayName": "Trails",
            "NSLocationWhenInUseUsageDescription": "Shows you on the map.",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Records your trips.",
            "UIBackgroundModes": ["location", "fetch"],
            "NSLocationDefaultAccuracyReduced": true,
            "NSLocationTemporaryUsageDescriptionDictionary": ["Navigation": "Turn-by-turn directions."],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: dict, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist".utf8)))
        #expect(try InfoPlist.appDescription(from: data, file: "Info.plist") == Self.expected)

        // Read from disk too.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-gp-\(UInt64.random(in: 0...UInt64.max)).plist").path
        #expect(FileManager.default.createFile(atPath: path, contents: data))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try InfoPlist.appDescription(contentsOf: path) == Self.expected)
    }

    @Test("A malformed, unreadable or non-dictionary plist is an InputError naming the file")
    func malformed() {
        do {
            _ = try InfoPlist.appDescription(from: Data("<plist><dict><key>A</key>".utf8), file: "Broken.plist")
            Issue.record("malformed plist parsed")
        } catch let error as InputError {
            #expect(error.file == "Broken.plist")
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("malformed property list: "))
            #expect(error.description == "Broken.plist:1: \(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(throws: InputError(file: "/nonexistent/Info.plist", line: nil, message: "cannot read Info.plist (missing or unreadable)")) {
            try InfoPlist.appDescription(contentsOf: "/nonexistent/Info.plist")
        }
        let array = try! PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)
        #expect(throws: InputError(file: "Array.plist", line: nil, message: "property list root is not a dictionary")) {
            try InfoPlist.appDescription(from: array, file: "Array.plist")
        }
    }

    @Test("Keys of the wrong type are InputErrors naming the key")
    func wrongTypes() {
        let cases: [([String: Any], String)] = [
            (["NSLocationWhenInUseUsageDescription": 5], "NSLocationWhenInUseUsageDescription must be a string"),
            (["NSLocationUsageDescription": ["a"]], "NSLocationUsageDescription must be a string"),
            (["UIBackgroundModes": "location"], "UIBackgroundModes must be an array of strings"),
            (["UIBackgroundModes": ["location", 1]], "UIBackgroundModes must be an array of strings"),
            (["NSLocationDefaultAccuracyReduced": "YES"], "NSLocationDefaultAccuracyReduced must be a boolean"),
            (["NSLocationTemporaryUsageDescriptionDictionary": ["Navigation"]], "NSLocationTemporaryUsageDescriptionDictionary must be a dictionary"),
            (["NSLocationTemporaryUsageDescriptionDictionary": ["Navigation": 1]], "NSLocationTemporaryUsageDescriptionDictionary.Navigation must be a string"),
        ]
        for (dict, message) in cases {
            let data = try! PropertyListSerialization.data(fromPropertyList: dict, format: .xml, options: 0)
            #expect(throws: InputError(file: "Info.plist", line: nil, message: message)) {
                try InfoPlist.appDescription(from: data, file: "Info.plist")
            }
        }
    }
}
