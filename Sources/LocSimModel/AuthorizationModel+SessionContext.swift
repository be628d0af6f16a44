// What the diagnostics of section O read, derived once: the platform's and parameters' answers
// when the configuration is made (`SessionRules`), the state's answers once per settle or move
// (`SessionContext`). Settling used to re-derive the status, in-use and the shared flags for
// every session, stream and condition; each object now combines a few ready bits.

/// The section-O answers of a platform, its parameters and an Info.plist, computed once per
/// ``ModelConfiguration`` (they never change as events arrive).
struct SessionRules: Sendable {
    /// The iOS release of the platform's year (see ``AuthorizationModel/sectionOYear``).
    let year: Int
    /// iOS 18 and the releases of its year: diagnostics and the session rules (O2, O7, O9, O12).
    let apply: Bool
    /// The app opted into explicit sessions with a key the device honours (O9).
    let requiresExplicitSession: Bool
    /// ``DeviceParameters/monitorConditionLimit``.
    let monitorConditionLimit: Int
    /// The flag every monitor event carries because of the device: `persistenceUnavailable`
    /// when ``DeviceParameters/monitorPersistenceAvailable`` is false, else none.
    let monitorDeviceFlags: Diagnostics
    /// ``DeviceParameters/outOfUseLiveUpdatesDiagnostic``.
    let outOfUseDiagnostic: Diagnostics

    init(platform: Platform, parameters: DeviceParameters, app: AppDescription) {
        let major = platform.major
        switch platform.os {
        case .iOS, .tvOS: year = major
        case .watchOS: year = major >= 26 ? major : major + 7
        case .visionOS: year = major >= 26 ? major : major + 16
        case .macOS: year = major >= 26 ? major : major + 3
        }
        apply = year >= 18
        requiresExplicitSession = apply && !app.explicitServiceSessionKeys.isDisjoint(with: parameters.honoredExplicitSessionKeys)
        monitorConditionLimit = parameters.monitorConditionLimit
        monitorDeviceFlags = parameters.monitorPersistenceAvailable ? [] : .persistenceUnavailable
        outOfUseDiagnostic = parameters.outOfUseLiveUpdatesDiagnostic
    }

    /// Whether every answer but ``year`` is the same as `other`'s (``ModelConfiguration/derivesAlike(_:)``).
    func alikeButYear(_ other: SessionRules) -> Bool {
        apply == other.apply && requiresExplicitSession == other.requiresExplicitSession
            && monitorConditionLimit == other.monitorConditionLimit && monitorDeviceFlags == other.monitorDeviceFlags
            && outOfUseDiagnostic == other.outOfUseDiagnostic
    }

    /// The stored properties ``alikeButYear(_:)`` compares, with `year`: a test compares these
    /// with the type's own.
    static let comparedProperties = ["year", "apply", "requiresExplicitSession", "monitorConditionLimit", "monitorDeviceFlags", "outOfUseDiagnostic"]
}

/// What the diagnostics of every section-O object share at one moment (O2, O7, O12, O13, O15),
/// derived from the state once and read by each session, stream and condition.
struct SessionContext {
    /// Denied, globally denied, restricted, a request in progress (O12).
    let authorizationFlags: Diagnostics
    /// The status is Always or When In Use.
    let authorized: Bool
    /// The app is in use (I1).
    let inUse: Bool
    /// The app has reduced accuracy (K1).
    let reduced: Bool
    /// An explicit-session app lacks the session it needs (O4, O9).
    let lacksRequiredSession: Bool
    /// Always reaches live updates and monitor events out of use (O7, A8).
    let alwaysEffective: Bool
    /// The one Always request was spent and the app has When In Use: a `.always` session was refused (O12).
    let alwaysRefused: Bool

    /// The diagnostic of a service session with these fields (O4, O6, O7, O12).
    func diagnostics(of requirement: SessionRequirement, engaged: Bool, fullAccuracyAsked: Bool) -> Diagnostics {
        var d = authorizationFlags
        let alwaysCovers = requirement == .always && alwaysEffective
        if !engaged || (!inUse && !alwaysCovers) { d.insert(.insufficientlyInUse) }
        // O4: `.none` sessions satisfy the explicit-session requirement only once the app is authorized.
        if requirement == .none, lacksRequiredSession { d.insert(.serviceSessionRequired) }
        if fullAccuracyAsked, reduced, !d.contains(.authorizationRequestInProgress) { d.insert(.fullAccuracyDenied) }
        if requirement == .always, alwaysRefused, !d.contains(.authorizationRequestInProgress) { d.insert(.alwaysAuthorizationDenied) }
        return d
    }

    /// The diagnostic of a background activity session (O13).
    func backgroundActivityDiagnostics(engaged: Bool) -> Diagnostics {
        var d = authorizationFlags
        if !engaged { d.insert(.insufficientlyInUse) }
        if lacksRequiredSession { d.insert(.serviceSessionRequired) }
        return d
    }

    /// The flags live updates and monitor events carry now, before the per-object ones
    /// (`locationUnavailable`, `stationary`, the condition's) (O2, O7, O10, O14, O15).
    func streamFlags(_ rules: SessionRules) -> Diagnostics {
        var d = authorizationFlags
        if lacksRequiredSession { d.insert(.serviceSessionRequired) }
        if authorized {
            if !inUse && !alwaysEffective { d.insert(rules.outOfUseDiagnostic) }
            if reduced { d.insert(.accuracyLimited) }
        }
        return d
    }

    /// Whether a stream with these flags gets locations: authorized, and no flag but the
    /// informative ones.
    @inline(__always)
    func deliverable(_ flags: Diagnostics) -> Bool {
        authorized && flags.isDisjoint(with: .blocking)
    }
}

extension AuthorizationModel {
    /// The shared inputs of the diagnostics, from the state now.
    mutating func sessionContext() -> SessionContext {
        let status = currentStatus()
        let authorized = status.isAuthorized
        return SessionContext(authorizationFlags: authorizationFlags(status: status), authorized: authorized, inUse: currentInUse(),
                              reduced: accuracy == .reducedAccuracy, lacksRequiredSession: lacksRequiredSession(authorized: authorized),
                              alwaysEffective: alwaysEffective(status: status),
                              alwaysRefused: record.alwaysRequestSpent && status == .authorizedWhenInUse)
    }
}
