/// What the app uses location for, a hint Core Location uses to pause updates.
///
/// Corresponds to `CLActivityType`. LocSim stores it and does not pause updates on its own.
public enum ActivityType: Int, Hashable, Sendable, CaseIterable {
    /// Corresponds to `CLActivityType.other` (the default).
    case other = 1
    /// Corresponds to `CLActivityType.automotiveNavigation`.
    case automotiveNavigation = 2
    /// Corresponds to `CLActivityType.fitness`.
    case fitness = 3
    /// Corresponds to `CLActivityType.otherNavigation`.
    case otherNavigation = 4
    /// Corresponds to `CLActivityType.airborne`.
    case airborne = 5
}
