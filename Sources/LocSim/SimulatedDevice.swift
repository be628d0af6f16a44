import LocSimModel

/// A simulated phone, watch, TV, Mac or headset: platform, Settings, the Location Services switch,
/// a virtual clock, its apps, the user holding it and where it is.
///
/// Nothing reads the wall clock: time moves only with ``advance(by:)``. Delegate calls are
/// delivered when the run loop turns (``run()``), never inside the app's own call (C3). Every
/// effect lands in ``timeline``.
public final class SimulatedDevice {
    /// The OS and version.
    public let platform: Platform
    /// Timings and open choices; applied to apps installed afterwards.
    public var parameters: DeviceParameters
    /// The person answering prompts.
    public let user: ScriptedUser
    /// Virtual time since the simulation started.
    @exclusivity(unchecked) public private(set) var now: Duration = .zero
    /// Everything that happened.
    public private(set) var timeline = Timeline()
    /// The installed apps, in installation order.
    @exclusivity(unchecked) public private(set) var apps: [SimulatedApp] = []
    /// Things the driver asked for that could not apply (``SimulationError``s not thrown).
    public private(set) var rejections: [String] = []
    /// Where the device is.
    @exclusivity(unchecked) public private(set) var location: Location?
    /// The global Location Services switch. Corresponds to `CLLocationManager.locationServicesEnabled()`.
    public private(set) var locationServicesEnabled = true
    /// Whether the device is locked.
    public private(set) var isLocked = false
    /// The direction the device points (north at first). Corresponds to `CLLocationManager.heading`'s source.
    public private(set) var heading = Heading(magneticHeading: 0)

    /// The apps whose interpreters hold pending run-loop work, one entry per item, in the order
    /// the items were queued (each app's own items wait in its `AuthorizationInterpreter`).
    ///
    /// These and the other fields read on every turn are not checked for exclusive access at run
    /// time: the device is driven from one task, and no app code runs while one of them is being
    /// changed (app code runs from ``run()`` between two accesses). The checks were a tenth of
    /// the time of a live update.
    @exclusivity(unchecked) private var runLoop = DeviceRunLoop()
    @exclusivity(unchecked) private var draining = false
    @exclusivity(unchecked) private var scheduledFixes = FixSchedule()

    /// Called after every event the device applies to an app, with the model before it and what
    /// happened: for tools that check each step (the test-support exploration). LocSim's addition.
    @exclusivity(unchecked) public var eventObserver: ((AppliedEvent) -> Void)?

    /// In a process that explores one path at a time (an exploration's executor), the device of
    /// the path being explored: an app call that reaches another device — one made on an object
    /// an earlier path made, such as a `static let shared` singleton's manager — is reported to
    /// ``staleCallHandler``. Nil (no check) everywhere else. LocSim's addition.
    nonisolated(unsafe) public static var explored: SimulatedDevice?
    /// Called with the timeline text of an app call that reached a device other than ``explored``.
    nonisolated(unsafe) public static var staleCallHandler: ((String) -> Void)?

    /// Reports an app call on this device when another one is being explored (``explored``).
    @inline(__always)
    func noteAppCall(_ text: @autoclosure () -> String) {
        if let explored = Self.explored, explored !== self { Self.staleCallHandler?(text()) }
    }

    /// Creates a device. `location` is where it starts, if it has a fix.
    public init(platform: Platform = Platform(.iOS, 18), parameters: DeviceParameters = DeviceParameters(),
                user: ScriptedUser = ScriptedUser(), location: Coordinate? = nil,
                locationServicesEnabled: Bool = true, restricted: Bool = false) {
        self.platform = platform
        self.parameters = parameters
        self.user = user
        self.location = location.map { Location(coordinate: $0) }
        self.locationServicesEnabled = locationServicesEnabled
        self.restricted = restricted
        user.device = self
    }

    /// Whether parental controls or MDM restrict location (A5).
    public private(set) var restricted = false

    /// Installs an app. It starts not running.
    @discardableResult
    public func install(_ description: AppDescription = AppDescription()) -> SimulatedApp {
        var model = AuthorizationModel(platform: platform, app: description, parameters: parameters)
        model.clock.now = now
        model.device.locationServicesEnabled = locationServicesEnabled
        model.device.locked = isLocked
        model.device.restricted = restricted
        model.device.location = location
        let app = SimulatedApp(device: self, model: model)
        apps.append(app)
        return app
    }

    // MARK: Prompts

    /// The prompt on screen and the app it belongs to: the earliest shown.
    public var promptOnScreen: (app: SimulatedApp, prompt: Prompt)? {
        // Read by index and by time first: the run loop asks after every turn, and most of the
        // time no prompt is up, so nothing is retained or copied until one is found.
        var best: Int?
        var bestShownAt = Duration.zero
        for i in apps.indices {
            guard let shownAt = apps[i].interpreter.model.prompts.onScreen?.shownAt else { continue }
            if best == nil || shownAt < bestShownAt { (best, bestShownAt) = (i, shownAt) }
        }
        guard let best, let prompt = apps[best].interpreter.model.prompts.onScreen?.prompt else { return nil }
        return (apps[best], prompt)
    }

    /// The user taps a button of the prompt on screen.
    /// - Throws: ``SimulationError`` when no prompt is on screen or it has no such button.
    public func choose(_ choice: PromptChoice) throws {
        guard let (app, prompt) = promptOnScreen else { throw SimulationError("no prompt is on screen") }
        let before = rejections.count
        answer(prompt, of: app, with: choice)
        if rejections.count > before { throw SimulationError(rejections.last!) }
        run()
    }

    /// The user taps `button` on the prompt on screen.
    public func choose(_ button: PromptButton, precise: Bool? = nil) throws {
        try choose(PromptChoice(button, precise: precise))
    }

    // MARK: User and world actions

    /// The device is locked: a foreground app goes to the background; a prompt on screen goes away unanswered (C10).
    public func lock() {
        isLocked = true
        broadcast(.deviceLocked, TimelineEntry(time: now, app: nil, kind: .user, text: "lock"))
    }

    /// The device is unlocked: the app that was in front returns; waiting prompts appear.
    public func unlock() {
        isLocked = false
        broadcast(.deviceUnlocked, TimelineEntry(time: now, app: nil, kind: .user, text: "unlock"))
    }

    /// The user turns Location Services on or off for the device (M1).
    public func setLocationServices(_ on: Bool) {
        locationServicesEnabled = on
        broadcast(.userSwitchedLocationServices(on), TimelineEntry(time: now, app: nil, kind: .user, text: "Settings › Location Services: \(on ? "on" : "off")"))
    }

    /// The user turns Airplane mode on or off (A6).
    public func setAirplaneMode(_ on: Bool) {
        broadcast(.userSwitchedAirplaneMode(on), TimelineEntry(time: now, app: nil, kind: .user, text: "Airplane mode: \(on ? "on" : "off")"))
    }

    /// Parental controls or MDM start or stop restricting location (A5, M4).
    public func setRestricted(_ on: Bool) {
        restricted = on
        broadcast(.restrictionChanged(on), TimelineEntry(time: now, app: nil, kind: .user, text: "restriction: \(on ? "on" : "off")"))
    }

    /// The user chooses Settings › General › Reset › Reset Location & Privacy (E4, L2).
    public func resetLocationAndPrivacy() {
        broadcast(.userResetLocationAndPrivacy, TimelineEntry(time: now, app: nil, kind: .user, text: "Reset Location & Privacy"))
    }

    /// The device moves; running services see a fix.
    public func move(to coordinate: Coordinate, horizontalAccuracy: Double = 5) {
        let fix = Location(coordinate: coordinate, horizontalAccuracy: horizontalAccuracy, timestamp: now)
        location = fix
        broadcast(.deviceMoved(fix), TimelineEntry(time: now, app: nil, kind: .world, text: "move to \(coordinate)"))
    }

    /// The device enters a monitored region (by name).
    public func enterRegion(_ name: String) {
        broadcast(.deviceEnteredRegion(name), TimelineEntry(time: now, app: nil, kind: .world, text: "enter region \(name)"))
    }

    /// The device leaves a monitored region (by name).
    public func exitRegion(_ name: String) {
        broadcast(.deviceExitedRegion(name), TimelineEntry(time: now, app: nil, kind: .world, text: "exit region \(name)"))
    }

    /// The device turns to point `degrees` from magnetic north: managers of foreground apps that
    /// update the heading get it when it moved by at least their `headingFilter`.
    public func turn(toHeading degrees: Double) {
        heading = Heading(magneticHeading: degrees, time: now)
        record(TimelineEntry(time: now, app: nil, kind: .world, text: "turn to heading \(formattedHeading(degrees))"))
        for app in apps where app.state == .foreground {
            for manager in app.managers where manager.wantsHeading(heading) { queueHeading(for: manager) }
        }
        run()
    }

    /// Queues the current heading for `manager`'s delegate (delivered when the run loop turns).
    func queueHeading(for manager: LocationManager) {
        runLoop.queue(.heading(manager.id, heading), for: manager.app)
    }

    /// Queues the answer to `manager`'s `requestState(for:)` (delivered when the run loop turns).
    func queueRegionState(_ state: RegionState, of region: Region, for manager: LocationManager) {
        runLoop.queue(.regionState(manager.id, state, region), for: manager.app)
    }

    private func formattedHeading(_ degrees: Double) -> String {
        degrees == degrees.rounded() ? "\(Int(degrees))°" : "\(degrees)°"
    }

    /// The world produces a visit.
    public func visit() {
        broadcast(.deviceVisited, TimelineEntry(time: now, app: nil, kind: .world, text: "visit"))
    }

    /// Schedules the fixes of a track on the virtual clock, relative to now: the first point is
    /// reached now, the others at their time offsets from it.
    public func play(_ track: GPXTrack) {
        guard let first = track.points.first else { return }
        record(TimelineEntry(time: now, app: nil, kind: .world, text: "play GPX track (\(track.points.count) points)"))
        scheduledFixes.schedule(track.points.map { point in
            let at = now + (point.time - first.time)
            return FixSchedule.Fix(at: at, location: Location(coordinate: point.coordinate, horizontalAccuracy: 5, timestamp: at))
        })
        deliverDueFixes()
        run()
    }

    // MARK: Time

    /// Time passes; everything scheduled in that time happens, in order.
    public func advance(by duration: Duration) {
        let target = now + duration
        record(TimelineEntry(time: now, app: nil, kind: .world, text: "wait \(DurationText.format(duration))"))
        var stepped = false
        while let next = nextScheduledTime, next <= target {
            step(to: next)
            stepped = true
        }
        // After a step that reached `target`, a second one would only turn the run loop again
        // (every app's clock is there, and nothing more is due by then: the loop looked). The
        // turn stays: the scripted user's `answer` closure is asked again, as before.
        if stepped && now == target { run() } else { step(to: target) }
    }

    /// The earliest instant something is scheduled: a timer of an app, a GPX fix.
    private var nextScheduledTime: Duration? {
        var next = scheduledFixes.nextTime
        for app in apps {
            if let deadline = app.model.nextDeadline, next.map({ deadline < $0 }) ?? true { next = deadline }
        }
        return next
    }

    private func step(to time: Duration) {
        now = time
        for app in apps where app.model.clock.now < time || app.model.nextDeadline.map({ $0 <= time }) == true {
            send(.clockAdvanced(to: time), to: app, entry: nil)
        }
        deliverDueFixes()
        run()
    }

    private func deliverDueFixes() {
        while let first = scheduledFixes.takeDue(at: now) {
            location = first.location
            broadcast(.deviceMoved(first.location), TimelineEntry(time: now, app: nil, kind: .world, text: "GPX fix \(first.location.coordinate)"), runAfter: false)
        }
    }

    // MARK: The run loop

    /// Lets the run loop turn: delivers every pending delegate call, runs launch code, and lets
    /// the scripted user answer prompts, until nothing is left to do at the current time.
    public func run() {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while true {
            if let (app, local) = runLoop.next() {
                if let local {
                    guard app.state != .notRunning else { continue }
                    switch local {
                    case .notification(let n): app.post(n)
                    case .heading(let id, let heading): app.manager(id)?.deliverHeading(delivered(heading))
                    case .regionState(let id, let state, let region): app.manager(id)?.deliverRegionState(state, of: region)
                    }
                } else {
                    switch app.interpreter.runLoop.takePending() {
                    case .delegateCall(let id, let call)?: dispatch(call, to: id, in: app)
                    case .launchCode?:
                        // A launch by the system for a location event: the key, unless under scenes (O18).
                        app.launchOptions = app.model.app.locationLaunchKeyDelivered ? [.location] : []
                        app.onLaunch?(app)
                    case .sessionDelivery(let delivery)?: deliver(delivery, in: app)
                    case nil: break
                    }
                }
                turns &+= 1
                continue
            }
            if let (app, prompt) = promptOnScreen, let choice = user.nextAnswer(for: prompt) {
                answer(prompt, of: app, with: choice)
                turns &+= 1
                continue
            }
            break
        }
    }

    /// Whether awaiting the next element of a LocSim async sequence suspends until the run loop
    /// delivers one, rather than turning the run loop and letting virtual time pass: for drivers
    /// that decide what happens next themselves (an exploration). Default false.
    @exclusivity(unchecked) public var awaitsSuspend = false

    /// Counts suspensions and resumptions of LocSim's async sequences: a driver compares it across
    /// a `Task.yield()` to tell whether the app's tasks are still running.
    @exclusivity(unchecked) public internal(set) var asyncActivity = 0

    /// Lets the apps' code run until it waits: the run loop turns (delegate calls, lifecycle
    /// notifications, the scripted user's answers) and the apps' own tasks — iterations of live
    /// updates, session diagnostics, monitor events — run until each waits again; repeated until
    /// three rounds in a row change nothing. For async tests with ``awaitsSuspend`` on: call it
    /// from the actor the app's code runs on (`@MainActor` for a view model), after each thing the
    /// test does, and check the screen.
    nonisolated(nonsending)
    public func settle() async {
        var quiet = 0
        while quiet < 3 {
            let before = asyncActivity &+ turns
            run()
            await Task.yield()
            quiet = asyncActivity &+ turns == before ? quiet + 1 : 0
        }
    }

    /// How many items the run loop handled (and answers the user gave): a driver compares it
    /// across ``run()`` to tell whether anything happened.
    @exclusivity(unchecked) private var turns = 0

    /// Counts what the device did that app code may react to: items its run loop handled,
    /// answers the user gave, and values LocSim's async sequences yielded or ended with
    /// (``asyncActivity``). A driver compares it across a `Task.yield()` to tell whether the
    /// app's code is still running. LocSim's addition.
    public var activity: Int { asyncActivity &+ turns }

    /// Lets the run loop turn; when it had nothing to do, lets virtual time pass to the next thing
    /// scheduled (a timer of an app, a GPX fix), as a device left alone would. Returns false when
    /// nothing at all can happen any more. What LocSim's async sequences do while they wait, so
    /// that awaiting the next element never needs a wall clock or an explicit ``run()``.
    @usableFromInline
    func turnOrAdvance() -> Bool {
        let before = turns
        run()
        if turns != before { return true }
        guard let next = nextScheduledTime else { return false }
        advance(by: max(.zero, next - now))
        return true
    }

    /// The scripted user has a new answer: a prompt already on screen gets it now, unless the
    /// run loop is turning (it answers as soon as its pending work is done).
    func userHasAnswer() {
        if !draining, promptOnScreen != nil { run() }
    }

    // MARK: Internals

    /// The user taps a button of `prompt`, whether the test or the scripted user chose it.
    private func answer(_ prompt: Prompt, of app: SimulatedApp, with choice: PromptChoice) {
        let precise = choice.precise.map { $0 ? ", precise: on" : ", precise: off" } ?? ""
        send(.userChoseButton(choice.button, precise: choice.precise), to: app,
             entry: TimelineEntry(time: now, app: app.name, kind: .user,
                                  text: "choose \(choice.button.rawValue) (“\(choice.button.label)”\(precise)) on \(prompt.kind.rawValue)"))
    }

    /// Whether entries are kept (on by default; benchmarks turn it off to measure the rules alone).
    @exclusivity(unchecked) public var recordsTimeline = true

    func record(_ entry: @autoclosure () -> TimelineEntry) {
        if recordsTimeline { timeline.append(entry()) }
    }

    func userAction(_ app: SimulatedApp, _ event: Event, _ text: @autoclosure () -> String) {
        send(event, to: app, entry: TimelineEntry(time: now, app: app.name, kind: .user, text: text()))
        run()
    }

    private func broadcast(_ event: Event, _ entry: @autoclosure () -> TimelineEntry, runAfter: Bool = true) {
        record(entry())
        for app in apps { send(event, to: app, entry: nil) }
        if runAfter { run() }
    }

    /// Applies an event to one app through its interpreter and records what happened.
    func send(_ event: Event, to app: SimulatedApp, entry: @autoclosure () -> TimelineEntry?) {
        let recording = recordsTimeline
        if recording, let entry = entry() { timeline.append(entry) }
        guard let eventObserver else {
            runLoop.apply(event, to: app)
            for occurrence in runLoop.occurrences { record(occurrence, of: app, cause: event, recording: recording) }
            return
        }
        let before = app.model
        runLoop.apply(event, to: app)
        let occurrences = runLoop.occurrences
        for occurrence in occurrences { record(occurrence, of: app, cause: event, recording: recording) }
        eventObserver(AppliedEvent(app: app, event: event, before: before, occurrences: occurrences))
    }

    private func record(_ occurrence: Occurrence, of app: SimulatedApp, cause event: Event, recording: Bool) {
        guard recording else {
            if case .rejected(let message) = occurrence { rejections.append(message) }
            return
        }
        let t = now
        switch occurrence {
        case .promptShown(let p):
            var detail = ["kind": p.kind.rawValue, "title": p.title, "message": p.message,
                          "buttons": p.buttons.map(\.rawValue).joined(separator: ",")]
            if let toggle = p.preciseToggle { detail["precise"] = toggle ? "on" : "off" }
            let toggle = p.preciseToggle.map { "  [Precise: \($0 ? "on" : "off")]" } ?? ""
            let where_ = p.onPairedPhone ? " (on the paired iPhone)" : ""
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .prompt,
                                 text: "\(p.kind.rawValue)\(where_): \(p.title)\(p.message.isEmpty ? "" : " — “\(p.message)”") [\(p.buttons.map(\.label).joined(separator: " | "))]\(toggle)",
                                 detail: detail))
        case .promptDismissed(let kind, let answer):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .promptDismissed,
                                 text: "\(kind.rawValue) " + (answer.map { "answered \($0.rawValue)" } ?? "dismissed without an answer")))
        case .delegateCall, .sessionDelivery:
            break // recorded when the run loop delivers it
        case .consoleMessage(let text):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .console, text: text))
        case .indicatorChanged(let on):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .indicator, text: on ? "background location indicator on" : "background location indicator off"))
        case .appLaunchedBySystem(let reason):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .lifecycle, text: "launched in background by the system for \(reason)"))
        case .appTerminated(let exception):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .terminated, text: exception.text))
        case .appWillResignActive:
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .lifecycle, text: "willResignActive"))
        case .appDidBecomeActive:
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .lifecycle, text: "didBecomeActive"))
        case .note(let text):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .note, text: text))
        case .requestIgnored(let kind, let reason):
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .ignored,
                                 text: "\(kind.callName) \(reason.outcome(of: kind)): \(reason.explanation) [\(reason.ruleIDs.joined(separator: ", "))]",
                                 detail: ["reason": reason.rawValue, "request": kind.rawValue]))
        case .appStateChanged(let from, let to):
            // A change the app did not ask for: the device was locked or unlocked, or the system
            // woke a suspended app for a location event.
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .lifecycle, text: "\(from.rawValue) → \(to.rawValue) (\(event.lifecycleCause))"))
        case .rejected(let message):
            rejections.append(message)
            timeline.append(TimelineEntry(time: t, app: app.name, kind: .rejected, text: message))
        }
    }

    private func deliver(_ delivery: SessionDelivery, in app: SimulatedApp) {
        record(TimelineEntry(time: now, app: app.name, manager: app.objectName(of: delivery), kind: .delivery, text: delivery.timelineText,
                             detail: delivery.timelineDetail))
        // A live update's fix is stamped here, where the device is at hand (`Location.deliveredDate`).
        if case .liveUpdate(let id, var update) = delivery, let fix = update.location {
            update.location = delivered(fix)
            app.deliver(.liveUpdate(id, update))
        } else {
            app.deliver(delivery)
        }
    }

    private func dispatch(_ call: DelegateCall, to id: ManagerID, in app: SimulatedApp) {
        let manager = app.manager(id)
        let reached = manager.map { $0.delegate != nil || call.isCompletion } ?? false
        record(TimelineEntry(time: now, app: app.name, manager: app.name(of: id), delegateCall: call, reachedDelegate: reached,
                             provisional: app.model.isProvisional))
        guard let manager else { return }
        // Fixes and visits are stamped here, as they reach app code (`Location.deliveredDate`).
        switch call {
        case .didUpdateLocations(let fixes): manager.deliver(.didUpdateLocations(fixes.map(delivered)))
        case .didVisit(let place): manager.deliver(.didVisit(delivered(place)))
        default: manager.deliver(call)
        }
    }
}


/// The device's side of its apps' run loops: the order in which their work was queued (one entry
/// per item; the model's items wait in each app's interpreter, the simulator's own deliveries
/// here) and the buffer of what the last event made happen. One value, so applying an event or
/// taking the next item is one access.
private struct DeviceRunLoop {
    /// Something the simulator itself delivers, not the model: lifecycle notifications, headings,
    /// answers to `requestState(for:)`.
    enum Delivery {
        case notification(LifecycleNotification)
        case heading(ManagerID, Heading)
        case regionState(ManagerID, RegionState, Region)
    }

    /// One item: the app's, and where its delivery waits if it is the simulator's own (else the
    /// next item waiting in the app's interpreter, by far the most common). A reference and a
    /// number, so queuing and taking an item copies no enum payload.
    private struct Item {
        let app: SimulatedApp
        let local: Int
    }

    private var items: [Item] = []
    private var locals: [Delivery] = []
    private var head = 0
    /// What the last event applied made happen.
    private(set) var occurrences: [Occurrence] = []

    /// Applies `event` to `app` through its interpreter: queues the lifecycle notifications it
    /// causes, then notes the app once per item it queued. An app whose process ended loses its
    /// observers.
    mutating func apply(_ event: Event, to app: SimulatedApp) {
        if !occurrences.isEmpty { occurrences.removeAll(keepingCapacity: true) }
        // Two fields, not the model: passing `app.model` whole would copy it on every event.
        let before = AppActivity(state: app.model.lifecycle.state, promptOnScreen: app.model.prompts.onScreen != nil)
        let queued = app.interpreter.send(event, into: &occurrences)
        let after = AppActivity(state: app.model.lifecycle.state, promptOnScreen: app.model.prompts.onScreen != nil)
        // A process that ends and is relaunched within the same event (P4, O17) ends too.
        let relaunched = before.running && occurrences.contains { if case .appLaunchedBySystem = $0 { true } else { false } }
        if relaunched && after.running { app.processEnded() }
        if before != after {
            if before.running && !after.running { app.processEnded() }
            for n in before.notifications(to: after) { queue(.notification(n), for: app) }
        }
        // O18: a scene connects when a running process comes to the foreground (at a launch, after
        // the launch code: SimulatedApp connects it).
        if before.running, after.foreground, !app.isSceneConnected, app.model.app.scenes { app.isSceneConnected = true }
        for _ in 0..<queued { items.append(Item(app: app, local: -1)) }
    }

    /// Queues a delivery of the simulator's own.
    mutating func queue(_ delivery: Delivery, for app: SimulatedApp) {
        items.append(Item(app: app, local: locals.count))
        locals.append(delivery)
    }

    /// The next item, if any: its app, and the simulator's own delivery or `nil` for the next item
    /// waiting in the app's interpreter.
    mutating func next() -> (app: SimulatedApp, local: Delivery?)? {
        guard head < items.count else { return nil }
        let item = items[head]
        let local = item.local < 0 ? nil : locals[item.local]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            if !locals.isEmpty { locals.removeAll(keepingCapacity: true) }
            head = 0
        }
        return (item.app, local)
    }
}

// MARK: Checkpoints

extension SimulatedDevice {
    /// What a device is at one moment, to go back to with ``restore(_:)``: for a driver that
    /// applies a step and undoes it when the step could not apply (`locsim serve`), instead of
    /// replaying every step before it. Taking one costs the same whatever the timeline's length:
    /// the timeline and the rejections are kept as their counts (they only grow, so going back
    /// drops what was added).
    ///
    /// It holds the device's values, each app's and each location manager's that exists; objects
    /// made after it (a manager, a session) are dropped from their app on restore.
    public struct Checkpoint {
        fileprivate let now: Duration
        fileprivate let timelineCount: Int
        fileprivate let rejectionsCount: Int
        fileprivate let location: Location?
        fileprivate let locationServicesEnabled: Bool
        fileprivate let isLocked: Bool
        fileprivate let heading: Heading
        fileprivate let restricted: Bool
        fileprivate let parameters: DeviceParameters
        fileprivate let runLoop: DeviceRunLoop
        fileprivate let draining: Bool
        fileprivate let scheduledFixes: FixSchedule
        fileprivate let awaitsSuspend: Bool
        fileprivate let asyncActivity: Int
        fileprivate let turns: Int
        fileprivate let apps: [SimulatedApp.Checkpoint]
    }

    /// The device as it is now (``Checkpoint``).
    public func checkpoint() -> Checkpoint {
        Checkpoint(now: now, timelineCount: timeline.entries.count, rejectionsCount: rejections.count, location: location,
                   locationServicesEnabled: locationServicesEnabled, isLocked: isLocked, heading: heading, restricted: restricted,
                   parameters: parameters, runLoop: runLoop, draining: draining, scheduledFixes: scheduledFixes,
                   awaitsSuspend: awaitsSuspend, asyncActivity: asyncActivity, turns: turns, apps: apps.map { $0.checkpoint() })
    }

    /// Puts the device back as it was at `checkpoint`, taken from this device: entries and
    /// rejections added since are dropped.
    public func restore(_ checkpoint: Checkpoint) {
        now = checkpoint.now
        if timeline.entries.count > checkpoint.timelineCount { timeline.entries.removeSubrange(checkpoint.timelineCount...) }
        if rejections.count > checkpoint.rejectionsCount { rejections.removeSubrange(checkpoint.rejectionsCount...) }
        location = checkpoint.location
        locationServicesEnabled = checkpoint.locationServicesEnabled
        isLocked = checkpoint.isLocked
        heading = checkpoint.heading
        restricted = checkpoint.restricted
        parameters = checkpoint.parameters
        runLoop = checkpoint.runLoop
        draining = checkpoint.draining
        scheduledFixes = checkpoint.scheduledFixes
        awaitsSuspend = checkpoint.awaitsSuspend
        asyncActivity = checkpoint.asyncActivity
        turns = checkpoint.turns
        for (app, saved) in zip(apps, checkpoint.apps) { app.restore(saved) }
    }
}
