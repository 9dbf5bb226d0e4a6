import DVMedia
import DVPlanning
import DVSignal
import Foundation

/// The plan's timeline in whole output frames: each piece (title card or day's clip) with its first and
/// last frame in the reel, and the segments that encode it.
///
/// Frame positions are the plan's times rounded to the nearest frame, so every piece lasts within one
/// frame of the plan and neighbours overlap by exactly the frames the transition blends.
package struct ReelLayout: Sendable {
    /// One piece of the reel.
    package struct Piece: Sendable, Hashable {
        package var source: SegmentSource
        /// The day a clip stands for; nil for a card.
        package var day: PlannedDay?
        /// First frame in the reel (where its incoming transition starts).
        package var firstFrame: Int
        /// One past its last frame.
        package var endFrame: Int
    }

    package let canvas: CanvasSettings
    package let pieces: [Piece]
    /// How piece `i` meets piece `i + 1`.
    package let joins: [Join]
    /// The segments, in timeline order, named by content hash.
    package let segments: [SegmentSpec]
    /// The content digest of every file the reel reads (`readFiles`), by path; a file that could not be
    /// read has none.
    package let identities: [String: String]
    /// The named faces each photo's motion and each movie's `fit: subject` window were placed on, by path
    /// (`NamedFaces`): a file absent from it was framed on the faces found, as before names.
    package let named: [String: NamedFaces]
    /// One warning for each text or picture of a piece that could not be placed clear of the others
    /// (`TextPlacement`), naming the day, the output's size and what it is drawn over.
    package let textOverlapWarnings: [String]
    /// The music bed's turns when the plan cuts on the beat (`Plan.music`), which the sound must play.
    package let music: PlanMusic?
    /// Frames in the whole reel.
    package var frameCount: Int { pieces.last?.endFrame ?? 0 }

    /// Lays out `plan` for `job`'s output; `identities` gives the content digest of each file of
    /// `readFiles(plan:job:)`, by path. A chosen clip without one is laid out all the same (with an empty
    /// identity): reading it fails while rendering and its day is planned again without it. `framing`
    /// gives a clip its crop window's path (`fit: subject`) in a `width` × `height` frame: a day's clip in the
    /// canvas, or a layer (as a clip of its own) in its rectangle; from the clip as laid out without it.
    /// `fallbacks` gives the fonts a text needs besides its own (in its language), with their digests.
    /// `stills` gives each chosen photo's analysis (its size, faces and centre of interest), by path, which its
    /// motion is planned from. `named` gives the named faces of the photos (and of the movies `framing` placed
    /// on them), by path, which a photo's motion keeps ahead of the faces of its analysis.
    package init(
        plan: Plan, job: Job, identities: [String: String], canvas: CanvasSettings, stills: [String: StillFacts] = [:],
        named: [String: NamedFaces] = [:],
        framing: (_ clip: ClipSource, _ width: Int, _ height: Int) -> SubjectFraming? = { _, _, _ in nil },
        fallbacks: (_ text: String, _ fontPath: String, _ language: String?) -> [OverlayFont] = { _, _, _ in [] }
    ) throws {
        let fps = canvas.fps
        let daysByDate = Dictionary(plan.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        var pieces: [Piece] = []
        var overlaps: [String] = []
        let placementFonts = FontPool()
        for item in plan.timeline.items {
            let (first, end) = (item.firstFrame, item.endFrame)
            let source: SegmentSource
            var day: PlannedDay?
            switch item.role {
            case .intro, .outro:
                let card = item.role == .intro ? job.intro : job.outro
                var background = canvas.background
                if case let .color(color) = card?.background {
                    background = color.opaque
                }
                let color = card?.color ?? .white
                let font = TextStyle.font(card?.font)
                var title = TitleCardSource(
                    text: Place.fill(card?.text ?? "", with: plan.mostDaysPlace), frameCount: end - first, background: background,
                    textColor: color.opaque,
                    fontPath: font, fontIdentity: identities[font] ?? "",
                    textOpacity: color.alpha == 255 ? nil : Double(color.alpha) / 255
                )
                let needed = fallbacks(title.text, font, nil)
                title.fallbacks = needed.isEmpty ? nil : needed
                source = .card(title)
            case .clip:
                guard let date = item.date, let planned = daysByDate[date], let path = planned.clip?.path else {
                    continue
                }
                day = planned
                var clip = ClipSource(
                    path: path, byteRange: planned.clip?.motionPhoto?.byteRange, identity: identities[path] ?? "",
                    startMilliseconds: Int(planned.clip?.start.milliseconds ?? 0),
                    frameCount: end - first, day: date.description,
                    overlays: PieceOverlays(
                        job: job, day: planned, firstFrame: first, endFrame: end, fps: fps, identities: identities,
                        defaultFont: TextStyle.defaultFontPath
                    ).withFallbacks(fallbacks),
                    layers: Self.layers(
                        of: planned, frames: first..<end, canvas: canvas, identities: identities, stills: stills, named: named,
                        outputs: job.outputs, framing: framing),
                    look: planned.clip?.look.map { AppliedLook($0, identities: identities) },
                    speed: planned.clip?.speed
                )
                if planned.layers.isEmpty, let photo = planned.clip?.photo {
                    clip.still = Self.still(
                        of: photo, destination: PixelSize(width: canvas.width, height: canvas.height), fit: canvas.fit, frameCount: end - first,
                        fps: fps, identities: identities, stills: stills, named: named, outputs: job.outputs)
                } else if clip.layers == nil, canvas.fit == .subject {
                    clip.framing = framing(clip, canvas.width, canvas.height)
                }
                if let placement = Self.textPlacement(of: clip.overlays, canvas: canvas, fonts: placementFonts) {
                    clip.placedOverlays = Self.placedOverlays(placement)
                    overlaps += Self.overlapWarnings(placement.conflicts, day: date, canvas: canvas)
                }
                source = .clip(clip)
            }
            pieces.append(Piece(source: source, day: day, firstFrame: first, endFrame: end))
        }
        Self.placeBackdrops(in: &pieces, intro: job.intro?.background == .blur, outro: job.outro?.background == .blur, fps: fps)
        let style = plan.timeline.transition.style
        let joins = zip(pieces, pieces.dropFirst()).map { previous, next in
            Join(style: style, frameCount: previous.endFrame - next.firstFrame)
        }
        overlaps += Self.placeCardTexts(in: &pieces, joins: joins, canvas: canvas, fonts: placementFonts)
        self.joins = joins
        self.canvas = canvas
        self.pieces = pieces
        self.identities = identities
        self.named = named
        textOverlapWarnings = overlaps
        music = plan.music
        segments = try SegmentLayout.segments(clips: pieces.map(\.source), joins: joins, canvas: canvas)
    }

    /// The clips a layered day shows at once, in its list order, each for as many of the piece's `frames`
    /// as its window lasts, rounded to the nearest frame as the piece's length is (so the longest shows on
    /// every frame), and at least one; nil for a day of one clip.
    static func layers(
        of day: PlannedDay, frames: Range<Int>, canvas: CanvasSettings, identities: [String: String], stills: [String: StillFacts] = [:],
        named: [String: NamedFaces] = [:], outputs: [Job.Output] = [], framing: (ClipSource, Int, Int) -> SubjectFraming? = { _, _, _ in nil }
    ) -> [ClipLayer]? {
        guard !day.layers.isEmpty else { return nil }
        return day.layers.map { layer in
            var placed = ClipLayer(
                path: layer.clip.path, byteRange: layer.clip.motionPhoto?.byteRange, identity: identities[layer.clip.path] ?? "",
                startMilliseconds: Int(layer.clip.start.milliseconds),
                frameCount: min(frames.count, max(1, layer.clip.duration.nearestFrame(fps: canvas.fps))),
                rect: pixelRect(of: layer.rect, width: canvas.width, height: canvas.height), z: layer.z, opacity: layer.opacity, fit: layer.fit,
                speed: layer.clip.speed, look: layer.clip.look.map { AppliedLook($0, identities: identities) }
            )
            if let photo = layer.clip.photo {
                placed.still = still(
                    of: photo, destination: PixelSize(width: placed.rect.width, height: placed.rect.height), fit: layer.fit,
                    frameCount: placed.frameCount, fps: canvas.fps, identities: identities, stills: stills, named: named, outputs: outputs)
            } else if layer.fit == .subject {
                placed.framing = framing(placed.clip(day: day.date.description), placed.rect.width, placed.rect.height)
            }
            return placed
        }
    }

    /// The photos of `photo` shown one after another in a `destination` of `fit` for `frameCount` frames: each
    /// shot's frames are its share of the day rounded where the shots meet (so they add up), its motion
    /// planned from its analysis in `stills` (toward its named faces in `named` rather than the faces found,
    /// when it has them), its working size the one every output of `outputs` can draw from.
    static func still(
        of photo: PlannedPhoto, destination: PixelSize, fit: Job.Output.Fit, frameCount: Int, fps: Int, identities: [String: String],
        stills: [String: StillFacts], named: [String: NamedFaces] = [:], outputs: [Job.Output]
    ) -> StillShow {
        var shots: [StillShot] = []
        var elapsed = TimeSpan.zero
        var firstFrame = 0
        for (index, planned) in photo.shots.enumerated() {
            elapsed = elapsed + planned.duration
            let endFrame = index == photo.shots.count - 1 ? frameCount : min(frameCount, max(firstFrame + 1, elapsed.nearestFrame(fps: fps)))
            let facts = stills[planned.path] ?? StillFacts(width: 2, height: 2)
            let picture = PixelSize(width: facts.width, height: facts.height)
            let motion = StillMotion.plan(
                picture: (picture.width, picture.height), destination: (destination.width, destination.height), fit: StillMotion.Fit(fit),
                mode: StillMotion.Mode(photo.motion), subjects: named[planned.path]?.areas ?? facts.faces, interest: facts.interest,
                frameCount: max(1, endFrame - firstFrame))
            shots.append(
                StillShot(
                    path: planned.path, identity: identities[planned.path] ?? "", frameCount: max(0, endFrame - firstFrame),
                    working: workingSize(
                        of: picture, fit: fit,
                        outputs: outputs.isEmpty ? [destination] : outputs.map { PixelSize(width: $0.frameSize.width, height: $0.frameSize.height) }),
                    motion: motion, picture: picture))
            firstFrame = endFrame
        }
        return StillShow(shots: shots)
    }

    /// How far a photo's push goes in: the working picture holds a pixel for every canvas pixel at its end.
    static let stillZoom = 1.15

    /// The size a `picture` is decoded to cover so that every frame of `frames` (the job's outputs) can be
    /// drawn from it at full detail, pushed in by `stillZoom`: never larger than the picture. A `fit` that
    /// crops fills the frame; the others (`contain`, `blur`) show the picture only as large as fits in it, so
    /// its working picture need not be larger (a portrait photo contained in a landscape frame needs a
    /// third of the pixels that would cover it).
    static func workingSize(of picture: PixelSize, fit: Job.Output.Fit, outputs frames: [PixelSize]) -> PixelSize {
        guard picture.width > 0, picture.height > 0 else { return picture }
        let crops = StillMotion.Fit(fit).crops
        let scale =
            frames.map { frame in
                let across = Double(frame.width) / Double(picture.width), down = Double(frame.height) / Double(picture.height)
                return stillZoom * (crops ? max(across, down) : min(across, down))
            }.max() ?? 1
        guard scale < 1 else { return picture }
        return PixelSize(width: Int((Double(picture.width) * scale).rounded(.up)), height: Int((Double(picture.height) * scale).rounded(.up)))
    }

    /// `rect` in pixels of a `width` × `height` canvas: each edge on the even pixel nearest to it, so that
    /// neighbouring cells meet without a gap; at least 16 wide and high, inside the canvas.
    static func pixelRect(of rect: Job.UnitRect, width: Int, height: Int) -> PixelRect {
        let edge = { (fraction: Double, size: Int) in min(size & ~1, max(0, Int((fraction * Double(size) / 2).rounded()) * 2)) }
        let span = { (from: Double, length: Double, size: Int) -> (Int, Int) in
            let (low, high) = (edge(from, size), edge(from + length, size))
            let extent = max(16, high - low)
            return (max(0, min(low, (size & ~1) - extent)), min(extent, size & ~1))
        }
        let (x, columns) = span(rect.x, rect.width, width), (y, rows) = span(rect.y, rect.height, height)
        return PixelRect(x: x, y: y, width: columns, height: rows)
    }

    /// Gives the first card (when `intro`) the first clip's first frame as its blurred backdrop, and the
    /// last card (when `outro`) the last clip's last frame (of a layered day, its first layer's): the frames
    /// next to them in the reel.
    static func placeBackdrops(in pieces: inout [Piece], intro: Bool, outro: Bool, fps: Int) {
        let clips = pieces.compactMap(\.source.clip)
        guard let firstClip = clips.first, let lastClip = clips.last else { return }
        let seconds = { (clip: ClipSource, frame: Int) in clip.sourceSeconds(atFrame: frame, fps: fps) }
        // A layered day's clip is its first layer, which may end before the day does.
        let lastFrame = (lastClip.layers?.first?.frameCount ?? lastClip.frameCount) - 1
        let wanted = [
            (index: pieces.startIndex, on: intro, clip: firstClip, at: seconds(firstClip, 0)),
            (index: pieces.endIndex - 1, on: outro, clip: lastClip, at: seconds(lastClip, max(0, lastFrame)))
        ]
        for (index, on, clip, at) in wanted where on {
            guard case var .card(card) = pieces[index].source else { continue }
            card.backdrop = CardBackdrop(path: clip.path, byteRange: clip.byteRange, identity: clip.identity, seconds: at, isPhoto: clip.still != nil)
            pieces[index].source = .card(card)
        }
    }

    /// Every file a render of `plan` reads: the chosen clips and layers, the pictures, movies and fonts of the overlays,
    /// captions and title cards (the system's default font among them), the music, and the looks' `.cube` files
    /// (not the looks made by code, `theme:NAME`, which are no files).
    package static func readFiles(plan: Plan, job: Job) -> [String] {
        let overlayFiles = job.overlays.compactMap { overlay -> String? in
            switch overlay {
            case let .date(stamp): stamp.font
            case let .text(text): text.font
            case let .image(image): image.file
            case let .video(video): video.file
            }
        }
        let fonts = [job.intro?.font, job.outro?.font, job.captions.font].compactMap { $0 }
        let clips = plan.days.flatMap { day in [day.clip].compactMap { $0 } + day.layers.map(\.clip) }
        let cubes = ([job.output.look?.lut] + clips.map { $0.look?.lut }).compactMap { $0 }.filter { BuiltInTheme.lookName(of: $0) == nil }
        let music = [job.audio.music?.file].compactMap { $0 }
        return plan.days.flatMap(\.paths) + plan.photoPaths + overlayFiles + fonts + [TextStyle.defaultFontPath] + music + cubes
    }
}

extension CanvasSettings {
    /// x264/x265 threads per segment. Two, with one segment per two cores: one libx264 instance needs about
    /// 150 MB at 1080p whatever its thread count, so two threads in one encoder use the cores of a small
    /// machine as well as two one-thread encoders (measured on the reference job: the same wall time) with
    /// about 100 MB less at the peak.
    package static let encoderThreads = 2

    /// The canvas a job's `output` asks for, its look's file named by its digest in `identities`. Encoder
    /// threads are fixed at `encoderThreads` per segment, so the bytes never depend on the machine's core count.
    package init(output: Job.Output, identities: [String: String]) {
        let size = output.frameSize
        self.init(
            width: size.width, height: size.height, fps: output.fps, fit: output.fit,
            background: output.background.opaque,
            codec: VideoCodec(output.video.codec), crf: output.video.crf, preset: output.video.preset.rawValue, encoderThreads: Self.encoderThreads,
            toneMap: output.toneMap == .auto,
            look: output.look.map { AppliedLook($0, identities: identities) }
        )
        keyframeInterval = output.profile.map { $0.rules.keyframeInterval(fps: output.fps) }
        maximumVideoBitrate = output.profile?.rules.maximumVideoBitrate
        let safeArea = output.overlaySafeArea
        self.safeArea = safeArea.isNone ? nil : safeArea
        format = CanvasFormat(output.dynamicRange)
    }
}

extension ReelLayout {
    /// The reel's subtitle cues: each day's date and caption while its clip shows.
    package func subtitleCues(job: Job) -> [SubtitleCue] {
        SubtitleTrack.cues(
            job: job, pieces: pieces.map { SubtitleTrack.Piece(day: $0.day, firstFrame: $0.firstFrame, endFrame: $0.endFrame) }, fps: canvas.fps
        )
    }
}
