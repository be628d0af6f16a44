import Dispatch
import Foundation
import LocSimModel

/// Runs several searches (one per platform) to their end on a fixed set of threads, one per core.
///
/// The work is cut into tasks: a slice of one search's level (``LevelExpansion``), the merge of a
/// level once all its slices are done, and once a search is over, its hang analysis and then each
/// finding's counterexample. Any thread takes any ready task, so while one search merges a level,
/// the other cores expand the levels of the others, and no core waits for a level of another
/// search. A search's own steps keep their order (its slices are merged in frontier order), so
/// the results do not depend on the schedule or on the number of threads (one included).
///
/// A search may wait for another's, its lead's, to learn whether that one serves it: its
/// platform's answers differ from the lead's only in questions the lead's rules may never ask
/// (``PlatformReads``). It starts at the lead's first merge of a level (or the end of its hang
/// analysis) after the lead asked one of them, and otherwise takes
/// the lead's states, transitions and problems once the lead is over, its findings' paths
/// replayed on its own platforms. The questions asked only grow, so whether a search is served
/// does not depend on when that is checked.
final class SearchScheduler: @unchecked Sendable {
    /// One search and its level in progress. The bookkeeping fields are read and written under
    /// the lock; `problems` and `setup` are written once, by the task that lists the problems,
    /// before the lock publishes them. The search itself is written by one merge at a time, and
    /// only read by the slices of the level it has ready (which no merge runs alongside) and by
    /// its findings.
    private final class Job: @unchecked Sendable {
        var search: StateSearch
        var slices: [LevelExpansion.Slice] = []
        /// The next slice of the level to hand out, and how many are not done.
        var nextSlice = 0
        var slicesLeft = 0
        /// The level being expanded (read under the lock): the search furthest behind goes first.
        var depth = 0
        /// Once the search is over: its problems, the text every counterexample starts with, the
        /// next problem to hand out, the findings, and how many are not done.
        var problems: [StateSearch.Problem] = []
        var setup = ""
        var nextProblem = 0
        var findings: [Finding?] = []
        var findingsLeft = 0
        var report: PlatformExploration?
        /// The platforms that behave as this search's (``PlatformBehavior``), and once its problems
        /// are listed, the jobs that write their findings; for such a job, the platform searched.
        var alike: [AppModelSystem] = []
        var alikeJobs: [Job] = []
        var sharedSearch: Platform?
        /// The jobs waiting for this search to end (see the type's summary); while there are,
        /// each thread's system notes the platform questions it asks, and `asked` gathers them.
        var waiting: [Job] = []
        var records = false
        var asked: UInt64 = 0
        /// For a job that waits: the answers of ``PlatformBehavior/answers`` in which its platform
        /// differs from its lead's.
        var differs: UInt64 = 0
        /// For a job the lead's search served: the job that writes its own platform's report.
        var served: Job?
        init(_ search: StateSearch) { self.search = search }
    }

    private enum Work {
        case expand(Job, slice: Int)
        /// A level's slices, taken out of the job under the lock.
        case merge(Job, [LevelExpansion.Slice])
        /// The search's problems (its hang analysis).
        case problems(Job)
        case finding(Job, Int)
    }

    private let condition = NSCondition()
    /// Merges: each unblocks a search, so they go first.
    private var merges: [(Job, [LevelExpansion.Slice])] = []
    /// Searches that are over, for their problems and then their findings: these go last, and
    /// fill the cores at the end (but the problems of a search that others wait for go first).
    private var reportsLeft: [Job] = []
    private var jobsWithFindingsLeft: [Job] = []
    private var jobsLeft: Int
    private let reports: Bool
    private let jobs: [Job]

    /// The searches whose jobs start at once, in the order given.
    private var leads: [Job] = []

    private init(_ searches: [StateSearch], alike: [[AppModelSystem]], waits: [(lead: Int, differs: UInt64)?], reports: Bool) {
        jobs = searches.map(Job.init)
        for (job, systems) in zip(jobs, alike) { job.alike = systems }
        jobsLeft = jobs.count + (reports ? jobs.reduce(0) { $0 + $1.alike.count } : 0)
        self.reports = reports
        for (i, job) in jobs.enumerated() {
            if reports, i < waits.count, let wait = waits[i] {
                precondition(wait.lead < i && (wait.lead >= waits.count || waits[wait.lead] == nil), "a lead comes first and waits for none")
                precondition(jobs[wait.lead].search.system.reads != nil, "a lead's system notes the questions it asks")
                job.differs = wait.differs
                jobs[wait.lead].waiting.append(job)
                jobs[wait.lead].records = true
            } else {
                leads.append(job)
            }
        }
    }

    /// Runs `searches` to their end on `threads` threads (this one included), and with `reports`
    /// makes each one's report. Returns the searches and the reports in the order given.
    ///
    /// `alike[i]` (if given) are the systems of platforms that behave as search `i`'s: each gets
    /// a report of its own from that search (``StateSearch/reporting(for:)``), its findings' paths
    /// replayed on it, with ``PlatformExploration/sharedSearch`` naming the platform searched;
    /// `alikeReports[i]` are those reports, in the order given.
    ///
    /// `waits[i]` (if given, with `reports`), is the earlier search that may serve search `i`, and
    /// the answers in which their platforms differ; that search's system must note the questions
    /// it asks (``AppModelSystem/reads``). Whether it served search `i` or not, `reports[i]` and
    /// `alikeReports[i]` are search `i`'s platforms' reports.
    static func run(_ searches: [StateSearch], alike: [[AppModelSystem]] = [], waits: [(lead: Int, differs: UInt64)?] = [],
                    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                    reports: Bool = true) -> (searches: [StateSearch], reports: [PlatformExploration?], alikeReports: [[PlatformExploration?]]) {
        let scheduler = SearchScheduler(searches, alike: alike, waits: waits, reports: reports)
        scheduler.condition.withLock {
            for job in scheduler.leads { scheduler.begin(job) }
        }
        let group = DispatchGroup()
        for _ in 1..<max(1, threads) {
            DispatchQueue.global().async(group: group) { scheduler.work() }
        }
        scheduler.work()
        group.wait()
        return (scheduler.jobs.map(\.search), scheduler.jobs.map { $0.served?.report ?? $0.report }, scheduler.jobs.map { $0.alikeJobs.map(\.report) })
    }

    // MARK: Tasks (called with the lock held)

    private func begin(_ job: Job) {
        job.search.start()
        next(job)
    }

    /// Queues what `job` does after a merge: the slices of its next level, its report, or nothing.
    private func next(_ job: Job) {
        if job.records, !job.waiting.isEmpty {
            job.asked |= job.search.system.reads?.asked ?? 0
            startWaitingJobs(of: job, unless: { _ in false })
        }
        if job.search.hasNextLevel {
            let count = LevelExpansion.sliceCount(job.search.frontier.count)
            job.slices = Array(repeating: LevelExpansion.Slice(), count: count)
            job.nextSlice = 0
            job.slicesLeft = count
            job.depth += 1
            if count > 1 { condition.broadcast() } else { condition.signal() }
        } else if reports {
            reportsLeft.append(job)
            condition.signal()
        } else {
            finished()
        }
    }

    /// Starts the jobs waiting for `job` whose platforms differ in a question it has asked, and
    /// those `served` does not take.
    private func startWaitingJobs(of job: Job, unless served: (Job) -> Bool) {
        var still: [Job] = []
        for w in job.waiting {
            if w.differs & job.asked != 0 {
                begin(w)
            } else if !served(w) {
                still.append(w)
            }
        }
        job.waiting = still
    }

    /// What `lead`'s search, now over, gives `job`, whose platforms answer every question it
    /// asked as its own does: its states, transitions and problems, with each finding's path
    /// replayed on each of `job`'s platforms (as for the lead's alike platforms).
    private func serve(_ job: Job, by lead: Job) {
        for (i, system) in ([job.search.system] + job.alike).enumerated() {
            let served = Job(lead.search.reporting(for: system))
            served.problems = lead.problems
            served.setup = CounterexampleWriter.setup(model: system.appModel, platform: system.platform)
            served.sharedSearch = lead.search.system.platform
            if i == 0 { job.served = served } else { job.alikeJobs.append(served) }
            startFindings(served)
        }
    }

    private func finished() {
        jobsLeft -= 1
        if jobsLeft == 0 { condition.broadcast() }
    }

    /// The next task: a merge, else a slice of the search with the fewest levels done (the widest
    /// first among those), else a report's part.
    ///
    /// Searches advance level by level together, so they end together: the last levels of one
    /// search overlap with those of the others, and the reports fill the cores at the end. (Giving
    /// the biggest search precedence instead makes whichever search starts first the biggest.)
    private func take(after last: Job?) -> Work? {
        if let (job, level) = merges.popLast() { return .merge(job, level) }
        // The hang analysis of a search others wait for decides whether they search at all.
        if let i = reportsLeft.firstIndex(where: { !$0.waiting.isEmpty }) { return .problems(reportsLeft.remove(at: i)) }
        var best: Job?
        if let last, last.nextSlice < last.slices.count {
            // Another slice of the same search first: its table and worker are in this core's cache.
            best = last
        } else {
            for job in jobs where job.nextSlice < job.slices.count {
                guard let b = best else { best = job; continue }
                if job.depth < b.depth || (job.depth == b.depth && job.slices.count > b.slices.count) { best = job }
            }
        }
        if let job = best {
            job.nextSlice += 1
            return .expand(job, slice: job.nextSlice - 1)
        }
        if let job = jobsWithFindingsLeft.first {
            job.nextProblem += 1
            if job.nextProblem == job.problems.count { jobsWithFindingsLeft.removeFirst() }
            return .finding(job, job.nextProblem - 1)
        }
        if !reportsLeft.isEmpty { return .problems(reportsLeft.removeFirst()) }
        return nil
    }

    // MARK: Threads

    private func work() {
        var workers: [ObjectIdentifier: LevelExpansion.Worker] = [:]
        var last: Job?
        condition.lock()
        while true {
            if let work = take(after: last) {
                if case .expand(let job, _) = work { last = job }
                condition.unlock()
                let done = run(work, workers: &workers)
                condition.lock()
                done()
            } else if jobsLeft == 0 {
                break
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }

    /// Runs `work` without the lock; returns what to do once the lock is held again.
    private func run(_ work: Work, workers: inout [ObjectIdentifier: LevelExpansion.Worker]) -> () -> Void {
        switch work {
        case .expand(let job, let i):
            let id = ObjectIdentifier(job)
            if workers[id] == nil {
                let system = AppModelSystem(job.search.system.appModel, platform: job.search.system.platform,
                                            symmetric: job.search.system.symmetry != nil, reads: job.records ? PlatformReads() : nil)
                workers[id] = LevelExpansion.Worker(system: system, codec: job.search.codec, check: job.search.checkCodec)
            }
            let range = LevelExpansion.slice(i, of: job.search.frontier.count)
            let slice = workers[id]!.expand(job.search.frontier[range], table: job.search.table)
            let asked = workers[id]!.system.reads?.asked ?? 0
            return { [self] in
                job.asked |= asked
                job.slices[i] = slice
                job.slicesLeft -= 1
                if job.slicesLeft == 0 {
                    merges.append((job, job.slices))
                    job.slices = []
                    condition.signal()
                }
            }
        case .merge(let job, let level):
            job.search.finishLevel(level)
            return { [self] in next(job) }
        case .problems(let job):
            job.search.decideCutStates()
            job.problems = job.search.problems()
            job.setup = CounterexampleWriter.setup(model: job.search.system.appModel, platform: job.search.system.platform)
            let setups = job.alike.map { CounterexampleWriter.setup(model: $0.appModel, platform: $0.platform) }
            // The search is over: what it asked is all it will ask, and its findings' replays,
            // on several threads at once, note nothing.
            let reads = job.search.system.reads
            reads?.close()
            return { [self] in
                if job.records {
                    job.asked |= reads?.asked ?? 0
                    startWaitingJobs(of: job, unless: { w in serve(w, by: job); return true })
                }
                startFindings(job)
                // The platforms that behave alike: the same problems, their paths replayed on each.
                for (system, setup) in zip(job.alike, setups) {
                    let alike = Job(job.search.reporting(for: system))
                    alike.problems = job.problems
                    alike.setup = setup
                    alike.sharedSearch = job.search.system.platform
                    job.alikeJobs.append(alike)
                    startFindings(alike)
                }
            }
        case .finding(let job, let i):
            let finding = job.search.finding(job.problems[i], setup: job.setup)
            return { [self] in
                job.findings[i] = finding
                job.findingsLeft -= 1
                if job.findingsLeft == 0 {
                    report(job, findings: job.findings.compactMap { $0 })
                }
            }
        }
    }

    /// Queues the findings of `job`, whose problems are listed (or reports it, with none).
    private func startFindings(_ job: Job) {
        job.findings = Array(repeating: nil, count: job.problems.count)
        job.findingsLeft = job.problems.count
        if job.problems.isEmpty {
            report(job, findings: [])
        } else {
            jobsWithFindingsLeft.append(job)
            if job.problems.count > 1 { condition.broadcast() } else { condition.signal() }
        }
    }

    private func report(_ job: Job, findings: [Finding]) {
        var report = job.search.report(findings: findings)
        report.sharedSearch = job.sharedSearch
        job.report = report
        finished()
    }
}
