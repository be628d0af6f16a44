import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section B: reading status (B1 and B2 are simulator tests in LocSimTests).
@Suite("B. Reading status")
struct StatusReadingTests {
    @Test("B3: fullAccuracy while notDetermined delivers no location")
    func accuracyMeansNothingWithoutStatus() {
        let store = TestStore(Rig.model())
        let here = Location(coordinate: Coordinate(latitude: 51.5, longitude: -0.12))
        store.send(.deviceMoved(here)) { $0.device.location = here }
        #expect(store.state.status == .notDetermined)
        #expect(store.state.accuracy == .fullAccuracy)
        store.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
        }
        store.send(.deviceMoved(here))
        #expect(!store.state.canDeliverUpdates())
        // Once authorized, the same accuracy value comes with locations.
        let prompt = store.state.initialPrompt(for: .whenInUse)
        store.send(.appRequestedWhenInUseAuthorization(Rig.manager)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: Rig.manager)
        }
        store.receive([.promptShown(prompt), .appWillResignActive])
        store.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .zero
        }
        store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive,
                       Rig.auth(.authorizedWhenInUse), .delegate(Rig.manager, .didUpdateLocations([here]))])
        store.finish()
    }

    @Test("B4: locationServicesEnabled() on the main thread logs Xcode's warning on iOS 16+ and macOS 13+; not from a background queue, nor earlier")
    func mainThreadServicesCheck() {
        let warning = "This method can cause UI unresponsiveness if invoked on the main thread. Instead, consider waiting for the `-locationManagerDidChangeAuthorization:` callback and checking `authorizationStatus` first."
        #expect(AuthorizationModel.mainThreadServicesCheckWarning == warning)
        var m = Rig.model(Platform(.iOS, 17))
        #expect(m.handle(.appCheckedLocationServicesEnabled(onMainThread: true)) == [.console(warning)])
        #expect(m.handle(.appCheckedLocationServicesEnabled(onMainThread: false)).isEmpty)
        var old = Rig.model(Platform(.iOS, 15))
        #expect(old.handle(.appCheckedLocationServicesEnabled(onMainThread: true)).isEmpty)
        var mac = Rig.model(Platform(.macOS, 13), app: AppDescription(purposeStrings: [.usage: "u"]))
        #expect(mac.handle(.appCheckedLocationServicesEnabled(onMainThread: true)) == [.console(warning)])
        // The app's code must run to call it.
        var off = AuthorizationModel()
        #expect(off.handle(.appCheckedLocationServicesEnabled(onMainThread: true)) == [.rejected("the app's code is not running")])
    }
}
