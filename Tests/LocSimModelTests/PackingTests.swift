import Testing
@testable import LocSimModel
import LocSimModelTestSupport

/// The explorer stores states packed (AuthorizationModel+Packing). A field the packing missed
/// would merge states that differ, so every stored field is listed here: a field added to the
/// model, to one of its parts, to a manager, a prompt or a timer fails this suite until the
/// packing and these lists both have it. (The explorer's suite checks every state it explores
/// packs and unpacks to itself.)
@Suite("Packing: the model packs every stored field and unpacks to itself")
struct PackingTests {
    static func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }

    /// These lists are the packing's: `pack(into:prompts:baseline:)` puts each field in the words
    /// or in `Packed.Extras`, and `unpack(_:extras:prompts:baseline:)` overwrites each one.
    @Test("The packing covers every stored field of the model, its managers, prompts and timers")
    func fieldsCovered() {
        let model = AuthorizationModel()
        #expect(Self.labels(model) == [
            "configuration", "device", "record", "lifecycle", "services", "prompts", "clock", "usageReminder", "sessions", "settled",
        ])
        #expect(Self.labels(model.device) == ["locationServicesEnabled", "airplaneMode", "restricted", "locked", "location", "widgetSeenAt"])
        #expect(Self.labels(model.record) == [
            "authorization", "alwaysRequestSpent", "precise", "temporaryFullAccuracy", "locationButtonConfirmed",
            "widgetsAuthorized",
        ])
        #expect(Self.labels(model.lifecycle) == [
            "state", "graceEndsAt", "foregroundBeforeLock", "terminationReason", "locationServicesDialogShown", "forceQuit",
        ])
        #expect(Self.labels(model.services) == [
            "managers", "nextManagerNumber", "monitoredRegions", "significantChangesRegistered", "visitsRegistered",
            "insideRegions", "significantChangeAnchor", "pendingLaunchEvents",
        ])
        #expect(Self.labels(model.prompts) == ["onScreen", "queued", "heldEvents"])
        #expect(Self.labels(model.clock) == ["now", "timers"])
        #expect(Self.labels(model.usageReminder) == ["shown", "backgroundUseCount", "firstBackgroundUseAt"])
        #expect(Self.labels(model.settled) == ["inUse", "indicatorShowing"])
        // Section O lives whole in the extras: any field of it is packed.
        #expect(Self.labels(model.sessions) == ["service", "backgroundActivity", "liveUpdates", "monitors", "nextID", "heldAtExit", "awaitingRecreation",
                                                    "activityHeldAtExit", "activityAwaitingRecreation"])
        #expect(Self.labels(ManagerState(id: ManagerID(0), hasDelegate: true)) == [
            "id", "hasDelegate", "delegateMethods", "reportedStatus", "reportedAccuracy", "updating", "updatingStartedInForeground", "oneShotPending",
            "allowsBackgroundLocationUpdates", "showsBackgroundLocationIndicator", "pausesLocationUpdatesAutomatically",
            "desiredAccuracy", "significantChanges", "visits", "wasDeliverable", "queuedLocations", "lastDelivery",
        ])
        #expect(Self.labels(PresentedPrompt(prompt: model.upgradePrompt(), shownAt: .zero, manager: nil)) == ["prompt", "shownAt", "manager"])
        #expect(Self.labels(ScheduledTimer(at: .zero, kind: .graceEnds)) == ["at", "kind"])
    }

    /// Packs `model` and unpacks it over `target` (a copy of `initial`, possibly holding another
    /// state); returns the result and whether extras were needed.
    static func roundTrip(_ model: AuthorizationModel, over target: inout AuthorizationModel,
                          initial: AuthorizationModel) -> Bool {
        var m = model
        let baseline = AuthorizationModel.Packed.Baseline(initial)
        let prompts = initial.packingPrompts
        var words = AuthorizationModel.Packed()
        let rare = m.pack(into: &words, prompts: prompts, baseline: baseline)
        #expect(words.flags & 0x1FF == 0, "packing leaves bits 0…8 to the caller")
        let extras = rare ? AuthorizationModel.Packed.Box(m.packedExtras(words)) : nil
        target.unpack(words, extras: extras, prompts: prompts, baseline: baseline)
        return rare
    }

    @Test("States of a walk through requests, answers, services, timers and crashes unpack to themselves, fresh and in place")
    func roundTrips() {
        let id = Rig.manager
        let events: [Event] = [
            .appLaunched, .appCreatedManager(id, hasDelegate: true), .appCreatedManager(ManagerID(1), hasDelegate: false),
            .appRequestedWhenInUseAuthorization(id), .appRequestedAlwaysAuthorization(id), .userChoseButton(.allowWhileUsing, precise: nil),
            .userChoseButton(.allowOnce, precise: false), .userChoseButton(.dontAllow, precise: nil), .userChoseButton(.changeToAlwaysAllow, precise: nil),
            .appStartedUpdatingLocation(id), .appStoppedUpdatingLocation(id), .appRequestedLocation(id),
            .appStartedSignificantChanges(id), .appStartedVisits(id), .appStoppedVisits(id),
            .appStartedMonitoringRegion(id, Region(name: "office", center: Rig.here)), .deviceEnteredRegion("office"),
            .appSetAllowsBackgroundLocationUpdates(id, true), .appSetDesiredAccuracy(id, .kilometer),
            .appRequestedTemporaryFullAccuracy(id, purposeKey: "Nav"), .userChangedPreciseLocation(false),
            .appEnteredBackground, .appEnteredForeground, .appSuspended, .appTerminated, .appForceQuit, .appCrashed, .appReleasedManager(ManagerID(1)),
            .deviceLocked, .deviceUnlocked, .clockAdvanced(to: .seconds(30)), .userChangedSetting(.always),
            .userSwitchedLocationServices(false), .userSwitchedLocationServices(true), .userSwitchedAirplaneMode(true),
            .restrictionChanged(true), .restrictionChanged(false), .userResetLocationAndPrivacy, .userTappedLocationButton,
            .deviceMoved(Location(coordinate: Rig.there)), .deviceVisited, .userAddedWidget, .userViewedWidget, .userChoseButton(.allow, precise: nil),
            .clockAdvanced(to: .seconds(86_400)),
            // Section O (iOS 18): sessions, live updates, a monitor with a condition.
            .appCreatedServiceSession(SessionID(1), .always, fullAccuracyPurposeKey: "Nav"), .appStartedLiveUpdates(SessionID(2)),
            .appStartedBackgroundActivitySession(SessionID(3)), .appInvalidatedServiceSession(SessionID(1)), .appOpenedMonitor("m"),
            .appAddedMonitorCondition(monitor: "m", Region(name: "park", center: Rig.here), assuming: .unknown),
        ]
        // An App Clip with a location widget, so that the widget prompt and the 4 a.m. reset timer (P6, F10) are walked too.
        var clip = Rig.app
        clip.appClip = true
        clip.widgetWantsLocation = true
        for initial in [AuthorizationModel(app: Rig.app), AuthorizationModel(app: clip)] {
            Self.walk(events, from: initial)
        }
    }

    static func walk(_ events: [Event], from initial: AuthorizationModel) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var reused = initial
        var rare = 0
        for walk in 0..<40 {
            var m = initial
            for step in 0..<30 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var event = events[Int(seed >> 33) % events.count]
                // Time moves a few seconds, or a whole day (past 4 a.m.) for the one-day event.
                if case .clockAdvanced(let by) = event {
                    event = .clockAdvanced(to: m.clock.now + (by == .seconds(86_400) ? by : .seconds(Int64(seed >> 60) * 10)))
                }
                _ = m.handle(event)
                var fresh = initial
                if Self.roundTrip(m, over: &fresh, initial: initial) { rare += 1 }
                #expect(fresh == m, "walk \(walk), step \(step): fresh")
                _ = Self.roundTrip(m, over: &reused, initial: initial)
                #expect(reused == m, "walk \(walk), step \(step): in place")
            }
        }
        #expect(rare > 0)
    }
}
