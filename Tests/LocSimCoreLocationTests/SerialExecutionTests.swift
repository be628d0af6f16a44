import Foundation
import Testing
import LocSim
import LocSimModel
import LocSimCoreLocation

/// App code is tasks: inside the async `withSimulatedApp` they reach the simulated device one at a
/// time, attached to its app, in the same order every run.
@Suite("SerialExecution runs app code's tasks one at a time, attached to the simulated app")
struct SerialExecutionTests {
    /// App code that starts tasks: each makes a manager or a session and asks, as view models do.
    @MainActor final class TaskStartingApp {
        var tasks: [Task<Void, Never>] = []
        var order: [String] = []

        func start() {
            for i in 0..<4 {
                tasks.append(Task {
                    await Task.yield()
                    let manager = CLLocationManager()
                    order.append("manager \(i)")
                    await Task.yield()
                    if i == 2 { manager.requestWhenInUseAuthorization() }
                })
            }
            tasks.append(Task.detached { [weak self] in
                // Nonisolated work too runs on the serial executor while it is on.
                async let a: Int = { await Task.yield(); return 1 }()
                async let b: Int = { await Task.yield(); return 2 }()
                let sum = await a + b
                await self?.record("async let \(sum)")
            })
        }

        func record(_ text: String) { order.append(text) }
    }

    /// One run: the order app code's tasks reached the device in, and the device's timeline.
    @MainActor static func run() async -> (order: [String], timeline: String, managers: Int) {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        device.recordsTimeline = true
        let app = device.install(AppDescription(name: "Tasks"))
        let code = TaskStartingApp()
        await withSimulatedApp(app) {
            code.start()
            for task in code.tasks { await task.value }
        }
        return (code.order, device.timeline.text, app.model.services.managers.count)
    }

    @MainActor
    @Test("tasks started inside the async withSimulatedApp attach to its app; 100 runs give one order and one timeline")
    func deterministicAcrossRuns() async {
        let first = await Self.run()
        #expect(first.managers == 4, "every task's manager attached to the simulated app")
        #expect(first.order.count == 5, "\(first.order)")
        #expect(app(first.timeline, shows: "requestWhenInUseAuthorization"), "\(first.timeline)")
        for _ in 1..<100 {
            let again = await Self.run()
            #expect(again.order == first.order)
            #expect(again.timeline == first.timeline)
        }
    }

    func app(_ timeline: String, shows call: String) -> Bool { timeline.contains(call) }

    @Test("the serial executor's scopes are counted: an inner scope ending leaves an outer one on")
    func scopesAreCounted() async {
        SerialExecution.retain()
        SerialExecution.retain()
        #expect(SerialExecution.isOn)
        SerialExecution.release()
        #expect(SerialExecution.isOn)
        let before = SerialExecution.forwarded
        await Task.detached { await Task.yield() }.value
        #expect(SerialExecution.forwarded > before, "a detached task's jobs went through the serial executor")
        SerialExecution.release()
    }
}
