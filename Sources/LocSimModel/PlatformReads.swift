/// The questions about its platform a model asked while a search ran (issue 32): each version,
/// generation and year of ``Platform/ruleVersions``, ``Platform/ruleGenerations`` and
/// ``Platform/ruleYears`` a rule compared the platform with, and whether it read
/// ``DeviceParameters/forceQuitBlocksRelaunchFrom``, as bits of ``PlatformBehavior/answers``.
///
/// A search of one platform serves another whose answers differ only in questions it never asked
/// (``PlatformBehavior/mayShareSearch(_:_:parameters:app:)``): every transition it took reads the
/// same on both. A model notes its questions here only when its configuration was made with one
/// (``AuthorizationModel/notingPlatformQuestions(in:)``); the answers themselves do not change.
/// One thread notes into one instance at a time: each of an exploration's threads has its own,
/// and the explorer combines them under its lock; once ``close()`` has been published, any
/// number of threads may read with it (they note nothing). Core Location has no such type.
package final class PlatformReads: @unchecked Sendable {
    /// The questions asked so far, as bits of ``PlatformBehavior/answers``.
    package private(set) var asked: UInt64 = 0
    private var open = true

    package init() {}

    /// Stops noting: what is asked from now on is not kept, and nothing is written.
    package func close() { open = false }

    @inline(__always)
    func note(_ bits: UInt64) {
        if open { asked |= bits }
    }
}

extension AuthorizationModel {
    /// This model with a configuration that notes the platform questions its rules ask in `reads`
    /// (the same platform, parameters and Info.plist, so the same answers).
    package func notingPlatformQuestions(in reads: PlatformReads) -> AuthorizationModel {
        var copy = self
        copy.configuration = ModelConfiguration(platform: platform, parameters: parameters, app: app, reads: reads)
        return copy
    }

    /// `platform.isAtLeast(major, minor)`, noted as asked (``PlatformReads``). Every rule that
    /// compares the platform's version as events arrive asks through this.
    @inline(__always)
    func platformIsAtLeast(_ major: Int, _ minor: Int = 0) -> Bool { configuration.isAtLeast(major, minor) }

    /// `platform.generationIsAtLeast(iOS: major, minor)`, noted as asked (``PlatformReads``).
    @inline(__always)
    func platformGenerationIsAtLeast(iOS major: Int, _ minor: Int = 0) -> Bool { configuration.generationIsAtLeast(iOS: major, minor) }
}

extension ModelConfiguration {
    /// `platform.isAtLeast(major, minor)`, noted in ``reads``.
    @usableFromInline
    func isAtLeast(_ major: Int, _ minor: Int = 0) -> Bool {
        if let reads { reads.note(PlatformBehavior.versionBit(platform.os, major, minor)) }
        return platform.isAtLeast(major, minor)
    }

    /// `platform.generationIsAtLeast(iOS: major, minor)`, noted in ``reads``.
    @usableFromInline
    func generationIsAtLeast(iOS major: Int, _ minor: Int = 0) -> Bool {
        if let reads { reads.note(PlatformBehavior.generationBit(major, minor)) }
        return platform.generationIsAtLeast(iOS: major, minor)
    }

    /// The section-O year (``SessionRules/year``), noted in ``reads``: the rules compare it with
    /// each of ``Platform/ruleYears``.
    var sectionOYear: Int {
        if let reads { reads.note(PlatformBehavior.yearBits) }
        return sessionRules.year
    }

    /// Whether ``DeviceParameters/forceQuitBlocksRelaunchFrom`` applies to the platform, noted in ``reads``.
    var forceQuitBlocksRelaunch: Bool {
        // Both platforms answer false where the parameter names another OS: noting it then changes nothing.
        if let reads { reads.note(PlatformBehavior.forceQuitBit) }
        return parameters.forceQuitBlocksRelaunch(on: platform)
    }
}
