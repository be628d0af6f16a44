import LocSim
import LocSimModel

/// Fixtures shared by the rule tests of SPEC sections G–P: a launched pure model, and a simulated
/// device whose app creates one manager (`main`) with a recording delegate at every launch.
enum Rig {
    /// The first manager an app creates.
    static let manager = ManagerID(0)

    /// A purpose string per key, each different, so a test can tell which key a prompt shows.
    static let purposeStrings: [PurposeKey: String] = [
        .whenInUse: "WIU: shows you on the map.",
        .alwaysAndWhenInUse: "ALWAYS+WIU: records trips in the background.",
        .always: "ALWAYS (legacy): records trips in the background.",
        .usage: "USAGE (macOS): shows you on the map.",
    ]

    /// An app that declares every key with a distinct string and the `location` background mode.
    static let app = AppDescription(name: "Trails", purposeStrings: purposeStrings, backgroundModes: ["location"])

    /// A point and a second one about 1.1 km north of it.
    static let here = Coordinate(latitude: 37.3349, longitude: -122.0090)
    static let there = Coordinate(latitude: 37.3449, longitude: -122.0090)

    /// A model whose app runs in the foreground and created manager #0 with a delegate; the
    /// creation callback is consumed.
    static func model(_ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                      parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = AuthorizationModel(platform: platform, app: app, parameters: parameters)
        _ = m.handle(.appLaunched)
        _ = m.handle(.appCreatedManager(manager, hasDelegate: true))
        return m
    }

    /// The authorization callback to manager #0.
    static func auth(_ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization = .fullAccuracy,
                     changed: Bool = true, _ id: ManagerID = Rig.manager) -> Effect {
        .delegate(id, .didChangeAuthorization(status, accuracy: accuracy, statusChanged: changed))
    }

    /// The delegate calls among `effects`.
    static func calls(_ effects: [Effect]) -> [DelegateCall] {
        effects.compactMap { if case .delegate(_, let call) = $0 { call } else { nil } }
    }

    /// The prompts shown among `effects`.
    static func prompts(_ effects: [Effect]) -> [Prompt] {
        effects.compactMap { if case .promptShown(let p) = $0 { p } else { nil } }
    }

    /// Records what a delegate receives.
    final class Recorder: LocationManagerDelegate {
        var statuses: [AuthorizationStatus] = []
        var accuracies: [AccuracyAuthorization] = []
        var deprecatedStatuses: [AuthorizationStatus] = []
        var locations: [[Location]] = []
        var errors: [LocationErrorCode] = []
        var entered: [String] = []
        var exited: [String] = []
        var visits: [Visit] = []
        var monitoringFailures: [LocationErrorCode] = []

        func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
            statuses.append(manager.authorizationStatus)
            accuracies.append(manager.accuracyAuthorization)
        }
        func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) { deprecatedStatuses.append(status) }
        func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) { self.locations.append(locations) }
        func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {
            errors.append((error as? LocationError)?.code ?? .historicalLocationError)
        }
        func locationManager(_ manager: LocationManager, didEnterRegion region: Region) { entered.append(region.name) }
        func locationManager(_ manager: LocationManager, didExitRegion region: Region) { exited.append(region.name) }
        func locationManager(_ manager: LocationManager, didVisit visit: Visit) { visits.append(visit) }
        func locationManager(_ manager: LocationManager, monitoringDidFailFor region: Region?, withError error: any Error) {
            monitoringFailures.append((error as? LocationError)?.code ?? .historicalLocationError)
        }
    }

    /// A simulated device with one app; each launch creates manager `main` with ``recorder`` as its delegate.
    final class Sim {
        let device: SimulatedDevice
        let app: SimulatedApp
        let recorder = Recorder()
        /// The manager of the current launch.
        var manager: LocationManager!
        /// Run on the new manager at each launch, after the delegate is set.
        var onLaunch: ((LocationManager) -> Void)?

        convenience init(_ platform: Platform = Platform(.iOS, 18), parameters: DeviceParameters = DeviceParameters(),
                         app description: AppDescription = Rig.app, location: Coordinate? = nil, user: ScriptedUser = ScriptedUser()) {
            self.init(on: SimulatedDevice(platform: platform, parameters: parameters, user: user, location: location), app: description)
        }

        /// Installs `description` as another app on `device` (for rules about every app of a device).
        init(on device: SimulatedDevice, app description: AppDescription) {
            self.device = device
            app = device.install(description)
            app.onLaunch = { [unowned self] app in
                let m = LocationManager(app: app)
                m.delegate = self.recorder
                self.manager = m
                self.onLaunch?(m)
            }
        }

        /// The app's manager calls something; the run loop then turns, delivering its callbacks.
        func call(_ body: (LocationManager) -> Void) {
            body(manager)
            device.run()
        }

        /// The delegate calls `main` received, as timeline text (`didChangeAuthorization(denied)`).
        var callbacks: [String] { device.timeline.callbacks(of: "main").map(\.description) }

        /// Timeline lines of one kind.
        func entries(_ kind: TimelineEntry.Kind) -> [String] {
            device.timeline.entries.filter { $0.kind == kind }.map(\.text)
        }
    }
}
