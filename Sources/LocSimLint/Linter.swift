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
    /// - Throws: `InputError` for input that cannot be read (the command exits with status 2).
    public func run() throws -> LintReport {
        let discovery = try TargetDiscovery(options: options).run()
        let allSources = Array(Set(discovery.targets.flatMap(\.sourceFiles) + discovery.unassignedSources)).sorted()
        let scanned = try SourceScanner.scan(allSources)

        // One level of indirection: functions called from lifecycle callbacks take their context.
        var contextCalls = [String: SourceScan.ContextCall]()
        var callerContexts = [String: Set<CallContext>]()
        for (_, scan) in scanned.scans.sorted(by: { $0.key < $1.key }) {
            for (name, call) in scan.contextCalls where (contextCalls[name]?.context ?? .unknown) < call.context { contextCalls[name] = call }
            for (name, contexts) in scan.callerContexts { callerContexts[name, default: []].formUnion(contexts) }
        }
        func events(in files: [String]) -> [SourceEvent] {
            files.flatMap { scanned.scans[$0]?.events ?? [] }.map { event in
                var event = event
                if event.context == .unknown, let function = event.enclosingFunction,
                   let base = function.split(separator: ":").first, let call = contextCalls[String(base)] {
                    event.context = call.context
                    event.contextName = "\(function) called from \(call.name)"
                    event.callerContexts = callerContexts[String(base)] ?? [call.context]
                }
                return event
            }
        }

        var findings = Set<Finding>()
        let unassignedEvents = events(in: discovery.unassignedSources)
        let unassignedCreateSessions = unassignedEvents.contains { if case .serviceSession = $0.kind { return true } else { return false } }
        let unassignedRequestAlways = unassignedEvents.contains { if case .request(.always, _) = $0.kind { return true } else { return false } }
        let launchTypes = FlowChecks.LaunchTypes(scanned.scans.keys.sorted().compactMap { scanned.scans[$0] },
                                                 storyboardRoots: discovery.targets.reduce(into: Set<String>()) { $0.formUnion(Storyboard.firstScreenClasses(of: $1)) })
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
        for unread in discovery.unread {
            let check = CheckCatalog.unreadPurposeStrings
            findings.insert(Finding(checkID: check.id, severity: check.defaultSeverity,
                                    message: "\(unread.key) is in a plist the system never reads for the app: \(unread.reason)", location: unread.location, ruleIDs: check.ruleIDs))
        }

        var suppressions = Suppressions()
        var result = [Finding]()
        for var finding in findings {
            guard let check = CheckCatalog.check(finding.checkID), let severity = options.configuration.severity(of: check) else { continue }
            finding.severity = severity
            if suppressions.isSuppressed(finding) { continue }
            result.append(finding)
        }
        var report = LintReport(findings: result.sorted(), targetCount: discovery.targets.count, sourceFileCount: allSources.count,
                                parsedFileCount: scanned.parsedFiles, sourceBytes: scanned.bytesRead,
                                skippedFiles: discovery.skippedFiles)
        report.warnings = discovery.warnings
        if !discovery.nonAppPlists.isEmpty {
            report.nonAppPlistNote = discovery.nonAppPlists.map { "\($0.path) is \($0.reason)" }.joined(separator: "; ")
        }
        return report
    }
}
