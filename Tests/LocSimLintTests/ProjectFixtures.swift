/// Minimal Xcode project and XcodeGen files for tests.
enum ProjectFixtures {
    /// A project with one app target `App` using `infoPlist`, an optional xcconfig base and extra settings.
    static func pbxproj(infoPlist: String?, deploymentTarget: String? = nil, xcconfig: String? = nil, settings: [String: String] = [:],
                        testPlist: String? = nil) -> String {
        var appSettings = settings
        if let infoPlist { appSettings["INFOPLIST_FILE"] = infoPlist }
        if let deploymentTarget { appSettings["IPHONEOS_DEPLOYMENT_TARGET"] = deploymentTarget }
        appSettings["SDKROOT"] = appSettings["SDKROOT"] ?? "iphoneos"
        func render(_ s: [String: String]) -> String {
            s.sorted { $0.key < $1.key }.map { "\t\t\t\t\($0.key) = \"\($0.value.replacingOccurrences(of: "\"", with: "\\\""))\";" }.joined(separator: "\n")
        }
        let base = xcconfig.map { "\t\t\tbaseConfigurationReference = F1 /* \($0) */;\n" } ?? ""
        let fileRef = xcconfig.map { "\t\tF1 = {isa = PBXFileReference; path = \"\($0)\"; sourceTree = \"<group>\"; };\n" } ?? ""
        let testTarget = testPlist == nil ? "" : """
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L3; name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
                L3 = {isa = XCConfigurationList; buildConfigurations = (C3); };
                C3 = {isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = "\(testPlist!)"; }; };

        """
        return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \(fileRef)\t\tG0 = {isa = PBXGroup; children = (\(xcconfig == nil ? "" : "F1")); sourceTree = "<group>"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; targets = (T1\(testPlist == nil ? "" : ", T2")); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        \t\tC1 = {isa = XCBuildConfiguration; name = Release; buildSettings = { SWIFT_VERSION = 5.0; }; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = App; productType = "com.apple.product-type.application"; };
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
