/// The operating system and version a simulated device runs.
///
/// LocSim picks the prompts, buttons, purpose-string keys and background rules of the platform's
/// generation from this value. Corresponds to the device an app runs on; Core Location has no
/// single type for it.
public struct Platform: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// An operating system LocSim can simulate.
    public enum OS: String, Hashable, Sendable, CaseIterable {
        case iOS, macOS, watchOS, tvOS, visionOS
    }

    /// The operating system.
    public var os: OS
    /// The major version (`18` in iOS 18.0).
    public var major: Int
    /// The minor version (`4` in iOS 13.4).
    public var minor: Int

    /// Creates a platform such as `Platform(.iOS, 13, 4)`.
    public init(_ os: OS, _ major: Int, _ minor: Int = 0) {
        self.os = os
        self.major = major
        self.minor = minor
    }

    /// Parses `"<OS> <major>[.<minor>]"`, for example `"iOS 13.4"` or `"visionOS 2"`.
    /// Returns `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let os = OS.allCases.first(where: { $0.rawValue.lowercased() == parts[0].lowercased() }) else { return nil }
        let numbers = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(numbers.count), let major = Int(numbers[0]), major >= 0 else { return nil }
        var minor = 0
        if numbers.count >= 2 {
            guard let m = Int(numbers[1]), m >= 0 else { return nil }
            minor = m
        }
        if numbers.count == 3 { guard Int(numbers[2]) != nil else { return nil } }
        self.init(os, major, minor)
    }

    /// `"iOS 13.4"`.
    public var description: String { "\(os.rawValue) \(major).\(minor)" }

    /// Orders versions of the same OS; different OSes order by name.
    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        if lhs.os != rhs.os { return lhs.os.rawValue < rhs.os.rawValue }
        return (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Whether this platform is `os` at `major.minor` or later.
    public func isAtLeast(_ major: Int, _ minor: Int = 0) -> Bool {
        (self.major, self.minor) >= (major, minor)
    }

    /// The iOS release whose authorization generation this platform follows.
    ///
    /// watchOS N follows iOS N+7 (watchOS 6 brought Allow Once with iOS 13), tvOS and iOS share
    /// numbers, visionOS N follows iOS N+16, and macOS has no iOS equivalent (`nil`).
    public var iOSEquivalent: (major: Int, minor: Int)? {
        switch os {
        case .iOS, .tvOS: return (major, minor)
        // From 2025 every OS shares the year-based number (watchOS 26, visionOS 26 = iOS 26).
        case .watchOS: return major >= 26 ? (major, minor) : (major + 7, minor)
        case .visionOS: return major >= 26 ? (major, minor) : (major + 16, minor)
        case .macOS: return nil
        }
    }

    /// The major versions LocSim knows for each OS: from the first with a location authorization
    /// request API to this year's releases.
    public static func knownMajorVersions(of os: OS) -> ClosedRange<Int> {
        switch os {
        case .iOS: 8...27
        case .macOS: 10...27
        case .watchOS: 2...27
        case .tvOS: 9...27
        case .visionOS: 1...27
        }
    }

    /// Whether this is a release LocSim knows: the major version is in ``knownMajorVersions(of:)``
    /// and skips the numbers never released (iOS 19–25, watchOS 12–25, visionOS 3–25, macOS 16–25).
    public var isKnownRelease: Bool {
        guard Self.knownMajorVersions(of: os).contains(major) else { return false }
        switch os {
        case .iOS, .tvOS: return !(19...25).contains(major)
        case .watchOS: return !(12...25).contains(major)
        case .visionOS: return !(3...25).contains(major)
        case .macOS: return !(16...25).contains(major)
        }
    }

    /// An explanation of the known releases, for error messages.
    public static var knownReleasesDescription: String {
        "iOS 8–18 and 26–27, macOS 10–15 and 26–27, watchOS 2–11 and 26–27, tvOS 9–18 and 26–27, visionOS 1–2 and 26–27"
    }

    /// Whether the platform's generation is at least that of iOS `major.minor`.
    /// Always false on macOS.
    public func generationIsAtLeast(iOS major: Int, _ minor: Int = 0) -> Bool {
        guard let eq = iOSEquivalent else { return false }
        return (eq.major, eq.minor) >= (major, minor)
    }

    /// The authorization prompt generation of this platform.
    public var generation: PromptGeneration {
        if os == .macOS { return .macOS }
        if os == .tvOS { return .tvOS }
        guard let eq = iOSEquivalent else { return .macOS }
        switch (eq.major, eq.minor) {
        case let (m, _) where m < 11: return .iOS8to10
        case let (m, _) where m < 13: return .iOS11to12
        case (13, let n) where n < 4: return .iOS13early
        case (13, _): return .iOS13late
        default: return .iOS14plus
        }
    }
}

/// The families of authorization prompts, one per OS generation (SPEC section F).
public enum PromptGeneration: String, Hashable, Sendable, CaseIterable {
    /// iOS 8–10: two-button prompts; Always without a When In Use choice (D7, F1).
    case iOS8to10
    /// iOS 11–12: the three-option Always prompt and the transition prompt (F2, F3).
    case iOS11to12
    /// iOS 13.0–13.3: Allow Once, provisional Always, the silent When In Use → Always move (E7).
    case iOS13early
    /// iOS 13.4–13.7: as 13.0 plus the immediate upgrade prompt (E6).
    case iOS13late
    /// iOS 14 and later: the Precise toggle and accuracy authorization (F7, K1).
    case iOS14plus
    /// macOS 10.15+: one purpose string, granted apps report `authorizedAlways` (P2).
    case macOS
    /// tvOS: When In Use only (P1).
    case tvOS
}
