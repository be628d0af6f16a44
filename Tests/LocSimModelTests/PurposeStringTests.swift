import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section J: missing purpose-string keys.
@Suite("J: Missing purpose-string keys")
struct PurposeStringTests {
    static func app(_ keys: [PurposeKey]) -> AppDescription {
        AppDescription(name: "Trails", purposeStrings: Dictionary(uniqueKeysWithValues: keys.map { ($0, Rig.purposeStrings[$0]!) }))
    }

    @Test("J1: requestWhenInUse without NSLocationWhenInUseUsageDescription logs, shows nothing and changes nothing")
    func whenInUseWithoutKey() {
        var m = Rig.model(app: Self.app([.alwaysAndWhenInUse, .always, .usage]))
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
                == [.console(Rig.missingWhenInUseKeyMessage), .requestIgnored(.whenInUse, reason: .missingPurposeString)])
        #expect(m.status == .notDetermined && m.prompts.onScreen == nil && m.lifecycle.state == .foreground)
        // An empty string is no purpose string.
        var empty = Rig.model(app: AppDescription(name: "Trails", purposeStrings: [.whenInUse: ""]))
        #expect(empty.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
                == [.console(Rig.missingWhenInUseKeyMessage), .requestIgnored(.whenInUse, reason: .missingPurposeString)])
    }

    @Test("J2: requestAlways without both NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription logs and does nothing")
    func alwaysWithoutKeys() {
        for keys: [PurposeKey] in [[.whenInUse, .always], [.alwaysAndWhenInUse], [.always], []] {
            var m = Rig.model(app: Self.app(keys))
            #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
                    == [.console(Rig.missingAlwaysKeysMessage), .requestIgnored(.always, reason: .missingPurposeString)])
            #expect(m.status == .notDetermined && m.prompts.onScreen == nil && !m.record.alwaysRequestSpent)
        }
        var ok = Rig.model(app: Self.app([.whenInUse, .alwaysAndWhenInUse]))
        #expect(Rig.prompts(ok.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.initial])
    }

    @Test("J4: the keys a request needs depend on the platform: iOS 11+, iOS 8–10 and macOS")
    func keysByPlatform() {
        // iOS 11+: When In Use needs its key; Always needs both.
        var wiu = Rig.model(app: Self.app([.whenInUse]))
        #expect(Rig.prompts(wiu.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.messageKey == PurposeKey.whenInUse.rawValue)
        var usageOnly = Rig.model(app: Self.app([.usage]))
        #expect(usageOnly.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
                == [.console(Rig.missingWhenInUseKeyMessage), .requestIgnored(.whenInUse, reason: .missingPurposeString)])

        // iOS 10: Always needs only NSLocationAlwaysUsageDescription, and shows it.
        var ios10 = Rig.model(Platform(.iOS, 10), app: Self.app([.always]))
        let prompt = Rig.prompts(ios10.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
        #expect(prompt?.messageKey == PurposeKey.always.rawValue)
        #expect(prompt?.message == Rig.purposeStrings[.always])
        var ios10New = Rig.model(Platform(.iOS, 10), app: Self.app([.whenInUse, .alwaysAndWhenInUse]))
        #expect(ios10New.handle(.appRequestedAlwaysAuthorization(Rig.manager)).last == .requestIgnored(.always, reason: .missingPurposeString))

        // macOS: NSLocationUsageDescription.
        var mac = Rig.model(Platform(.macOS, 14), app: Self.app([.usage]))
        #expect(Rig.prompts(mac.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.messageKey == PurposeKey.usage.rawValue)
        var macWIU = Rig.model(Platform(.macOS, 14), app: Self.app([.whenInUse]))
        #expect(macWIU.handle(.appRequestedWhenInUseAuthorization(Rig.manager)).last == .requestIgnored(.whenInUse, reason: .missingPurposeString))

        #expect(PurposeStringRules.requirement(for: .whenInUse, on: Platform(.iOS, 18)).allOf == [.whenInUse])
        #expect(Set(PurposeStringRules.requirement(for: .always, on: Platform(.iOS, 11)).allOf) == [.alwaysAndWhenInUse, .whenInUse])
        #expect(PurposeStringRules.requirement(for: .always, on: Platform(.iOS, 10)).allOf == [.always])
        #expect(PurposeStringRules.requirement(for: .whenInUse, on: Platform(.macOS, 10, 15)).allOf == [.usage])
    }

    @Test("J5: missing keys are never a Core Location error: only the console line, no didFailWithError, no termination")
    func noErrorForMissingKeys() {
        for platform in [Platform(.iOS, 18), Platform(.iOS, 10), Platform(.macOS, 14), Platform(.watchOS, 10)] {
            var m = Rig.model(platform, app: AppDescription(name: "Trails", purposeStrings: [:]))
            let fx = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) + m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            #expect(Rig.calls(fx).isEmpty)
            #expect(!fx.contains { if case .appTerminated = $0 { true } else { false } })
            #expect(fx.allSatisfy {
                switch $0 { case .console, .requestIgnored(_, reason: .missingPurposeString): true; default: false }
            })
            #expect(m.lifecycle.state == .foreground)
        }
    }
}
