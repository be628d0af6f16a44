import Foundation
import LocSimModel

/// Reads the location facts of an app from its Info.plist (XML or binary).
///
/// Parsed by `PlistReader`, the package's one plist reader. Corresponds to the keys Core Location
/// reads from the main bundle's Info.plist.
public enum InfoPlist {
    /// Parses plist data into an `AppDescription`. `name` is used when the plist has no display name.
    /// - Throws: `InputError` naming the file: `malformed property list` (with the line when the
    ///   parser names one), `property list root is not a dictionary`, or a key of the wrong type.
    public static func appDescription(from data: Data, file: String, name: String? = nil) throws -> AppDescription {
        let dict = try PlistReader.dictionary(data, file: file)
        return try appDescription(from: dict, file: file, name: name)
    }

    /// Reads an Info.plist file.
    public static func appDescription(contentsOf path: String, name: String? = nil) throws -> AppDescription {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, line: nil, message: "cannot read Info.plist (missing or unreadable)")
        }
        return try appDescription(from: data, file: path, name: name)
    }

    /// Builds an app description from a decoded Info.plist dictionary.
    public static func appDescription(from dict: [String: Any], file: String, name: String? = nil) throws -> AppDescription {
        var strings: [PurposeKey: String] = [:]
        for key in PurposeKey.allCases {
            guard let value = dict[key.rawValue] else { continue }
            guard let text = value as? String else {
                throw InputError(file: file, line: nil, message: "\(key.rawValue) must be a string")
            }
            strings[key] = text
        }
        var modes: Set<String> = []
        if let value = dict[InfoPlistKey.backgroundModes] {
            guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
                throw InputError(file: file, line: nil, message: "UIBackgroundModes must be an array of strings")
            }
            modes = Set(list.compactMap { $0 as? String })
        }
        var reduced = false
        if let value = dict[InfoPlistKey.defaultAccuracyReduced] {
            guard let flag = value as? Bool else {
                throw InputError(file: file, line: nil, message: "NSLocationDefaultAccuracyReduced must be a boolean")
            }
            reduced = flag
        }
        var temporary: [String: String] = [:]
        if let value = dict[InfoPlistKey.temporaryUsageDescriptionDictionary] {
            guard let d = value as? [String: Any] else {
                throw InputError(file: file, line: nil, message: "NSLocationTemporaryUsageDescriptionDictionary must be a dictionary")
            }
            for (k, v) in d {
                guard let s = v as? String else { throw InputError(file: file, line: nil, message: "NSLocationTemporaryUsageDescriptionDictionary.\(k) must be a string") }
                temporary[k] = s
            }
        }
        var appClip = false, confirmation = false
        if let value = dict[InfoPlistKey.appClip] {
            guard let clip = value as? [String: Any] else {
                throw InputError(file: file, line: nil, message: "\(InfoPlistKey.appClip) must be a dictionary")
            }
            appClip = true
            confirmation = try flag(clip[InfoPlistKey.appClipRequestLocationConfirmation], "\(InfoPlistKey.appClip).\(InfoPlistKey.appClipRequestLocationConfirmation)", file)
        }
        let widget = try flag(dict[InfoPlistKey.widgetWantsLocation], InfoPlistKey.widgetWantsLocation, file)
        let display = (dict[InfoPlistKey.bundleDisplayName] as? String) ?? (dict[InfoPlistKey.bundleName] as? String)
        let resolvedName = name ?? display.flatMap { $0.contains("$(") ? nil : $0 } ?? "App"
        var app = AppDescription(name: resolvedName, purposeStrings: strings, backgroundModes: modes,
                                 defaultAccuracyReduced: reduced, temporaryPurposeKeys: temporary,
                                 appClip: appClip, requestsLocationConfirmation: confirmation, widgetWantsLocation: widget)
        // O18: a UIApplicationSceneManifest dictionary is the scene life cycle.
        if let manifest = dict[InfoPlistKey.applicationSceneManifest] {
            guard manifest is [String: Any] else {
                throw InputError(file: file, line: nil, message: "UIApplicationSceneManifest must be a dictionary")
            }
            app.scenes = true
        }
        // O9: either spelling of the explicit-service-session opt-in, a boolean.
        for key in ExplicitSessionKey.allCases {
            if try flag(dict[key.rawValue], key.rawValue, file) { app.explicitServiceSessionKeys.insert(key) }
        }
        return app
    }

    /// The Info.plist an app description stands for, for app code that reads its own Info.plist
    /// (`Bundle.app` in `LocSimCoreLocation`): `appDescription(from:file:name:)` reads it back as
    /// the same description, but for the facts that are not Info.plist keys (`compatibleApp`,
    /// the sandbox and its entitlement, `delegateMethods`), which it leaves at their defaults.
    /// Keys the description leaves at their defaults (no background mode, no App Clip, …) are
    /// absent, as in a real Info.plist.
    public static func dictionary(describing app: AppDescription) -> [String: Any] {
        var plist: [String: Any] = [InfoPlistKey.bundleName: app.name, InfoPlistKey.bundleDisplayName: app.name]
        for (key, purpose) in app.purposeStrings {
            plist[key.rawValue] = purpose
        }
        if !app.backgroundModes.isEmpty {
            plist[InfoPlistKey.backgroundModes] = app.backgroundModes.sorted()
        }
        if app.defaultAccuracyReduced {
            plist[InfoPlistKey.defaultAccuracyReduced] = true
        }
        if !app.temporaryPurposeKeys.isEmpty {
            plist[InfoPlistKey.temporaryUsageDescriptionDictionary] = app.temporaryPurposeKeys
        }
        if app.appClip {
            plist[InfoPlistKey.appClip] = [InfoPlistKey.appClipRequestLocationConfirmation: app.requestsLocationConfirmation]
        }
        if app.widgetWantsLocation {
            plist[InfoPlistKey.widgetWantsLocation] = true
        }
        if app.scenes {
            plist[InfoPlistKey.applicationSceneManifest] = ["UIApplicationSupportsMultipleScenes": false]
        }
        for key in app.explicitServiceSessionKeys {
            plist[key.rawValue] = true
        }
        return plist
    }

    /// A Boolean key's value, false when absent.
    private static func flag(_ value: Any?, _ key: String, _ file: String) throws -> Bool {
        guard let value else { return false }
        guard let flag = value as? Bool else { throw InputError(file: file, line: nil, message: "\(key) must be a boolean") }
        return flag
    }
}
