/// Minimal Xcode project and XcodeGen files for tests.
enum ProjectFixtures {
    /// A project with one app target `App` using `infoPlist`, an optional xcconfig base and extra
    /// settings, compiling `sources` (paths from the project directory, reached through a group per
    /// top directory whose file references are `<group>`-relative), and optionally a test target
    /// `AppTests` compiling `testSources`.
    static func pbxproj(infoPlist: String?, deploymentTarget: String? = nil, xcconfig: String? = nil, settings: [String: String] = [:],
                        testPlist: String? = nil, sources: [String] = [], testSources: [String] = []) -> String {
        var appSettings = settings
        if let infoPlist { appSettings["INFOPLIST_FILE"] = infoPlist }
        if let deploymentTarget { appSettings["IPHONEOS_DEPLOYMENT_TARGET"] = deploymentTarget }
        appSettings["SDKROOT"] = appSettings["SDKROOT"] ?? "iphoneos"
        func render(_ s: [String: String]) -> String {
            s.sorted { $0.key < $1.key }.map { "\t\t\t\t\($0.key) = \"\($0.value.replacingOccurrences(of: "\"", with: "\\\""))\";" }.joined(separator: "\n")
        }
        // Groups per top directory, file references relative to them, build files and phases.
        var groups = [String: [String]]() // directory → file reference ids
        var objects = ""
        func reference(_ path: String, id: String) {
            let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
            let (directory, rest) = parts.count == 2 ? (parts[0], parts[1]) : ("", path)
            objects += "\t\tR\(id) = {isa = PBXFileReference; path = \"\(rest)\"; sourceTree = \"<group>\"; };\n"
            objects += "\t\tB\(id) /* \(rest) in Sources */ = {isa = PBXBuildFile; fileRef = R\(id); };\n"
            groups[directory, default: []].append("R\(id)")
        }
        for (n, path) in sources.enumerated() { reference(path, id: "S\(n)") }
        for (n, path) in testSources.enumerated() { reference(path, id: "T\(n)") }
        var topChildren = xcconfig == nil ? [] : ["F1"]
        for (n, (directory, children)) in groups.sorted(by: { $0.key < $1.key }).enumerated() {
            if directory.isEmpty { topChildren += children; continue }
            objects += "\t\tGD\(n) = {isa = PBXGroup; children = (\(children.joined(separator: ", "))); path = \"\(directory)\"; sourceTree = \"<group>\"; };\n"
            topChildren.append("GD\(n)")
        }
        objects += "\t\tPS1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (\(sources.indices.map { "BS\($0)" }.joined(separator: ", "))); };\n"
        objects += "\t\tPS2 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (\(testSources.indices.map { "BT\($0)" }.joined(separator: ", "))); };\n"
        let base = xcconfig.map { "\t\t\tbaseConfigurationReference = F1 /* \($0) */;\n" } ?? ""
        let fileRef = xcconfig.map { "\t\tF1 = {isa = PBXFileReference; path = \"\($0)\"; sourceTree = \"<group>\"; };\n" } ?? ""
        let testTarget = testPlist == nil ? "" : """
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (PS2); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
                L3 = {isa = XCConfigurationList; buildConfigurations = (C3); };
                C3 = {isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = "\(testPlist!)"; }; };

        """
        return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \(fileRef)\(objects)\t\tG0 = {isa = PBXGroup; children = (\(topChildren.joined(separator: ", "))); sourceTree = "<group>"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; targets = (T1\(testPlist == nil ? "" : ", T2")); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        \t\tC1 = {isa = XCBuildConfiguration; name = Release; buildSettings = { SWIFT_VERSION = 5.0; }; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (PS1); name = App; productType = "com.apple.product-type.application"; };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
        \t\tC2 = {
        \t\t\tisa = XCBuildConfiguration;
        \(base)\t\t\tname = Release;
        \t\t\tbuildSettings = {
        \(render(appSettings))
        \t\t\t};
        \t\t};
        \(testTarget)\t};
        \trootObject = P0;
        }

        """
    }
}
