import Foundation

/// Runs `locsim lint`: discovers targets, scans sources, runs every enabled check, applies
/// `.locsim.yml` severities and inline suppressions, and sorts the findings.
public struct Linter {
    /// The options of the run.
    public var options: LintOptions

    /// Creates a linter.
    public init(options: LintOptions) {
        self.options = options
    }

    /// Lints the paths.
    ///
    /// - Throws: `InputError` for a path that does not exist or a linted folder that cannot be read
    ///   (the command exits with status 2); a bad file in the tree is a finding (LOC029–LOC031).
    public func run() throws -> LintReport {
        let discovery = try TargetDiscovery(options: options).run()
        let allSources = Array(Set(discovery.targets.flatMap(\.sourceFiles) + discovery.unassignedSources)).sorted()
        var scanned = SourceScanner.scan(allSources)
        let boundary = TreeBoundary(roots: options.paths + options.allowOutside)
        let storyboardRoots = discovery.targets.reduce(into: Set<String>()) { $0.formUnion(Storyboard.firstScreenClasses(of: $1, within: boundary)) }
        let launchTypes = Self.readLaunchPathFiles(&scanned, among: allSources, storyboardRoots: storyboardRoots)
        var findings = Set<Finding>()

        // One level of indirection: functions called from lifecycle callbacks take their context.
        var contextCalls = [String: SourceScan.ContextCall]()
        var callerContexts = [String: Set<CallContext>]()
        for (_, scan) in scanned.scans.sorted(by: { $0.key < $1.key }) {
            for (name, call) in scan.contextCalls where (contextCalls[name]?.context ?? .unknown) < call.context { contextCalls[name] = call }
            for (name, contexts) in scan.callerContexts { callerContexts[name, default: []].formUnion(contexts) }
        }
        // LOC032 (the launch-options location key) is no location call: it is checked on its own.
        findings.formUnion(SourceChecks.runLaunchOptionsCheck(allSources.flatMap { scanned.scans[$0]?.events ?? [] }))
        // A loop, not a flatMap/filter/map chain: the chain took the type checker over half a second
        // (Docs/Building.md).
        func events(in files: [String]) -> [SourceEvent] {
            var result: [SourceEvent] = []
            for file in files {
                for original in scanned.scans[file]?.events ?? [] where original.kind != .launchOptionsLocationKey {
                    // A call on a receiver of another type counts only if some file makes that type a location type.
                    if let receiver = original.receiverType, !SourceEvent.isLocationType(receiver, declared: scanned.locationTypes) { continue }
                    var event = original
                    if event.context == .unknown, let function = event.enclosingFunction,
                       let base = function.split(separator: ":").first, let call = contextCalls[String(base)] {
                        event.context = call.context
                        event.contextName = "\(function) called from \(call.name)"
                        event.callerContexts = callerContexts[String(base)] ?? [call.context]
                    }
                    result.append(event)
                }
            }
            return result
        }

        let unassignedEvents = events(in: discovery.unassignedSources)
        let unassignedCreateSessions = unassignedEvents.contains { if case .serviceSession = $0.kind { return true } else { return false } }
        let unassignedRequestAlways = unassignedEvents.contains { if case .request(.always, _) = $0.kind { return true } else { return false } }
        let dependencyReferences = DependencyReference.find(in: discovery.dependencyRoots)
        for target in discovery.targets {
            let targetEvents = events(in: target.sourceFiles)
            let dependencies = PreflightChecks.dependencies(of: target, among: discovery.targets, references: dependencyReferences)
            findings.formUnion(PreflightChecks.run(target, events: targetEvents, dependencies: dependencies, sourcesScanned: !target.sourceFiles.isEmpty,
                                                   alwaysRequestedOutsideTargets: unassignedRequestAlways))
            findings.formUnion(AppClipChecks.run(target, events: targetEvents))
            findings.formUnion(FlowChecks.run(targetEvents, launchTypes: launchTypes))
            findings.formUnion(PlistChecks.run(target, events: targetEvents, sourcesScanned: !target.sourceFiles.isEmpty))
            findings.formUnion(SourceChecks.run(target, events: targetEvents))
            findings.formUnion(SourceChecks.runContextChecks(targetEvents))
            findings.formUnion(SessionChecks.run(target, events: targetEvents, sourcesScanned: !target.sourceFiles.isEmpty,
                                                 sessionsOutsideTargets: unassignedCreateSessions))
            findings.formUnion(SessionChecks.runContextChecks(targetEvents))
        }
        findings.formUnion(SourceChecks.runContextChecks(unassignedEvents))
        findings.formUnion(FlowChecks.run(unassignedEvents, launchTypes: launchTypes))
        findings.formUnion(SessionChecks.runContextChecks(unassignedEvents))
        findings.formUnion(discovery.misplacedSessionKeys.map(SessionChecks.misplaced))
        for note in scanned.scans.values.flatMap(\.notes) {
            let check = CheckCatalog.sourceNotAnalysed
            findings.insert(Finding(checkID: check.id, severity: check.defaultSeverity, message: note.message, location: note.location, ruleIDs: check.ruleIDs))
        }
        findings.formUnion(discovery.inputFindings)
        if discovery.targets.isEmpty, let first = discovery.notLinted.first {
            let check = CheckCatalog.targetNotLinted
            findings.insert(Finding(checkID: check.id, severity: check.defaultSeverity,
                                    message: "no app target could be linted (not linted: \(discovery.notLinted.map(\.description).joined(separator: ", "))): only the source checks that need no Info.plist ran; the purpose-string and background-mode checks did not",
                                    location: first.location, ruleIDs: check.ruleIDs))
        }
        for unread in discovery.unread {
            let check = CheckCatalog.unreadPurposeStrings
            findings.insert(Finding(checkID: check.id, severity: check.defaultSeverity,
                                    message: "\(unread.key) is in a plist the system never reads for the app: \(unread.reason)", location: unread.location, ruleIDs: check.ruleIDs))
        }

        var suppressions = Suppressions()
        var result = [Finding]()
        for var finding in findings {
            guard let check = CheckCatalog.check(finding.checkID), options.configuration.severity(of: check) != nil else { continue }
            // A finding keeps its own severity (LOC029 is an error or a warning by the file) unless `.locsim.yml` re-levels the check.
            finding.severity = options.configuration.severities[check.id] ?? finding.severity
            if suppressions.isSuppressed(finding) { continue }
            result.append(finding)
        }
        var report = LintReport(findings: result.sorted(), targetCount: discovery.targets.count, sourceFileCount: allSources.count,
                                parsedFileCount: scanned.parsedFiles, sourceBytes: scanned.bytesRead,
                                skippedFiles: discovery.skippedFiles)
        report.notLinted = discovery.notLinted.map(\.description)
        if !discovery.nonAppPlists.isEmpty {
            report.nonAppPlistNote = discovery.nonAppPlists.map { "\($0.path) is \($0.reason)" }.joined(separator: "; ")
        }
        return report
    }

    /// Parses the files the byte filter skipped that LOC021's first-screen chains pass through:
    /// a first screen (`ContentView`, the storyboard's first view controller) or a type a chain
    /// from it reaches, which often mentions no location identifier itself (`.onAppear {
    /// model.start() }`). A type is looked for in the file named after it (`ContentView.swift`,
    /// `ContentView+Map.swift`, `MapViewController.m`), the usual layout; a file holding it under
    /// another name is not found. Such a file is parsed only if it names a type that requests
    /// authorization, or a type of another such file (a call by type needs the type's name:
    /// `model = LocationModel()`), so screens that lead to no request cost nothing; a chain through
    /// two such files in a row, the first naming only the second, is not followed. Repeated as
    /// chains grow, at most ``SourceScan/maximumLaunchChainDepth`` times. Returns the launch types
    /// of all the files read, for LOC021.
    static func readLaunchPathFiles(_ scanned: inout SourceScanner.Result, among sources: [String], storyboardRoots: Set<String>) -> FlowChecks.LaunchTypes {
        func launchTypes() -> FlowChecks.LaunchTypes {
            FlowChecks.LaunchTypes(scanned.scans.keys.sorted().compactMap { scanned.scans[$0] }, storyboardRoots: storyboardRoots)
        }
        var requesting = Set<String>()
        for scan in scanned.scans.values {
            for event in scan.events {
                if case .request(_, let api) = event.kind, SourceChecks.explicitRequestAPIs.contains(api), let type = event.enclosingType { requesting.insert(type) }
            }
        }
        var launch = launchTypes()
        guard !requesting.isEmpty else { return launch }
        // A call through a protocol of the app that a requesting type declares names the protocol, not the type.
        let appProtocols = scanned.scans.values.reduce(into: Set<String>()) { $0.formUnion($1.declaredProtocols) }
        for scan in scanned.scans.values {
            for (protocolName, types) in scan.conformances where appProtocols.contains(protocolName) && !types.isDisjoint(with: requesting) { requesting.insert(protocolName) }
        }
        var byTypeName: [String: [String]]?
        var leading = requesting // types whose name in a file makes it worth parsing
        for _ in 0..<SourceScan.maximumLaunchChainDepth {
            let declared = scanned.scans.values.reduce(into: Set<String>()) { $0.formUnion($1.declaredTypes) }
            var wanted = launch.roots
            for key in launch.screenChains.keys {
                if let type = key.split(separator: ".").first { wanted.insert(String(type)) }
            }
            wanted.subtract(declared)
            guard !wanted.isEmpty else { return launch }
            // The unparsed files by the type their name gives, built once, only when a type is wanted.
            if byTypeName == nil {
                var names = [String: [String]]()
                for source in sources where scanned.scans[source] == nil {
                    let file = source.utf8.lastIndex(of: UInt8(ascii: "/")).map { source[source.index(after: $0)...] } ?? source[...]
                    let base = file.prefix { $0 != "." && $0 != "+" }
                    names[String(base), default: []].append(source)
                }
                byTypeName = names
            }
            var candidates = [(type: String, file: String, data: Data)]()
            for type in wanted.sorted() {
                for file in byTypeName?[type] ?? [] {
                    if let data = try? RegularFile.contents(of: file) { candidates.append((type, file, data)) }
                }
            }
            // A candidate leads to a request if it names a requesting type, or a candidate that does.
            var chosen = [String]()
            var changed = true
            while changed {
                changed = false
                for candidate in candidates where !chosen.contains(candidate.file) && ByteSearch.containsWord(candidate.data, leading.sorted()) {
                    chosen.append(candidate.file)
                    leading.insert(candidate.type)
                    changed = true
                }
            }
            guard !chosen.isEmpty else { return launch }
            let taken = Set(chosen)
            byTypeName = byTypeName?.mapValues { $0.filter { !taken.contains($0) } }
            let more = SourceScanner.scan(chosen.sorted(), force: true)
            scanned.scans.merge(more.scans) { $1 }
            scanned.parsedFiles += more.parsedFiles
            scanned.locationTypes.formUnion(more.locationTypes)
            launch = launchTypes()
        }
        return launch
    }
}
