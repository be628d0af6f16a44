import LocSimModel

/// The regions, monitor conditions and sessions an app model treats alike, found by checking the
/// model itself, and the canonical form of an explorer state under their renamings: the
/// explorer's symmetry reduction (issue 32).
///
/// Two regions are interchangeable when swapping their names, with the taps that name them
/// (`tap(r1)` monitors `r1`), maps the app model onto itself (``RegionRenaming/maps(_:commuting:)``):
/// every reaction, the taps each screen offers, each region's geometry. Swaps that do are
/// automorphisms of the explored system, so they generate a product of symmetric groups, one per
/// class of interchangeable regions; a state and its renamings have the same future, renamed, and
/// the search stores one of them: the one whose regions, class by class, are in order of
/// signature (``canonicalize(_:_:)``). A region's signature is everything the state says of it —
/// monitored or not and with which geometry, inside or not, its held event, where it stands among
/// the events kept for a launch — and none of its name, so regions of equal signatures are
/// interchangeable in that state, and the canonical form is one per orbit.
///
/// A `CLMonitor`'s conditions (O15) are renamed the same way, by their identifiers: `addCondition`
/// and `removeCondition` calls, monitor events that name one, the explorer's entries and exits.
/// A monitor keeps its conditions in the order added (the condition limit counts in that order),
/// so a condition's signature is its place in that order, or nothing when no monitor holds it:
/// the canonical form gives a class's names to its conditions in the order they were added.
///
/// Sessions and live-updates streams (section O) are renamed by their numbers (the model numbers
/// them in the order its file names them): the calls that make and end them, the `diagnostic` and
/// `liveUpdate` events that name them. The rules deliver to a process's sessions in the order it
/// made them, so a session's signature is its place in its kind's list, or nothing when the app
/// does not hold it: the canonical form gives a class's numbers to its sessions in the order made.
///
/// No flag is trusted: a model is symmetric only when the check says so, and a model with no class
/// of two or more names has no `RegionSymmetry` (its search is as before). Left alone: monitors,
/// the location manager (a model has one), storage flags (sessions or regions a flag tells apart
/// are not alike), names a session pattern holds besides a condition or a session, a name that is
/// both a region and a condition or a condition of two monitors, sessions whose taps also follow a
/// region, and every region of an app that reacts to region
/// callbacks on a device that holds each region's latest event
/// (``DeviceParameters/holdsLatestRegionEvents``: those are delivered in order of region name,
/// which a renaming does not keep).
///
/// Core Location has no such type.
struct RegionSymmetry: Sendable {
    /// The interchangeable regions and conditions, class by class, each class in order of name
    /// (the model keeps monitored regions in that order; a class's conditions take its names in
    /// the order they were added).
    let names: [String]
    /// Each class's positions in ``names``.
    let classes: [Range<Int>]
    /// The class of each region of ``names``.
    private let classOf: [Int]
    /// Whether each name of ``names`` is a monitor's condition (O15) rather than a region the
    /// location manager monitors (a class holds one kind: the check tells them apart).
    private let isCondition: [Bool]
    /// Some class holds conditions.
    let hasConditions: Bool
    private let index: [String: Int]
    /// The tap that names each region of ``names`` (`tap(r1)` monitors `r1`), when its class's
    /// regions have taps that follow them; `nil` for a class whose taps are all the same for every region.
    let taps: [String?]
    /// The region each such tap names, by its position in ``names``.
    private let tapRegion: [String: Int]
    /// The geometries the model gives the regions of each class, by class: a region's signature
    /// holds the position of its geometry here.
    private let geometries: [[Geometry]]
    /// The sessions and streams the model treats alike, class by class, each in order of number.
    let sessionClasses: [[SessionID]]
    /// The names the model gives them (for the report).
    let sessionClassNames: [[String]]
    /// Every region, session and tap renamed to the first of its class: what finding keys are compared by.
    private let toFirst: RegionRenaming

    /// A region's centre and radius.
    struct Geometry: Equatable, Sendable {
        var center: Coordinate?
        var radius: Double
    }

    /// The symmetry of `model`'s regions, conditions and sessions, or `nil` when no two are interchangeable.
    init?(_ model: AppModel) {
        var geometry: [String: [Geometry]] = [:]
        // The conditions' identifiers, with their geometries and the monitors they are added to.
        var conditionGeometry: [String: [Geometry]] = [:]
        var conditionMonitors: [String: Set<String>] = [:]
        var other = Set<String>()
        var reactsToRegions = false, readsMonitoringFailures = false
        for r in model.reactions {
            for action in r.actions {
                switch action {
                case .monitorRegion(let region):
                    let g = Geometry(center: region.center, radius: region.radius)
                    if !(geometry[region.name]?.contains(g) ?? false) { geometry[region.name, default: []].append(g) }
                case .addCondition(let monitor, let region, _):
                    other.insert(monitor)
                    let g = Geometry(center: region.center, radius: region.radius)
                    if !(conditionGeometry[region.name]?.contains(g) ?? false) { conditionGeometry[region.name, default: []].append(g) }
                    conditionMonitors[region.name, default: []].insert(monitor)
                case .removeCondition(let monitor, _):
                    other.insert(monitor)
                case .openMonitor(let monitor):
                    other.insert(monitor)
                default:
                    break
                }
            }
            switch r.event {
            case .callback(.didEnterRegion), .callback(.didExitRegion): reactsToRegions = true
            case .callback(.monitoringDidFail): readsMonitoringFailures = true
            case .session(let p):
                // A pattern's condition is renamed with it; every other name it holds stays.
                for name in [p.monitor].compactMap({ $0 }) + p.names + p.arguments where name != p.identifier { other.insert(name) }
            default: break
            }
        }
        // A name that is both a region and a condition, or a condition of two monitors, stays.
        for (name, monitors) in conditionMonitors where monitors.count > 1 || geometry[name] != nil { other.insert(name) }
        // Regions whose latest events are held are delivered in order of name, which a renaming
        // does not keep: they stay, when the app reacts to them (conditions are not held so).
        if model.device.parameters.holdsLatestRegionEvents && reactsToRegions { other.formUnion(geometry.keys) }
        geometry.merge(conditionGeometry) { a, _ in a }
        let candidates = geometry.keys.filter { !other.contains($0) }.sorted()
        // Classes: a region joins the first class whose first region it can swap with. Swaps
        // compose, so every two regions of a class can swap.
        var groups: [[String]] = []
        var swaps: [[[String: String]]] = []
        next: for name in candidates where candidates.count >= 2 {
            for g in groups.indices {
                if let taps = Self.swap(RegionRenaming(regions: [groups[g][0]: name, name: groups[g][0]]), in: model, commuting: !readsMonitoringFailures) {
                    swaps[g].append(taps)
                    groups[g].append(name)
                    continue next
                }
            }
            groups.append([name])
            swaps.append([])
        }
        var names: [String] = [], classes: [Range<Int>] = [], classOf: [Int] = [], taps: [String?] = [], geometries: [[Geometry]] = []
        for (group, swaps) in zip(groups, swaps) where group.count >= 2 {
            guard let groupTaps = Self.taps(of: group, swaps: swaps) else { continue }
            classes.append(names.count..<names.count + group.count)
            names += group
            classOf += Array(repeating: classes.count - 1, count: group.count)
            taps += groupTaps
            var seen: [Geometry] = []
            for name in group { for g in geometry[name]! where !seen.contains(g) { seen.append(g) } }
            geometries.append(seen)
        }
        var first = RegionRenaming()
        for (g, name) in names.enumerated() {
            let f = classes[classOf[g]].lowerBound
            if f != g {
                first.regions[name] = names[f]
                if let t = taps[g], let tf = taps[f] { first.taps[t] = tf }
            }
        }
        let sessionClasses = Self.sessionClasses(of: model, keeping: Set(taps.compactMap { $0 }), commuting: !readsMonitoringFailures, into: &first)
        guard !classes.isEmpty || !sessionClasses.isEmpty else { return nil }
        self.names = names
        self.classes = classes
        self.classOf = classOf
        isCondition = names.map { conditionGeometry[$0] != nil }
        hasConditions = isCondition.contains(true)
        self.taps = taps
        index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var tapRegion: [String: Int] = [:]
        for (g, t) in taps.enumerated() { if let t { tapRegion[t] = g } }
        self.tapRegion = tapRegion
        self.geometries = geometries
        self.sessionClasses = sessionClasses
        sessionClassNames = sessionClasses.map { $0.map { model.sessionName($0) ?? $0.description } }
        toFirst = first
    }

    /// The classes of sessions and streams `model` treats alike, each in order of number, and
    /// into `first` the renaming of each to the first of its class, with the taps that follow
    /// (each to the first of its orbit in the model's order of taps). Sessions are alike when
    /// they are of one kind and swapping them, with the taps that follow, maps the model onto
    /// itself; a class whose swaps move a tap of `keeping` (one that follows a region) is left alone.
    private static func sessionClasses(of model: AppModel, keeping: Set<String>, commuting: Bool,
                                       into first: inout RegionRenaming) -> [[SessionID]] {
        let objects = model.sessionObjects
        guard objects.count >= 2 else { return [] }
        var names: [SessionID: String] = [:]
        for (i, o) in objects.enumerated() { names[SessionID(i + 1)] = o.name }
        var groups: [[SessionID]] = []
        var swaps: [[[String: String]]] = []
        next: for (i, o) in objects.enumerated() {
            let id = SessionID(i + 1)
            for g in groups.indices where objects[groups[g][0].rawValue - 1].kind == o.kind {
                let a = groups[g][0]
                let renaming = RegionRenaming(sessions: [a: id, id: a], sessionNames: [a: names[a]!, id: o.name])
                if let taps = swap(renaming, in: model, commuting: commuting) {
                    swaps[g].append(taps)
                    groups[g].append(id)
                    continue next
                }
            }
            groups.append([id])
            swaps.append([])
        }
        var out: [[SessionID]] = []
        for (group, swaps) in zip(groups, swaps) where group.count >= 2 {
            guard swaps.allSatisfy({ $0.keys.allSatisfy { !keeping.contains($0) } }) else { continue }
            // The taps' orbits under the swaps: each tap goes to the first of its orbit.
            var root: [String: String] = [:]
            func find(_ t: String) -> String {
                var t = t
                while let r = root[t], r != t { t = r }
                return t
            }
            let order = Dictionary(model.taps.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            for swap in swaps {
                for (t, u) in swap {
                    let x = find(t), y = find(u)
                    guard x != y else { continue }
                    if order[x, default: .max] <= order[y, default: .max] { root[y] = x } else { root[x] = y }
                }
            }
            for t in root.keys where find(t) != t { first.taps[t] = find(t) }
            for id in group.dropFirst() { first.sessions[id] = group[0] }
            for id in group { first.sessionNames[id] = names[id] }
            out.append(group)
        }
        return out
    }

    /// The taps that follow a swap of two regions or two sessions (`base`), when the swap, with
    /// them, maps the model onto itself; `nil` when it does not. A tap goes where its reactions, the regions swapped, are
    /// another tap's reactions.
    static func swap(_ base: RegionRenaming, in model: AppModel, commuting: Bool) -> [String: String]? {
        var renaming = base
        func profile(_ tap: String, _ renaming: RegionRenaming?) -> [Reaction] {
            model.reactions.filter { $0.event == .tap(tap) }.map {
                var r = renaming?.apply($0) ?? $0
                r.event = .tap("")
                return RegionRenaming.normalized(r, commuting: commuting)
            }
        }
        let own = model.taps.map { profile($0, nil) }
        var taps: [String: String] = [:]
        var taken = Set<Int>()
        for (i, t) in model.taps.enumerated() {
            let p = profile(t, renaming)
            if p == own[i] { continue }
            guard let j = model.taps.indices.first(where: { $0 != i && !taken.contains($0) && own[$0] == p }) else { return nil }
            taken.insert(j)
            taps[t] = model.taps[j]
        }
        guard Set(taps.keys) == Set(taps.values) else { return nil }
        renaming.taps = taps
        return renaming.maps(model, commuting: commuting) ? taps : nil
    }

    /// The tap of each region of `group`, given the taps that follow swapping its first region
    /// with each other (`swaps[j - 1]` for `group[j]`): no taps move (all `nil`), or each swap
    /// exchanges the first region's tap with the other region's and moves no other tap. `nil` when
    /// the taps follow the regions some other way (then the class is not reduced).
    static func taps(of group: [String], swaps: [[String: String]]) -> [String?]? {
        if swaps.allSatisfy(\.isEmpty) { return Array(repeating: nil, count: group.count) }
        guard swaps.allSatisfy({ $0.count == 2 }) else { return nil }
        // The first region's tap is the one every swap moves.
        var common = Set(swaps[0].keys)
        for s in swaps.dropFirst() { common.formIntersection(s.keys) }
        guard let first = common.sorted().first else { return nil }
        var out: [String?] = [first]
        for s in swaps {
            guard let other = s[first], s[other] == first, other != first else { return nil }
            out.append(other)
        }
        return Set(out.compactMap { $0 }).count == out.count ? out : nil
    }

    // MARK: Signatures

    /// Reusable storage for signatures and permutations (one per thread).
    struct Scratch {
        /// Per region of ``RegionSymmetry/names``: monitored (and geometry), inside, held event;
        /// per condition: its place among the monitors' conditions.
        var high: [UInt64] = []
        /// Per region: its places among the events kept for a launch (entries in bits 0…31, exits in 32…63).
        var low: [UInt64] = []
        var target: [Int] = []
        var order: [Int] = []

        /// Creates empty storage.
        init() {}
    }

    private static let unmonitored: UInt64 = 1 << 63
    private static let geometryShift: UInt64 = 48
    private static let inside: UInt64 = 1 << 40
    private static let heldShift: UInt64 = 32
    /// The most events kept for a launch that a signature places (a state with more is stored as it is).
    static let maxPendingEvents = 32

    /// Fills `s` with the signature of every region in `m`; false when `m` keeps more events for a
    /// launch than a signature places.
    func signatures(of m: AuthorizationModel, into s: inout Scratch) -> Bool {
        let n = names.count
        if s.high.count != n {
            s.high = Array(repeating: 0, count: n)
            s.low = Array(repeating: 0, count: n)
        }
        let pending = m.services.pendingLaunchEvents
        if pending.count > Self.maxPendingEvents { return false }
        for g in 0..<n {
            s.high[g] = Self.unmonitored
            s.low[g] = 0
        }
        for r in m.services.monitoredRegions {
            guard let g = index[r.name] else { continue }
            let shapes = geometries[classOf[g]]
            let shape = shapes.firstIndex(of: Geometry(center: r.center, radius: r.radius)) ?? shapes.count
            s.high[g] = UInt64(min(shape, 255)) << Self.geometryShift
        }
        for name in m.services.insideRegions {
            if let g = index[name] { s.high[g] |= Self.inside }
        }
        for (i, e) in m.prompts.heldEvents.enumerated() {
            guard let name = e.regionName, let g = index[name] else { continue }
            let exit: UInt64 = if case .regionExited = e { 1 } else { 0 }
            // The triggering event (first) is kept apart from the others, held in order of name.
            s.high[g] |= ((i == 0 ? 1 : 3) + exit) << Self.heldShift
        }
        for (i, e) in pending.enumerated() {
            guard let name = e.regionName, let g = index[name] else { continue }
            if case .regionExited = e { s.low[g] |= 1 << UInt64(32 + i) } else { s.low[g] |= 1 << UInt64(i) }
        }
        if hasConditions {
            // A condition's signature is its place among the monitors' conditions (in the order
            // added, which the limit counts by, O15): conditions take their class's names in
            // that order, and every other field moves with the name. A condition no monitor
            // holds is nothing but its name.
            var position: UInt64 = 0
            for monitor in m.sessions.monitors {
                for c in monitor.conditions {
                    if let g = index[c.region.name], isCondition[g] { s.high[g] = position }
                    position += 1
                }
            }
        }
        return true
    }

    @inline(__always)
    private static func precedes(_ high: [UInt64], _ low: [UInt64], _ a: Int, _ b: Int) -> Bool {
        high[a] != high[b] ? high[a] < high[b] : low[a] < low[b]
    }

    /// Whether the signatures in `s` are those of a canonical state: in order within each class.
    func isCanonical(_ s: Scratch) -> Bool {
        for c in classes {
            for g in c.dropFirst() where Self.precedes(s.high, s.low, g, g - 1) { return false }
        }
        return true
    }

    /// What `m` says of regions and of the conditions and sessions this symmetry renames (``RegionFields``).
    func fields(of m: AuthorizationModel) -> RegionFields { RegionFields(m, conditions: hasConditions, sessions: !sessionClasses.isEmpty) }

    /// What a state says of regions, conditions and sessions, all that its signatures read: a
    /// successor that says the same as a canonical state is canonical too, with no signature to compute.
    struct RegionFields {
        var monitored: [Region]
        var inside: Set<String>
        var held: [MonitoringEvent]
        var pending: [MonitoringEvent]

        var monitors: [MonitorState]
        /// The symmetry renames conditions: the monitors are compared too.
        var conditions: Bool
        var service: [ServiceSessionState]
        var backgroundActivity: [BackgroundActivityState]
        var liveUpdates: [LiveUpdatesState]
        /// The symmetry renames sessions: the sessions and streams are compared too.
        var sessions: Bool

        /// The fields of `m` (sharing their storage); with `conditions`, its monitors' too, and
        /// with `sessions` its sessions and streams.
        fileprivate init(_ m: AuthorizationModel, conditions: Bool, sessions: Bool) {
            self.conditions = conditions
            self.sessions = sessions
            service = m.sessions.service
            backgroundActivity = m.sessions.backgroundActivity
            liveUpdates = m.sessions.liveUpdates
            monitored = m.services.monitoredRegions
            inside = m.services.insideRegions
            held = m.prompts.heldEvents
            pending = m.services.pendingLaunchEvents
            monitors = m.sessions.monitors
        }

        /// Whether `m` says the same of regions and conditions (at once when its lists still
        /// share these' storage).
        func same(_ m: AuthorizationModel) -> Bool {
            m.services.monitoredRegions == monitored && m.services.insideRegions == inside
                && m.prompts.heldEvents == held && m.services.pendingLaunchEvents == pending
                && (!conditions || m.sessions.monitors == monitors)
                && (!sessions || (m.sessions.service == service && m.sessions.backgroundActivity == backgroundActivity
                                  && m.sessions.liveUpdates == liveUpdates))
        }
    }

    // MARK: The canonical form

    /// Renames the regions, conditions and sessions of `state` into the canonical form of its
    /// orbit: in each class, the names in order of signature take the class's names in order (a
    /// monitored region before one that is not; conditions in the order added, then those no
    /// monitor holds; sessions in the order made, then those the app does not hold). Returns
    /// whether anything changed. A state that keeps more than ``maxPendingEvents`` events for a
    /// launch keeps its regions as they are (it is still a state of its orbit).
    @discardableResult
    func canonicalize(_ state: inout ExplorerState, _ s: inout Scratch) -> Bool {
        let sessions = !sessionClasses.isEmpty && canonicalizeSessions(&state.model.sessions)
        let regions = !names.isEmpty && canonicalizeRegions(&state, &s)
        return sessions || regions
    }

    /// The sessions and streams of each class in the order the app made them (their places in
    /// its list of their kind: the order the rules deliver in), then those it does not hold, take
    /// the class's numbers in order. A session's number is all that tells it from the others of
    /// its class: everything else the state says of it is in its place in the list, and a
    /// session the app does not hold is nothing but its number.
    private func canonicalizeSessions(_ sessions: inout AuthorizationModel.Sessions) -> Bool {
        var renamed: [SessionID: SessionID] = [:]
        for c in sessionClasses {
            // Each class is of one kind: its sessions are in one of the three lists.
            let ids: [SessionID]
            if sessions.service.contains(where: { c.contains($0.id) }) {
                ids = sessions.service.map(\.id)
            } else if sessions.backgroundActivity.contains(where: { c.contains($0.id) }) {
                ids = sessions.backgroundActivity.map(\.id)
            } else if sessions.liveUpdates.contains(where: { c.contains($0.id) }) {
                ids = sessions.liveUpdates.map(\.id)
            } else {
                continue
            }
            let held = ids.filter { c.contains($0) }
            let order = held + c.filter { !held.contains($0) }
            for (k, id) in order.enumerated() where id != c[k] { renamed[id] = c[k] }
        }
        if renamed.isEmpty { return false }
        for i in sessions.service.indices { if let new = renamed[sessions.service[i].id] { sessions.service[i].id = new } }
        for i in sessions.backgroundActivity.indices { if let new = renamed[sessions.backgroundActivity[i].id] { sessions.backgroundActivity[i].id = new } }
        for i in sessions.liveUpdates.indices { if let new = renamed[sessions.liveUpdates[i].id] { sessions.liveUpdates[i].id = new } }
        return true
    }

    private func canonicalizeRegions(_ state: inout ExplorerState, _ s: inout Scratch) -> Bool {
        if state.model.services.monitoredRegions.isEmpty && state.model.services.pendingLaunchEvents.isEmpty
            && state.model.prompts.heldEvents.isEmpty && (!hasConditions || state.model.sessions.monitors.isEmpty) { return false }
        guard signatures(of: state.model, into: &s) else { return false }
        let high = s.high, low = s.low
        var sorted = true
        for c in classes {
            for g in c.dropFirst() where Self.precedes(high, low, g, g - 1) { sorted = false; break }
            if !sorted { break }
        }
        if sorted { return false }
        if s.target.count != names.count { s.target = Array(names.indices) }
        for g in names.indices { s.target[g] = g }
        for c in classes {
            s.order.removeAll(keepingCapacity: true)
            s.order.append(contentsOf: c)
            // Stable: regions of equal signatures keep their order (either order is the same state).
            s.order.sort { Self.precedes(high, low, $0, $1) || (!Self.precedes(high, low, $1, $0) && $0 < $1) }
            for (k, g) in s.order.enumerated() { s.target[g] = c.lowerBound + k }
        }
        rename(&state.model, s.target)
        return true
    }

    /// Renames every region of `m` that ``names`` lists, region `g` to `names[target[g]]`, and
    /// restores the orders the model keeps (monitored regions and held events after the first by name).
    private func rename(_ m: inout AuthorizationModel, _ target: [Int]) {
        @inline(__always) func renamed(_ name: String) -> String? {
            guard let g = index[name], target[g] != g else { return nil }
            return names[target[g]]
        }
        var moved = false
        for i in m.services.monitoredRegions.indices {
            if let new = renamed(m.services.monitoredRegions[i].name) {
                m.services.monitoredRegions[i].name = new
                moved = true
            }
        }
        if moved { m.services.monitoredRegions.sort { $0.name < $1.name } }
        if !m.services.insideRegions.isEmpty, m.services.insideRegions.contains(where: { renamed($0) != nil }) {
            m.services.insideRegions = Set(m.services.insideRegions.map { renamed($0) ?? $0 })
        }
        func renamed(_ e: MonitoringEvent) -> MonitoringEvent? {
            switch e {
            case .regionEntered(let n): renamed(n).map(MonitoringEvent.regionEntered)
            case .regionExited(let n): renamed(n).map(MonitoringEvent.regionExited)
            default: nil
            }
        }
        if m.prompts.heldEvents.contains(where: { renamed($0) != nil }) {
            m.prompts.heldEvents = m.prompts.heldEvents.map { renamed($0) ?? $0 }
            if m.prompts.heldEvents.count > 2 { m.prompts.heldEvents[1...].sort { ($0.regionName ?? "") < ($1.regionName ?? "") } }
        }
        if m.services.pendingLaunchEvents.contains(where: { renamed($0) != nil }) {
            m.services.pendingLaunchEvents = m.services.pendingLaunchEvents.map { renamed($0) ?? $0 }
        }
        // Conditions keep their places: the names move.
        if hasConditions {
            for k in m.sessions.monitors.indices {
                for c in m.sessions.monitors[k].conditions.indices {
                    if let new = renamed(m.sessions.monitors[k].conditions[c].region.name) { m.sessions.monitors[k].conditions[c].region.name = new }
                }
            }
        }
    }

    // MARK: Choices and findings

    /// Whether `choice`, in a state whose signatures `s` holds, is a renaming of an earlier
    /// region's choice of the same state (entering, leaving or tapping a region of the same class
    /// and the same signature as the one before it): it leads to the same canonical state, with
    /// the same findings renamed, so the search need not take it.
    func repeats(_ choice: ExplorerChoice, _ s: Scratch) -> Bool {
        let g: Int
        switch choice {
        case .enterRegion(let n), .exitRegion(let n):
            guard let i = index[n] else { return false }
            g = i
        case .tap(let t):
            guard !tapRegion.isEmpty, let i = tapRegion[t] else { return false }
            g = i
        default:
            return false
        }
        guard g > classes[classOf[g]].lowerBound else { return false }
        return s.high[g] == s.high[g - 1] && s.low[g] == s.low[g - 1]
    }

    /// `key` with every region and tap renamed to the first of its class: keys of one orbit (a
    /// finding about `r3` and the same finding about `r1`) are one finding.
    func orbitKey(_ key: FindingKey) -> FindingKey {
        switch key {
        case .ignored, .backgroundStart, .promptOnForeground: toFirst.apply(key)
        default: key
        }
    }

    /// The classes of regions, as lists of names (for the report).
    var classNames: [[String]] { classes.filter { !isCondition[$0.lowerBound] }.map { Array(names[$0]) } }

    /// The classes of conditions, as lists of identifiers (for the report).
    var conditionClassNames: [[String]] { classes.filter { isCondition[$0.lowerBound] }.map { Array(names[$0]) } }
}
