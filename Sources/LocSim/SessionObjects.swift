import LocSimModel

// The app's iOS 17/18 objects on a simulated device (section O of Docs/Rules.md): service
// sessions, background activity sessions, live updates and monitors. Each is a thin handle: the
// state lives in the app's model; the values Core Location yields wait for the run loop (C3) and
// reach the object's async sequences in order.

/// Something that receives the values Core Location yields for one of the app's objects.
protocol SessionSink: AnyObject {
    func receive(_ delivery: SessionDelivery)
}

final class WeakSink {
    weak var value: (any SessionSink)?
    init(_ value: any SessionSink) { self.value = value }
}

/// The sinks of an app's objects by key (a session's number, a monitor's name): a short list
/// searched in order, cheaper than hashing the key for every delivery (an app holds a few).
struct SinkList<Key: Equatable> {
    private var entries: [(key: Key, sink: WeakSink)] = []

    subscript(key: Key) -> WeakSink? {
        get {
            for entry in entries where entry.key == key { return entry.sink }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[i].sink = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    mutating func removeAll() { entries.removeAll() }
}

/// A feed the app can end when its process ends (type-erased for the app's list).
protocol EndableFeed: AnyObject {
    func finish()
}

final class WeakFeed {
    weak var value: (any EndableFeed)?
    init(_ value: any EndableFeed) { self.value = value }
}

/// The values waiting for the iterators of one async sequence, and the device that produces them.
/// Each iterator has its own queue; a new iterator starts with the latest value when the sequence
/// replays one (a session's current diagnostic). An iterator made while the device's
/// ``SimulatedDevice/awaitsSuspend`` is on waits on an `AsyncStream` of its own instead: the
/// standard library's stream does the suspending, the resuming and the ending on cancellation.
///
/// What an iterator's ``SimulatedSequence/AsyncIterator/next(isolation:)`` reads is
/// `@usableFromInline` and `@inlinable`: the caller's module specializes the loop for its element
/// type (an unspecialized generic loop looked up type metadata on every value).
@usableFromInline
final class Feed<Element: Sendable>: EndableFeed {
    @usableFromInline unowned let device: SimulatedDevice
    /// The queues of the iterators that pull, in subscription order (almost always one): a list,
    /// not a dictionary, so a delivery and a pop touch no hash table.
    @usableFromInline @exclusivity(unchecked) var queues: [FeedQueue<Element>] = []
    // `queues`, `streams`, `latest` and `finished` skip run-time exclusivity checks (they are read
    // or written on every delivery and `next()`): each write is a plain store or ends before any
    // continuation is resumed, and resuming one only queues its task, so no app code runs while
    // one of them is being changed.
    @exclusivity(unchecked) private var streams: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextQueue = 0
    @exclusivity(unchecked) private(set) var latest: Element?
    let replaysLatest: Bool
    @usableFromInline @exclusivity(unchecked) private(set) var finished = false
    let label: String

    init(device: SimulatedDevice, label: String, replaysLatest: Bool, app: SimulatedApp) {
        self.device = device
        self.label = label
        self.replaysLatest = replaysLatest
        app.feeds.append(WeakFeed(self))
    }

    /// A new iterator's number, and its stream when it suspends.
    func subscribe() -> (id: Int, stream: AsyncStream<Element>?) {
        let id = nextQueue
        nextQueue += 1
        guard device.awaitsSuspend else {
            var queue = FeedQueue<Element>(id: id)
            if replaysLatest, let latest { queue.append(latest) }
            queues.append(queue)
            return (id, nil)
        }
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        if replaysLatest, let latest { continuation.yield(latest) }
        if finished { continuation.finish() } else { streams[id] = continuation }
        return (id, stream)
    }

    func unsubscribe(_ id: Int) {
        queues.removeAll { $0.id == id }
        streams.removeValue(forKey: id)?.finish()
    }

    func yield(_ element: Element) {
        latest = element
        for i in queues.indices { queues[i].append(element) }
        guard !streams.isEmpty else { return }
        device.asyncActivity &+= 1
        for key in streams.keys.sorted() { streams[key]!.yield(element) }
    }

    /// Ends every iteration: the object was invalidated or the app's process ended.
    func finish() {
        guard !finished else { return }
        finished = true
        guard !streams.isEmpty else { return }
        device.asyncActivity &+= 1
        let ended = streams
        streams = [:]
        for key in ended.keys.sorted() { ended[key]!.finish() }
    }

    /// The oldest value waiting for iterator `id`, taken.
    @inlinable
    func pop(_ id: Int) -> Element? {
        for i in queues.indices where queues[i].id == id { return queues[i].popFirst() }
        return nil
    }

    /// The iteration ends because nothing can happen any more: the timeline says so.
    @usableFromInline
    func noteNothingMoreCanArrive() {
        device.record(TimelineEntry(time: device.now, app: nil, kind: .delivery,
                                    text: "\(label): nothing more can arrive, the iteration ends (a device would wait forever)"))
    }
}

/// One iterator's waiting values: appended at the end, taken from `head`; the storage is kept
/// and reused once the iterator caught up, so a steady stream allocates nothing per value.
@usableFromInline
struct FeedQueue<Element> {
    @usableFromInline let id: Int
    @usableFromInline var items: ContiguousArray<Element> = []
    @usableFromInline var head = 0

    init(id: Int) { self.id = id }

    mutating func append(_ element: Element) { items.append(element) }

    @inlinable
    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }
}

/// An async sequence fed by the simulated device: awaiting the next element lets the device's run
/// loop turn and, when it has nothing to do, virtual time pass to the next thing scheduled — so a
/// test awaits an update or a diagnostic with no sleep and no wall clock, and gets the same order
/// every run. When nothing at all can happen any more (no pending work, no timer, no GPX fix), the
/// iteration ends and the timeline says so: on a device it would wait forever.
///
/// Corresponds to the `AsyncSequence`s of Core Location's iOS 17/18 API
/// (`CLLocationUpdate.Updates`, `CLMonitor.Events`, `CLServiceSession.diagnostics`).
public struct SimulatedSequence<Element: Sendable>: AsyncSequence {
    @usableFromInline let feed: Feed<Element>
    /// Holds the object producing the values (a live-updates stream) for as long as an iterator lives.
    let makeSource: () -> AnyObject?

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline let feed: Feed<Element>
        @usableFromInline let token: Token
        /// Under ``SimulatedDevice/awaitsSuspend``: the stream this iterator waits on.
        @usableFromInline var stream: AsyncStream<Element>.AsyncIterator?

        @usableFromInline
        final class Token {
            let feed: Feed<Element>
            @usableFromInline let id: Int
            let source: AnyObject?
            let stream: AsyncStream<Element>?
            init(feed: Feed<Element>, source: AnyObject?) {
                self.feed = feed
                self.source = source
                (self.id, self.stream) = feed.subscribe()
            }
            deinit { feed.unsubscribe(id) }
        }

        init(feed: Feed<Element>, token: Token) {
            self.feed = feed
            self.token = token
            self.stream = token.stream?.makeAsyncIterator()
        }

        /// The next value, once the simulated world produced it; `nil` when it never can.
        ///
        /// Under an exploration (``SimulatedDevice/awaitsSuspend``) it suspends instead, until the
        /// run loop delivers a value or the object or the process ends: the explorer decides
        /// what happens next.
        /// Declared `throws`, as Core Location's sequences are (`for try await`); LocSim's never throw.
        @inlinable nonisolated(nonsending)
        public mutating func next() async throws -> Element? {
            try await next(isolation: #isolation)
        }

        /// The next value, on the caller's actor: what `for try await` calls. Implemented here, not
        /// left to the standard library's default, which would call ``next()`` through the protocol
        /// and run it off the caller's actor, next to the device it drives.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            if var waiting = stream {
                // Under an exploration: wait for the run loop to deliver; a cancelled task's
                // iteration ends, as Core Location's does.
                let element = await waiting.next(isolation: actor)
                stream = waiting
                return element
            }
            var idle = 0
            while true {
                if let e = feed.pop(token.id) { return e }
                // The object or the process ended, or the task was cancelled (as Core Location's
                // iteration ends on cancellation).
                if feed.finished || Task.isCancelled { return nil }
                idle += 1
                guard idle <= Self.idleLimit, feed.device.turnOrAdvance() else {
                    feed.noteNothingMoreCanArrive()
                    return nil
                }
            }
        }

        /// How many turns with nothing for this iterator before it gives up (a timer that always
        /// re-arms, such as an App Clip's daily reset, would otherwise advance time forever).
        @usableFromInline static var idleLimit: Int { 10_000 }
    }

    /// Starts an iteration.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(feed: feed, token: AsyncIterator.Token(feed: feed, source: makeSource()))
    }
}

extension SimulatedApp {
    /// Makes a call on one of the app's iOS 17/18 objects: the event with its timeline entry
    /// (`object` names the object there). Like a manager's calls it returns at once; what Core
    /// Location answers waits for the run loop (C3). LocSim's addition, for drivers that hold calls
    /// as `AppCall` values (scenario steps).
    public func perform(_ call: AppCall, object: String? = nil) {
        precondition(!call.needsManager, "\(call.word) is a location manager's call: use LocationManager.perform(_:)")
        device.noteAppCall(call.timelineText(0))
        device.send(call.event(0, on: ManagerID(-1)), to: self,
                    entry: TimelineEntry(time: device.now, app: name, manager: object, kind: .appCall, text: call.timelineText(0)))
    }

    /// A fresh number for a session or live-updates stream that a driver makes with
    /// ``perform(_:object:)`` rather than through ``serviceSession(authorization:fullAccuracyPurposeKey:name:)``
    /// and its kin (a scenario step): the timeline names it `name`, in its calls and in what Core
    /// Location yields for it. LocSim's addition.
    public func newSessionID(named name: String) -> SessionID {
        allocateSession(named: name, kind: "session")
    }

    /// A fresh number for a session or stream of this app, named `name` in timelines.
    func allocateSession(named name: String?, kind: String) -> SessionID {
        let id = SessionID(max(nextSession, model.sessions.nextID))
        nextSession = id.rawValue + 1
        sessionNames[id] = name ?? "\(kind)\(id.rawValue)"
        return id
    }

    /// The name a timeline gives the object a delivery is for.
    func objectName(of delivery: SessionDelivery) -> String? {
        switch delivery {
        case .serviceSessionDiagnostic(let id, _), .backgroundActivityDiagnostic(let id, _), .liveUpdate(let id, _): sessionNames[id]
        case .monitorEvent(let monitor, _): monitor
        }
    }

    /// Hands a delivery to the object it is for, if the app still holds it.
    func deliver(_ delivery: SessionDelivery) {
        switch delivery {
        case .serviceSessionDiagnostic(let id, _), .backgroundActivityDiagnostic(let id, _), .liveUpdate(let id, _):
            sessionSinks[id]?.value?.receive(delivery)
        case .monitorEvent(let monitor, _):
            monitorSinks[monitor]?.value?.receive(delivery)
        }
    }

    /// Creates a service session (O3–O8). Corresponds to `CLServiceSession(authorization:)` and
    /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`.
    public func serviceSession(authorization requirement: SessionRequirement, fullAccuracyPurposeKey: String? = nil, name: String? = nil) -> ServiceSession {
        ServiceSession(app: self, requirement: requirement, fullAccuracyPurposeKey: fullAccuracyPurposeKey, name: name)
    }

    /// Starts a background activity session (O13). Corresponds to `CLBackgroundActivitySession()`.
    public func backgroundActivitySession(name: String? = nil) -> BackgroundActivitySession {
        BackgroundActivitySession(app: self, name: name)
    }

    /// The device's location as an async sequence of updates (O1, O2): iterating it starts the
    /// stream (and asks for authorization, O1), ending the iteration stops it.
    /// Corresponds to `CLLocationUpdate.liveUpdates(_:)`.
    public func liveUpdates(name: String? = nil) -> SimulatedSequence<LiveUpdate> {
        let feed = Feed<LiveUpdate>(device: device, label: "liveUpdates \(name ?? "")".trimmingSpaces, replaysLatest: false, app: self)
        // The sequence keeps the app and its device alive: an iteration may start after the driver let go of them.
        let device = self.device
        return SimulatedSequence(feed: feed) { [self] in
            withExtendedLifetime(device) { LiveUpdatesStream(app: self, feed: feed, name: name) }
        }
    }

    /// Obtains the app's monitor named `name` (O15): its conditions persist across launches.
    /// Corresponds to `await CLMonitor(_:)`.
    public func monitor(named name: String) -> Monitor {
        Monitor(app: self, name: name)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

/// One diagnostic of a service or background activity session (O12, O13): the flags set, and a
/// Boolean for each. Corresponds to `CLServiceSession.Diagnostic` and
/// `CLBackgroundActivitySession.Diagnostic`.
public struct SessionDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The flags set.
    public var flags: Diagnostics
    /// Wraps a flag set.
    public init(_ flags: Diagnostics) { self.flags = flags }
    /// Corresponds to `authorizationDenied`.
    public var authorizationDenied: Bool { flags.contains(.authorizationDenied) }
    /// Corresponds to `authorizationDeniedGlobally`.
    public var authorizationDeniedGlobally: Bool { flags.contains(.authorizationDeniedGlobally) }
    /// Corresponds to `authorizationRestricted`.
    public var authorizationRestricted: Bool { flags.contains(.authorizationRestricted) }
    /// Corresponds to `authorizationRequestInProgress`.
    public var authorizationRequestInProgress: Bool { flags.contains(.authorizationRequestInProgress) }
    /// Corresponds to `insufficientlyInUse`.
    public var insufficientlyInUse: Bool { flags.contains(.insufficientlyInUse) }
    /// Corresponds to `serviceSessionRequired`.
    public var serviceSessionRequired: Bool { flags.contains(.serviceSessionRequired) }
    /// Corresponds to `CLServiceSession.Diagnostic.fullAccuracyDenied`.
    public var fullAccuracyDenied: Bool { flags.contains(.fullAccuracyDenied) }
    /// Corresponds to `CLServiceSession.Diagnostic.alwaysAuthorizationDenied`.
    public var alwaysAuthorizationDenied: Bool { flags.contains(.alwaysAuthorizationDenied) }
    /// `[insufficientlyInUse]`.
    public var description: String { flags.description }
}

/// A service session: says what authorization the app needs, and keeps Always effective on
/// iOS 18 (O3–O8, O11). Releasing it ends it, as `invalidate()` does.
/// Corresponds to `CLServiceSession`.
public final class ServiceSession: SessionSink {
    /// The app that holds it.
    public let app: SimulatedApp
    private let device: SimulatedDevice
    /// Its number in the model.
    public let id: SessionID
    /// What it asks for. Corresponds to the `authorization` argument.
    public let requirement: SessionRequirement
    /// The temporary full accuracy purpose key it asks with. Corresponds to `fullAccuracyPurposeKey`.
    public let fullAccuracyPurposeKey: String?
    /// Whether it was invalidated (by the app, or by the end of the process).
    public private(set) var isInvalidated = false
    private let feed: Feed<SessionDiagnostic>
    private let process: Int

    /// Creates a session for `app` (``SimulatedApp/serviceSession(authorization:fullAccuracyPurposeKey:name:)``
    /// says the same). Corresponds to `CLServiceSession(authorization:fullAccuracyPurposeKey:)`.
    public init(app: SimulatedApp, requirement: SessionRequirement, fullAccuracyPurposeKey: String? = nil, name: String? = nil) {
        self.app = app
        self.device = app.device
        self.requirement = requirement
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        self.id = app.allocateSession(named: name, kind: "session")
        self.process = app.processNumber
        self.feed = Feed(device: app.device, label: "CLServiceSession \(app.sessionNames[id]!) diagnostics", replaysLatest: true, app: app)
        app.sessionSinks[id] = WeakSink(self)
        app.perform(.createServiceSession(id, requirement, fullAccuracyPurposeKey: fullAccuracyPurposeKey), object: app.sessionNames[id])
    }

    deinit { end(log: true) }

    /// Ends the session at once; it cannot become active again (O11). Corresponds to `invalidate()`.
    public func invalidate() { end(log: true) }

    private func end(log: Bool) {
        guard !isInvalidated else { return }
        isInvalidated = true
        feed.finish()
        app.sessionSinks[id] = nil
        guard app.processNumber == process, app.state != .notRunning else { return }
        app.perform(.invalidateServiceSession(id), object: app.sessionNames[id])
    }

    /// The diagnostic the session last reported (iOS 18), `nil` before the first or after it ended.
    public var diagnostic: Diagnostics? { app.model.sessions.service.first { $0.id == id }?.reported }

    /// Its diagnostics as they change, starting with the current one. Corresponds to `diagnostics`.
    public var diagnostics: SimulatedSequence<SessionDiagnostic> { SimulatedSequence(feed: feed) { nil } }

    func receive(_ delivery: SessionDelivery) {
        if case .serviceSessionDiagnostic(_, let d) = delivery { feed.yield(SessionDiagnostic(d)) }
    }
}

/// A background activity session: keeps a When In Use app in use in the background, with the
/// indicator, when started in the foreground (O13). Corresponds to `CLBackgroundActivitySession`.
public final class BackgroundActivitySession: SessionSink {
    /// The app that holds it.
    public let app: SimulatedApp
    private let device: SimulatedDevice
    /// Its number in the model.
    public let id: SessionID
    /// Whether it was invalidated.
    public private(set) var isInvalidated = false
    private let feed: Feed<SessionDiagnostic>
    private let process: Int

    /// Starts a session for `app`. Corresponds to `CLBackgroundActivitySession()`.
    public init(app: SimulatedApp, name: String? = nil) {
        self.app = app
        self.device = app.device
        self.id = app.allocateSession(named: name, kind: "activity")
        self.process = app.processNumber
        self.feed = Feed(device: app.device, label: "CLBackgroundActivitySession \(app.sessionNames[id]!) diagnostics", replaysLatest: true, app: app)
        app.sessionSinks[id] = WeakSink(self)
        app.perform(.startBackgroundActivity(id), object: app.sessionNames[id])
    }

    /// Releasing the session ends it when the device's `releasingBackgroundActivitySessionEndsIt`
    /// parameter says so (O13, uncertain).
    deinit {
        if app.model.parameters.releasingBackgroundActivitySessionEndsIt { invalidate() }
    }

    /// Ends the session. Corresponds to `invalidate()`.
    public func invalidate() {
        guard !isInvalidated else { return }
        isInvalidated = true
        feed.finish()
        app.sessionSinks[id] = nil
        guard app.processNumber == process, app.state != .notRunning else { return }
        app.perform(.invalidateBackgroundActivity(id), object: app.sessionNames[id])
    }

    /// The diagnostic it last reported (iOS 18).
    public var diagnostic: Diagnostics? { app.model.sessions.backgroundActivity.first { $0.id == id }?.reported }

    /// Its diagnostics as they change. Corresponds to `diagnostics`.
    public var diagnostics: SimulatedSequence<SessionDiagnostic> { SimulatedSequence(feed: feed) { nil } }

    func receive(_ delivery: SessionDelivery) {
        if case .backgroundActivityDiagnostic(_, let d) = delivery { feed.yield(SessionDiagnostic(d)) }
    }
}

/// One iteration of live updates: started when the iteration starts, stopped when it ends.
final class LiveUpdatesStream: SessionSink {
    let app: SimulatedApp
    /// Keeps the device alive while the iteration lives (apps refer to it unowned).
    private let device: SimulatedDevice
    let id: SessionID
    let feed: Feed<LiveUpdate>
    private let process: Int

    init(app: SimulatedApp, feed: Feed<LiveUpdate>, name: String?) {
        self.app = app
        self.device = app.device
        self.feed = feed
        self.id = app.allocateSession(named: name, kind: "updates")
        self.process = app.processNumber
        app.sessionSinks[id] = WeakSink(self)
        app.perform(.startLiveUpdates(id), object: app.sessionNames[id])
    }

    deinit {
        app.sessionSinks[id] = nil
        guard app.processNumber == process, app.state != .notRunning else { return }
        app.perform(.stopLiveUpdates(id), object: app.sessionNames[id])
    }

    func receive(_ delivery: SessionDelivery) {
        if case .liveUpdate(_, let u) = delivery { feed.yield(u) }
    }
}

/// What a monitor knows of one condition. Corresponds to `CLMonitor.Record`.
public struct MonitorRecord: Hashable, Sendable {
    /// The condition. Corresponds to `condition`.
    public var region: Region
    /// The last event. Corresponds to `lastEvent`.
    public var lastEvent: MonitorEvent
}

/// The app's monitor of one name (O15): circular conditions that persist across launches, and
/// their events. Corresponds to `CLMonitor`.
public final class Monitor: SessionSink {
    /// The app.
    public let app: SimulatedApp
    /// The name. Corresponds to `name`.
    public let name: String
    private let feed: Feed<MonitorEvent>
    /// Keeps the device alive while the monitor lives (apps refer to it unowned).
    private let device: SimulatedDevice

    /// Obtains `app`'s monitor named `name`. Corresponds to `await CLMonitor(_:)`.
    public init(app: SimulatedApp, name: String) {
        self.app = app
        self.device = app.device
        self.name = name
        self.feed = Feed(device: app.device, label: "CLMonitor \(name) events", replaysLatest: false, app: app)
        app.monitorSinks[name] = WeakSink(self)
        app.perform(.openMonitor(name), object: name)
    }

    /// Adds (or replaces) a circular condition. Corresponds to `add(_:identifier:assuming:)`.
    public func add(_ region: Region, assuming state: MonitoringState = .unknown) {
        app.perform(.addCondition(monitor: name, region, assuming: state), object: name)
    }

    /// Removes a condition. Corresponds to `remove(_:)`.
    public func remove(_ identifier: String) {
        app.perform(.removeCondition(monitor: name, identifier: identifier), object: name)
    }

    /// The identifiers of its conditions. Corresponds to `identifiers`.
    public var identifiers: [String] {
        app.model.sessions.monitors.first { $0.name == name }?.conditions.map(\.region.name) ?? []
    }

    /// What it knows of a condition. Corresponds to `record(for:)`.
    public func record(for identifier: String) -> MonitorRecord? {
        guard let c = app.model.sessions.monitors.first(where: { $0.name == name })?.conditions.first(where: { $0.region.name == identifier }) else { return nil }
        return MonitorRecord(region: c.region, lastEvent: MonitorEvent(identifier: identifier, state: c.state, date: c.date, diagnostics: c.reported ?? []))
    }

    /// Its events. Corresponds to `events`.
    public var events: SimulatedSequence<MonitorEvent> { SimulatedSequence(feed: feed) { nil } }

    func receive(_ delivery: SessionDelivery) {
        if case .monitorEvent(_, let e) = delivery { feed.yield(e) }
    }
}

extension SessionDelivery {
    /// The structured detail of the delivery's timeline entry (JSON output): `type`
    /// (`serviceSessionDiagnostic`, `backgroundActivityDiagnostic`, `liveUpdate`, `monitorEvent`),
    /// `diagnostics` (the flags' names, comma-joined), `session` (`s2`) for sessions and streams,
    /// `latitude` and `longitude` for an update with a location, `identifier` and `state` for a
    /// monitor event.
    public var timelineDetail: [String: String] {
        func flags(_ d: Diagnostics) -> String { d.flagNames.joined(separator: ",") }
        switch self {
        case .serviceSessionDiagnostic(let id, let d):
            return ["type": "serviceSessionDiagnostic", "session": id.description, "diagnostics": flags(d)]
        case .backgroundActivityDiagnostic(let id, let d):
            return ["type": "backgroundActivityDiagnostic", "session": id.description, "diagnostics": flags(d)]
        case .liveUpdate(let id, let u):
            var detail = ["type": "liveUpdate", "session": id.description, "diagnostics": flags(u.diagnostics)]
            if let c = u.location?.coordinate {
                detail["latitude"] = "\(c.latitude)"
                detail["longitude"] = "\(c.longitude)"
            }
            return detail
        case .monitorEvent(_, let e):
            return ["type": "monitorEvent", "identifier": e.identifier, "state": e.state.rawValue, "diagnostics": flags(e.diagnostics)]
        }
    }
}
