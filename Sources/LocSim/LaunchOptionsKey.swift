/// A key of the launch options UIKit hands an app at launch (O18).
///
/// Corresponds to `UIApplication.LaunchOptionsKey`; LocSim has the one Core Location sets.
public enum LaunchOptionsKey: String, Hashable, Sendable, CaseIterable {
    /// The system launched the app for a location event (A8, I12). Deprecated in iOS 26, and absent
    /// under the scene life cycle (O18). Corresponds to `UIApplication.LaunchOptionsKey.location`.
    case location
}
