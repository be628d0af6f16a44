import LocSimModel

extension Platform {
    /// `iOS major.minor`, for test traits and arguments: `.iOS(18)`, `.iOS(13, 4)`.
    public static func iOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.iOS, major, minor) }
    /// `macOS major.minor`.
    public static func macOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.macOS, major, minor) }
    /// `watchOS major.minor`.
    public static func watchOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.watchOS, major, minor) }
    /// `tvOS major.minor`.
    public static func tvOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.tvOS, major, minor) }
    /// `visionOS major.minor`.
    public static func visionOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.visionOS, major, minor) }

    /// One release of every prompt generation (`PromptGeneration`), oldest first, for
    /// `@Test(arguments: Platform.everyGeneration)`: iOS 10, 12, 13.0, 13.4 and 18, macOS 15 and tvOS 18.
    public static let everyGeneration: [Platform] = [
        .iOS(10), .iOS(12), .iOS(13), .iOS(13, 4), .iOS(18), .macOS(15), .tvOS(18),
    ]
}
