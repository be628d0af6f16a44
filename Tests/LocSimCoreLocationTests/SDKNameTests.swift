import Foundation
import Testing

/// On a Mac or an iOS simulator, a test target that selects `LocSimCoreLocation` (the `LOCSIM`
/// switch) also imports Apple's Foundation, SwiftUI, UIKit or Combine: a public name LocSim declares
/// that one of those declares too would make the test's use of it ambiguous. The names of those
/// modules come from their public interfaces (`SDKNames/sdk-names.txt`, made by
/// `SDKNames/extract.py` from an iPhoneOS 17.4 SDK's Swift interfaces and headers).
@Suite("LocSim's names against Apple's SDK interfaces")
struct SDKNameTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The modules a test target imports beside LocSim's, whose names must not clash.
    static let appleModules: Set<String> = ["Foundation", "SwiftUI", "UIKit", "Combine"]
    /// The modules whose names a test target that imports `LocSimTesting` sees.
    static let locSimModules = ["LocSimCoreLocation", "LocSimTesting", "LocSim", "LocSimModel"]
    /// Core Location names newer than the iPhoneOS 17.4 SDK the list was made from (iOS 18.0 adds them).
    static let newerThanSDK: Set<String> = ["CLServiceSession"]

    /// Module per name, from the list.
    static func sdkNames() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Tests/LocSimCoreLocationTests/SDKNames/sdk-names.txt"), encoding: .utf8)
        var names: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            names[String(parts[1]), default: []].insert(String(parts[0]))
        }
        return names
    }

    /// A public name a LocSim module declares, with the modules an `#if !canImport(…)` around it
    /// leaves out (where that module exists, LocSim does not declare the name).
    struct Declared: Hashable {
        var name: String
        var module: String
        var absentWith: Set<String>
    }

    /// The public top-level names of a module's sources, and the public members of its `Bundle`
    /// extensions as `Bundle.name`.
    static func declared(in module: String) throws -> [Declared] {
        let decl = try Regex<(Substring, Substring)>(#"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*(?:public|open) (?:(?:final|indirect|nonisolated(?:\(unsafe\))?) )*(?:class|struct|enum|protocol|typealias|actor|func|var|let) `?([A-Za-z_][A-Za-z0-9_]*)"#)
        let member = try Regex<(Substring, Substring)>(#"^    public (?:static )?(?:func|var|let) ([A-Za-z_][A-Za-z0-9_]*)"#)
        let guardOpen = try Regex<(Substring, Substring)>(#"^#if !canImport\(([A-Za-z]+)\)"#)
        var found: [Declared] = []
        let directory = root.appendingPathComponent("Sources/\(module)")
        let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var absent: [Set<String>] = []
            var inBundle = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let open = line.firstMatch(of: guardOpen) {
                    absent.append([String(open.1)])
                } else if line.hasPrefix("#else") || line.hasPrefix("#elseif"), !absent.isEmpty {
                    // The other branch: declared where the module does exist.
                    absent[absent.count - 1] = []
                } else if line.hasPrefix("#if") {
                    absent.append([])
                } else if line.hasPrefix("#endif") {
                    absent.removeLast()
                }
                let without = absent.reduce(into: Set<String>()) { $0.formUnion($1) }
                if line.hasPrefix("extension Bundle") || line.hasPrefix("extension Foundation.Bundle") { inBundle = true }
                if line.hasPrefix("}") { inBundle = false }
                if let match = line.firstMatch(of: decl) {
                    found.append(Declared(name: String(match.1), module: module, absentWith: without))
                } else if inBundle, let match = line.firstMatch(of: member) {
                    found.append(Declared(name: "Bundle." + String(match.1), module: module, absentWith: without))
                }
            }
        }
        return found
    }

    @Test("no public name of LocSim's modules is also a name of Foundation, SwiftUI, UIKit or Combine")
    func noClashes() throws {
        let sdk = try Self.sdkNames()
        for module in Self.appleModules.subtracting(["Combine"]) {
            #expect(sdk.values.filter { $0.contains(module) }.count > 900, "the list holds \(module)'s names")
        }
        let declared = try Self.locSimModules.flatMap(Self.declared(in:))
        let coreLocation = declared.filter { $0.module == "LocSimCoreLocation" }.map(\.name)
        #expect(coreLocation.count > 40 && coreLocation.contains("CLLocationManager") && coreLocation.contains("Bundle.app"), "\(coreLocation)")
        // The check sees a clash where there is one: UIKit declares UIApplication, which LocSim
        // declares only where UIKit does not exist.
        let lifecycle = try #require(declared.first { $0.name == "UIApplication" })
        #expect(sdk[lifecycle.name, default: []].contains("UIKit") && lifecycle.absentWith == ["UIKit"])
        for name in declared {
            let clashes = sdk[name.name, default: []].intersection(Self.appleModules).subtracting(name.absentWith)
            #expect(clashes.isEmpty, "\(name.module).\(name.name) is also declared by \(clashes.sorted())")
        }
    }

    @Test("every CL… name LocSimCoreLocation declares is Core Location's own (iOS 18's CLServiceSession aside)")
    func coreLocationNamesExist() throws {
        let sdk = try Self.sdkNames()
        let names = try Self.declared(in: "LocSimCoreLocation").map(\.name).filter { $0.hasPrefix("CL") || $0.hasPrefix("kCL") }
        #expect(names.count > 35, "\(names)")
        for name in names where !Self.newerThanSDK.contains(name) {
            #expect(sdk[name, default: []].contains("CoreLocation"), "\(name) is not a Core Location name")
        }
        for name in Self.newerThanSDK {
            #expect(names.contains(name) && !sdk[name, default: []].contains("CoreLocation"), "\(name): drop it from newerThanSDK once the list has it")
        }
    }
}
