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
    /// The call graph between methods whose receiver's type is known, for LOC021's launch chains:
    /// `Type.method` (base name) to the `Type.method` keys it calls on `self`, on a class by name, on
    /// a property or variable of a declared or initialized type, or by creating an object
    /// (`Type.init`). Calls inside a closure (other than one called at once) are not edges: the
    /// closure may run later, on a user action.
    public var typedCalls: [String: Set<String>] = [:]
    /// The types the file declares or extends (Swift `class`/`struct`/`enum`/`actor`/`extension`,
    /// Objective-C `@implementation`), so LOC021 knows whose methods it has read.
    public var declaredTypes: Set<String> = []
    /// The protocols the file declares. Swift only.
    public var declaredProtocols: Set<String> = []
    /// For each protocol (or class) named in an inheritance clause, the types of this file that
    /// declare it (`LocationManager` → `LocationManagerImpl`). Swift only.
    public var conformances: [String: Set<String>] = [:]
    /// The `Type.method` keys called (as ``typedCalls``) from a launch callback, with that callback
    /// (`application:didFinishLaunchingWithOptions:`).
    public var launchTypedCalls: [String: String] = [:]

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
        "confirmAcquired", "@main", "FinishLaunching", "LaunchOptionsKey.location", "LaunchOptionsLocationKey",
    ]

    /// The longest chain of ``typedCalls`` LOC021 follows from a launch callback: 4 calls.
    public static let maximumLaunchChainDepth = 4

    /// Records a typed call from the method `caller` (`Type.method`) to `callee`, and when the
    /// caller is a launch callback (`launchCallback`), a launch call.
    mutating func recordTypedCall(from caller: String, to callee: String, launchCallback: String?) {
        guard caller != callee else { return }
        typedCalls[caller, default: []].insert(callee)
        if let launchCallback, launchTypedCalls[callee].map({ launchCallback < $0 }) ?? true { launchTypedCalls[callee] = launchCallback }
    }

    /// `Type.method` for a method of `type` with selector-style key or base name `function`.
    static func methodKey(_ type: String, _ function: String) -> String {
        "\(type).\(function.split(separator: ":", omittingEmptySubsequences: false).first ?? "")"
    }

    /// Merges a context call, keeping the most specific context for each name.
    mutating func record(_ name: String, _ call: ContextCall) {
        callerContexts[name, default: []].insert(call.context)
        if let existing = contextCalls[name], existing.context >= call.context { return }
        contextCalls[name] = call
    }
}
