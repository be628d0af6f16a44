// Widgets (B5, F10): the prompt when a widget is added, authorization extended to widgets, and a
// widget in use for a while after it was seen.
extension AuthorizationModel {
    /// Whether the app's widgets may get location updates (B5). Always for an Always app; for a When
    /// In Use app, whether the user extended it to widgets (F10). iOS 14+ and macOS 11+.
    /// Corresponds to `CLLocationManager.isAuthorizedForWidgetUpdates`.
    public var isAuthorizedForWidgetUpdates: Bool {
        guard platform.os == .iOS ? platformIsAtLeast(14) : platform.os == .macOS && platformIsAtLeast(11) else { return false }
        switch status {
        case .authorizedAlways: return true
        case .authorizedWhenInUse: return record.widgetsAuthorized && !isTemporary
        default: return false
        }
    }

    /// Whether one of the app's widgets is in use: someone saw it within
    /// ``DeviceParameters/widgetInUseDuration`` (B5: "within a few minutes of having been seen").
    public var isWidgetInUse: Bool {
        guard app.widgetWantsLocation, let seen = device.widgetSeenAt else { return false }
        return clock.now - seen <= parameters.widgetInUseDuration
    }

    /// Whether a widget refreshing now gets a location: it is in use and authorized (B5).
    public var widgetGetsLocation: Bool { isWidgetInUse && isAuthorizedForWidgetUpdates }

    /// The prompt shown when a widget that wants location is added (F10).
    public var widgetPrompt: Prompt {
        Prompt(kind: .widget, request: .whenInUse,
               title: "Allow “\(app.name)” widgets to use your location?",
               message: "Widgets may use your location for up to 15 minutes after being viewed to stay up to date.",
               buttons: [.allow, .dontAllow])
    }

    /// A widget was added (F10): a widget with `NSWidgetWantsLocation`, of an app with permanent
    /// When In Use not yet extended to widgets, asks. Always apps need no prompt (B5); apps without
    /// When In Use get none (the record only describes extending an existing authorization).
    mutating func addWidget(_ fx: inout [Effect]) {
        guard app.widgetWantsLocation, platform.os == .iOS, platformIsAtLeast(14), commonBlock() == nil else { return }
        guard record.authorization == .whenInUse(temporary: false), !record.widgetsAuthorized else { return }
        guard prompts.onScreen?.prompt.kind != .widget, !prompts.queued.contains(where: { $0.prompt.kind == .widget }) else { return }
        present(widgetPrompt, manager: nil, &fx)
    }
}
