import Foundation

/// The working state of one `Planner.plan` call: the index grouped and ranked by day, pins resolved, warnings
/// collected as days are decided.
struct PlanningSession {
    typealias Clip = MediaCatalog.Clip

    let rules: PlanningRules
    /// The timeframe, sorted, without repeats.
    let days: [CalendarDay]
    let timeZone: TimeZone
    /// The zone's name as the plan reports it.
    let timeZoneName: String
    let catalog: MediaCatalog
    /// Each day's usable clips, per kind, best first by `rules.order`.
    let rankedByDay: [CalendarDay: [ClipKind: [Clip]]]
    /// Where each Live Photo's still was shot, by the still's path, for a movie that does not say.
    let stillPositions: [String: GeoPosition]
    var warnings: [PlanWarning] = []

    init(index: [MediaEntry], rules: PlanningRules) {
        self.rules = rules
        self.days = Array(Set(rules.days)).sorted()
        if let zone = TimeZone(identifier: rules.timeZoneIdentifier) {
            timeZone = zone
            timeZoneName = rules.timeZoneIdentifier
        } else {
            timeZone = TimeZone(secondsFromGMT: 0)!
            timeZoneName = "UTC"
            warnings.append(
                PlanWarning(
                    .unknownTimeZone, "unknown time zone '\(rules.timeZoneIdentifier)'; days are read in UTC"))
        }
        catalog = MediaCatalog(index: index, timeZone: timeZone, dayRules: rules.dayRules, minimumMovieLength: rules.pace.frameLength)
        stillPositions = Dictionary(
            catalog.pairedStills.compactMap { still in
                guard case .media(let info) = still.probe, let position = info.tags.position else { return nil }
                return (still.path, position)
            }, uniquingKeysWith: { first, _ in first })
        var grouped: [CalendarDay: [ClipKind: [Int]]] = [:]
        var favourites: Set<String> = []
        for (position, clip) in catalog.clips.enumerated() {
            let day = clip.capture.localTime.date
            let filter = rules.metadataFilter(on: day)
            if !filter.isEmpty {
                let annotations = catalog.annotations(of: clip)
                guard filter.admits(annotations) else { continue }
                if filter.favourites == .prefer, annotations.isFavourite { favourites.insert(clip.entry.path) }
            }
            grouped[day, default: [:]][clip.kind, default: []].append(position)
        }
        let (clips, order) = (catalog.clips, rules.order)
        var scores: [String: Double] = [:]
        if order == .best {
            for clip in clips where !clip.kind.isMovie {
                scores[clip.entry.path] = rules.photoScores[clip.entry.path]
            }
            for clip in clips where clip.kind.isMovie {
                let speed = rules.pace.speed(frameRate: clip.frameRate, daySpeed: rules.daySettings[clip.capture.localTime.date]?.speed)
                scores[clip.entry.path] = Self.bestWindow(of: clip, rules: rules, durationOverride: nil, speed: speed)?.score
            }
            Self.weighMetadata(into: &scores, catalog: catalog, rules: rules)
        }
        rankedByDay = grouped.mapValues { kinds in
            kinds.mapValues { positions in
                positions.sorted { order.ranks(clips[$0], before: clips[$1], scores: scores, favourites: favourites) }.map { clips[$0] }
            }
        }
    }

    /// The best window of `clip` by its analysis, as long as its window (or `durationOverride`) makes it;
    /// nil when it was not analysed.
    static func bestWindow(
        of clip: Clip, rules: PlanningRules, durationOverride: ClipLength?, speed: PlaybackSpeed = .realTime
    ) -> MomentScores.Window? {
        guard clip.kind.isMovie, let scores = rules.moments[clip.entry.path] else { return nil }
        let length = rules.window(for: clip.kind).atSpeed(speed)
            .trim(clipLength: clip.length, startOverride: .auto, durationOverride: durationOverride?.atSpeed(speed)).duration
        return scores.bestWindow(length: length, clipLength: clip.length, weights: rules.momentWeights)
    }

    /// The clips of the timeframe whose analysis the plan would use: with `order: best` every clip of the
    /// preferred kinds on a day that is not skipped, and with `start: auto` the clip each day would take
    /// (pins and layers included), in path order.
    func clipsWantingMoments() -> [String] {
        var paths: Set<String> = []
        if rules.order == .best {
            for day in days where rules.daySettings[day]?.skip != true {
                for kind in rules.prefer where kind.isMovie {
                    paths.formUnion((rankedByDay[day]?[kind] ?? []).map(\.entry.path))
                }
            }
        }
        var session = self
        for day in session.makePlan().days where day.status.hasClip {
            guard let path = day.clip?.path, let kind = day.clip?.kind, kind.isMovie || !day.layers.isEmpty else { continue }
            let settings = rules.daySettings[day.date]
            let pin = day.status == .pinned ? settings?.pin : nil
            if kind.isMovie, (pin?.start ?? rules.window(for: kind).start) == .auto { paths.insert(path) }
            // A layer's own start is not told apart from its neighbours' here: a day with any layer on
            // `auto` has all its layers analysed.
            let anyLayerAuto = settings?.layers.contains { $0.start == .auto } ?? false
            for layer in day.layers where layer.clip.kind.isMovie && (anyLayerAuto || rules.window(for: layer.clip.kind).start == .auto) {
                paths.insert(layer.clip.path)
            }
        }
        return paths.sorted()
    }

    /// The photos whose score the plan would use: every photo of a day that shows a photo it chose (not a
    /// pin's) among two or more, in path order. Scores only reorder a day's photos, so which days show a
    /// photo does not depend on them.
    func photosWantingScores() -> [String] {
        var paths: Set<String> = []
        var session = self
        for day in session.makePlan().days where day.status == .chosen {
            let showsPhoto = day.clip?.kind == .photo || day.layers.contains { $0.clip.kind == .photo }
            let photos = rankedByDay[day.date]?[.photo] ?? []
            if showsPhoto, photos.count > 1 { paths.formUnion(photos.map(\.entry.path)) }
        }
        return paths.sorted()
    }

    mutating func makePlan() -> Plan {
        let timeframe = Set(days)
        if days.isEmpty {
            warnings.append(PlanWarning(.emptyTimeframe, "the timeframe has no days; the reel is empty"))
        }
        for day in rules.daySettings.keys.sorted() where !timeframe.contains(day) {
            warnings.append(
                PlanWarning(
                    .dayOutsideTimeframe, date: day, "this `days:` entry is outside the timeframe and is ignored"))
        }
        warnings += unknownNameWarnings()
        warnings += unreadableSidecarWarnings(in: timeframe)
        let lookup = fileLookup()
        let pins = resolvePins(with: lookup)
        let layerFiles = layerFiles(with: lookup)
        let pinnedPaths = Set(pins.values.compactMap { try? $0.get().entry.path })
            .union(layerFiles.values.flatMap { $0.compactMap { try? $0?.get().entry.path } })
        var planned = days.map { day in decide(day, pin: pins[day], layerFiles: layerFiles[day], avoiding: pinnedPaths) }
        let (timeline, music) = layOut(&planned)
        var totals = PlanTotals()
        totals.days = planned.count
        totals.daysWithMedia = planned.count { $0.status.hasClip }
        totals.daysWithoutMedia = planned.count { $0.status == .noMedia }
        totals.daysSkipped = planned.count { $0.status == .skipped }
        totals.daysPinned = planned.count { $0.status == .pinned }
        totals.clipsInTimeframe = catalog.clips.count { $0.kind.isMovie && timeframe.contains($0.capture.localTime.date) }
        let shownPhotos = Set(planned.flatMap { $0.photoPaths })
        totals.photosUsed = shownPhotos.count
        totals.stillsNotUsed = catalog.clips.count {
            $0.kind == .photo && !shownPhotos.contains($0.entry.path) && timeframe.contains($0.capture.localTime.date)
        }
        let unreadable = reportUnusableFiles(in: timeframe, named: Array(pins.values) + layerFiles.values.flatMap { $0.compactMap { $0 } })
        totals.unreadableFiles = unreadable.count
        totals.reelDuration = timeline.totalDuration
        return Plan(
            timeZone: timeZoneName, days: planned, timeline: timeline, warnings: warnings, unreadable: unreadable, totals: totals, music: music)
    }

    /// The day's entry: skipped, pinned, chosen or without media, with the clip's trim (not yet its place in
    /// the reel), and the layers of a day that shows several clips at once.
    private mutating func decide(
        _ day: CalendarDay, pin: Result<Clip, PinProblem>?, layerFiles: [Result<Clip, PinProblem>?]?, avoiding pinnedPaths: Set<String>
    ) -> PlannedDay {
        let settings = rules.daySettings[day]
        if settings?.skip == true {
            return PlannedDay(date: day, status: .skipped, reason: "skipped", caption: settings?.caption)
        }
        let layout = settings?.layout ?? rules.layout
        if let wanted = settings?.layers, let layerFiles, !wanted.isEmpty,
            let layered = layered(day, wanted: Array(zip(wanted, layerFiles)), layout: layout, settings: settings, avoiding: pinnedPaths)
        {
            return layered
        }
        var chosen: (clip: Clip, status: DayStatus, reason: String)?
        switch pin {
        case .success(let clip):
            let source = clip.capture.localTime.date
            chosen = (clip, .pinned, source == day ? "pinned" : "pinned from \(source)")
        case .failure(let problem):
            warnings.append(problem.warning(on: day))
        case nil:
            break
        }
        var shots: [Clip] = []
        if chosen == nil, let first = candidates(on: day, avoiding: pinnedPaths).first {
            chosen = (first.clip, .chosen, first.reason)
            if first.clip.kind == .photo, rules.photos.count > 1 {
                let photos = rankedByDay[day]?[.photo] ?? []
                shots = photoShots(of: photos.filter { !pinnedPaths.contains($0.entry.path) })
                if shots.count > 1, let earliest = shots.first {
                    chosen = (earliest, .chosen, "\(shots.count) photos of \(photos.count)")
                }
            }
        }
        guard let chosen else {
            return PlannedDay(date: day, status: .noMedia, reason: DayStatus.noMediaReason, caption: settings?.caption)
        }
        let pin = chosen.status == .pinned ? settings?.pin : nil
        let pace = rules.pace
        let speed = { (clip: Clip) in clip.kind.isMovie ? pace.speed(frameRate: clip.frameRate, daySpeed: settings?.speed) : .realTime }
        let trim = trimmed(chosen.clip, on: day, start: pin?.start, duration: pin?.duration, speed: speed(chosen.clip), shots: shots)
        var result = planned(day, clip: chosen.clip, trim: trim, status: chosen.status, reason: chosen.reason, caption: settings?.caption)
        if layout.clipsPerDay > 1 {
            let others = candidates(on: day, avoiding: pinnedPaths.union([chosen.clip.entry.path])).prefix(layout.clipsPerDay - 1)
            if !others.isEmpty {
                let layers = others.map { ($0.clip, Job.Layer(), trimmed($0.clip, on: day, start: nil, duration: nil, speed: speed($0.clip))) }
                addLayers(to: &result, clips: [(chosen.clip, Job.Layer(), trim)] + layers, layout: layout)
            }
        }
        return result
    }

    /// The day's own clips that may be chosen, best first: by `prefer`, then `order`, leaving out
    /// `avoiding`; each with the reason the plan gives (`video 1 of 3`).
    func candidates(on day: CalendarDay, avoiding: Set<String>) -> [(clip: Clip, reason: String)] {
        rules.prefer.flatMap { kind in
            let ranked = rankedByDay[day]?[kind] ?? []
            return ranked.enumerated().compactMap { position, clip in
                avoiding.contains(clip.entry.path) ? nil : (clip, "\(kind.label) \(position + 1) of \(ranked.count)" + whoSuffix(of: clip))
            }
        }
    }

    /// Up to `clips.photo.count` of a day's `photos` (ranked by `order`), the best by their scores when any
    /// has one, in capture order.
    func photoShots(of photos: [Clip]) -> [Clip] {
        let scored = photos.contains { rules.photoScores[$0.entry.path] != nil }
        let best =
            scored
            ? photos.enumerated().sorted { left, right in
                let (leftScore, rightScore) = (rules.photoScores[left.element.entry.path] ?? -1, rules.photoScores[right.element.entry.path] ?? -1)
                return leftScore != rightScore ? leftScore > rightScore : left.offset < right.offset
            }.map(\.element) : photos
        return best.prefix(rules.photos.count).sorted { Job.SelectionOrder.earliest.ranks($0, before: $1) }
    }

    /// The day of `clip`, taken as `trim` says.
    func planned(
        _ day: CalendarDay, clip: Clip, trim: ClipTrim, status: DayStatus, reason: String, caption: String?
    ) -> PlannedDay {
        var planned = PlannedDay(date: day, status: status, reason: reason, caption: caption)
        planned.clip = plannedClip(clip, trim: trim)
        return planned
    }

    /// `clip` as a day or a layer shows it, taken as `trim` says, with its camera's look and where it was shot.
    func plannedClip(_ clip: Clip, trim: ClipTrim) -> PlannedClip {
        var planned = PlannedClip(
            file: clip.entry.relativePath, path: clip.entry.path, kind: clip.kind, sourceDate: clip.capture.localTime.date,
            dayRule: clip.capture.rule, captureTime: clip.capture.localTime, start: trim.start, duration: trim.duration,
            clipLength: clip.kind.isMovie ? clip.length : trim.duration)
        planned.photo = trim.photo
        planned.moment = trim.moment
        if trim.speed != .realTime {
            planned.speed = trim.speed
            planned.speedAudio = rules.pace.speedAudio
        }
        planned.colour = trim.colour
        planned.rotation = trim.rotation
        planned.audioTrack = trim.audioTrack
        planned.motionPhoto = trim.motionPhoto
        if case .media(let info) = clip.entry.probe {
            planned.look = rules.cameraLooks.look(make: info.tags.make, model: info.tags.model)
            planned.position = info.tags.position ?? clip.stillPath.flatMap { stillPositions[$0] }
        }
        if rules.namesClips { name(&planned, as: annotations(of: clip)) }
        return planned
    }

    /// How a clip is taken for a day: its window, its analysed best moment, and what its probe says of its
    /// colour, rotation, sound and embedded movie.
    struct ClipTrim {
        /// Where the window starts in the file.
        var start: TimeSpan
        /// How long it lasts in the reel: the source it takes divided by `speed`.
        var duration: TimeSpan
        /// How fast it plays.
        var speed: PlaybackSpeed = .realTime
        var moment: MomentScores.Window?
        var colour: StreamColour?
        var rotation: Int?
        var audioTrack: AudioTrackChoice?
        var motionPhoto: EmbeddedMovie?
        /// For a photo, its stills and their shares of `duration`.
        var photo: PlannedPhoto?
    }

    /// How `clip` is taken for `day` (`start` and `duration` override the kind's window), played at `speed`:
    /// a fixed window is that long in the reel, so it takes `speed` times as much of the clip. Warns when
    /// `start: auto` has no analysis and when the clip's day came from its modification time. Called once
    /// per clip a day shows. A photo shows `shots` (itself alone when empty) as `photoTrim` says.
    mutating func trimmed(
        _ clip: Clip, on day: CalendarDay, start: ClipStart?, duration: ClipLength?, speed: PlaybackSpeed = .realTime, shots: [Clip] = []
    ) -> ClipTrim {
        if clip.capture.rule == .modificationTime {
            warnings.append(
                PlanWarning(
                    .dayFromModificationTime, date: day, file: clip.entry.relativePath,
                    "\(clip.entry.relativePath) has no capture date; its day comes from the file's modification time"))
        }
        let info: MediaInfo? = if case let .media(info) = clip.entry.probe { info } else { nil }
        guard clip.kind.isMovie else { return photoTrim(shots.isEmpty ? [clip] : shots, duration: duration, info: info) }
        let automatic = (start ?? rules.window(for: clip.kind).start) == .auto
        let best = automatic || rules.order == .best ? Self.bestWindow(of: clip, rules: rules, durationOverride: duration, speed: speed) : nil
        if automatic, best == nil {
            warnings.append(
                PlanWarning(
                    .momentUnknown, date: day, file: clip.entry.relativePath,
                    "\(clip.entry.relativePath) could not be analysed; its window starts at the clip's start"))
        }
        let window = rules.window(for: clip.kind)
        let trim = window.atSpeed(speed).trim(
            clipLength: clip.length, startOverride: start, durationOverride: duration?.atSpeed(speed), moment: info?.embeddedMovie?.stillTime,
            bestStart: automatic ? best?.start : nil)
        let wanted = duration ?? window.duration
        // A window the clip fills lasts exactly as long as it says, whatever rounding the speed needs.
        let reelDuration =
            if case .fixed(let reel) = wanted, trim.duration == speed.sourceTime(ofReel: reel) { reel } else {
                speed.reelTime(ofSource: trim.duration)
            }
        let colour = info?.video.map { $0.colour.resolved(width: $0.width, height: $0.height, pixelFormat: $0.pixelFormat) }
        return ClipTrim(
            start: trim.start, duration: reelDuration, speed: speed, moment: best, colour: colour, rotation: info?.video?.rotation,
            audioTrack: info?.audio?.choice,
            motionPhoto: info?.embeddedMovie)
    }

    /// How a photo's day shows `stills`: `clips.photo.duration` each, or `duration` when a pin or a layer
    /// gives a fixed one (`full` is the photos' own), shared among them to the millisecond; no speed, moment
    /// or sound.
    func photoTrim(_ stills: [Clip], duration: ClipLength?, info: MediaInfo?) -> ClipTrim {
        let total: TimeSpan =
            if case .fixed(let fixed) = duration, fixed > .zero { fixed } else {
                TimeSpan(milliseconds: rules.photos.duration.milliseconds * Int64(stills.count))
            }
        let shots = zip(stills, PlannedPhoto.shares(of: total, count: stills.count)).map { still, share in
            let position: GeoPosition? = if case .media(let info) = still.entry.probe { info.tags.position } else { nil }
            return PlannedPhoto.Shot(
                file: still.entry.relativePath, path: still.entry.path, captureTime: still.capture.localTime, duration: share, position: position)
        }
        let colour = info?.video.map { $0.colour.resolved(width: $0.width, height: $0.height, pixelFormat: $0.pixelFormat) }
        return ClipTrim(
            start: .zero, duration: total, colour: colour, rotation: info?.video?.rotation,
            photo: PlannedPhoto(motion: rules.photos.motion, shots: shots))
    }

    /// Places intro, clips and outro on the timeline and writes each clip's `outputStart` back into its day:
    /// on the soundtrack's beats when the rules ask (with the beats the plan shows), else at their own lengths.
    private mutating func layOut(_ planned: inout [PlannedDay]) -> (Timeline, PlanMusic?) {
        let clipDays = planned.indices.filter { planned[$0].status.hasClip }
        guard !clipDays.isEmpty else { return (Timeline(pieces: [], transition: rules.transition, fps: rules.pace.outputFPS), nil) }
        var pieces: [BeatPiece] = []
        if rules.introDuration > .zero { pieces.append(BeatPiece(role: .intro, duration: rules.introDuration)) }
        pieces += clipDays.map {
            BeatPiece(
                role: .clip, date: planned[$0].date, duration: planned[$0].reelDuration ?? .zero, longest: Self.longest(of: planned[$0]), day: $0)
        }
        if rules.outroDuration > .zero { pieces.append(BeatPiece(role: .outro, duration: rules.outroDuration)) }
        if let sync = rules.beatSync {
            if let beats = sync.reelBeats {
                let timeline = layOutOnBeats(&planned, pieces: pieces, beats: beats, sync: sync.sync)
                let turns = beats.turns.filter { $0.at < timeline.totalDuration.seconds }
                return (timeline, PlanMusic(tempo: beats.tempo, sync: sync.sync, start: beats.origin, tracks: sync.files, turns: turns))
            }
            let file = sync.beatlessFile ?? sync.files.first ?? "the music"
            warnings.append(PlanWarning(.noBeat, file: file, "\(file) has no clear beat; the days keep their own lengths"))
        }
        let timeline = Timeline(pieces: pieces.map { ($0.role, $0.date, $0.duration) }, transition: rules.transition, fps: rules.pace.outputFPS)
        for (index, item) in zip(clipDays, timeline.items.filter { $0.role == .clip }) {
            planned[index].outputStart = item.outputStart
        }
        return (timeline, nil)
    }

    /// Every unusable file of the library, with the day its name gives (its modification time says nothing
    /// of a broken file: without a dated name its day is unknown). Those of the timeframe and those whose
    /// day is unknown are warned about too, except broken files `named` by pins and layers, which their day's
    /// warning already names.
    private mutating func reportUnusableFiles(
        in timeframe: Set<CalendarDay>, named: [Result<Clip, PinProblem>]
    ) -> [UnreadableFile] {
        let brokenPins = Set(
            named.compactMap { result -> String? in
                guard case .failure(.broken(let entry, _)) = result else { return nil }
                return entry.path
            })
        return catalog.unusable.map { unusable in
            let capture = CaptureDay(of: unusable.entry, in: timeZone, order: rules.dayRules)
            let date = capture.rule == .modificationTime ? nil : capture.localTime.date
            let file = UnreadableFile(
                file: unusable.entry.relativePath, path: unusable.entry.path, date: date, reason: unusable.reason)
            if !brokenPins.contains(unusable.entry.path), date.map(timeframe.contains) ?? true {
                warnings.append(
                    PlanWarning(
                        .unreadableFile, date: date, file: file.file,
                        "\(file.file) cannot be used\(date == nil ? " (day unknown)" : ""): \(file.reason)"))
            }
            return file
        }
    }

}
