import Foundation
import Testing
import LocSim
import LocSimModel
import LocSimCoreLocation

@Suite("Only the task that runs withSimulatedApp reaches its device")
struct EnvironmentOwnershipTests {
    @Test("the async withSimulatedApp keeps its device across awaits on its own task")
    func sameTaskAcrossAwaits() async {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        let status = await withSimulatedApp(app) { () async -> CLAuthorizationStatus in
            let manager = CLLocationManager()
            await Task.yield()
            manager.requestWhenInUseAuthorization()
            await Task.yield()
            return CLLocationManager.authorizationStatus()
        }
        #expect(status == .notDetermined)
        #expect(device.promptOnScreen?.prompt.kind == .initial)   // the request reached this device
    }

    @Test("outside withSimulatedApp a manager gets a default device of its own")
    func outsideGetsDefault() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        _ = withSimulatedApp(app) { CLLocationManager() }
        let other = CLLocationManager()
        other.requestWhenInUseAuthorization()
        #expect(device.promptOnScreen == nil)
    }

    @Test("a manager created in a Task started inside withSimulatedApp stops the program, not a race")
    func taskInsideStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let device = SimulatedDevice(platform: Platform(.iOS, 18))
            let app = device.install(AppDescription(name: "Runner"))
            let task = withSimulatedApp(app) { () -> Task<Void, Never> in
                Task.detached {}   // a detached task inherits nothing: harmless
                return Task { _ = CLLocationManager() }
            }
            await task.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("a simulated device is not thread-safe"), "\(stderr)")
    }

    @Test("withAttachedApp attaches per thread, innermost first, and detaches on return")
    func attachedAppsNestPerThread() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let outer = device.install(AppDescription(name: "Outer")), inner = device.install(AppDescription(name: "Inner"))
        #expect(SimulationEnvironment.current == nil)
        final class Observed: @unchecked Sendable {
            // @unchecked: written by the other thread before it signals, read after the wait.
            var name: String?? = .none
        }
        var seen: [String?] = []
        let otherThread = Observed()
        withAttachedApp(outer) {
            seen.append(SimulationEnvironment.current?.app.name)
            withAttachedApp(inner) { seen.append(SimulationEnvironment.current?.app.name) }
            seen.append(SimulationEnvironment.current?.app.name)
            // Another thread, meanwhile, has no attachment of its own.
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                otherThread.name = .some(SimulationEnvironment.current?.app.name)
                done.signal()
            }
            thread.start()
            done.wait()
        }
        seen.append(SimulationEnvironment.current?.app.name)
        #expect(seen == ["Outer", "Inner", "Outer", nil])
        #expect(otherThread.name == .some(nil))
    }
}
