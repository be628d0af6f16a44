import LocSim
import LocSimModel
import LocSimTesting
import Testing
import XCTest

/// A view model written as an iOS developer would, against the `CL…` names.
final class PermissionViewModel: CLLocationManagerDelegate {
    let manager = CLLocationManager()
    private(set) var status: CLAuthorizationStatus = .notDetermined
    init() { manager.delegate = self }
    func askForLocation() { manager.requestWhenInUseAuthorization() }
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) { status = manager.authorizationStatus }
    // Before iOS 14 only the deprecated callback is called (C1).
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) { self.status = status }
}

/// The `.simulatedDevice` trait and the XCTest helper.
@Suite("The simulated-device test trait")
struct SimulatedDeviceTraitTests {
    @Test("D1: the trait gives a device, an app and CLLocationManager() attached to it; the queued answer is given",
          .simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))
    func traitAttachesManagers() throws {
        let device = try #require(SimulatedDevice.current)
        let app = try #require(SimulatedApp.current)
        #expect(device.platform == .iOS(18))
        #expect(app.state == .foreground)
        let viewModel = PermissionViewModel()
        #expect(viewModel.manager.app === app)
        viewModel.askForLocation()
        device.run()
        #expect(viewModel.status == .authorizedWhenInUse)
        #expect(device.promptOnScreen == nil)
    }

    @Test("F1, F7: every answer to the first prompt on iOS 18, each on a fresh device",
          .simulatedDevice(.iOS(18)), arguments: UserChoice.initialChoices(on: .iOS(18)))
    func everyInitialChoice(_ choice: UserChoice) throws {
        let device = try #require(SimulatedDevice.current)
        #expect(device.timeline.entries.allSatisfy { !$0.text.contains("choose") })
        let viewModel = PermissionViewModel()
        viewModel.askForLocation()
        device.user.willChoose(choice)   // answered at once: the prompt is on screen
        let expected: [UserChoice: CLAuthorizationStatus] = [.allowOnce: .authorizedWhenInUse, .allowWhileUsing: .authorizedWhenInUse,
                                                             .dontAllow: .denied]
        #expect(viewModel.status == expected[choice])
    }

    @Test("F1–F7: every prompt generation's first prompt can be answered with its own buttons",
          arguments: Platform.everyGeneration)
    func everyGeneration(_ platform: Platform) throws {
        #expect(platform.isKnownRelease)
        let buttons = UserChoice.initialChoices(on: platform)
        #expect(buttons.contains(.dontAllow))
        let environment = SimulationEnvironment.makeDefault(platform: platform)
        withSimulatedApp(environment.app) {
            let viewModel = PermissionViewModel()
            viewModel.askForLocation()
            environment.device.user.willChoose(.dontAllow)
            #expect(viewModel.status == .denied)
        }
        #expect(environment.device.rejections.isEmpty)
    }

    @Test("outside the trait there is no current device")
    func noCurrentDeviceOutside() {
        #expect(SimulatedDevice.current == nil)
        #expect(SimulatedApp.current == nil)
    }
}

/// The XCTest helper, for teams on XCTest.
final class SimulatedDeviceXCTests: XCTestCase {
    func testWithSimulatedDeviceAttachesManagersAndAnswers() {
        withSimulatedDevice(.iOS(17), answers: [.dontAllow]) { device, app in
            let viewModel = PermissionViewModel()
            XCTAssertTrue(viewModel.manager.app === app)
            viewModel.askForLocation()
            XCTAssertEqual(viewModel.manager.authorizationStatus, .notDetermined) // D2: answered later, not inside the call
            device.run()
            XCTAssertEqual(viewModel.status, .denied)
            XCTAssertEqual(device.platform, .iOS(17))
        }
    }
}
