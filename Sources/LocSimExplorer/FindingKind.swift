/// The kinds of problem `locsim explore` reports, named by their ids.
public enum FindingKind: String, Hashable, Sendable, CaseIterable, Comparable {
    /// A waiting screen that no event inside the app can leave any more (C4, C10, C12).
    case hang
    /// A request that cannot show a prompt, so it produces nothing at all (C12).
    case ignoredRequest
    /// The app asks on its own at launch or on return to the foreground ([seed 002]).
    case promptOnForeground
    /// A location service started while the app is not in use (I6, I9).
    case backgroundStart
    /// The app crashes (I8, N4).
    case terminated
    /// One of LocSim's own invariants broke: a bug in LocSim, not in the app.
    case privacy

    /// Orders kinds as they are declared.
    public static func < (lhs: FindingKind, rhs: FindingKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
