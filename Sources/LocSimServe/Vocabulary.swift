import LocSimModel
import LocSimScenario

/// What the page offers: the platforms the model knows, the step words, Settings' options, the
/// purpose-string keys and the prompt buttons, each read from the model or the scenario format.
struct Vocabulary: Encodable {
    var platforms: [String] = Self.platforms
    var stepWords: [String] = ScenarioParser.stepWords
    var settingsOptions: [String] = SettingsOption.allCases.map(\.rawValue)
    var purposeKeys: [String] = PurposeKey.allCases.map(\.rawValue)
    var buttons: [String: String] = Dictionary(uniqueKeysWithValues: PromptButton.allCases.map { ($0.rawValue, $0.label) })

    /// Every known release's major version (`iOS 18.0`), with the minor releases that changed
    /// the rules (iOS 13.4, 12.4, 10.3), newest first per OS.
    static let platforms: [String] = Platform.OS.allCases.flatMap { os in
        var list = Platform.knownMajorVersions(of: os).map { Platform(os, $0) }.filter(\.isKnownRelease)
        if os == .iOS { list += [Platform(.iOS, 13, 4), Platform(.iOS, 12, 4), Platform(.iOS, 10, 3)] }
        return list.sorted().reversed().map(\.description)
    }
}
