import Foundation
import Testing

/// `Docs/SwiftAPI.md` shows code taken from this example; this keeps it compiled: every Swift
/// block of the guide must stand, word for word, in one of the example's files.
@Suite("The guide's code is this example's code")
struct GuideCodeTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every Swift block of Docs/SwiftAPI.md is in a file of Examples/LocationApp")
    func guideBlocksAreCompiled() throws {
        let guide = try String(contentsOf: Self.example.appendingPathComponent("../../Docs/SwiftAPI.md").standardized, encoding: .utf8)
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count >= 6)
        var files: [String] = []
        for path in ["Package.swift", "Sources/LocationFeature/LocationScreenModel.swift",
                     "Tests/LocationFeatureTests/LocationScreenTests.swift", "Sources/LocationFeature/LiveTrackerModel.swift",
                     "Tests/LocationFeatureTests/LiveTrackerTests.swift", "Sources/LocationFeature/LocationPermission.swift",
                     "Tests/LocationFeatureTests/LocationPermissionTests.swift", "Sources/LocationFeature/AppBundle.swift",
                     "Sources/LocationFeature/LocationViewModel.swift", "Tests/LocationFeatureTests/LocationViewModelTests.swift",
                     "Sources/LocationFeature/NearbyModel.swift", "Tests/LocationFeatureTests/NearbyModelTests.swift"] {
            files.append(try String(contentsOf: Self.example.appendingPathComponent(path), encoding: .utf8))
        }
        for block in blocks {
            #expect(files.contains { $0.contains(block) }, "not in the example:\n\(block)")
        }
    }
}
