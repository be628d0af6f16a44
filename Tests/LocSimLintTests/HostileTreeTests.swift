import Foundation
import Testing
@testable import LocSimLint
import LocSimModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile trees and project settings: special files, links out of the tree, huge files, NUL
/// bytes, plist encodings, and settings or includes that fan out exponentially.
@Suite struct HostileTreeTests {
    static let requestWhenInUse = KeyCheckTests.requestWhenInUse

    /// The files under `f` lint skipped, by file name.
    func skipped(_ f: Fixture) throws -> [String: SkippedFile.Reason] {
        let result = try TargetDiscovery(options: LintOptions(paths: [f.root])).run()
        return Dictionary(result.skippedFiles.map { (($0.path as NSString).lastPathComponent, $0.reason) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: - Walking the tree

    @Test("a FIFO named *.swift is skipped with a note, never opened")
    func fifoIsSkipped() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys), "App/Locator.swift": Self.requestWhenInUse])
        #expect(mkfifo(f.path("App/Blocking.swift"), 0o644) == 0)
        #expect(try skipped(f)["Blocking.swift"] == .notRegularFile(kind: "FIFO"))
        #expect(try f.ids() == [])
        let cli = f.commandLine([f.root])
        #expect(cli.status == 0)
        #expect(cli.stderr == "\(f.path("App/Blocking.swift")): note: skipped: not a regular file (FIFO)\n")
    }

    @Test("a symbolic link to /dev/zero is not read: outside the tree, or not a regular file when named")
    func devZeroIsSkipped() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys)])
        try FileManager.default.createSymbolicLink(atPath: f.path("App/Zero.swift"), withDestinationPath: "/dev/zero")
        #expect(try skipped(f)["Zero.swift"] == .outsideTree(target: "/dev/zero"))
        // Named on the command line, the link is followed, but a device is never read.
        let cli = f.commandLine([f.path("App/Zero.swift")])
        #expect(cli.status == 0)
        #expect(cli.stderr.hasPrefix("\(f.path("App/Zero.swift")): note: skipped: not a regular file (character device)\n"))
    }

    @Test("a directory symbolic link to / is not followed")
    func rootLinkIsNotFollowed() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(whenInUseKeys), "App/Locator.swift": Self.requestWhenInUse])
        try FileManager.default.createSymbolicLink(atPath: f.path("App/everything"), withDestinationPath: "/")
        let started = Date()
        #expect(try skipped(f)["everything"] == .outsideTree(target: "/"))
        #expect(try f.ids() == [])
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("symbolic links inside the tree are followed; loops and broken links are noted")
    func linksInsideTheTree() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(), "Shared/Locator.swift": Self.requestWhenInUse])
        try FileManager.default.createSymbolicLink(atPath: f.path("App/Locator.swift"), withDestinationPath: f.path("Shared/Locator.swift"))
        try FileManager.default.createSymbolicLink(atPath: f.path("App/A.swift"), withDestinationPath: f.path("App/B.swift"))
        try FileManager.default.createSymbolicLink(atPath: f.path("App/B.swift"), withDestinationPath: f.path("App/A.swift"))
        try FileManager.default.createSymbolicLink(atPath: f.path("App/Gone.swift"), withDestinationPath: f.path("App/Nothing.swift"))
        try FileManager.default.createSymbolicLink(atPath: f.path("App/up"), withDestinationPath: f.root)
        let reasons = try skipped(f)
        #expect(reasons["A.swift"] == .linkLoop)
        #expect(reasons["B.swift"] == .linkLoop)
        #expect(reasons["Gone.swift"] == .brokenLink)
        #expect(reasons.count == 3)
        // The linked source is read (through the link, in the app's directory).
        let findings = try f.lint()
        #expect(findings.contains { $0.checkID == "LOC001" && $0.location.file == f.path("App/Locator.swift") })
    }

    @Test("a file larger than the size limit is skipped with a note")
    func hugeFileIsSkipped() throws {
        let f = try Fixture(["App/Info.plist": infoPlist(goodKeys)])
        let big = f.path("App/Generated.swift")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(RegularFile.maximumSize + 1)) == 0) // sparse: no disk used
        #expect(try skipped(f)["Generated.swift"] == .tooLarge(bytes: RegularFile.maximumSize + 1, limit: RegularFile.maximumSize))
        #expect(throws: InputError(file: big, message: "file is larger than \(RegularFile.maximumSize) bytes (the most lint reads)")) {
            try RegularFile.contents(of: big)
        }
    }

    @Test("reading a special file directly is an input error, not a hang")
    func specialFilesAreRefused() throws {
        let f = try Fixture([:])
        try FileManager.default.createDirectory(atPath: f.root, withIntermediateDirectories: true)
        #expect(mkfifo(f.path("pipe"), 0o644) == 0)
        #expect(throws: InputError(file: f.path("pipe"), message: "not a regular file (FIFO)")) { try RegularFile.contents(of: f.path("pipe")) }
        #expect(throws: InputError(file: "/dev/zero", message: "not a regular file (character device)")) { try RegularFile.contents(of: "/dev/zero") }
    }

    // MARK: - The byte prefilter

    @Test("the byte prefilter searches past NUL bytes")
    func prefilterSearchesWholeBuffer() {
        #expect(ByteSearch.contains(Data("a\u{0}b requestWhenInUseAuthorization".utf8), "requestWhenInUseAuthorization"))
        #expect(ByteSearch.containsAny(Data([0, 0, 0] + Array("xyz".utf8) + [0]), ["nope", "yz"]))
        #expect(!ByteSearch.contains(Data([0, 0, 0]), "a"))
        #expect(!ByteSearch.contains(Data(), "a"))
    }

    @Test("the one-pass needle set finds each needle by its anchor, at the ends of the data and past NULs, and nothing else")
    func needleSet() {
        let needles = ByteSearch.Needles(["didEnterRegion", "@main", "Authorization", "FinishLaunching"])
        // Anchored mid-needle (`dE`, `hL`): found at the very start and at the very end of the data.
        #expect(needles.occur(in: Data("didEnterRegion".utf8)))
        #expect(needles.occur(in: Data("x\u{0}applicationDidFinishLaunching".utf8)))
        #expect(needles.occur(in: Data([0, 0] + Array("@main".utf8))))
        #expect(needles.occur(in: Data("requestWhenInUseAuthorization()".utf8)))
        // The anchor alone, a needle cut short at either end, or a near miss is no match.
        #expect(!needles.occur(in: Data("dEnterRegion idEnterRegion didEnterRegio FinishLaunchin @mai authorization".utf8)))
        #expect(!needles.occur(in: Data("d".utf8)))
        #expect(!needles.occur(in: Data()))
    }

    @Test("a NUL byte before a call does not hide the file from lint")
    func nulBeforeCall() throws {
        let f = try Fixture(["App/Info.plist": infoPlist()])
        try f.write("App/Locator.swift", data: Data("import CoreLocation\n// \u{0}\n".utf8) + Data(Self.requestWhenInUse.utf8))
        #expect(try f.ids() == ["LOC001"])
    }

    // MARK: - Sniffing plists

    @Test("plist encodings are sniffed from the magic and byte-order mark")
    func sniffing() {
        #expect(PlistEncoding(sniffing: Data("bplist00".utf8)) == .binary)
        #expect(PlistEncoding(sniffing: Data([0xFF, 0xFE, 0x3C, 0x00])) == .utf16(.utf16))
        #expect(PlistEncoding(sniffing: Data([0xFE, 0xFF, 0x00, 0x3C])) == .utf16(.utf16))
        #expect(PlistEncoding(sniffing: Data([0x3C, 0x00, 0x3F, 0x00])) == .utf16(.utf16LittleEndian))
        #expect(PlistEncoding(sniffing: Data("<?xml".utf8)) == .utf8)
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(Data("<key>NSLocationWhenInUseUsageDescription</key>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        #expect(PlistEncoding.mentions(utf16, "NSLocation"))
        #expect(!PlistEncoding.mentions(Data("<key>Other</key>".utf8), "NSLocation"))
    }

    @Test("loose plists not named Info are read when binary with many objects or UTF-16 XML")
    func loosePlistEncodings() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: Self.manyObjects, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(Data(infoPlist([PurposeKey.whenInUse.rawValue: Text.whenInUse], bundle: false)
            .replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        for (name, data) in [("Settings.plist", binary), ("Defaults.plist", utf16)] {
            let f = try Fixture([:])
            try f.write("Config/\(name)", data: data)
            let findings = try f.lint()
            #expect(findings.map(\.checkID) == ["LOC012"], "\(name)")
        }
    }

    /// A dictionary with more than 255 objects (two-byte object references, full of NULs) and a purpose key.
    static var manyObjects: [String: Any] {
        var dict = [String: Any]()
        for i in 0..<300 { dict["Filler\(i)"] = "value \(i)" }
        dict[PurposeKey.whenInUse.rawValue] = Text.whenInUse
        return dict
    }

    // MARK: - Build settings

    /// Settings `V0 = leaf`, `Vk = $(Vk-1)` × `width`, for `levels` levels.
    static func fanOut(width: Int = 20, levels: Int = 6, leaf: String = "x") -> [String: String] {
        var values = ["V0": leaf]
        for level in 1...levels { values["V\(level)"] = String(repeating: "$(V\(level - 1))", count: width) }
        return values
    }

    @Test("build settings: exponential fan-out is bounded, with the setting named")
    func settingFanOut() throws {
        let started = Date()
        let settings = BuildSettings(Self.fanOut())
        #expect(settings.resolve("$(V6)") == nil)
        var resolver = BuildSettingResolver(settings)
        #expect(throws: BuildSettingResolver.Overflow.self) { try resolver.resolve("$(V6)") }
        // Memoized: the same fan-out over empty values resolves at once.
        #expect(BuildSettings(Self.fanOut(leaf: "")).resolve("[$(V6)]") == "[]")
        // Below the budget the text is right.
        #expect(BuildSettings(Self.fanOut(width: 2, levels: 3)).resolve("$(V3)") == String(repeating: "x", count: 8))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("build settings: nesting limit and cycles unchanged")
    func settingNesting() {
        func chain(_ length: Int) -> BuildSettings {
            var values = ["L\(length)": "end"]
            for i in 1..<max(length, 1) { values["L\(i)"] = "$(L\(i + 1))" }
            return BuildSettings(values)
        }
        #expect(chain(7).resolve("$(L1)") == "end")
        #expect(chain(8).resolve("$(L1)") == nil)
        #expect(BuildSettings(["A": "$(B)", "B": "$(A)"]).resolve("$(A)") == nil)
        #expect(BuildSettings(["A": "$(A"]).resolve("$(A)") == nil)
        #expect(BuildSettings(["A": "a$b"]).resolve("$$(A)") == "$a$b")
    }

    @Test("project settings: a fan-out is an input error at the key's line")
    func projectFanOut() throws {
        var settings = Self.fanOut()
        settings["INFOPLIST_KEY_NSLocationWhenInUseUsageDescription"] = "$(V6)"
        let f = try Fixture(["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: nil, settings: settings)])
        let started = Date()
        let pbx = f.path("App.xcodeproj/project.pbxproj")
        let line = try #require(try String(contentsOfFile: pbx, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("INFOPLIST_KEY_NSLocationWhenInUseUsageDescription =") }) + 1
        #expect(throws: InputError(file: pbx, line: line, message: BuildSettingResolver.Overflow(name: "V5").message)) {
            try XcodeProjectFile.load(pbx)
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("project settings: 20,000 keys are located in one pass")
    func manyKeys() throws {
        var settings = [String: String]()
        for i in 0..<20_000 { settings["INFOPLIST_KEY_Custom\(i)"] = "value \(i)" }
        settings["INFOPLIST_KEY_NSLocationWhenInUseUsageDescription"] = Text.whenInUse
        let f = try Fixture(["App.xcodeproj/project.pbxproj": ProjectFixtures.pbxproj(infoPlist: nil, settings: settings)])
        let pbx = f.path("App.xcodeproj/project.pbxproj")
        let lines = try String(contentsOfFile: pbx, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let started = Date()
        let targets = try XcodeProjectFile.load(pbx)
        let elapsed = Date().timeIntervalSince(started)
        let extra = try #require(targets.first?.extraInfo)
        #expect(extra.count == 20_001)
        for key in ["Custom0", "Custom12345", "Custom19999", PurposeKey.whenInUse.rawValue] {
            let location = try #require(extra[key]?.location)
            #expect(lines[location.line - 1].contains("INFOPLIST_KEY_\(key) ="))
            #expect(location.column == 5)
        }
        #expect(elapsed < 30, "took \(elapsed) s")
    }

    @Test("setting locations: quoted keys, first occurrence, and keys that only end like another")
    func settingLocations() {
        let text = "a = 1;\n\t\"QUOTED[sdk=*]\" = 2;\n\tXINFOPLIST_FILE = 3;\n\tINFOPLIST_FILE = 4;\n\tINFOPLIST_FILE = 5;\n"
        let index = SettingLocations(file: "p", data: Data(text.utf8))
        #expect(index.location(of: "QUOTED[sdk=*]") == SourceLocation(file: "p", line: 2, column: 2))
        #expect(index.location(of: "INFOPLIST_FILE") == SourceLocation(file: "p", line: 4, column: 2))
        #expect(index.location(of: "a") == SourceLocation(file: "p", line: 1, column: 1))
        #expect(index.location(of: "MISSING") == SourceLocation(file: "p"))
    }

    // MARK: - xcconfig includes

    @Test("xcconfig: an include DAG is read once per file")
    func includeDAG() throws {
        var files = ["L0.xcconfig": "V = x\nINFOPLIST_KEY_NSLocationWhenInUseUsageDescription = Shows you on the map.\n"]
        for level in 1...6 { files["L\(level).xcconfig"] = String(repeating: "#include \"L\(level - 1).xcconfig\"\n", count: 20) }
        let f = try Fixture(files)
        let started = Date()
        let settings = try XcconfigFile.load(f.path("L6.xcconfig"))
        #expect(settings.values["V"] == "x")
        #expect(settings.origins["V"]?.file == f.path("L0.xcconfig"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("xcconfig: an include cycle is reported at the #include line")
    func includeCycle() throws {
        let f = try Fixture(["A.xcconfig": "X = 1\n#include \"B.xcconfig\"\n", "B.xcconfig": "// b\n#include \"A.xcconfig\"\n"])
        #expect(throws: InputError(file: f.path("B.xcconfig"), line: 2, message: "#include cycle: A.xcconfig → B.xcconfig → A.xcconfig")) {
            try XcconfigFile.load(f.path("A.xcconfig"))
        }
    }

    @Test("xcconfig: a value doubled by repeated $(inherited) lines is bounded")
    func inheritedDoubling() throws {
        let f = try Fixture(["Main.xcconfig": "X = seed\n" + String(repeating: "X = $(inherited)ab$(inherited)\n", count: 40)])
        do {
            _ = try XcconfigFile.load(f.path("Main.xcconfig"))
            Issue.record("expected an input error")
        } catch let error as InputError {
            #expect(error.file == f.path("Main.xcconfig"))
            #expect(error.message == BuildSettingResolver.Overflow(name: "X").message)
            // Bounded: the value doubles on each line, so the substitution budget (2^22
            // characters) is spent by line 24 — not at the end of 40 lines (2^40), and not by a
            // wall clock, which a loaded machine makes miss.
            #expect((2...24).contains(error.line ?? 0), "\(String(describing: error.line))")
        }
    }

    @Test("xcconfig: an include of a FIFO is an input error, not a hang")
    func includeFIFO() throws {
        let f = try Fixture(["Main.xcconfig": "#include \"pipe.xcconfig\"\n"])
        #expect(mkfifo(f.path("pipe.xcconfig"), 0o644) == 0)
        #expect(throws: InputError(file: f.path("pipe.xcconfig"), message: "not a regular file (FIFO)")) { try XcconfigFile.load(f.path("Main.xcconfig")) }
    }
}
