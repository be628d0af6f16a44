// Location services a manager starts: updates, one-shot requests, region monitoring, background updates.
extension AuthorizationModel {
    /// The runtime warning Xcode prints when `locationServicesEnabled()` runs on the main thread (B4).
    public static let mainThreadServicesCheckWarning = "This method can cause UI unresponsiveness if invoked on the main thread. "
        + "Instead, consider waiting for the `-locationManagerDidChangeAuthorization:` callback and checking `authorizationStatus` first."

    /// Whether a main-thread `locationServicesEnabled()` draws the warning on `platform` (B4):
    /// from the Xcode 14 SDKs, iOS 16 (and the watchOS, tvOS and visionOS of its generation) and
    /// macOS 13. The first version is uncertain.
    func warnsOnMainThreadServicesCheck() -> Bool {
        platform.os == .macOS ? platformIsAtLeast(13) : platformGenerationIsAtLeast(iOS: 16)
    }

    /// Checks shared by services that need authorization when started (N2, N3, M2, M4).
    mutating func serviceAvailableForStart(_ id: ManagerID, _ fx: inout [Effect]) -> Bool {
        if !device.locationServicesEnabled, parameters.showsLocationServicesOffDialog, lifecycle.state == .foreground, !lifecycle.locationServicesDialogShown {
            lifecycle.locationServicesDialogShown = true
            present(Prompt(kind: .locationServicesOff, request: .whenInUse,
                           title: "Turn On Location Services to Allow “\(app.name)” to Determine Your Location",
                           message: "", buttons: [.settings, .cancel]), manager: id, &fx)
        }
        if currentStatus() == .denied || currentStatus() == .restricted {
            fx.append(.delegate(id, .didFailWithError(.denied)))
        }
        if platform.os == .macOS, record.authorization == .notDetermined, parameters.macOSStartShowsPrompt, commonBlock() == nil, !app.sandboxBlocksLocation, prompts.onScreen == nil,
           configuration.missingWhenInUseKeys.isEmpty {
            present(configuration.initialWhenInUsePrompt, manager: id, &fx)
        }
        return true
    }

    mutating func startUpdating(_ id: ManagerID, _ fx: inout [Effect]) {
        if platform.os == .tvOS {
            return fx.append(.console("startUpdatingLocation() is unavailable on tvOS; use requestLocation()"))
        }
        _ = serviceAvailableForStart(id, &fx)
        // I6: only a start in the foreground can lead to a background session (not one in the grace period).
        let foreground = lifecycle.state == .foreground
        update(id) {
            if !$0.updating { $0.wasDeliverable = false }
            $0.updating = true
            $0.updatingStartedInForeground = $0.updatingStartedInForeground || foreground
        }
    }

    mutating func requestLocation(_ id: ManagerID, _ fx: inout [Effect]) {
        guard let m = services.managers.first(where: { $0.id == id }) else { return }
        // N4: Core Location throws when the delegate cannot receive the answer or the failure.
        guard m.hasDelegate, m.delegateMethods.contains(.didUpdateLocations) else {
            return crash(.delegateMustRespondToDidUpdateLocations, &fx)
        }
        guard m.delegateMethods.contains(.didFailWithError) else {
            return crash(.delegateMustRespondToDidFailWithError, &fx)
        }
        if currentStatus() == .denied || currentStatus() == .restricted {
            return fx.append(.delegate(id, .didFailWithError(.denied)))
        }
        // D8: by default the request waits for the answer; `requestLocationFailsWhileNotDetermined`
        // follows the report that it fails at once.
        if parameters.requestLocationFailsWhileNotDetermined, currentStatus() == .notDetermined {
            return fx.append(.delegate(id, .didFailWithError(.denied)))
        }
        update(id) { $0.oneShotPending = true }
    }

    mutating func startMonitoring(_ id: ManagerID, _ region: Region, _ fx: inout [Effect]) {
        if currentStatus() == .denied || currentStatus() == .restricted {
            return fx.append(.delegate(id, .monitoringDidFail(region.name, .regionMonitoringDenied)))
        }
        // Kept in order of name: a region started again keeps its place, a new one goes where its
        // name sorts (Core Location keeps a set, so the order the app started them in is no state).
        let i = services.monitoredRegions.firstIndex { $0.name >= region.name } ?? services.monitoredRegions.endIndex
        if i < services.monitoredRegions.endIndex, services.monitoredRegions[i].name == region.name {
            services.monitoredRegions[i] = region
        } else {
            services.monitoredRegions.insert(region, at: i)
        }
        if let here = device.location?.coordinate, region.contains(here) { services.insideRegions.insert(region.name) } else { services.insideRegions.remove(region.name) }
    }

    mutating func setAllowsBackground(_ id: ManagerID, _ value: Bool, _ fx: inout [Effect]) {
        guard platform.os != .macOS, platform.os != .tvOS else {
            return fx.append(.console("allowsBackgroundLocationUpdates is unavailable on \(platform.os.rawValue)"))
        }
        if value && !configuration.hasLocationBackgroundMode {
            // I8: a fatal error in the setter.
            return crash(.backgroundUpdatesWithoutBackgroundMode(iOS13Wording: platformGenerationIsAtLeast(iOS: 13)), &fx)
        }
        // I6: turned on after the app left the foreground, the property starts no session (until
        // the app is in the foreground again with updates running).
        let foreground = lifecycle.state == .foreground
        update(id) {
            if value && !$0.allowsBackgroundLocationUpdates && !foreground { $0.updatingStartedInForeground = false }
            $0.allowsBackgroundLocationUpdates = value
        }
    }
}
