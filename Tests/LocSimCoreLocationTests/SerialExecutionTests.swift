import Foundation
import Testing
import LocSim
import LocSimModel
import LocSimCoreLocation

/// App code is tasks: inside the async `withSimulatedApp` they reach the simulated device one at a
/// time, attached to its app. (In a test process, which runs other tests at the same time, only
/// app code's jobs take the serial executor, so the order of its tasks is not fixed there; an
/// exploration's child process takes every job.)
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
            tasks.append(Task {
                // Nonisolated child tasks of app code run on the serial executor too.
                async let a: Int = { await Task.yield(); return 1 }()
                async let b: Int = { await Task.yield(); return 2 }()
                let sum = await a + b
                record("async let \(sum)")
            })
        }

        func record(_ text: String) { order.append(text) }
    }

    /// One run: what app code's tasks recorded, the device's timeline, the managers attached.
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
    @Test("tasks started inside the async withSimulatedApp attach to its app, in the same order every run (20 runs)")
    func tasksAttach() async {
        let before = SerialExecution.forwarded
        let first = await Self.run()
        for _ in 0..<20 {
            let run = await Self.run()
            #expect(run.managers == 4, "every task's manager attached to the simulated app")
            #expect(Set(run.order) == ["manager 0", "manager 1", "manager 2", "manager 3", "async let 3"], "\(run.order)")
            #expect(app(run.timeline, shows: "requestWhenInUseAuthorization"), "\(run.timeline)")
            #expect(run.order == first.order && run.timeline == first.timeline, "\(run.order) \(first.order)")
        }
        #expect(SerialExecution.forwarded > before, "the app's nonisolated jobs went through the serial executor")
    }

    /// A view model on the main actor whose task calls a nonisolated async function, as a
    /// `.task {}` calling a location service does: the task leaves the main actor.
    @MainActor final class ViewModel {
        var ranOnMainQueue: [Bool] = []
        var task: Task<Void, Never>?

        func appear() {
            task = Task {
                let seen = await Locator().locate()
                ranOnMainQueue.append(contentsOf: seen)
            }
        }
    }

    final class Locator: Sendable {
        nonisolated func locate() async -> [Bool] {
            var seen = [DispatchQueue.getSpecific(key: SerialExecutionTests.mainQueue) != nil]
            await Task.yield()
            let manager = CLLocationManager()
            manager.requestWhenInUseAuthorization()
            seen.append(DispatchQueue.getSpecific(key: SerialExecutionTests.mainQueue) != nil)
            return seen
        }
    }

    static let mainQueue: DispatchSpecificKey<Int> = {
        let key = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    @MainActor
    @Test("a main-actor task of app code that calls a nonisolated async function runs it on the serial executor (the main queue), attached (20 runs)")
    func leavingTheMainActor() async {
        _ = Self.mainQueue
        for _ in 0..<20 {
            let device = SimulatedDevice(platform: Platform(.iOS, 18))
            let app = device.install(AppDescription(name: "Leaves"))
            let model = ViewModel()
            await withSimulatedApp(app) {
                model.appear()
                await model.task?.value
            }
            #expect(model.ranOnMainQueue == [true, true], "the nonisolated function ran on another queue, in parallel with the test: \(model.ranOnMainQueue)")
            #expect(app.model.prompts.onScreen != nil, "its manager attached to the simulated app and asked")
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
        SerialExecution.release()
    }
}
