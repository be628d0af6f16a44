/// What the model's rules read from a platform, with the device parameters and the Info.plist:
/// two platforms with equal behaviours give every state the same transitions, so an exploration
/// searches them once (issue 32).
///
/// The rules read a platform only as its OS, its prompt generation, its section-O year, and
/// comparisons of its version with fixed versions: ``Platform/isAtLeast(_:_:)`` with a version of
/// ``Platform/ruleVersions``, ``Platform/generationIsAtLeast(iOS:_:)`` with one of
/// ``Platform/ruleGenerations``, the year with one of ``Platform/ruleYears``, and the versions two
/// parameters name (``DeviceParameters/forceQuitBlocksRelaunchFrom``,
/// ``DeviceParameters/macOSWhenInUseKeySufficesFrom``). The behaviour is those answers, with the
/// parameters and the Info.plist themselves; a test reads the model's sources and fails on any
/// other version a rule compares with. Only what the model writes as text names the platform
/// itself (console lines and rejected calls: "does not exist on iOS 16.0"), which no exploration
/// reads. Core Location has no such type.
package struct PlatformBehavior: Hashable, Sendable {
    let os: Platform.OS
    let generation: PromptGeneration
    /// Bit `i`: ``Platform/isAtLeast(_:_:)`` for `ruleVersions[i]` (false on another OS than the entry's).
    let versions: UInt64
    /// Bit `i`: ``Platform/generationIsAtLeast(iOS:_:)`` for `ruleGenerations[i]`.
    let generations: UInt64
    /// Bit `i`: the section-O year is at least `ruleYears[i]`.
    let years: UInt64
    /// The platform is at least ``DeviceParameters/forceQuitBlocksRelaunchFrom`` (same OS).
    let forceQuitBlocksRelaunch: Bool
    /// The major version is at least ``DeviceParameters/macOSWhenInUseKeySufficesFrom``.
    let macOSWhenInUseKeySuffices: Bool
    let parameters: DeviceParameters
    let app: AppDescription

    /// Every answer in one word: ``versions`` in bits 0–15, ``generations`` in bits 16–31,
    /// ``years`` in bits 32–39, ``forceQuitBlocksRelaunch`` in bit 40 and
    /// ``macOSWhenInUseKeySuffices`` in bit 41 (the layout of ``PlatformReads/asked``).
    package var answers: UInt64 {
        versions | generations << 16 | years << 32 | (forceQuitBlocksRelaunch ? Self.forceQuitBit : 0)
            | (macOSWhenInUseKeySuffices ? 1 << 41 : 0)
    }

    /// The behaviour of the model on `platform` with `parameters` and `app`.
    package init(platform: Platform, parameters: DeviceParameters, app: AppDescription) {
        func bits(_ answers: [Bool]) -> UInt64 {
            answers.enumerated().reduce(0) { $0 | ($1.element ? 1 << UInt64($1.offset) : 0) }
        }
        os = platform.os
        generation = platform.generation
        versions = bits(Platform.ruleVersions.map { ($0.os ?? platform.os) == platform.os && platform.isAtLeast($0.major, $0.minor) })
        generations = bits(Platform.ruleGenerations.map { platform.generationIsAtLeast(iOS: $0.major, $0.minor) })
        let year = SessionRules(platform: platform, parameters: parameters, app: app).year
        years = bits(Platform.ruleYears.map { year >= $0 })
        forceQuitBlocksRelaunch = parameters.forceQuitBlocksRelaunch(on: platform)
        macOSWhenInUseKeySuffices = platform.major >= parameters.macOSWhenInUseKeySufficesFrom
        self.parameters = parameters
        self.app = app
    }
}

extension Platform {
    /// Every version the rules compare a platform's own version with (``isAtLeast(_:_:)``, or its
    /// major version with a number): ``PlatformBehavior`` answers each. An entry with an OS is
    /// compared only on that OS, as the rules write it: `platform.os == .macOS &&
    /// platform.isAtLeast(14, 2)` on one line (the test that reads the sources checks that).
    package static let ruleVersions: [(os: OS?, major: Int, minor: Int)] = [
        (nil, 7, 0), (nil, 10, 15), (nil, 26, 0),
        (.iOS, 14, 0), (.iOS, 16, 0), (.iOS, 17, 2),
        (.macOS, 11, 0), (.macOS, 13, 0), (.macOS, 14, 2),
        (.watchOS, 4, 0),
    ]
    /// Every iOS release the rules compare a platform's generation with (``generationIsAtLeast(iOS:_:)``).
    package static let ruleGenerations: [(major: Int, minor: Int)] = [
        (8, 0), (11, 0), (13, 0), (14, 0), (15, 0), (16, 0),
    ]
    /// Every year the section-O rules compare the platform's year with (``AuthorizationModel/sectionOYear``).
    package static let ruleYears: [Int] = [17, 18]
}

extension PlatformBehavior {
    /// The bit of ``answers`` that answers `isAtLeast(major, minor)` on `os` (the entry of
    /// ``Platform/ruleVersions`` for it), or ``unlistedBit`` for a version not listed there.
    @inline(__always)
    package static func versionBit(_ os: Platform.OS, _ major: Int, _ minor: Int) -> UInt64 {
        for (i, v) in Platform.ruleVersions.enumerated() where v.major == major && v.minor == minor && (v.os == nil || v.os == os) {
            return 1 << UInt64(i)
        }
        return unlistedBit
    }

    /// The bit of ``answers`` that answers `generationIsAtLeast(iOS: major, minor)`, or
    /// ``unlistedBit`` for a generation not in ``Platform/ruleGenerations``.
    @inline(__always)
    package static func generationBit(_ major: Int, _ minor: Int) -> UInt64 {
        for (i, g) in Platform.ruleGenerations.enumerated() where g.major == major && g.minor == minor {
            return 1 << UInt64(16 + i)
        }
        return unlistedBit
    }

    /// The bits of ``answers`` that answer the section-O year's comparisons (``Platform/ruleYears``).
    package static let yearBits: UInt64 = (1 << UInt64(Platform.ruleYears.count) - 1) << 32
    /// The bit of ``answers`` for ``DeviceParameters/forceQuitBlocksRelaunchFrom``.
    package static let forceQuitBit: UInt64 = 1 << 40
    /// A question no answer covers: a search that asked it serves no other platform.
    package static let unlistedBit: UInt64 = 1 << 63

    /// Whether a search of `a` may serve `b` once it has asked only questions whose answers the two
    /// share (``PlatformReads``): the same OS and prompt generation, and every answer the model
    /// derives once, when its configuration is made, the same on both (the purpose strings each
    /// request lacks, availability, Settings' options, the prompts, the section-O rules but the
    /// year, which the rules ask as events arrive). The parameters and the Info.plist are the
    /// model's own, the same for both.
    package static func mayShareSearch(_ a: Platform, _ b: Platform, parameters: DeviceParameters, app: AppDescription) -> Bool {
        guard a.os == b.os, a.generation == b.generation else { return false }
        return ModelConfiguration(platform: a, parameters: parameters, app: app)
            .derivesAlike(ModelConfiguration(platform: b, parameters: parameters, app: app))
    }
}
