/// The parts of a model that do not change as events arrive — platform, parameters, Info.plist —
/// with the rule-table answers derived from them computed once.
///
/// A shared, immutable reference keeps ``AuthorizationModel`` small to copy and cheap to hash;
/// equality is by value. Core Location has no such type.
@usableFromInline
final class ModelConfiguration: Hashable, Sendable {
    @usableFromInline let platform: Platform
    let parameters: DeviceParameters
    let app: AppDescription
    /// Keys each request lacks (J1–J4), computed once.
    let missingWhenInUseKeys: [PurposeKey]
    let missingAlwaysKeys: [PurposeKey]
    let whenInUseAvailable: Bool
    let alwaysAvailable: Bool
    let fullAccuracyAvailable: Bool
    let hasIOS13Model: Bool
    let supportsAccuracyAuthorization: Bool
    let generation: PromptGeneration
    let settingsOptions: [SettingsOption]
    @usableFromInline let hasLocationBackgroundMode: Bool
    /// ``DeviceParameters/airplaneModeDeniesLocation`` (A6), read by the inlinable status.
    @usableFromInline let airplaneModeDeniesLocation: Bool
    /// The app is an App Clip (P6).
    let isAppClip: Bool
    /// A watch app whose paired iPhone has Precise Location off: reduced accuracy (K7, K1).
    let pairedIPhoneReduced: Bool
    /// A watch app before watchOS 7 whose paired iPhone has Precise Location off: no location (K7).
    let pairedIPhoneWithholdsLocation: Bool
    let initialWhenInUsePrompt: Prompt
    let initialAlwaysPrompt: Prompt
    let upgradePrompt: Prompt
    let confirmationPrompt: Prompt
    /// The section-O answers (availability year, explicit sessions, monitor limits).
    let sessionRules: SessionRules
    /// Where the rules note the platform questions they ask as events arrive, when a search wants
    /// to know (``PlatformReads``); `nil` otherwise.
    let reads: PlatformReads?

    init(platform: Platform, parameters: DeviceParameters, app: AppDescription, reads: PlatformReads? = nil) {
        self.platform = platform
        self.reads = reads
        self.parameters = parameters
        self.app = app
        let declared = app.declaredKeys
        // P2: from `macOSWhenInUseKeySufficesFrom`, a Mac reads NSLocationWhenInUseUsageDescription
        // in place of NSLocationUsageDescription.
        let macOSReadsWhenInUse = platform.os == .macOS && platform.major >= parameters.macOSWhenInUseKeySufficesFrom && declared.contains(.whenInUse)
        let readable = macOSReadsWhenInUse ? declared.union([.usage]) : declared
        missingWhenInUseKeys = PurposeStringRules.missingKeys(for: .whenInUse, on: platform, declared: readable)
        missingAlwaysKeys = PurposeStringRules.missingKeys(for: .always, on: platform, declared: readable)
        whenInUseAvailable = PurposeStringRules.requirement(for: .whenInUse, on: platform).isAvailable
        alwaysAvailable = PurposeStringRules.requirement(for: .always, on: platform).isAvailable
        fullAccuracyAvailable = PurposeStringRules.requirement(for: .temporaryFullAccuracy, on: platform).isAvailable
        hasIOS13Model = platform.generationIsAtLeast(iOS: 13) && platform.os != .tvOS
        supportsAccuracyAuthorization = platform.os == .macOS ? platform.isAtLeast(11) : platform.generationIsAtLeast(iOS: 14)
        generation = platform.generation
        var options: [SettingsOption] = [.never]
        if hasIOS13Model { options.append(.askNextTime) }
        options.append(.whileUsing)
        if alwaysAvailable, platform.os != .visionOS, platform.os != .macOS, missingAlwaysKeys.isEmpty, !app.appClip {
            options.append(.always)
        }
        settingsOptions = options
        hasLocationBackgroundMode = app.hasLocationBackgroundMode
        airplaneModeDeniesLocation = parameters.airplaneModeDeniesLocation
        isAppClip = app.appClip
        pairedIPhoneReduced = platform.os == .watchOS && !parameters.pairedIPhonePrecise
        pairedIPhoneWithholdsLocation = pairedIPhoneReduced && !platform.isAtLeast(7)
        initialWhenInUsePrompt = PromptCatalog.initialPrompt(for: .whenInUse, platform: platform, app: app)
        initialAlwaysPrompt = PromptCatalog.initialPrompt(for: .always, platform: platform, app: app)
        upgradePrompt = PromptCatalog.upgradePrompt(platform: platform, app: app)
        confirmationPrompt = PromptCatalog.confirmationPrompt(platform: platform, app: app)
        sessionRules = SessionRules(platform: platform, parameters: parameters, app: app)
    }

    func missingKeys(for kind: AuthorizationRequestKind) -> [PurposeKey] {
        switch kind {
        case .whenInUse: missingWhenInUseKeys
        case .always: missingAlwaysKeys
        case .temporaryFullAccuracy: []
        }
    }

    /// Whether every answer derived when the configuration was made is the same as `other`'s:
    /// all but the platform itself, the section-O year (asked as events arrive, through
    /// ``AuthorizationModel/sectionOYear``) and ``reads``. A test checks that this lists every
    /// stored property.
    func derivesAlike(_ other: ModelConfiguration) -> Bool {
        platform.os == other.platform.os && parameters == other.parameters && app == other.app
            && missingWhenInUseKeys == other.missingWhenInUseKeys && missingAlwaysKeys == other.missingAlwaysKeys
            && whenInUseAvailable == other.whenInUseAvailable && alwaysAvailable == other.alwaysAvailable
            && fullAccuracyAvailable == other.fullAccuracyAvailable && hasIOS13Model == other.hasIOS13Model
            && supportsAccuracyAuthorization == other.supportsAccuracyAuthorization && generation == other.generation
            && settingsOptions == other.settingsOptions && hasLocationBackgroundMode == other.hasLocationBackgroundMode
            && airplaneModeDeniesLocation == other.airplaneModeDeniesLocation && isAppClip == other.isAppClip
            && pairedIPhoneReduced == other.pairedIPhoneReduced && pairedIPhoneWithholdsLocation == other.pairedIPhoneWithholdsLocation
            && initialWhenInUsePrompt == other.initialWhenInUsePrompt && initialAlwaysPrompt == other.initialAlwaysPrompt
            && upgradePrompt == other.upgradePrompt && confirmationPrompt == other.confirmationPrompt
            && sessionRules.alikeButYear(other.sessionRules)
    }

    /// The stored properties ``derivesAlike(_:)`` compares, and those it leaves out on purpose
    /// (`platform`, `reads`): a test compares these with the class's own.
    static let comparedProperties = ["platform", "parameters", "app", "missingWhenInUseKeys", "missingAlwaysKeys", "whenInUseAvailable",
                                     "alwaysAvailable", "fullAccuracyAvailable", "hasIOS13Model", "supportsAccuracyAuthorization",
                                     "generation", "settingsOptions", "hasLocationBackgroundMode", "airplaneModeDeniesLocation",
                                     "isAppClip", "pairedIPhoneReduced", "pairedIPhoneWithholdsLocation", "initialWhenInUsePrompt",
                                     "initialAlwaysPrompt", "upgradePrompt", "confirmationPrompt", "sessionRules", "reads"]

    @usableFromInline static func == (l: ModelConfiguration, r: ModelConfiguration) -> Bool {
        l === r || (l.platform == r.platform && l.parameters == r.parameters && l.app == r.app)
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        // The platform alone: configurations rarely differ within one set of states.
        hasher.combine(platform)
    }
}
