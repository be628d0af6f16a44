#if canImport(CoreLocation) && !LOCSIM
import Foundation

extension Bundle {
    /// The app's own bundle, where its Info.plist is. Under LocSim, `LocSimCoreLocation`
    /// declares `Bundle.app` as the simulated app's Info.plist instead.
    static var app: Bundle { .main }
}
#endif
