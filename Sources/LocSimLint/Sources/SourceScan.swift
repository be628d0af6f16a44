/// What scanning one source file found: location events, and the lifecycle contexts from which
/// it calls other functions (to give one level of indirection: `sceneDidBecomeActive` calling
/// `requestPermission()` which calls `requestWhenInUseAuthorization()`).
public struct SourceScan: Hashable, Sendable {
    /// The location-related calls.
    public var events: [SourceEvent]
    /// Function base names called from a lifecycle context, with that context and its callback.
    public var contextCalls: [String: ContextCall]
    /// Parts of the file that were not analysed, and why.
    public var notes: [SourceNote]
    /// Function base names called from a lifecycle context, with every such context (where
    /// ``contextCalls`` keeps only the most specific one).
    public var callerContexts: [String: Set<CallContext>] = [:]
    /// Types created when the app starts or its first screen is built: the `@main` (or
    /// `@UIApplicationMain`) type, the views named in a SwiftUI `App`'s `body`, and view
    /// controllers assigned to `rootViewController` at launch. Swift only.
    public var rootTypes: Set<String> = []
    /// For each type, the types its stored properties create in their initial values
    /// (`@StateObject var model = LocationModel()` gives `LocationModel`). Swift only.
    public var ownedTypes: [String: Set<String>] = [:]
    /// Methods a type calls on itself while a screen is created, by type, then method base name,
    /// with the phase they are called from (`viewDidAppear:`): one level of indirection for LOC021.
    public var screenCalls: [String: [String: String]] = [:]

    /// A call made from a lifecycle context.
    public struct ContextCall: Hashable, Sendable {
        /// The context.
        public var context: CallContext
        /// The callback or observer (`sceneDidBecomeActive:`).
        public var name: String
    }

    /// Creates a scan result.
    public init(events: [SourceEvent] = [], contextCalls: [String: ContextCall] = [:], notes: [SourceNote] = []) {
        self.events = events
        self.contextCalls = contextCalls
        self.notes = notes
    }

    /// Identifiers that make a file worth parsing; a file with none of them is skipped unread.
    public static let interestingIdentifiers = [
        "Authorization", "allowsBackgroundLocationUpdates", "startMonitoring", "CLServiceSession", "liveUpdates",
        "CLBackgroundActivitySession", "CLMonitor", "BecomeActive", "EnterForeground", "EnterBackground", "performFetch", "didEnterRegion", "didExitRegion", "didVisit",
        "confirmAcquired", "@main", "FinishLaunching",
    ]

    /// Merges a context call, keeping the most specific context for each name.
    mutating func record(_ name: String, _ call: ContextCall) {
        callerContexts[name, default: []].insert(call.context)
        if let existing = contextCalls[name], existing.context >= call.context { return }
        contextCalls[name] = call
    }
}
