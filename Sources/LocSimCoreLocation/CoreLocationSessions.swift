import Foundation
import LocSim
import LocSimModel

// On every platform, Core Location's too: the names are this module's own, and a test build selects
// them with the LOCSIM condition (Docs/SwiftAPI.md, section 5). Never import both modules in one file.

// Core Location's iOS 17/18 names (section O of Docs/Rules.md) on LocSim's session objects. Like
// `CLLocationManager()`, each attaches to the current `SimulationEnvironment` (or a fresh default
// one). Their async sequences advance only when the simulated device's run loop turns: awaiting
// the next element turns it, and lets virtual time pass when nothing is due (see
// `SimulatedSequence`).

/// Corresponds to `CLServiceSession`.
public typealias CLServiceSession = ServiceSession
/// Corresponds to `CLBackgroundActivitySession`.
public typealias CLBackgroundActivitySession = BackgroundActivitySession
/// Corresponds to `CLLocationUpdate`.
public typealias CLLocationUpdate = LiveUpdate
/// Corresponds to `CLMonitoringState` (`CLMonitor.Event.State`).
public typealias CLMonitoringState = MonitoringState

extension ServiceSession {
    /// Corresponds to `CLServiceSession.AuthorizationRequirement`.
    public typealias AuthorizationRequirement = SessionRequirement
    /// Corresponds to `CLServiceSession.Diagnostic`.
    public typealias Diagnostic = SessionDiagnostic

    /// Holds a session asking for `authorization`. Corresponds to `CLServiceSession(authorization:)`.
    public convenience init(authorization: AuthorizationRequirement) {
        let environment = SimulationEnvironment.resolve("CLServiceSession(authorization:)")
        self.init(app: environment.app, requirement: authorization)
        withExtendedLifetime(environment) {}
    }

    /// Holds a session that also asks for temporary full accuracy with a key of
    /// `NSLocationTemporaryUsageDescriptionDictionary`.
    /// Corresponds to `CLServiceSession(authorization:fullAccuracyPurposeKey:)`.
    public convenience init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {
        let environment = SimulationEnvironment.resolve("CLServiceSession(authorization:fullAccuracyPurposeKey:)")
        self.init(app: environment.app, requirement: authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
        withExtendedLifetime(environment) {}
    }

    /// Corresponds to `CLServiceSession.session(authorization:)`.
    public static func session(authorization: AuthorizationRequirement) -> ServiceSession {
        ServiceSession(authorization: authorization)
    }

    /// Corresponds to `CLServiceSession.session(authorization:fullAccuracyPurposeKey:)`.
    public static func session(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) -> ServiceSession {
        ServiceSession(authorization: authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
    }
}

extension BackgroundActivitySession {
    /// Corresponds to `CLBackgroundActivitySession.Diagnostic`.
    public typealias Diagnostic = SessionDiagnostic

    /// Starts a session. Corresponds to `CLBackgroundActivitySession()`.
    public convenience init() {
        let environment = SimulationEnvironment.resolve("CLBackgroundActivitySession()")
        self.init(app: environment.app)
        withExtendedLifetime(environment) {}
    }

    /// Corresponds to `CLBackgroundActivitySession.backgroundActivitySession()`.
    public static func backgroundActivitySession() -> BackgroundActivitySession {
        BackgroundActivitySession()
    }
}

extension LiveUpdate {
    /// Corresponds to `CLLocationUpdate.LiveConfiguration`: the kind of activity the updates are
    /// for. LocSim delivers every fix the same way whatever the configuration.
    public enum LiveConfiguration: Hashable, Sendable {
        /// Corresponds to `.default`.
        case `default`
        /// Corresponds to `.automotiveNavigation`.
        case automotiveNavigation
        /// Corresponds to `.otherNavigation`.
        case otherNavigation
        /// Corresponds to `.fitness`.
        case fitness
        /// Corresponds to `.airborne`.
        case airborne
    }

    /// The device's location as updates, from the current environment's app: iterating asks for
    /// authorization if the app never asked (O1). Corresponds to `CLLocationUpdate.liveUpdates(_:)`.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> SimulatedSequence<LiveUpdate> {
        let environment = SimulationEnvironment.resolve("CLLocationUpdate.liveUpdates()")
        return withExtendedLifetime(environment) { environment.app.liveUpdates() }
    }

    /// Corresponds to `CLLocationUpdate.authorizationDenied`.
    public var authorizationDenied: Bool { diagnostics.contains(.authorizationDenied) }
    /// Corresponds to `CLLocationUpdate.authorizationDeniedGlobally`.
    public var authorizationDeniedGlobally: Bool { diagnostics.contains(.authorizationDeniedGlobally) }
    /// Corresponds to `CLLocationUpdate.authorizationRestricted`.
    public var authorizationRestricted: Bool { diagnostics.contains(.authorizationRestricted) }
    /// Corresponds to `CLLocationUpdate.authorizationRequestInProgress`.
    public var authorizationRequestInProgress: Bool { diagnostics.contains(.authorizationRequestInProgress) }
    /// Corresponds to `CLLocationUpdate.insufficientlyInUse`.
    public var insufficientlyInUse: Bool { diagnostics.contains(.insufficientlyInUse) }
    /// Corresponds to `CLLocationUpdate.locationUnavailable`.
    public var locationUnavailable: Bool { diagnostics.contains(.locationUnavailable) }
    /// Corresponds to `CLLocationUpdate.accuracyLimited`.
    public var accuracyLimited: Bool { diagnostics.contains(.accuracyLimited) }
    /// Corresponds to `CLLocationUpdate.serviceSessionRequired`.
    public var serviceSessionRequired: Bool { diagnostics.contains(.serviceSessionRequired) }
    /// Corresponds to `CLLocationUpdate.stationary`.
    public var stationary: Bool { diagnostics.contains(.stationary) }
    /// Corresponds to `CLLocationUpdate.isStationary` (iOS 17; deprecated in iOS 18).
    public var isStationary: Bool { stationary }
}

extension MonitorEvent {
    /// Corresponds to `CLMonitor.Event.State`.
    public typealias State = MonitoringState

    /// When the state was determined, as a `Date` (`VirtualDate`). Corresponds to `CLMonitor.Event.date`.
    public var date: Date { determinedAt }
    /// Corresponds to `CLMonitor.Event.authorizationDenied`.
    public var authorizationDenied: Bool { diagnostics.contains(.authorizationDenied) }
    /// Corresponds to `CLMonitor.Event.authorizationDeniedGlobally`.
    public var authorizationDeniedGlobally: Bool { diagnostics.contains(.authorizationDeniedGlobally) }
    /// Corresponds to `CLMonitor.Event.authorizationRestricted`.
    public var authorizationRestricted: Bool { diagnostics.contains(.authorizationRestricted) }
    /// Corresponds to `CLMonitor.Event.authorizationRequestInProgress`.
    public var authorizationRequestInProgress: Bool { diagnostics.contains(.authorizationRequestInProgress) }
    /// Corresponds to `CLMonitor.Event.insufficientlyInUse`.
    public var insufficientlyInUse: Bool { diagnostics.contains(.insufficientlyInUse) }
    /// Corresponds to `CLMonitor.Event.accuracyLimited`.
    public var accuracyLimited: Bool { diagnostics.contains(.accuracyLimited) }
    /// Corresponds to `CLMonitor.Event.conditionUnsupported`.
    public var conditionUnsupported: Bool { diagnostics.contains(.conditionUnsupported) }
    /// Corresponds to `CLMonitor.Event.conditionLimitExceeded`.
    public var conditionLimitExceeded: Bool { diagnostics.contains(.conditionLimitExceeded) }
    /// Corresponds to `CLMonitor.Event.persistenceUnavailable`.
    public var persistenceUnavailable: Bool { diagnostics.contains(.persistenceUnavailable) }
    /// Corresponds to `CLMonitor.Event.serviceSessionRequired`.
    public var serviceSessionRequired: Bool { diagnostics.contains(.serviceSessionRequired) }
}

/// A condition a monitor can watch. Corresponds to `CLCondition`.
public protocol CLCondition: Sendable {}

/// The app's monitor of one name: conditions that persist across launches, and their events (O15).
/// Its methods are `async`, as the actor Core Location's is, so code written for `CLMonitor`
/// compiles unchanged. Corresponds to `CLMonitor`.
public final class CLMonitor {
    /// The LocSim monitor behind it.
    public let monitor: Monitor

    /// A circle on the map. Corresponds to `CLMonitor.CircularGeographicCondition`.
    public struct CircularGeographicCondition: CLCondition, Hashable {
        /// Corresponds to `center`.
        public var center: CLLocationCoordinate2D
        /// Corresponds to `radius` (metres).
        public var radius: CLLocationDistance
        /// Corresponds to `init(center:radius:)`.
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }
    }

    /// Corresponds to `CLMonitor.Event`.
    public typealias Event = MonitorEvent

    /// What the monitor knows of a condition. Corresponds to `CLMonitor.Record`.
    public struct Record: Sendable {
        /// Corresponds to `condition`.
        public var condition: any CLCondition
        /// Corresponds to `lastEvent`.
        public var lastEvent: Event
    }

    /// Obtains the current environment app's monitor named `name`. Corresponds to `await CLMonitor(_:)`.
    nonisolated(nonsending)
    public init(_ name: String) async {
        let environment = SimulationEnvironment.resolve("CLMonitor(\"\(name)\")")
        monitor = withExtendedLifetime(environment) { Monitor(app: environment.app, name: name) }
    }

    /// Corresponds to `name`.
    public var name: String { monitor.name }

    /// Adds a condition. Corresponds to `add(_:identifier:assuming:)`.
    nonisolated(nonsending)
    public func add(_ condition: any CLCondition, identifier: String, assuming state: Event.State = .unknown) async {
        guard let circle = condition as? CircularGeographicCondition else {
            preconditionFailure("LocSim monitors circular geographic conditions only (O15); \(type(of: condition)) is not simulated")
        }
        monitor.add(Region(name: identifier, center: circle.center, radius: circle.radius), assuming: state)
    }

    /// Removes a condition. Corresponds to `remove(_:)`.
    nonisolated(nonsending)
    public func remove(_ identifier: String) async { monitor.remove(identifier) }

    /// The identifiers of its conditions. Corresponds to `identifiers`.
    public var identifiers: [String] { get async { monitor.identifiers } }

    /// What it knows of a condition. Corresponds to `record(for:)`.
    nonisolated(nonsending)
    public func record(for identifier: String) async -> Record? {
        guard let r = monitor.record(for: identifier) else { return nil }
        return Record(condition: CircularGeographicCondition(center: r.region.center, radius: r.region.radius), lastEvent: r.lastEvent)
    }

    /// Its events. Corresponds to `events`.
    public var events: SimulatedSequence<Event> { get async { monitor.events } }
}
