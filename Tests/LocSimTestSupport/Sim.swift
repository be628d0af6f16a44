import LocSim
import LocSimModel
import LocSimModelTestSupport

extension Rig {
    /// Records what a delegate receives: each kind of call in its own list, and every call in
    /// order in ``log`` (`auth(notDetermined)`, `locations(1)`, `error(denied)`, `enter(home)`,
    /// `exit(home)`, `visit`, `monitoringFailed(denied)`).
    ///
    /// It implements `locationManagerDidChangeAuthorization(_:)`, so the deprecated
    /// `locationManager(_:didChangeAuthorization:)` is not forwarded to (C1): a test of the
    /// forwarding uses a delegate that implements only the old method.
    public final class Recorder: LocationManagerDelegate {
        public var statuses: [AuthorizationStatus] = []
        public var accuracies: [AccuracyAuthorization] = []
        public var deprecatedStatuses: [AuthorizationStatus] = []
        public var locations: [[Location]] = []
        public var errors: [LocationErrorCode] = []
        public var entered: [String] = []
        public var exited: [String] = []
        public var visits: [Visit] = []
        public var monitoringFailures: [LocationErrorCode] = []
        /// Every call, in the order it arrived.
        public var log: [String] = []

        public init() {}

        public func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
            statuses.append(manager.authorizationStatus)
            accuracies.append(manager.accuracyAuthorization)
            log.append("auth(\(manager.authorizationStatus))")
        }
        public func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) {
            deprecatedStatuses.append(status)
            log.append("deprecatedAuth(\(status))")
        }
        public func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
            self.locations.append(locations)
            log.append("locations(\(locations.count))")
        }
        public func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {
            let code = (error as? LocationError)?.code
            errors.append(code ?? .historicalLocationError)
            log.append("error(\(code?.description ?? "?"))")
        }
        public func locationManager(_ manager: LocationManager, didEnterRegion region: Region) {
            entered.append(region.name)
            log.append("enter(\(region.name))")
        }
        public func locationManager(_ manager: LocationManager, didExitRegion region: Region) {
            exited.append(region.name)
            log.append("exit(\(region.name))")
        }
        public func locationManager(_ manager: LocationManager, didVisit visit: Visit) {
            visits.append(visit)
            log.append("visit")
        }
        public func locationManager(_ manager: LocationManager, monitoringDidFailFor region: Region?, withError error: any Error) {
            let code = (error as? LocationError)?.code
            monitoringFailures.append(code ?? .historicalLocationError)
            log.append("monitoringFailed(\(code?.description ?? "?"))")
        }
    }

    /// A simulated device with one app; each launch creates manager `main` with ``recorder`` as its delegate.
    public final class Sim {
        public let device: SimulatedDevice
        public let app: SimulatedApp
        public let recorder = Recorder()
        /// The manager of the current launch.
        public var manager: LocationManager!
        /// Run on the new manager at each launch, after the delegate is set.
        public var onLaunch: ((LocationManager) -> Void)?

        public convenience init(_ platform: Platform = Platform(.iOS, 18), parameters: DeviceParameters = DeviceParameters(),
                                app description: AppDescription = Rig.app, location: Coordinate? = nil, user: ScriptedUser = ScriptedUser()) {
            self.init(on: SimulatedDevice(platform: platform, parameters: parameters, user: user, location: location), app: description)
        }

        /// Installs `description` as another app on `device` (for rules about every app of a device).
        public init(on device: SimulatedDevice, app description: AppDescription) {
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
        public func call(_ body: (LocationManager) -> Void) {
            body(manager)
            device.run()
        }

        /// The delegate calls `main` received, as timeline text (`didChangeAuthorization(denied)`).
        public var callbacks: [String] { device.timeline.callbacks(of: "main").map(\.description) }

        /// Timeline lines of one kind.
        public func entries(_ kind: TimelineEntry.Kind) -> [String] {
            device.timeline.entries.filter { $0.kind == kind }.map(\.text)
        }
    }
}
