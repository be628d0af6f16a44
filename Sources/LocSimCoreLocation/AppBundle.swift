import Foundation
import LocSim
import LocSimModel

extension Bundle {
    /// The Info.plist of the app being simulated, read as app code reads `Bundle.main`'s.
    ///
    /// Mirrors `Bundle.main` (its `infoDictionary`, `object(forInfoDictionaryKey:)` and
    /// `bundleIdentifier`). Foundation's `Bundle.main` is the test binary's bundle, and Swift
    /// cannot put another Info.plist behind it, so app code that checks a purpose string before
    /// it asks (`Bundle.main.object(forInfoDictionaryKey: "NSLocationAlwaysAndWhenInUseUsageDescription")`)
    /// reads `Bundle.app` instead, and the app's release build declares the same name as
    /// `Bundle.main`:
    ///
    /// ```swift
    /// #if canImport(CoreLocation) && !LOCSIM
    /// import CoreLocation
    /// extension Bundle { static var app: Bundle { .main } }
    /// #else
    /// import LocSimCoreLocation
    /// #endif
    /// ```
    ///
    /// Inside a simulation (``withSimulatedApp(_:operation:)``, the `.simulatedDevice` trait, an
    /// exploration) it describes that app: each path of an exploration reads its own app's
    /// Info.plist. Outside one, it describes the default app every unattached
    /// `CLLocationManager()` gets: every purpose string and no background mode.
    public static var app: SimulatedAppBundle {
        SimulatedAppBundle(SimulationEnvironment.current?.app.model.app ?? AppDescription())
    }
}

/// The simulated app's main bundle, as far as its Info.plist goes.
///
/// Mirrors the Info.plist accessors of Foundation's `Bundle.main`; returned by
/// ``Foundation/Bundle/app``. LocSim's addition: Core Location has no such type.
public struct SimulatedAppBundle: Sendable {
    /// The app's Info.plist facts. LocSim's addition.
    public let app: AppDescription

    /// The bundle of an app with these Info.plist facts. LocSim's addition.
    public init(_ app: AppDescription) {
        self.app = app
    }

    /// The bundle identifier LocSim gives the simulated app: `com.example.` and the app's name in
    /// ASCII letters and digits (`app` when that leaves nothing).
    ///
    /// Mirrors `Bundle.bundleIdentifier`.
    public var bundleIdentifier: String? {
        let name = app.name.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return "com.example.\(name.isEmpty ? "app" : name)"
    }

    /// The value of an Info.plist key, or nil when the app does not declare it.
    ///
    /// Mirrors `Bundle.object(forInfoDictionaryKey:)`.
    public func object(forInfoDictionaryKey key: String) -> Any? {
        infoDictionary?[key]
    }

    /// The Info.plist as a dictionary: the keys Core Location reads, with the values the app
    /// description gives them (``InfoPlist/dictionary(describing:)``), and the bundle's identifier.
    ///
    /// Mirrors `Bundle.infoDictionary`.
    public var infoDictionary: [String: Any]? {
        var plist = InfoPlist.dictionary(describing: app)
        plist[InfoPlistKey.bundleIdentifier] = bundleIdentifier
        return plist
    }
}
