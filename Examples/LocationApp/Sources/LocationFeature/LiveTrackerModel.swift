#if canImport(CoreLocation) && !LOCSIM
import CoreLocation
#else
import LocSimCoreLocation
#endif

/// The view model of a run tracker written the iOS 18 way: a service session says the app needs
/// When In Use, a background activity session keeps it in use when the user leaves the app, and a
/// task reads live updates, which ask for authorization themselves.
///
/// It follows what each update says: a location means tracking; `insufficientlyInUse` means the
/// app lost its claim to updates (it left the foreground without its activity session); a denial
/// means the user must go to Settings. Stop ends the task and both sessions.
@available(iOS 18.0, macOS 15.0, *)
@MainActor public final class LiveTrackerModel {
    /// What the screen shows.
    public enum Screen: String, Sendable {
        /// "Start run" button.
        case idle
        /// Waiting for the first update (the prompt may be up).
        case asking
        /// Updates arrive.
        case tracking
        /// Denied, restricted or Location Services off: "Open Settings".
        case denied
        /// Told it is not in use: updates stopped until the app comes back.
        case paused
    }

    /// What the screen shows now.
    public private(set) var screen: Screen = .idle
    /// The fixes of the run.
    public private(set) var fixes: [CLLocationCoordinate2D] = []
    private var session: CLServiceSession?
    private var activity: CLBackgroundActivitySession?
    private var reading: Task<Void, Never>?
    /// Whether "Start run" also starts a background activity session (the broken copy does not).
    private let keepsRunningInBackground: Bool

    /// A tracker; `keepsRunningInBackground: false` is the broken copy that forgets the
    /// background activity session.
    public nonisolated init(keepsRunningInBackground: Bool = true) {
        self.keepsRunningInBackground = keepsRunningInBackground
    }

    /// "Start run": hold the sessions, then read live updates in a task.
    public func startTapped() {
        guard screen == .idle else { return }
        screen = .asking
        session = CLServiceSession(authorization: .whenInUse)
        if keepsRunningInBackground { activity = CLBackgroundActivitySession() }
        let updates = CLLocationUpdate.liveUpdates()
        reading = Task { [weak self] in
            do {
                for try await update in updates { self?.show(update) }
            } catch {
                self?.screen = .paused
            }
        }
    }

    /// "Stop": the task and both sessions end.
    public func stopTapped() {
        reading?.cancel()
        reading = nil
        session?.invalidate()
        activity?.invalidate()
        session = nil
        activity = nil
        screen = .idle
    }

    private func show(_ update: CLLocationUpdate) {
        if update.authorizationDenied || update.authorizationDeniedGlobally || update.authorizationRestricted {
            screen = .denied
        } else if update.insufficientlyInUse {
            screen = .paused
        } else if let location = update.location {
            fixes.append(location.coordinate)
            screen = .tracking
        }
    }
}
