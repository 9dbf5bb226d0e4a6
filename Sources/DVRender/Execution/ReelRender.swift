import DVMedia
import DVPlanning
import Foundation

/// How a render runs.
package struct RenderOptions: Sendable {
    /// A clip that fails to decode fails the run (exit status 1) instead of being replaced.
    package var strict: Bool
    /// The share of segments this process renders.
    package var shard: Shard
    /// Segments rendered at once.
    package var parallelism: Int
    /// The cache shared by every job; nil: none.
    package var cache: SegmentCache?
    /// The segment store on a server (`--cache URL`); nil: none.
    package var store: RemoteSegmentStore?
    /// Seconds without a heartbeat after which another host's claim on a segment is taken over.
    package var claimTimeout: TimeInterval
    /// Make the sound tracks while the picture renders (`SoundTracksAhead`), for a run that assembles next.
    package var soundAhead: Bool

    /// One segment at a time per `CanvasSettings.encoderThreads` cores.
    package static let defaultParallelism = max(1, ProcessInfo.processInfo.activeProcessorCount / CanvasSettings.encoderThreads)

    package init(
        strict: Bool = false, shard: Shard = .whole, parallelism: Int = RenderOptions.defaultParallelism, cache: SegmentCache? = nil,
        store: RemoteSegmentStore? = nil, claimTimeout: TimeInterval = 60, soundAhead: Bool = false
    ) {
        self.strict = strict
        self.shard = shard
        self.parallelism = max(1, parallelism)
        self.cache = cache
        self.store = store
        self.claimTimeout = claimTimeout
        self.soundAhead = soundAhead
    }
}

/// What rendering the segments came to, after re-planning around clips that failed.
package struct SegmentsReport: Sendable {
    /// The plan the segments follow (the first plan, or the one made around failed clips).
    package let planned: PlannedJob
    package let layout: ReelLayout
    package let reusedCount: Int
    package let renderedCount: Int
    /// Where the reused segments came from (work folder, cache, another process), with how many.
    package let reusedFrom: [SegmentOrigin: Int]
    /// Clips dropped in this run because they failed to decode.
    package let failures: [ClipFailure]
}

/// The staged executor for one job: renders the segments (load → normalize → transition → encode),
/// re-planning around clips that fail, then makes the sound track and assembles the output.
package struct ReelRender<Observer: RenderObserver>: Sendable {
    package let work: WorkFolder
    package let options: RenderOptions
    package let observer: Observer
    package let stop: StopRequest

    package init(work: WorkFolder, options: RenderOptions, observer: Observer, stop: StopRequest) {
        self.work = work
        self.options = options
        self.observer = observer
        self.stop = stop
    }

    /// Renders every segment of the plan this shard owns that is not finished yet, for the job's output
    /// (`job.output`, the one `PlannedJob.forOutput` chose).
    package func renderSegments(_ planned: PlannedJob) throws -> SegmentsReport {
        try renderSegments(planned, outputs: [planned.job.output])[0]
    }

    /// Renders every segment of the plan this shard owns that is not finished yet, for each of `outputs`
    /// (some or all of the job's), the outputs' segments at one position together (`SegmentRenderer`), and
    /// returns a report for each output, in order. A clip that fails to decode is remembered in the work
    /// folder and the plan is made again without it (the day takes its next candidate, or is left out);
    /// under `strict`, the failure ends the run instead, and a library with any file that cannot be used
    /// (`Plan.unreadable`) ends it before anything is rendered. Each character a text's font lacks is a
    /// warning, once per text.
    package func renderSegments(_ planned: PlannedJob, outputs: [Job.Output]) throws -> [SegmentsReport] {
        if options.strict, !planned.plan.unreadable.isEmpty {
            throw RenderError.unreadableFiles(planned.plan.unreadable)
        }
        let records = BrokenClips(work: work, cache: options.cache, store: options.store)
        try work.prepare()
        work.removeAbandonedTemporaries()
        var progress = RenderProgress(planned: planned.converged(with: records))
        var cacheUse = SegmentCache.RunRecord(hits: 0, misses: 0, stored: 0)
        defer { options.cache?.recordRun(cacheUse) }
        var soundAhead: SoundTracksAhead?
        do {
            while true {
                let round = try layOut(progress, outputs: outputs)
                progress.warned.formUnion(round.warnings)
                if options.soundAhead, soundAhead == nil {
                    let jobs = outputs.map { progress.planned.forOutput($0).job }
                    soundAhead = SoundTracksAhead(
                        Array(zip(jobs, round.layouts)), work: work, files: progress.planned.files, observer: observer, stop: stop)
                }
                let renderer = SegmentRenderer(
                    canvases: round.layouts.map(\.canvas), work: work, cache: options.cache, store: options.store,
                    claimTimeout: options.claimTimeout, parallelism: options.parallelism, files: progress.planned.files
                )
                let outcomes = try renderer.render(round.owned, observer: observer, stop: stop)
                for outcome in outcomes {
                    cacheUse.hits += outcome.cacheUse.hits
                    cacheUse.misses += outcome.cacheUse.misses
                    cacheUse.stored += outcome.cacheUse.stored
                }
                switch try settle(progress, round: round, outcomes: outcomes, records: records, outputs: outputs) {
                case let .finished(reports):
                    soundAhead?.join()
                    return reports
                case let .again(next):
                    progress = next
                }
            }
        } catch {
            soundAhead?.join()
            throw error
        }
    }

    /// Where a render of the segments stands between its rounds: the plan, the clips that failed and the
    /// segments rendered here so far, and the warnings given.
    private struct RenderProgress: Sendable {
        var planned: PlannedJob
        var failures: [ClipFailure] = []
        /// Segments this process rendered, in any plan: after a re-plan they are found in the work folder, but
        /// were rendered here all the same.
        var renderedHere = Set<String>()
        var warned = Set<String>()
    }

    /// One round of a render: every output laid out, those rendered and their segments this shard owns.
    private struct RenderRound: Sendable {
        var layouts: [ReelLayout]
        var owned: [[SegmentSpec]]
        var warnings: Set<String>
    }

    /// How a round ended: the reports, or the progress to render another round from.
    private enum RoundEnd: Sendable {
        case finished([SegmentsReport])
        case again(RenderProgress)
    }

    /// Lays out every output of the job (so that shards split the positions alike whichever outputs each one
    /// renders), records the plan, warns once of characters no font has, and picks this shard's segments. A
    /// shard of several identifies only the clips its own segments read (`PlannedJob.layout(clipsRead:)`), so
    /// a shard reading a library on a server fetches its own days' windows and no others.
    private func layOut(_ progress: RenderProgress, outputs: [Job.Output]) throws -> RenderRound {
        let planned = progress.planned
        var every = try planned.outputs.map { try planned.forOutput($0).layout(observer: observer, clipsRead: options.shard == .whole ? nil : []) }
        let assignment = ShardAssignment(layouts: every, index: planned.scan.entries, count: options.shard.count)
        let isOwned = { (segment: SegmentSpec) in assignment.owns(options.shard, segment.position) }
        if options.shard != .whole {
            // Laid out again with the clips of this shard's own segments identified, and only those read.
            let read = Set(every.flatMap { $0.segments.filter(isOwned).flatMap(\.libraryPaths) })
            every = try planned.outputs.map { try planned.forOutput($0).layout(observer: observer, clipsRead: read) }
        }
        let layouts = outputs.map { output in every[planned.outputs.firstIndex(of: output) ?? 0] }
        guard !layouts[0].pieces.allSatisfy({ $0.source.clip == nil }) else { throw RenderError.nothingToRender }
        var warned = progress.warned
        for layout in layouts {
            try work.recordPlan(planned.plan, layout: layout, keysOf: isOwned)
            for warning in layout.missingGlyphWarnings() where warned.insert(warning).inserted {
                observer.handle(.warning(RenderWarning(.missingGlyph, warning)))
            }
            for warning in layout.textOverlapWarnings where warned.insert(warning).inserted {
                observer.handle(.warning(RenderWarning(.textOverlap, warning)))
            }
        }
        let owned = layouts.map { layout in layout.segments.filter(isOwned) }
        return RenderRound(layouts: layouts, owned: owned, warnings: warned)
    }

    /// After a round: the reports when no clip failed and no other process found one broken; else the plan
    /// made again around the clips that failed (each recorded as broken, `BrokenClips`) or that others found.
    private func settle(
        _ progress: RenderProgress, round: RenderRound, outcomes: [RenderOutcome], records: BrokenClips, outputs: [Job.Output]
    ) throws -> RoundEnd {
        try finishStore()
        for warning in RenderWarning.libraryFilesReadWhole(of: progress.planned.files) {
            observer.handle(.warning(warning))
        }
        var progress = progress
        for outcome in outcomes {
            progress.renderedHere.formUnion(outcome.finished.filter { !$0.reused }.map(\.spec.key))
        }
        let planned = progress.planned
        let newFailures = outcomes.flatMap(\.failures)
        if newFailures.isEmpty {
            // Other processes of this render (shards sharing the work folder, the cache or the store) may
            // have found clips broken meanwhile: their segments follow the plan made around those too.
            let settled = planned.converged(with: records)
            if settled.broken.count > planned.broken.count {
                progress.planned = settled
                return .again(progress)
            }
            return .finished(
                outcomes.indices.map { index in
                    let finished = outcomes[index].finished
                    let mine = finished.filter { progress.renderedHere.contains($0.spec.key) }
                    let others = finished.filter { !progress.renderedHere.contains($0.spec.key) }
                    var reusedFrom = Dictionary(grouping: others, by: \.origin).mapValues(\.count)
                    reusedFrom[SegmentOrigin.rendered] = nil
                    return SegmentsReport(
                        planned: planned.forOutput(outputs[index]), layout: round.layouts[index], reusedCount: others.count,
                        renderedCount: mine.count, reusedFrom: reusedFrom, failures: progress.failures
                    )
                })
        }
        // A broken clip can fail its own segment and the next one, in every output: report each file once.
        var newly: [String: String] = [:]
        for failure in newFailures where newly[failure.path] == nil && planned.broken[failure.path] == nil {
            guard !options.strict, planned.scan.entries.contains(where: { $0.path == failure.path }) else {
                let day = planned.plan.days.first { $0.paths.contains(failure.path) }?.date
                throw RenderError.clipFailed(path: failure.path, reason: day.map { "the clip of \($0): \(failure.reason)" } ?? failure.reason)
            }
            observer.handle(.warning(RenderWarning(.clipFailed, "\(failure.path): \(failure.reason); its day is planned again without it")))
            progress.failures.append(failure)
            newly[failure.path] = failure.reason
            if let identity = round.layouts[0].identities[failure.path], !identity.isEmpty {
                try records.record(identity: identity, reason: failure.reason)
            }
        }
        guard !newly.isEmpty else {
            // The plan made around these clips chose them again: nothing more can be left out.
            throw RenderError.clipFailed(path: newFailures[0].path, reason: newFailures[0].reason)
        }
        progress.planned = planned.replanned(around: newly).converged(with: records)
        return .again(progress)
    }

    /// Makes the sound track (or reuses it) and joins the finished segments of `layout` (the plan's, from
    /// `PlannedJob.layout` or `renderSegments`) with it into the job's output, and records what was written
    /// in `outputs.json` (`OutputsManifest`),
    /// unless the output is already exactly that assembly (the assemble manifest and the file's SHA-256
    /// say so): then it is kept as it is. An output with a `profile:` is then inspected as `dvpipe check`
    /// does; breaking its profile fails the run (`deliveryCheckFailed`), the file kept. A stop requested before the sound track or while it is made ends
    /// the run (`RenderError.interrupted`) before the next stage starts; the finished track is kept and
    /// the previous output is left as it was.
    package func assemble(_ planned: PlannedJob, layout: ReelLayout) throws -> AssembledReel {
        let assemble = AssembleStage(work: work)
        try takeMissingSegments(layout)
        try assemble.checkComplete(layout)
        let audioStage = AudioStage(work: work, job: planned.job, files: planned.files)
        let (subtitles, inputs) = try assemble.recipe(layout, job: planned.job)
        let output = URL(fileURLWithPath: planned.job.output.path)
        let name = planned.job.output.givenName
        let reel: AssembledReel
        if let kept = assemble.unchangedOutput(inputs: inputs, output: output, name: name, observer: observer) {
            reel = kept
        } else {
            try stop.check()
            let audio = try audioStage.track(for: layout, observer: observer)
            try stop.check()
            reel = try assemble.assemble(
                layout, audio: audio, subtitles: subtitles, into: output, name: name, inputs: inputs,
                withoutEditLists: planned.job.output.profile != nil, observer: observer)
        }
        if let profile = planned.job.output.profile {
            let inspection: DeliveryInspection
            do {
                inspection = try DeliveryInspection(url: output, rules: profile.rules)
            } catch let error as MediaError {
                throw RenderError.outputFailed(path: output.path, reason: error.reason(besides: output.path))
            }
            guard inspection.problems.isEmpty else {
                throw RenderError.deliveryCheckFailed(path: output.path, profile: profile.rawValue, problems: inspection.problems)
            }
        }
        try work.recordOutput(
            OutputsManifest.Output(reel: reel, name: planned.job.output.name, layout: layout),
            among: planned.outputs.map(\.name))
        return reel
    }

    /// What `assemble` joins, after shards: the plan made around every clip the work folder, the cache or the
    /// segment store records as broken (`BrokenClips`), and its layout. A shard that found a clip broken
    /// after another shard had finished leaves segments of that plan that no shard rendered: when the plan
    /// was made around broken clips, those are rendered here (`renderedHere` counts them), so that shards
    /// and assembly end with one plan. Segments missing from a plan that no broken clip changed are left for
    /// `assemble` to report: a shard has not finished.
    package func planForAssembly(_ planned: PlannedJob) throws -> (planned: PlannedJob, layout: ReelLayout, renderedHere: Int) {
        let planned = planned.converged(with: BrokenClips(work: work, cache: options.cache, store: options.store))
        let layout = try planned.layout(observer: observer)
        try takeMissingSegments(layout)
        guard !planned.broken.isEmpty, layout.segments.contains(where: { work.segments.finished($0.key) == nil }) else {
            return (planned, layout, 0)
        }
        let report = try renderSegments(planned)
        return (report.planned, report.layout, report.renderedCount)
    }

    /// Brings the segments of `layout` that the work folder lacks from the shared cache or the segment store
    /// (shards rendered on runners that share only the store).
    private func takeMissingSegments(_ layout: ReelLayout) throws {
        guard options.cache != nil || options.store != nil else { return }
        try work.prepare()
        let shared = SharedSegments(cache: options.cache, store: options.store)
        for segment in layout.segments where work.segments.finished(segment.key) == nil {
            try stop.check()
            _ = shared.take(segment.key, label: segment.label, into: work.segments) { observer.handle(.warning($0)) }
        }
        try finishStore()
    }

    /// Waits for the segment store's uploads, reports what it met, and under `strict` fails when the store did.
    private func finishStore() throws {
        guard let store = options.store else { return }
        store.finishUploads()
        for notice in store.takeNotices() {
            observer.handle(.warning(notice))
        }
        let traffic = store.traffic
        if options.strict,
            let reason = traffic.failure ?? traffic.uploadFailure ?? (traffic.rejected > 0 ? "\(traffic.rejected) entries did not check" : nil)
        {
            throw RenderError.storeFailed(address: store.settings.display, reason: reason)
        }
    }
}
