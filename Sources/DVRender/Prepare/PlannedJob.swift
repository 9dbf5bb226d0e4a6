import DVMedia
import DVPlanning
import DVRemote
import DVSignal
import Foundation

/// A validated job with its library scanned and its plan made: where `plan`, `run`, `render`, `assemble`
/// and `status` all start.
package struct PlannedJob: Sendable {
    package private(set) var job: Job
    /// Every output of the job in the job's order, whichever of them `job.output` is (see `forOutput`).
    package let outputs: [Job.Output]
    /// The concrete days of the timeframe (a `last:` timeframe resolved against the as-of day).
    package let days: DayRange
    package let scan: LibraryScan
    package let plan: Plan
    /// The content digests of the files the render reads, kept in the work folder.
    let digests: ContentDigests
    /// How the library's files open: those the scan listed on servers, and the local ones.
    package var files: LibraryFiles { digests.files }
    /// The analyses of the clips the plan judged (`start: auto`, `order: best`), by path.
    let moments: [String: MomentScores]
    /// The faces found in chosen clips (`fit: subject`), kept in the work folder.
    let faces: FaceCache
    /// The photos' analyses (size, faces, centre of interest, score), kept in the work folder.
    let stills: StillCache
    /// The scores of the photos the plan ranked (`order: best`, `clips.photo.count`), by path.
    let photoScores: [String: Double]
    /// The place-name table the days' positions are named from, if one is installed (`PlaceNames`).
    let places: PlaceTable?
    /// The soundtrack's beat grids in the order played, when the job cuts on the beat (`MusicBeatGrids`).
    let musicGrids: [BeatGrid]
    /// The files found broken while rendering (by this process or another, `BrokenClips`) that the plan was
    /// made around, with why each failed, by path.
    package private(set) var broken: [String: String] = [:]
    /// The index the plan was made over (the scan with broken clips marked unreadable) and its rules.
    let planning: (index: [MediaEntry], rules: PlanningRules)

    /// Scans the job's library, reusing the index cached in `work` for files whose size, modification
    /// time and inode are unchanged, and plans the reel around the clips that the work folder records as
    /// broken (`BrokenClips`; a render also asks its cache and segment store, `converged(with:)`).
    /// Writes only the work folder, never the library.
    ///
    /// - Throws: `LibraryScanError` when a library folder is missing or cannot be read.
    package static func make(
        job: Job, asOf: CalendarDay?, work: WorkFolder, observer: some RenderObserver
    ) throws -> PlannedJob {
        let days = job.resolvedTimeframe(asOf: asOf)
        let files = LibraryFiles()
        let scan = try scanLibrary(of: job, work: work, files: files, observer: observer)
        let digests = ContentDigests(file: work.digestsFile, files: files)
        let index = scan.entries
        let wanted = Planner.clipsWantingMoments(index: index, rules: PlanningRules(job: job, days: days))
        var moments: [String: MomentScores] = [:]
        if !wanted.isEmpty {
            let cache = MomentCache(file: work.momentsFile)
            let entries = Dictionary(scan.entries.map { ($0.path, $0) }) { first, _ in first }
            moments = cache.scores(of: wanted, entries: entries, digests: digests, observer: observer)
            try? cache.save()
            try? digests.save()
        }
        let stills = StillCache(file: work.stillsFile, files: files)
        let ranked = Planner.photosWantingScores(index: index, rules: PlanningRules(job: job, days: days))
        let photoScores = ranked.isEmpty ? [:] : stills.facts(of: ranked, digests: digests, observer: observer).mapValues(\.score)
        return PlannedJob(
            job: job, outputs: job.outputs, days: days, scan: scan, index: index, digests: digests, moments: moments,
            faces: FaceCache(file: work.facesFile, files: files), stills: stills, photoScores: photoScores,
            places: index.contains(where: \.hasPosition) ? try PlaceNames.table() : nil,
            musicGrids: MusicBeatGrids.grids(for: job, work: work, digests: digests)
        ).converged(with: BrokenClips(work: work))
    }

    /// Scans the job's library into the index, reusing the index cached in `work` for files whose size,
    /// modification time and inode are unchanged; opens the servers' files through `files`. Reports probes and
    /// warnings to `observer`; writes only the work folder, never the library. `make` plans on it, and
    /// `dvpipe people` counts who is in it.
    ///
    /// - Throws: `LibraryScanError` when a library folder is missing or cannot be read.
    package static func scanLibrary(of job: Job, work: WorkFolder, files: LibraryFiles, observer: some RenderObserver) throws -> LibraryScan {
        let environment = ProcessInfo.processInfo.environment
        let scanner = LibraryScanner(
            roots: job.library.paths.map(LibraryScanner.root), cacheFile: work.indexFile, access: RemoteAccess(environment: environment),
            blockCache: BlockCache(folder: work.libraryBlocksFolder, limit: RemoteLibrary.cacheLimit(environment: environment)), files: files)
        var started = false
        let scan = try scanner.scan(
            isExcluded: { path in job.library.exclude.contains { $0.matches(path) } },
            probe: MediaProbe.probe, probeAtOnce: MediaProbe.probe,
            progress: { step in
                if !started {
                    observer.handle(.stageStarted(.scan, total: step.toProbe))
                    started = true
                }
                observer.handle(.unitFinished(.scan, done: step.probed, total: step.toProbe, reused: false, name: step.relativePath))
            }
        )
        if started {
            observer.handle(.stageFinished(.scan))
        }
        for warning in RenderWarning.libraryFilesReadWhole(of: files) {
            observer.handle(.warning(warning))
        }
        return scan
    }

    /// The job planned over `index` (the scan with broken clips marked unreadable).
    private init(
        job: Job, outputs: [Job.Output], days: DayRange, scan: LibraryScan, index: [MediaEntry], digests: ContentDigests,
        moments: [String: MomentScores], faces: FaceCache, stills: StillCache, photoScores: [String: Double], places: PlaceTable?,
        musicGrids: [BeatGrid]
    ) {
        self.job = job
        self.outputs = outputs
        self.days = days
        self.scan = scan
        self.digests = digests
        self.moments = moments
        self.faces = faces
        self.stills = stills
        self.photoScores = photoScores
        self.places = places
        self.musicGrids = musicGrids
        var rules = PlanningRules(job: job, days: days, moments: moments, musicGrids: musicGrids)
        rules.photoScores = photoScores
        var plan = Planner.plan(index: index, rules: rules)
        planning = (index, rules)
        if let places {
            plan.changeClips { clip in clip.place = clip.position.map(places.place(at:)) }
        }
        self.plan = plan
    }

    /// The plan made again with the files of `newly` (reasons by path) treated as unreadable, besides those
    /// it was made around already: their days fall back to their next candidate, or are left out.
    package func replanned(around newly: [String: String]) -> PlannedJob {
        let broken = self.broken.merging(newly) { first, _ in first }
        let index = scan.entries.map { entry in
            guard let reason = broken[entry.path] else { return entry }
            var marked = entry
            marked.probe = .unreadable(reason: "failed while rendering: \(reason)")
            return marked
        }
        var planned = PlannedJob(
            job: job, outputs: outputs, days: days, scan: scan, index: index, digests: digests, moments: moments, faces: faces, stills: stills,
            photoScores: photoScores, places: places, musicGrids: musicGrids
        )
        planned.broken = broken
        return planned
    }

    /// The plan made around every file it would read that `records` know as broken: the files its days and
    /// layers choose are checked by content digest, and when one is known the plan is made again without it
    /// and the new choices are checked in turn, until none is. Every process that asks the same places thus
    /// comes to the same plan. No digest is computed when no place may know of any broken file.
    package func converged(with records: BrokenClips) -> PlannedJob {
        guard records.mayKnowAny else { return self }
        var planned = self
        while true {
            let windows = planned.plan.readSpans.filter { planned.broken[$0.path] == nil }
            let photos = planned.plan.photoPaths.filter { planned.broken[$0] == nil }
            let identities = digests.identities(of: photos, windows: windows)
            try? digests.save()
            let known = records.known(Set(identities.values))
            let newly = identities.compactMapValues { known[$0] }
            guard !newly.isEmpty else { return planned }
            planned = planned.replanned(around: newly)
        }
    }

    /// The reel's layout: the content digest of every file it reads, of a library movie that of its window
    /// (taking those this machine has not seen with their current size, modification time and inode,
    /// reported as the `identify` stage), then
    /// its pieces and segments, each named by content.
    ///
    /// `clipsRead` limits the library movies identified to those files (a shard's, which reads only its own
    /// days): the others are laid out without an identity, and their segments' keys name no content, so only
    /// the segments of those files may be rendered or recorded from such a layout. nil identifies every one.
    package func layout(observer: some RenderObserver, clipsRead: Set<String>? = nil) throws -> ReelLayout {
        let movies = plan.readSpans
        let moviePaths = Set(movies.map(\.path))
        let isRead = { (path: String) in clipsRead?.contains(path) ?? true }
        let others = ReelLayout.readFiles(plan: plan, job: job).filter { !moviePaths.contains($0) }
        let identities = digests.identities(of: others, windows: movies.filter { isRead($0.path) }, observer: observer)
        try? digests.save()
        let canvas = CanvasSettings(output: job.output, identities: identities)
        let fallbacks = fallbackFonts(observer: observer)
        let photos = plan.photoPaths.filter(isRead)
        let stillFacts = photos.isEmpty ? [:] : stills.facts(of: photos, digests: digests, observer: observer)
        var named = namedFaces(of: photos)
        let plain = try ReelLayout(
            plan: plan, job: job, identities: identities, canvas: canvas, stills: stillFacts, named: named, fallbacks: fallbacks)
        // The clips and layers cropped by subject: a day's clip in a canvas of that fit, a layer of that fit.
        var framed: [(clip: ClipSource, width: Int, height: Int)] = []
        for clip in plain.pieces.compactMap(\.source.clip) where clip.still == nil {
            if let layers = clip.layers {
                framed += layers.filter { $0.fit == .subject && $0.still == nil && isRead($0.path) }.map {
                    ($0.clip(day: clip.day), $0.rect.width, $0.rect.height)
                }
            } else if canvas.fit == .subject, isRead(clip.path) {
                framed.append((clip, canvas.width, canvas.height))
            }
        }
        guard !framed.isEmpty else { return plain }
        let videos = scan.entries.videoStreamsByPath
        named.merge(namedFaces(ofMovies: Set(framed.map(\.clip.path)), videos: videos, observer: observer)) { first, _ in first }
        // Only clips of another shape than their frame's are cropped, and so searched for faces, unless
        // their still names the faces.
        let cropped = framed.filter { clip, width, height in
            named[clip.path] == nil && videos[clip.path].flatMap { Self.cut(of: $0, width: width, height: height) } != nil
        }
        let found = try faces.faces(of: cropped.map { FaceCache.Window(clip: $0.clip, fps: canvas.fps) }, observer: observer)
        return try ReelLayout(
            plan: plan, job: job, identities: identities, canvas: canvas, stills: stillFacts, named: named,
            framing: { [named] clip, width, height in
                guard let video = videos[clip.path] else { return nil }
                // A clip that fills the whole frame keeps its faces clear of the output's safe area's margins.
                let safeArea = width == canvas.width && height == canvas.height ? canvas.safeArea : nil
                if let faces = named[clip.path] {
                    return Self.framing(of: faces, video: video, clip: clip, width: width, height: height, fps: canvas.fps, safeArea: safeArea)
                }
                return Self.framing(
                    of: found[FaceCache.Window(clip: clip, fps: canvas.fps)] ?? [], video: video, clip: clip, width: width, height: height,
                    fps: canvas.fps, safeArea: safeArea
                )
            }, fallbacks: fallbacks)
    }

    /// The named faces of each photo of `paths` that has any, by path (`NamedFaces`, for `job.subject`).
    private func namedFaces(of paths: [String]) -> [String: NamedFaces] {
        guard !paths.isEmpty else { return [:] }
        let wanted = Set(paths)
        var named: [String: NamedFaces] = [:]
        for entry in scan.entries where wanted.contains(entry.path) {
            named[entry.path] = NamedFaces(people: entry.annotations.people, subject: job.subject)
        }
        return named
    }

    /// The named faces each movie of `paths` (whose streams are `videos`) takes from its still, by path: a
    /// Live Photo's movie from its paired still, a Motion Photo's from the picture it lies in, when the still
    /// has the movie's shape (`NamedFaces.lent`); a movie without a still from its own regions. The stills'
    /// upright sizes come from their analysis (`StillCache`), made only for stills that name someone.
    private func namedFaces(ofMovies paths: Set<String>, videos: [String: VideoStreamInfo], observer: some RenderObserver) -> [String: NamedFaces] {
        let people = { (entry: MediaEntry) in entry.annotations.people.filter { $0.area != nil } }
        let naming = scan.entries.filter { !people($0).isEmpty }
        guard !paths.isEmpty, !naming.isEmpty else { return [:] }
        let stillsNaming = Set(naming.map(\.path))
        let catalog = MediaCatalog(index: scan.entries, timeZone: TimeZone(identifier: "UTC") ?? .current)
        var stillOfMovie: [String: String] = [:]
        var own: [String: [NamedRegion]] = [:]
        // A Motion Photo is its own still.
        for clip in catalog.clips where paths.contains(clip.entry.path) {
            if let still = clip.stillPath {
                stillOfMovie[clip.entry.path] = still
            } else if stillsNaming.contains(clip.entry.path) {
                own[clip.entry.path] = people(clip.entry)
            }
        }
        var named = own.compactMapValues { NamedFaces(people: $0, subject: job.subject) }
        let stillPaths = Set(stillOfMovie.values).intersection(stillsNaming).sorted()
        guard !stillPaths.isEmpty else { return named }
        let sizes = stills.facts(of: stillPaths, digests: digests, observer: observer)
        let entries = Dictionary(naming.map { ($0.path, $0) }) { first, _ in first }
        for (movie, still) in stillOfMovie {
            guard let entry = entries[still], let facts = sizes[still], let video = videos[movie] else { continue }
            named[movie] = NamedFaces.lent(
                people: people(entry), subject: job.subject, still: (facts.width, facts.height), movie: video.displaySize)
        }
        return named
    }

    /// The crop window over `clip` (whose stream is `video`) in a `width` × `height` frame placed on its still's
    /// named faces (`faces`), centred in the frame less `safeArea` as far as the window can move: still on
    /// them when they share one window, else `fallback`; nil when the clip already has the frame's shape.
    static func framing(
        of faces: NamedFaces, video: VideoStreamInfo, clip: ClipSource, width: Int, height: Int, fps: Int, safeArea: SafeArea? = nil
    ) -> SubjectFraming? {
        guard let (window, acrossWidth) = cut(of: video, width: width, height: height) else { return nil }
        let scale = Double(SubjectFraming.scale)
        let spans = faces.areas.map { area in
            let (low, length) = acrossWidth ? (area.x, area.width) : (area.y, area.height)
            return Int((low * scale).rounded(.down))...Int(((low + length) * scale).rounded(.up))
        }
        var framing = SubjectFraming(
            samples: [SubjectFraming.Sample(frame: 0, spans: spans)], window: window, frameCount: clip.frameCount, fps: fps,
            margins: margins(of: safeArea, acrossWidth: acrossWidth))
        if framing.motion == .still { framing.follows = .names }
        return framing
    }

    /// The fonts a text needs besides its own, as fontconfig chooses them on this machine, each named by its
    /// content digest (hashed once per machine, as every file the reel reads), for the texts' identities.
    func fallbackFonts(observer: some RenderObserver) -> (String, String, String?) -> [OverlayFont] {
        let fonts = FontSet()
        var known: [String: [OverlayFont]] = [:]
        return { [digests] text, fontPath, language in
            let question = "\(fontPath)\u{0}\(language ?? "")\u{0}\(text)"
            if let answer = known[question] { return answer }
            let files = (try? TextLayout.fallbacks(for: text, fontPath: fontPath, language: language, fonts: fonts).files) ?? []
            let identities = files.isEmpty ? [:] : digests.digests(of: files.map(\.path), observer: observer)
            let answer = files.map { OverlayFont(path: $0.path, identity: identities[$0.path] ?? "", index: $0.index) }
            known[question] = answer
            return answer
        }
    }

    /// How a clip whose stream is `video` is cut to fill a `width` × `height` frame: the window's share of
    /// the cut axis in `SubjectFraming.scale` units, and whether that axis is the width; nil when the clip
    /// already has the frame's shape.
    static func cut(of video: VideoStreamInfo, width: Int, height: Int) -> (window: Int, acrossWidth: Bool)? {
        let shown = video.displaySize
        let wide = shown.width * height, tall = width * shown.height
        guard wide != tall, wide > 0, tall > 0 else { return nil }
        return (SubjectFraming.scale * min(wide, tall) / max(wide, tall), wide > tall)
    }

    /// The margins of `safeArea` along the cut axis (the width's when `acrossWidth`) in `SubjectFraming.scale`
    /// units of the frame; none without a safe area.
    static func margins(of safeArea: SafeArea?, acrossWidth: Bool) -> SubjectFraming.Margins {
        guard let safeArea else { return .none }
        let units = { (share: Double) in Int((share * Double(SubjectFraming.scale)).rounded()) }
        return acrossWidth
            ? SubjectFraming.Margins(before: units(safeArea.left), after: units(safeArea.right))
            : SubjectFraming.Margins(before: units(safeArea.top), after: units(safeArea.bottom))
    }

    /// The crop window's path over `clip` (whose stream is `video`) in a `width` × `height` frame, from the
    /// faces found in it, centred in the frame less `safeArea` as far as the window can move; nil when the
    /// clip already has the frame's shape.
    static func framing(
        of faces: [FaceSample], video: VideoStreamInfo, clip: ClipSource, width: Int, height: Int, fps: Int, safeArea: SafeArea? = nil
    ) -> SubjectFraming? {
        guard let (window, acrossWidth) = cut(of: video, width: width, height: height) else { return nil }
        let margins = Self.margins(of: safeArea, acrossWidth: acrossWidth)
        // Each face's span along the cut axis.
        func span(_ rect: PixelRect) -> ClosedRange<Int> { acrossWidth ? rect.x...(rect.x + rect.width) : rect.y...(rect.y + rect.height) }
        if faces.contains(where: { !$0.faces.isEmpty }) {
            let samples = faces.map { SubjectFraming.Sample(frame: $0.frame, spans: $0.faces.map(span)) }
            return SubjectFraming(samples: samples, window: window, frameCount: clip.frameCount, fps: fps, margins: margins)
        }
        // Without a face: where something moves, else what stands out (where the edges gather in at most
        // 60% of the cut axis), each no wider than four fifths of the window (a wide one is followed by its
        // middle), so that a little jitter leaves a still subject still.
        func within(_ rect: PixelRect?) -> [ClosedRange<Int>] {
            rect.map(span).map { wide in
                let half = min(wide.count, window * 4 / 5) / 2, centre = (wide.lowerBound + wide.upperBound) / 2
                return [(centre - half)...(centre + half)]
            } ?? []
        }
        let follows: SubjectFraming.Subject = faces.contains { $0.motion != nil } ? .motion : .salience
        let samples = faces.map { sample in
            let standsOut = sample.salient.flatMap { span($0).count * 10 <= SubjectFraming.scale * 6 ? $0 : nil }
            return SubjectFraming.Sample(frame: sample.frame, spans: within(follows == .motion ? sample.motion : standsOut))
        }
        var framing = SubjectFraming(samples: samples, window: window, frameCount: clip.frameCount, fps: fps, margins: margins)
        if framing.motion != .none {
            framing.follows = follows
        }
        return framing
    }

    /// The same plan rendered into `output`, one of the job's outputs: it becomes the job's `output` (the
    /// others follow it in `outputs`). Every output shares the plan, and so its timeline and cuts.
    package func forOutput(_ output: Job.Output) -> PlannedJob {
        var planned = self
        planned.job.outputs = [output] + job.outputs.filter { $0 != output }
        return planned
    }
}

extension MediaEntry {
    /// Whether the file says where it was shot: only then is the place-name table read (about 0.1 s).
    fileprivate var hasPosition: Bool {
        if case let .media(info) = probe { info.tags.position != nil } else { false }
    }
}
