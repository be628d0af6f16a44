import LocSimModel

/// Checks on when a request runs and how its answer is delivered: a request at launch or while
/// the first screen is created (LOC021), `requestAlwaysAuthorization()` in the authorization
/// callback's When In Use branch (LOC022) and an answer forged by a timer (LOC023). They need no
/// Info.plist and also run for sources outside every target.
enum FlowChecks {
    /// The types created when the app starts or builds its first screen, across the scanned
    /// files: every ``SourceScan/rootTypes``, the classes a main storyboard shows first, and the types their stored properties create
    /// (``SourceScan/ownedTypes``, one level).
    struct LaunchTypes {
        /// The `@main` type, the first screen's views and view controllers.
        var roots: Set<String> = []
        /// Types a root's stored properties create, with the root that creates them.
        var owned: [String: String] = [:]
        /// Methods each type calls on itself while a screen is created, with the phase.
        var screenCalls: [String: [String: String]] = [:]
        /// Methods (`Type.method`) reached from a launch callback through typed calls
        /// (``SourceScan/typedCalls``, at most ``SourceScan/maximumLaunchChainDepth`` calls), with
        /// the shortest chain in words (`application:didFinishLaunchingWithOptions: → A.start → B.startUpdates`).
        var launchChains: [String: String] = [:]
        /// Methods (`Type.method`) reached from a first-screen phase (`init`, `viewDidLoad`,
        /// `viewWillAppear`, `viewDidAppear`, `loadView`, SwiftUI `onAppear`/`task`) of a root type
        /// through typed calls, with the shortest chain (`ContentView.onAppear → LocationModel.start`).
        var screenChains: [String: String] = [:]

        /// The phases of a first screen that chains start from, as method base names.
        static let screenPhases = ["body", "init", "loadView", "onAppear", "task", "viewDidAppear", "viewDidLoad", "viewWillAppear"]

        /// The roots of `scans` and the first-screen classes of the targets' main storyboards.
        init(_ scans: [SourceScan], storyboardRoots: Set<String> = []) {
            roots = storyboardRoots
            for scan in scans {
                roots.formUnion(scan.rootTypes)
                for (type, calls) in scan.screenCalls { screenCalls[type, default: [:]].merge(calls) { a, b in min(a, b) } }
            }
            let graph = Self.graph(scans)
            launchChains = Self.chains(scans, graph: graph)
            var starts = [String: String]()
            for root in roots.sorted() {
                for phase in Self.screenPhases where graph[SourceScan.methodKey(root, phase)] != nil {
                    let key = SourceScan.methodKey(root, phase)
                    starts[key] = key
                }
            }
            // The phases themselves are not chains; what they call is.
            screenChains = Self.follow(graph, from: starts, depth: SourceScan.maximumLaunchChainDepth).filter { starts[$0.key] == nil }
            for scan in scans {
                for (owner, types) in scan.ownedTypes where roots.contains(owner) {
                    for type in types where !roots.contains(type) && owned[type].map({ owner < $0 }) ?? true { owned[type] = owner }
                }
            }
        }

        /// Breadth-first from the launch callbacks' typed calls, in sorted order, so each method
        /// gets its shortest chain (the first in order among equally short ones); a method is
        /// visited once, so recursion ends.
        static func chains(_ scans: [SourceScan], graph: [String: Set<String>]) -> [String: String] {
            var starts = [String: String]()
            for scan in scans {
                for (callee, callback) in scan.launchTypedCalls where starts[callee].map({ callback < $0 }) ?? true { starts[callee] = callback }
            }
            return follow(graph, from: starts.reduce(into: [:]) { $0[$1.key] = "\($1.value) → \($1.key)" }, depth: SourceScan.maximumLaunchChainDepth - 1)
        }

        /// The typed-call graph of `scans`, with a call to a protocol's method (`LocationManager.request`)
        /// also reaching that method of the one type that declares the protocol, when there is
        /// exactly one besides test doubles (`LocationManagerImpl.request`, not `LocationManagerMock`):
        /// the object a protocol-typed property holds;
        /// and a SwiftUI view's creation reaching its `body`, `.onAppear` and `.task`.
        static func graph(_ scans: [SourceScan]) -> [String: Set<String>] {
            var graph = [String: Set<String>]()
            var conformers = [String: Set<String>]()
            for scan in scans {
                for (caller, callees) in scan.typedCalls { graph[caller, default: []].formUnion(callees) }
                for (protocolName, types) in scan.conformances { conformers[protocolName, default: []].formUnion(types) }
            }
            // A SwiftUI view created where a screen is built is shown with it: its body and
            // `.onAppear`/`.task` follow its creation.
            for view in conformers["View"] ?? [] {
                for phase in ["body", "onAppear", "task"] where graph["\(view).\(phase)"] != nil { graph["\(view).init", default: []].insert("\(view).\(phase)") }
            }
            let callees = Set(graph.values.flatMap { $0 })
            for callee in callees {
                let parts = callee.split(separator: ".", maxSplits: 1)
                // Test doubles (`LocationManagerMock`) are not what the app holds.
                let types = (conformers[String(parts[0])] ?? []).filter { name in !["Mock", "Fake", "Stub", "Spy", "Dummy"].contains { name.hasSuffix($0) } }
                guard parts.count == 2, types.count == 1, let type = types.first else { continue }
                graph[callee, default: []].insert("\(type).\(parts[1])")
            }
            return graph
        }

        /// Breadth-first through `graph` from `starts` (key → its chain in words), `depth` calls
        /// further, in sorted order, so each method gets its shortest chain; each is visited once.
        static func follow(_ graph: [String: Set<String>], from starts: [String: String], depth: Int) -> [String: String] {
            var chains = starts
            var frontier = starts.keys.sorted()
            for _ in 0..<max(0, depth) {
                var next = [String]()
                for caller in frontier {
                    for callee in (graph[caller] ?? []).sorted() where chains[callee] == nil {
                        chains[callee] = "\(chains[caller] ?? caller) → \(callee)"
                        next.append(callee)
                    }
                }
                frontier = next
            }
            return chains
        }
    }

    /// The callbacks that report authorization changes (and fire when a manager is created, C2).
    static let authorizationCallbacks: Set<String> = [
        "locationManagerDidChangeAuthorization:", "locationManager:didChangeAuthorization:", "locationManager:didChangeAuthorizationStatus:",
    ]

    static func run(_ events: [SourceEvent], launchTypes: LaunchTypes) -> [Finding] {
        var findings = [Finding]()
        for event in events {
            switch event.kind {
            case .request(let kind, let api) where SourceChecks.explicitRequestAPIs.contains(api):
                let call = "\(api)()"
                if let when = launchMoment(of: event, launchTypes) {
                    findings.append(SourceChecks.make(CheckCatalog.requestAtLaunch,
                        "\(call) runs \(when), before the user has asked for anything that needs location: ask when the user starts a location feature (seed 002: request authorization only when the user needs location services)", event.location))
                }
                if kind == .always, let function = event.enclosingFunction, authorizationCallbacks.contains(function),
                   event.branchStatuses.contains("authorizedWhenInUse") {
                    findings.append(SourceChecks.make(CheckCatalog.alwaysRequestInAuthorizationCallback,
                        "\(call) in \(function) whenever the status is .authorizedWhenInUse: the callback also fires when a CLLocationManager is created (C2), so the Always prompt appears with no user action, and after Allow Once the request is ignored (E8); ask for Always when the user turns on a feature that needs it", event.location))
                }
            case .timedStatusAnswer(let status, let timer):
                findings.append(SourceChecks.make(CheckCatalog.timedAuthorizationAnswer,
                    "an authorization answer (.\(status)) is delivered from a timer (\(timer)): the user never chose it, and the prompt may still be on screen; a request that has no effect never answers (C12), so on timeout report the real authorizationStatus or that no answer came", event.location))
            default:
                continue
            }
        }
        return findings
    }

    /// When an event runs at launch or as the first screen is created, in words; `nil` otherwise.
    static func launchMoment(of event: SourceEvent, _ launchTypes: LaunchTypes) -> String? {
        if event.context == .launch || event.callerContexts.contains(.launch) {
            return "at launch (\(event.contextName ?? event.enclosingFunction ?? "a launch callback"))"
        }
        guard let type = event.enclosingType else { return nil }
        if let moment = screenMoment(of: event, type: type, launchTypes) { return moment }
        let function = event.enclosingFunction ?? (event.screenPhase == "init" ? "init" : nil)
        if let function, let chain = launchTypes.launchChains[SourceScan.methodKey(type, function)] {
            return "at launch (\(chain))"
        }
        if let function, let chain = launchTypes.screenChains[SourceScan.methodKey(type, function)] {
            return "as the app's first screen is shown (\(chain))"
        }
        return nil
    }

    /// When an event of `type` runs as the first screen or an object it owns is created, in words.
    static func screenMoment(of event: SourceEvent, type: String, _ launchTypes: LaunchTypes) -> String? {
        if event.screenPhase == nil, launchTypes.roots.contains(type), let function = event.enclosingFunction,
           let base = function.split(separator: ":").first, let phase = launchTypes.screenCalls[type]?[String(base)] {
            let from = phase == "init" ? "when \(type) is created" : "from \(type).\(phase)"
            return "in \(function), called \(from), which is part of the app's first screen"
        }
        guard let phase = event.screenPhase else { return nil }
        if launchTypes.roots.contains(type) {
            let what = phase == "init" ? "when \(type) is created" : "in \(type).\(phase)"
            return "\(what), which is part of the app's first screen"
        }
        if phase == "init", let owner = launchTypes.owned[type] {
            return "when \(type) is created, and \(owner), part of the app's first screen, creates one in a stored property"
        }
        return nil
    }
}
