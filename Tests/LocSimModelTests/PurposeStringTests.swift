import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section J: missing purpose-string keys.
@Suite("J: Missing purpose-string keys")
struct PurposeStringTests {
    static func app(_ keys: [PurposeKey]) -> AppDescription {
        AppDescription(name: "Trails", purposeStrings: Dictionary(uniqueKeysWithValues: keys.map { ($0, Rig.purposeStrings[$0]!) }))
    }

    /// `request` without the keys it needs: the console line, the reason, and nothing else.
    static func missingKeys(_ store: TestStore, _ request: AuthorizationRequestKind, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(request == .always ? .appRequestedAlwaysAuthorization(Rig.manager) : .appRequestedWhenInUseAuthorization(Rig.manager),
                   sourceLocation: sourceLocation)
        store.receive([.console(PurposeStringRules.missingKeysMessage(for: request, on: store.state.platform)),
                       .requestIgnored(request, reason: .missingPurposeString)], sourceLocation: sourceLocation)
    }

    @Test("J1: requestWhenInUse without NSLocationWhenInUseUsageDescription logs, shows nothing and changes nothing")
    func whenInUseWithoutKey() {
        let store = TestStore(Rig.model(app: Self.app([.alwaysAndWhenInUse, .always, .usage])))
        store.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        store.receive([.console(Rig.missingWhenInUseKeyMessage), .requestIgnored(.whenInUse, reason: .missingPurposeString)])
        store.finish()
        #expect(store.state.status == .notDetermined && store.state.prompts.onScreen == nil && store.state.lifecycle.state == .foreground)
        // An empty string is no purpose string.
        let empty = TestStore(Rig.model(app: AppDescription(name: "Trails", purposeStrings: [.whenInUse: ""])))
        empty.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        empty.receive([.console(Rig.missingWhenInUseKeyMessage), .requestIgnored(.whenInUse, reason: .missingPurposeString)])
        empty.finish()
    }

    @Test("J2: requestAlways without both NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription logs and does nothing")
    func alwaysWithoutKeys() {
        for keys: [PurposeKey] in [[.whenInUse, .always], [.alwaysAndWhenInUse], [.always], []] {
            let store = TestStore(Rig.model(app: Self.app(keys)))
            store.send(.appRequestedAlwaysAuthorization(Rig.manager))
            store.receive([.console(Rig.missingAlwaysKeysMessage), .requestIgnored(.always, reason: .missingPurposeString)])
            store.finish()
            #expect(store.state.status == .notDetermined && store.state.prompts.onScreen == nil && !store.state.record.alwaysRequestSpent)
        }
        let ok = TestStore(Rig.model(app: Self.app([.whenInUse, .alwaysAndWhenInUse])))
        ok.requestShowingInitialPrompt(.always)
        ok.finish()
    }

    @Test("J4: the keys a request needs depend on the platform: iOS 11+, iOS 8–10 and macOS")
    func keysByPlatform() {
        // iOS 11+: When In Use needs its key; Always needs both.
        let wiu = TestStore(Rig.model(app: Self.app([.whenInUse])))
        wiu.requestShowingInitialPrompt(.whenInUse)
        wiu.finish()
        #expect(wiu.state.prompts.onScreen?.prompt.messageKey == PurposeKey.whenInUse.rawValue)
        let usageOnly = TestStore(Rig.model(app: Self.app([.usage])))
        usageOnly.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        usageOnly.receive([.console(Rig.missingWhenInUseKeyMessage), .requestIgnored(.whenInUse, reason: .missingPurposeString)])
        usageOnly.finish()

        // iOS 10: Always needs only NSLocationAlwaysUsageDescription, and shows it.
        let ios10 = TestStore(Rig.model(Platform(.iOS, 10), app: Self.app([.always])))
        ios10.requestShowingInitialPrompt(.always)
        ios10.finish()
        let prompt = ios10.state.prompts.onScreen?.prompt
        #expect(prompt?.messageKey == PurposeKey.always.rawValue)
        #expect(prompt?.message == Rig.purposeStrings[.always])
        let ios10New = TestStore(Rig.model(Platform(.iOS, 10), app: Self.app([.whenInUse, .alwaysAndWhenInUse])))
        Self.missingKeys(ios10New, .always)
        ios10New.finish()

        // macOS: NSLocationUsageDescription.
        let mac = TestStore(Rig.model(Platform(.macOS, 14), app: Self.app([.usage])))
        mac.requestShowingInitialPrompt(.whenInUse)
        mac.finish()
        #expect(mac.state.prompts.onScreen?.prompt.messageKey == PurposeKey.usage.rawValue)
        let macWIU = TestStore(Rig.model(Platform(.macOS, 14), app: Self.app([.whenInUse])))
        Self.missingKeys(macWIU, .whenInUse)
        macWIU.finish()

        #expect(PurposeStringRules.requirement(for: .whenInUse, on: Platform(.iOS, 18)).allOf == [.whenInUse])
        #expect(Set(PurposeStringRules.requirement(for: .always, on: Platform(.iOS, 11)).allOf) == [.alwaysAndWhenInUse, .whenInUse])
        #expect(PurposeStringRules.requirement(for: .always, on: Platform(.iOS, 10)).allOf == [.always])
        #expect(PurposeStringRules.requirement(for: .whenInUse, on: Platform(.macOS, 10, 15)).allOf == [.usage])
    }

    @Test("J5: missing keys are never a Core Location error: only the console line, no didFailWithError, no termination")
    func noErrorForMissingKeys() {
        for platform in [Platform(.iOS, 18), Platform(.iOS, 10), Platform(.macOS, 14), Platform(.watchOS, 10)] {
            let store = TestStore(Rig.model(platform, app: AppDescription(name: "Trails", purposeStrings: [:])))
            Self.missingKeys(store, .whenInUse)
            Self.missingKeys(store, .always)
            store.finish()
            #expect(store.state.lifecycle.state == .foreground)
        }
    }
}
