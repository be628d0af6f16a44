import LocSimModel

extension AuthorizationModel {
    /// Whether the app's process awaits live updates that have told it nothing of where they stand
    /// (``FindingKind/updatesNeverCome``): it iterates a stream that has yielded nothing yet, or
    /// whose last change was one the app cannot see — flags it has no property for (every flag but
    /// `isStationary` before iOS 18, O2), or no flag at all while not authorized.
    ///
    /// A stream that delivered a location, or told the app why it cannot (a diagnostic it can read),
    /// does not await: waiting for the next change is what the app asked for.
    var awaitsLiveUpdates: Bool {
        guard lifecycle.state != .notRunning, !sessions.liveUpdates.isEmpty else { return false }
        for stream in sessions.liveUpdates {
            guard let flags = stream.reported else { return true }
            if flags.isDisjoint(with: .blocking) {
                if !status.isAuthorized { return true }
            } else if flags.intersection(sessionRulesApply ? .liveUpdate : .stationary).isEmpty {
                return true
            }
        }
        return false
    }
}
