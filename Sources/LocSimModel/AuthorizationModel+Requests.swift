// The app's authorization requests (D, E, H6, K5).
extension AuthorizationModel {
    mutating func requestWhenInUse(_ id: ManagerID, kind: AuthorizationRequestKind, _ fx: inout [Effect]) {
        guard kind == .always ? configuration.alwaysAvailable : configuration.whenInUseAvailable else { return fx.append(.requestIgnored(kind, reason: .unavailableOnPlatform)) }
        if !configuration.missingKeys(for: kind).isEmpty {
            fx.append(.console(PurposeStringRules.missingKeysMessage(for: kind, on: platform)))
            return fx.append(.requestIgnored(kind, reason: .missingPurposeString))
        }
        if let reason = commonBlock() { return fx.append(.requestIgnored(kind, reason: reason)) }
        if platform.os == .macOS, app.sandboxBlocksLocation { return fx.append(.requestIgnored(kind, reason: .missingLocationEntitlement)) }
        switch record.authorization {
        case .notDetermined: break
        case .denied: return fx.append(.requestIgnored(kind, reason: .denied))
        case .whenInUse(temporary: true): return fx.append(.requestIgnored(kind, reason: kind == .always ? .temporaryAuthorization : .alreadyDetermined))
        case .whenInUse, .always: return fx.append(.requestIgnored(kind, reason: .alreadyDetermined))
        }
        guard lifecycle.state == .foreground || (platform.os == .macOS && lifecycle.state.runsCode) else {
            return fx.append(.requestIgnored(kind, reason: notInForegroundReason()))
        }
        guard prompts.onScreen == nil else { return fx.append(.requestIgnored(kind, reason: .promptOnScreen)) }
        present((kind == .always ? configuration.initialAlwaysPrompt : configuration.initialWhenInUsePrompt), manager: id, &fx)
    }

    /// Why a request outside the foreground does nothing: out of use, or in use (the grace period)
    /// but not where a prompt can appear (D1, E10, F8).
    mutating func notInForegroundReason() -> IgnoredReason {
        currentInUse() ? .notInForeground : .notInUse
    }

    /// Reasons every request is ignored whatever the status (A5, M3).
    @inline(__always)
    func commonBlock() -> IgnoredReason? {
        if device.restricted { return .restricted }
        if !Self.servicesOn(device, configuration) { return .locationServicesOff }
        return nil
    }

    mutating func requestAlways(_ id: ManagerID, _ fx: inout [Effect]) {
        // visionOS treats Always as When In Use (E11, P3); macOS reads one key for both (P2).
        if platform.os == .visionOS || platform.os == .macOS {
            return requestWhenInUse(id, kind: platform.os == .macOS ? .always : .whenInUse, &fx)
        }
        // P6: App Store processing rejects an App Clip that references the Always request.
        if app.appClip { return fx.append(.requestIgnored(.always, reason: .appClip)) }
        guard configuration.alwaysAvailable else {
            if platform.os == .tvOS { fx.append(.console("requestAlwaysAuthorization() is unavailable on tvOS")) }
            return fx.append(.requestIgnored(.always, reason: .unavailableOnPlatform))
        }
        if !configuration.missingAlwaysKeys.isEmpty {
            fx.append(.console(PurposeStringRules.missingKeysMessage(for: .always, on: platform)))
            return fx.append(.requestIgnored(.always, reason: .missingPurposeString))
        }
        if let reason = commonBlock() { return fx.append(.requestIgnored(.always, reason: reason)) }
        switch record.authorization {
        case .denied:
            return fx.append(.requestIgnored(.always, reason: .denied))
        case .always:
            return fx.append(.requestIgnored(.always, reason: .alreadyAlways))
        case .whenInUse(temporary: true):
            return fx.append(.requestIgnored(.always, reason: .temporaryAuthorization))
        case .notDetermined, .whenInUse(temporary: false):
            guard !record.alwaysRequestSpent else { return fx.append(.requestIgnored(.always, reason: .alwaysAlreadyRequested)) }
            guard lifecycle.state == .foreground else { return fx.append(.requestIgnored(.always, reason: notInForegroundReason())) }
            guard prompts.onScreen == nil else { return fx.append(.requestIgnored(.always, reason: .promptOnScreen)) }
            record.alwaysRequestSpent = true
            if record.authorization == .notDetermined {
                present(configuration.initialAlwaysPrompt, manager: id, &fx)
            } else if configuration.generation == .iOS13early {
                record.authorization = .always(provisional: true) // E7: no prompt on iOS 13.0–13.3
            } else {
                present(configuration.upgradePrompt, manager: id, &fx)
            }
        }
    }

    mutating func requestFullAccuracy(_ id: ManagerID, _ key: String, _ fx: inout [Effect]) {
        func decline(_ reason: IgnoredReason) {
            fx.append(.requestIgnored(.temporaryFullAccuracy, reason: reason))
            fx.append(.delegate(id, .fullAccuracyCompletion(.promptDeclined)))
        }
        guard configuration.fullAccuracyAvailable else {
            // The method does not exist before iOS 14 (K5): nothing runs, no completion.
            fx.append(.console("requestTemporaryFullAccuracyAuthorization(withPurposeKey:) is unavailable on \(platform); it needs iOS 14, macOS 11, watchOS 7 or tvOS 14"))
            return fx.append(.requestIgnored(.temporaryFullAccuracy, reason: .unavailableOnPlatform))
        }
        guard let message = app.temporaryPurposeKeys[key] else { return decline(.unknownPurposeKey) }
        guard accuracy == .reducedAccuracy else { return decline(.alreadyFullAccuracy) }
        guard lifecycle.state == .foreground || (platform.os == .macOS && lifecycle.state.runsCode) else { return decline(.inBackground) }
        guard currentStatus().isAuthorized else { return decline(.notAuthorized) }
        guard prompts.onScreen == nil else { return decline(.promptOnScreen) }
        present(Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy,
                       title: "“\(app.name)” would like to use your precise location",
                       message: message, buttons: [.allow, .dontAllow], messageKey: key), manager: id, &fx)
    }

    mutating func tapLocationButton(_ fx: inout [Effect]) {
        // CLLocationButton: iOS 15+, ignored by compatible apps on visionOS and on Mac (H6).
        guard lifecycle.state == .foreground, platform.os == .iOS || platform.os == .watchOS, platformGenerationIsAtLeast(iOS: 15), !app.compatibleApp else { return }
        guard record.authorization == .notDetermined, commonBlock() == nil else { return }
        if record.locationButtonConfirmed {
            record.authorization = .whenInUse(temporary: true)
        } else if prompts.onScreen == nil {
            present(Prompt(kind: .locationButtonConfirmation, request: .whenInUse,
                           title: "Allow “\(app.name)” to use your current location?",
                           message: "The app will be able to use your location only while it is in use.",
                           buttons: [.allowOnce, .dontAllow]), manager: nil, &fx)
        }
    }
}
