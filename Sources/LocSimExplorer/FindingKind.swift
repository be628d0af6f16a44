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
    /// A session created where it can only report `insufficientlyInUse`: out of use, and not a
    /// re-creation in time after a relaunch (O6, O11, O13).
    case sessionOutOfUse
    /// The app held a service session (or an active background activity session), was launched
    /// again, and did not re-create (resume) it before the re-creation window ended (O6, O11, O16).
    case sessionNotRecreated
    /// An Always app receives live updates or monitor events in the background without a `.always`
    /// service session, so on iOS 18 they carry `insufficientlyInUse` (O7, O10, O15).
    case alwaysWithoutSession
    /// Live updates started, and no in-app continuation makes the stream yield anything (O1, O2).
    case updatesNeverCome
    /// The system relaunched the app for a visit or a significant change, and the launch started
    /// no such service again: the event waits, and the app stops tracking (I12, O18).
    case relaunchNotResumed
    /// One of LocSim's own invariants broke: a bug in LocSim, not in the app.
    case privacy

    /// Orders kinds as they are declared.
    public static func < (lhs: FindingKind, rhs: FindingKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
