import DVFiles
import DVMedia
import DVPlanning
import DVRuntime
import Foundation
import Synchronization

/// What a preview shows: a clip's window (a day's chosen clip, a candidate, a clip a pin may take) as the
/// render shows it in the job's output.
package struct PreviewRequest: Sendable, Hashable {
    /// The clip, with its file, window, speed, look and photos as the plan has (or would have) them.
    package var clip: PlannedClip

    package init(clip: PlannedClip) {
        self.clip = clip
    }
}

/// The files of one preview, as paths relative to the media folder they were put in.
package struct PreviewFiles: Sendable, Hashable, Codable {
    /// A JPEG (libavcodec's `mjpeg`) of the window's middle frame.
    package var poster: String
    /// A short H.264 MP4 of the window, without sound; nil for a photo.
    package var movie: String?
    /// A JPEG of frames of the whole clip side by side (of each photo of a photo day of several); nil for a
    /// photo day of one photo.
    package var strip: String?
    /// The source time of each strip frame, in seconds: of the file for a movie, of the day's window for photos.
    package var stripTimes: [Double]
}

/// The review page's previews: each clip's window decoded, turned upright, fitted and coloured by the
/// render's own stages (`LoadStage`, `NormalizeStage`, `StillStage`) into a small canvas of the output's
/// aspect, then a poster, a short movie and a strip of frames. Kept by content (`PreviewFolder`), so a second
/// review decodes nothing.
package enum ReviewPreviews {
    /// The previews' version, in their key: a change to how they are made names every preview anew.
    static let version = 2
    /// Preview width in pixels; the height follows the output's aspect.
    static let width = 320
    /// Frames per second of the movie and of the windows decoded.
    static let fps = 12
    /// The movie's longest length, in seconds, from the window's start.
    static let movieSeconds = 3
    /// x264's quality and highest bitrate (bits per second, over any second) for the movie: a year of five
    /// previews a day weighs well under 40 MB.
    static let movieCRF = 30
    static let movieBitrate = 24_000
    /// The JPEGs' quantiser scale (2 best, 31 worst).
    static let jpegQuality = 7
    /// Frames in a movie's strip, and the width of each: 480 px in all, enough behind a slider about 300 px wide,
    /// and 5.6 MB less over a year of five clips a day than 128 px frames (bench/review.md).
    static let stripFrames = 5
    static let stripWidth = 96
    /// Strip frames at most this many seconds apart are read on from one to the next rather than each sought:
    /// a phone's keyframes lie about a second or two apart, so a seek then decodes about as much.
    static let stripReadOn = 2.0

    /// The previews of `requests` for `planned`'s job (its first output), in `mediaFolder`: each taken from
    /// `cache`'s previews (the work folder's without a cache) when made before, else made now, several clips
    /// at once, reported to `observer` as the `preview` stage (a preview taken as `reused`). A clip that
    /// cannot be read fails alone, named by its path.
    package static func make(
        _ requests: [PreviewRequest], planned: PlannedJob, work: WorkFolder, cache: SegmentCache?, into mediaFolder: URL,
        observer: some RenderObserver
    ) -> [PreviewRequest: Result<PreviewFiles, RenderError>] {
        let unique = Array(Set(requests)).sorted { ($0.clip.path, $0.clip.start.milliseconds) < ($1.clip.path, $1.clip.start.milliseconds) }
        let folder = PreviewFolder(
            root: (cache.flatMap { $0.readOnly ? nil : $0.root } ?? work.root).appendingPathComponent("previews", isDirectory: true))
        let plan = PreviewPlan(unique, planned: planned, observer: observer)
        observer.handle(.stageStarted(.preview, total: unique.count))
        let done = Atomic(0)
        let lane = Lane("dvpipe preview", width: ProcessInfo.processInfo.activeProcessorCount)
        let results = lane.map(unique) { request -> Result<PreviewFiles, RenderError> in
            var reused = false
            let result = Result { () throws(RenderError) -> PreviewFiles in
                do {
                    let made = try plan.preview(of: request.clip)
                    if let kept = folder.kept(made.key) {
                        reused = true
                        return try folder.put(kept, into: mediaFolder)
                    }
                    return try folder.put(try made.make(in: folder), into: mediaFolder)
                } catch let error as RenderError {
                    throw error
                } catch {
                    throw RenderError.clipFailed(path: request.clip.path, reason: RenderError.reason(of: error, besides: request.clip.path))
                }
            }
            let count = done.add(1, ordering: .relaxed).newValue
            observer.handle(.unitFinished(.preview, done: count, total: unique.count, reused: reused, name: request.clip.path))
            return result
        }
        observer.handle(.stageFinished(.preview))
        return Dictionary(zip(unique, results)) { first, _ in first }
    }

    /// The size of `output`'s previews (poster and movie): `width` wide at the output's aspect, the height even.
    static func size(of output: Job.Output) -> (width: Int, height: Int) {
        let frame = output.frameSize
        return (width, max(2, Int((Double(width) * Double(frame.height) / Double(max(1, frame.width)) / 2).rounded()) * 2))
    }

    /// The previews' canvas: the output's fit, background, tone mapping and look, about `width` wide at the
    /// output's aspect (even sizes), 8-bit SDR for the browser.
    static func canvas(of output: Job.Output, identities: [String: String]) -> CanvasSettings {
        var canvas = CanvasSettings(output: output, identities: identities)
        (canvas.width, canvas.height) = size(of: output)
        canvas.fps = fps
        canvas.codec = .h264
        canvas.crf = movieCRF
        canvas.preset = "veryfast"
        canvas.encoderThreads = 1
        canvas.keyframeInterval = nil
        canvas.maximumVideoBitrate = movieBitrate
        canvas.safeArea = nil
        canvas.format = .sdr8
        return canvas
    }
}

/// What the previews of one batch share: the job's files, the clips' identities, the previews' canvas.
private struct PreviewPlan: Sendable {
    let job: Job
    let files: LibraryFiles
    let canvas: CanvasSettings
    /// The content digest of each movie (over the whole clip, which its strip reads), photo and look, by path.
    let identities: [String: String]
    /// Each photo's analysis, which its motion is planned from.
    let stills: [String: StillFacts]

    init(_ requests: [PreviewRequest], planned: PlannedJob, observer: some RenderObserver) {
        job = planned.job
        files = planned.files
        let clips = requests.map(\.clip)
        let photos = Set(clips.flatMap { $0.photo?.shots.map(\.path) ?? [] })
        let looks = Set(([job.output.look] + clips.map(\.look)).compactMap { $0?.lut })
        let windows = clips.filter { $0.photo == nil }.map { clip in
            ReadSpan(
                path: clip.path, byteRange: clip.motionPhoto?.byteRange, startMilliseconds: 0,
                endMilliseconds: max(clip.clipLength.milliseconds, clip.start.milliseconds + clip.sourceDuration.milliseconds))
        }
        let spans = Dictionary(windows.map { ($0.path, $0) }) { first, _ in first }
        identities = planned.digests.identities(of: Array(photos.union(looks)).sorted(), windows: Array(spans.values), observer: observer)
        canvas = ReviewPreviews.canvas(of: job.output, identities: identities)
        stills = photos.isEmpty ? [:] : planned.stills.facts(of: photos.sorted(), digests: planned.digests, observer: observer)
    }

    /// The preview of `clip`, named by its key, ready to be made.
    func preview(of clip: PlannedClip) throws -> PreviewMaking {
        guard let identity = identities[clip.path] else {
            throw RenderError.clipFailed(path: clip.path, reason: "the file cannot be read")
        }
        let frameCount = max(1, clip.duration.nearestFrame(fps: canvas.fps))
        var source = ClipSource(
            path: clip.path, byteRange: clip.motionPhoto?.byteRange, identity: identity, startMilliseconds: Int(clip.start.milliseconds),
            frameCount: frameCount, day: "", look: clip.look.map { AppliedLook($0, identities: identities) }, speed: clip.speed)
        var strip: StillShow?
        var stripTimes: [Double] = []
        if let photo = clip.photo {
            for shot in photo.shots where identities[shot.path] == nil {
                throw RenderError.clipFailed(path: shot.path, reason: "the file cannot be read")
            }
            source.still = show(photo, width: canvas.width, height: canvas.height, frameCount: frameCount)
            if photo.shots.count > 1 {
                let shown = show(photo, width: ReviewPreviews.stripWidth, height: stripHeight, frameCount: frameCount)
                strip = shown
                var first = 0
                for shot in shown.shots {
                    stripTimes.append(Double(first + shot.frameCount / 2) / Double(canvas.fps))
                    first += shot.frameCount
                }
            }
        } else {
            // Evenly spaced by an even number of milliseconds, the first half a gap in: a reader read on from
            // the clip's start at one tick a gap shows each of them exactly.
            let length = max(clip.clipLength.milliseconds, clip.start.milliseconds + clip.sourceDuration.milliseconds)
            let gap = Int(length) / ReviewPreviews.stripFrames / 2 * 2
            stripTimes = (0..<ReviewPreviews.stripFrames).map { Double(gap / 2 + $0 * gap) / 1000 }
        }
        let key = try WorkKey.make(
            "preview", Material(version: ReviewPreviews.version, source: source, canvas: canvas, stripTimes: stripTimes, strip: strip))
        return PreviewMaking(key: key, source: source, strip: strip, stripTimes: stripTimes, plan: self)
    }

    /// The strip's frame height: the strip width at the canvas's aspect, even.
    var stripHeight: Int {
        max(2, Int((Double(ReviewPreviews.stripWidth) * Double(canvas.height) / Double(canvas.width) / 2).rounded()) * 2)
    }

    private func show(_ photo: PlannedPhoto, width: Int, height: Int, frameCount: Int) -> StillShow {
        ReelLayout.still(
            of: photo, destination: PixelSize(width: width, height: height), fit: canvas.fit, frameCount: frameCount, fps: canvas.fps,
            identities: identities, stills: stills, outputs: job.outputs)
    }

    /// What names a preview: the clip's content and window as the render reads it (never its path), the
    /// previews' canvas, the strip's times and photos, and the previews' version.
    private struct Material: Encodable {
        var version: Int
        var source: ClipSource
        var canvas: CanvasSettings
        var stripTimes: [Double]
        var strip: StillShow?
    }
}

/// One preview to make: its key, its clip as the render reads it, and its strip.
private struct PreviewMaking {
    let key: String
    let source: ClipSource
    /// A photo day's photos in strip frames; nil for a movie, whose strip is read at `stripTimes`.
    let strip: StillShow?
    let stripTimes: [Double]
    let plan: PreviewPlan

    /// Makes the preview's files in `folder` and records them there.
    func make(in folder: PreviewFolder) throws -> PreviewFiles {
        let canvas = plan.canvas
        try FileManager.default.createDirectory(at: folder.root, withIntermediateDirectories: true)
        let jpeg = try JPEGEncoder(width: canvas.width, height: canvas.height, quality: ReviewPreviews.jpegQuality)
        let posterFrame = source.frameCount / 2
        var files = PreviewFiles(poster: "\(key)-poster.jpg", movie: nil, strip: nil, stripTimes: stripTimes)
        var poster: Data?
        if let still = source.still {
            let stage = StillStage(canvas: canvas, pictures: StillPictures(), files: plan.files)
            var frames = try stage.show(
                source, still, width: canvas.width, height: canvas.height, fit: canvas.fit, firstFrame: posterFrame, frameCount: 1)
            if let frame = try frames.next() { poster = try jpeg.encode(canvas: frame) }
            if let strip {
                var pictures: [VideoFrame] = []
                var shown = try stage.show(
                    source, strip, width: ReviewPreviews.stripWidth, height: plan.stripHeight, fit: canvas.fit, firstFrame: 0,
                    frameCount: source.frameCount)
                var first = 0
                for shot in strip.shots {
                    let wanted = first + shot.frameCount / 2
                    while shown.nextFrame <= wanted, let frame = try shown.next() {
                        if shown.nextFrame - 1 == wanted { pictures.append(try Self.copy(frame)) }
                    }
                    first += shot.frameCount
                }
                try writeStrip(pictures, as: &files, in: folder)
            }
        } else {
            let movieFrames = min(source.frameCount, ReviewPreviews.movieSeconds * canvas.fps)
            let load = LoadStage(fps: canvas.fps, decoderThreads: 1, share: nil, files: plan.files)
            let read = max(movieFrames, posterFrame + 1)
            var frames = try NormalizeStage(canvas: canvas).normalize(try load.load(source, firstFrame: 0, frameCount: read))
            let movie = "\(key)-movie.mp4"
            let writer = try SegmentWriter(
                destination: folder.file(movie),
                settings: VideoEncoder.Settings(
                    codec: .h264, width: canvas.width, height: canvas.height, fps: canvas.fps, crf: canvas.crf, preset: canvas.preset, threads: 1,
                    maximumBitrate: ReviewPreviews.movieBitrate),
                muxerOptions: ["movflags": "+faststart"])
            for index in 0..<read {
                guard let frame = try frames.next() else { break }
                if index < movieFrames { try writer.append(frame) }
                if index == posterFrame { poster = try jpeg.encode(canvas: frame) }
            }
            try writer.finish()
            files.movie = movie
            try writeStrip(try stripFrames(), as: &files, in: folder)
        }
        guard let poster else { throw RenderError.clipFailed(path: source.path, reason: "no picture at the window's middle") }
        try folder.write(poster, named: files.poster)
        try folder.record(files, key: key)
        return files
    }

    /// One frame at each of the strip's times, in the render's colour and fit. Times at most
    /// `ReviewPreviews.stripReadOn` apart are read on by one reader (one tick a strip frame, at the speed
    /// that spaces them), farther ones each from a seek to the keyframe before it: a long clip is never
    /// decoded whole, a short one once.
    private func stripFrames() throws -> [VideoFrame] {
        let load = LoadStage(fps: plan.canvas.fps, decoderThreads: 1, share: nil, files: plan.files)
        let normalize = NormalizeStage(canvas: plan.canvas)
        let gap = stripTimes.count > 1 ? stripTimes[1] - stripTimes[0] : 0
        let readOn =
            gap > 0 && gap <= ReviewPreviews.stripReadOn
            ? PlaybackSpeed(numerator: Int((gap * 1000).rounded()) * plan.canvas.fps, denominator: 1000) : nil
        let runs: [(start: Double, count: Int, speed: PlaybackSpeed?)] =
            readOn.map { [(stripTimes[0] - gap / 2, stripTimes.count, $0)] } ?? stripTimes.map { ($0, 1, nil) }
        return try runs.flatMap { run in
            var at = source
            at.startMilliseconds = Int((run.start * 1000).rounded())
            at.frameCount = run.count
            at.speed = run.speed
            var frames = try normalize.normalize(
                try load.load(at, firstFrame: 0, frameCount: run.count), width: ReviewPreviews.stripWidth, height: plan.stripHeight,
                fit: plan.canvas.fit)
            return try (0..<run.count).map { index in
                guard let frame = try frames.next() else {
                    throw RenderError.clipFailed(path: source.path, reason: "no picture at \(run.start) s + \(index) for the strip")
                }
                return try Self.copy(frame)
            }
        }
    }

    /// A frame of its own with `frame`'s picture, which its reader draws over with the next frame.
    private static func copy(_ frame: VideoFrame) throws -> VideoFrame {
        let copy = try VideoFrame(width: frame.width, height: frame.height)
        try copy.copyPicture(from: frame)
        return copy
    }

    /// `pictures` side by side, as the preview's strip JPEG; none for no pictures.
    private func writeStrip(_ pictures: [VideoFrame], as files: inout PreviewFiles, in folder: PreviewFolder) throws {
        guard let height = pictures.first?.height else { return }
        let width = pictures.map(\.width).reduce(0, +)
        let jpeg = try JPEGEncoder(width: width, height: height, quality: ReviewPreviews.jpegQuality)
        let strip = try VideoFrame(width: width, height: height)
        var x = 0
        for picture in pictures {
            strip.paste(picture, x: x, y: 0, opacity: 1)
            x += picture.width
        }
        let name = "\(key)-strip.jpg"
        try folder.write(try jpeg.encode(canvas: strip), named: name)
        files.strip = name
    }
}

/// A folder of previews by key: each preview's files, and `KEY.json` (its `PreviewFiles`), written last, so a
/// preview is there whole or not at all.
struct PreviewFolder: Sendable {
    let root: URL

    /// The file `name` of the folder.
    func file(_ name: String) -> URL { root.appendingPathComponent(name) }

    private func recordFile(_ key: String) -> URL { file("\(key).json") }

    /// The files of preview `key` when all of them are there.
    func kept(_ key: String) -> PreviewFiles? {
        guard let data = try? Data(contentsOf: recordFile(key)), let files = try? JSONDecoder().decode(PreviewFiles.self, from: data),
            ([files.poster] + [files.movie, files.strip].compactMap { $0 }).allSatisfy({ FileManager.default.fileExists(atPath: file($0).path) })
        else { return nil }
        return files
    }

    /// Writes `data` as the file `name`, whole or not at all.
    func write(_ data: Data, named name: String) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileSync.writeAtomically(data, to: file(name))
    }

    /// Records preview `key` as made of `files`.
    func record(_ files: PreviewFiles, key: String) throws {
        try write(try JSONCoding.encoder.encode(files), named: "\(key).json")
    }

    /// Puts `files` into `folder` under their names: hard links (copies across file systems).
    func put(_ files: PreviewFiles, into folder: URL) throws -> PreviewFiles {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in [files.poster] + [files.movie, files.strip].compactMap({ $0 }) {
            let target = folder.appendingPathComponent(name)
            unlink(target.path)
            if link(file(name).path, target.path) != 0 {
                try FileManager.default.copyItem(at: file(name), to: target)
            }
        }
        return files
    }
}
