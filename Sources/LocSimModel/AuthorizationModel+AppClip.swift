// App Clips (P6): no Always (AuthorizationModel+Requests), When In Use that resets at 4:00 a.m.,
// and location confirmation, which is separate from authorization.
extension AuthorizationModel {
    /// When the App Clip's When In Use authorization resets: the first 4:00 a.m. after it was
    /// granted (P6), on the virtual clock's time of day (``DeviceParameters/startTimeOfDay``);
    /// `nil` when the app is not an App Clip holding When In Use.
    public var appClipResetAt: Duration? {
        clock.timers.first { $0.kind == .appClipReset }?.at
    }

    /// Keeps one reset timer while an App Clip holds When In Use, none otherwise (P6): the grant
    /// "automatically resets the next day at 4:00 a.m.".
    mutating func scheduleAppClipReset() {
        let holdsWhenInUse: Bool
        if case .whenInUse = record.authorization { holdsWhenInUse = true } else { holdsWhenInUse = false }
        let scheduled = clock.timers.contains { $0.kind == .appClipReset }
        if holdsWhenInUse, !scheduled {
            schedule(ScheduledTimer(at: TimeOfDay.next(TimeOfDay.appClipReset, after: clock.now, start: parameters.startTimeOfDay), kind: .appClipReset))
        } else if !holdsWhenInUse, scheduled {
            clock.timers.removeAny { $0.kind == .appClipReset }
        }
    }

    /// 4:00 a.m.: the App Clip's When In Use (or Allow Once) grant is gone; it may ask again (P6).
    mutating func resetAppClipAuthorization() {
        guard case .whenInUse = record.authorization else { return }
        record.authorization = .notDetermined
        record.widgetsAuthorized = false
        clock.timers.removeAny { $0.kind == .allowOnceExpiry }
    }

    /// What `APActivationPayload.confirmAcquired(in:completionHandler:)` answers for `region` now
    /// (P6). Separate from authorization: it needs no location authorization, only an App Clip
    /// that set `NSAppClipRequestLocationConfirmation` and a user who left confirmation on.
    public func locationConfirmation(in region: Region) -> LocationConfirmation {
        guard app.appClip, app.requestsLocationConfirmation, parameters.appClipLocationConfirmation,
              platform.os == .iOS, platformIsAtLeast(14) else { return .disallowed }
        guard region.radius <= LocationConfirmation.maximumRadius, let here = device.location else { return .notConfirmed }
        return region.contains(here.coordinate) ? .confirmed : .notConfirmed
    }
}
