import LocSim
import LocSimModel
import LocSimScenario

/// A model of an app's permission handling, for `locsim explore`: its screens, how it reacts to
/// events, and what the explorer may do to it.
///
/// Read from an app model file (scenario format 1 plus `app.screens`, `app.waiting`, `app.on`,
/// `device.platforms` and `explore`) by ``AppModelParser``. Core Location has no such type.
public struct AppModel: Hashable, Sendable {
    /// The model's name (the file name when it has none).
    public var name: String
    /// The file it came from.
    public var file: String
    /// The simulated device (its `platform` is replaced by each of ``platforms``).
    public var device: DeviceSpec
    /// The platforms to explore, in file order (`device.platforms`, or `device.platform`).
    public var platforms: [Platform]
    /// The app's Info.plist facts.
    public var app: AppDescription
    /// The app's own states; the first is where it starts after each launch.
    public var screens: [String]
    /// Screens that wait for an answer (checked for ``FindingKind/hang``).
    public var waiting: Set<String>
    /// How the app reacts, in file order; the first match wins.
    public var reactions: [Reaction]
    /// Events per path: `explore.depth`, or ``defaultDepth``.
    public var depth: Int
    /// The depth of a model without `explore.depth`: the most the format allows, so the search
    /// goes on until every reachable state is visited or the state limit (`explore.maxStates`)
    /// stops it, and the report says which. LocSim's addition.
    public static let defaultDepth = 64
    /// The UI actions the user may take (`tap(NAME)` events).
    public var taps: [String]
    /// A safety limit on the number of distinct states per platform.
    public var maxStates: Int
    /// The taps each screen offers (`explore.tapsOn`), by screen index; a screen without an entry
    /// offers every tap of ``taps``.
    public var tapsOn: [Int: [String]] = [:]
    /// The app's storage flags (named in reactions' `if`, `unless`, `set` and `clear`), in order of
    /// first use; at most ``maxFlags``.
    public var flags: [String] = []
    /// The most storage flags an app model may use: they are packed into 32 bits of each explored state.
    public static let maxFlags = 32
    /// How the explorer may stop the app while it is in the background (`explore.stops`, O17), in
    /// the order ``ExplorerChoice/stops`` lists them: by default only `terminate` (the system
    /// terminates it); `forceQuit` and `crash` are offered when listed.
    public var stops: [ExplorerChoice] = [.terminate]
    /// Findings accepted with a reason (`explore.accept`): reported apart, not counted in the exit status.
    public var accepted: [AcceptedFinding] = []
    /// The service sessions, background activity sessions and live-updates streams the app's
    /// actions name (section O), in order of first use: the object at index `i` is session number
    /// `i + 1` (`s1`, `s2`…) in every explored state.
    public var sessionObjects: [SessionObject] = []

    /// The name of session `id`, if the model names it.
    public func sessionName(_ id: SessionID) -> String? {
        sessionObjects.indices.contains(id.rawValue - 1) ? sessionObjects[id.rawValue - 1].name : nil
    }

    /// Creates an app model.
    public init(name: String, file: String, device: DeviceSpec = DeviceSpec(), platforms: [Platform]? = nil,
                app: AppDescription = AppDescription(), screens: [String], waiting: Set<String> = [],
                reactions: [Reaction], depth: Int = AppModel.defaultDepth, taps: [String] = [], maxStates: Int = 2_000_000) {
        self.name = name
        self.file = file
        self.device = device
        self.platforms = platforms ?? [device.platform]
        self.app = app
        self.screens = screens
        self.waiting = waiting
        self.reactions = reactions
        self.depth = depth
        self.taps = taps
        self.maxStates = maxStates
    }

    /// The index of a screen name, if the model has it.
    public func screenIndex(_ name: String) -> Int? { screens.firstIndex(of: name) }

    /// The taps screen `screen` (an index into ``screens``) offers.
    public func taps(on screen: Int) -> [String] { tapsOn[screen] ?? taps }
}
