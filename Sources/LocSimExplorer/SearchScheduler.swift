import Dispatch
import Foundation

/// Runs several searches (one per platform) to their end on a fixed set of threads, one per core.
///
/// The work is cut into tasks: a slice of one search's level (``LevelExpansion``), the merge of a
/// level once all its slices are done, and the report (hang analysis and counterexamples) once a
/// search is over. Any thread takes any ready task, so while one search merges a level, the other
/// cores expand the levels of the others, and no core waits for a level of another search. A
/// search's own steps keep their order (its slices are merged in frontier order), so the results
/// do not depend on the schedule.
final class SearchScheduler: @unchecked Sendable {
    /// One search and its level in progress. Only the thread running one of its tasks touches it;
    /// the slices of one level only read its table, which no task writes meanwhile.
    private final class Job: @unchecked Sendable {
        var search: StateSearch
        var slices: [LevelExpansion.Slice] = []
        /// The next slice of the level to hand out, and how many are not done.
        var nextSlice = 0
        var slicesLeft = 0
        /// States found so far (read under the lock): the biggest search goes first.
        var states = 0
        var report: PlatformExploration?
        init(_ search: StateSearch) { self.search = search }
    }

    private enum Task {
        case expand(Job, slice: Int)
        case merge(Job)
        case report(Job)
    }

    private let condition = NSCondition()
    /// Merges and reports: each unblocks a search, so they go first.
    private var urgent: [Task] = []
    private var jobsLeft: Int
    private let reports: Bool
    private let jobs: [Job]

    private init(_ searches: [StateSearch], reports: Bool) {
        jobs = searches.map(Job.init)
        jobsLeft = jobs.count
        self.reports = reports
    }

    /// Runs `searches` to their end on `threads` threads (this one included), and with `reports`
    /// makes each one's report. Returns the searches and the reports in the order given.
    static func run(_ searches: [StateSearch], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                    reports: Bool = true) -> (searches: [StateSearch], reports: [PlatformExploration?]) {
        let scheduler = SearchScheduler(searches, reports: reports)
        scheduler.condition.withLock {
            for job in scheduler.jobs { scheduler.begin(job) }
        }
        let group = DispatchGroup()
        for _ in 1..<max(1, threads) {
            DispatchQueue.global().async(group: group) { scheduler.work() }
        }
        scheduler.work()
        group.wait()
        return (scheduler.jobs.map(\.search), scheduler.jobs.map(\.report))
    }

    // MARK: Tasks (called with the lock held)

    private func begin(_ job: Job) {
        job.search.start()
        next(job)
    }

    /// Queues what `job` does after a merge: the slices of its next level, its report, or nothing.
    private func next(_ job: Job) {
        if job.search.hasNextLevel {
            let count = LevelExpansion.sliceCount(job.search.frontier.count)
            job.slices = Array(repeating: LevelExpansion.Slice(), count: count)
            job.nextSlice = 0
            job.slicesLeft = count
            job.states = job.search.table.count
            if count > 1 { condition.broadcast() } else { condition.signal() }
        } else if reports {
            urgent.append(.report(job))
            condition.signal()
        } else {
            finished()
        }
    }

    private func finished() {
        jobsLeft -= 1
        if jobsLeft == 0 { condition.broadcast() }
    }

    /// The next task: a merge or report, else a slice of the biggest search with slices left.
    /// The biggest search is the one whose chain of levels ends last; the others fill the cores
    /// while it merges.
    private func take() -> Task? {
        if let t = urgent.popLast() { return t }
        var best: Job?
        for job in jobs where job.nextSlice < job.slices.count && job.states > (best?.states ?? -1) { best = job }
        guard let job = best else { return nil }
        job.nextSlice += 1
        return .expand(job, slice: job.nextSlice - 1)
    }

    // MARK: Threads

    private func work() {
        var workers: [ObjectIdentifier: LevelExpansion.Worker] = [:]
        condition.lock()
        while true {
            if let task = take() {
                condition.unlock()
                let done = run(task, workers: &workers)
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

    /// Runs `task` without the lock; returns what to do once the lock is held again.
    private func run(_ task: Task, workers: inout [ObjectIdentifier: LevelExpansion.Worker]) -> () -> Void {
        switch task {
        case .expand(let job, let i):
            let search = job.search
            let range = LevelExpansion.slice(i, of: search.frontier.count)
            let id = ObjectIdentifier(job)
            if workers[id] == nil {
                let system = AppModelSystem(search.system.appModel, platform: search.system.platform)
                workers[id] = LevelExpansion.Worker(system: system, codec: search.codec, check: search.checkCodec)
            }
            let slice = workers[id]!.expand(search.frontier[range], table: search.table)
            return { [self] in
                job.slices[i] = slice
                job.slicesLeft -= 1
                if job.slicesLeft == 0 {
                    urgent.append(.merge(job))
                    condition.signal()
                }
            }
        case .merge(let job):
            let level = job.slices
            job.slices = []
            job.search.finishLevel(level)
            return { [self] in next(job) }
        case .report(let job):
            job.report = job.search.report()
            return { [self] in finished() }
        }
    }
}
