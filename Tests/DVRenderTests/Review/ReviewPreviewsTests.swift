import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Synchronization
import Testing

@testable import DVRender

/// The review page's previews, made from generated clips by the render's own stages: the poster is the frame
/// the reel shows, turned and fitted alike; the movie and strip are what they say; a broken clip fails alone;
/// a second review, or a renamed copy of a clip, decodes nothing.
@Suite("review previews")
struct ReviewPreviewsTests {
    static let background = SRGBColour(red: 0, green: 160, blue: 0)

    /// Two days of movies: a landscape clip and one turned on its side (shown 72 × 128), both 2 s long.
    static let clips: [SampleClip] = [
        SampleClip(
            fileName: "plain.mp4", duration: 2, width: 192, height: 108, audio: .none, tags: .filmed(at: "2024-12-01T12:00:00+0000"),
            text: "1", cornerMark: true),
        SampleClip(
            fileName: "rotated.mov", duration: 2, width: 128, height: 72, rotation: 270, audio: .none,
            tags: .filmed(at: "2024-12-02T12:00:00+0000"), text: "2", cornerMark: true)
    ]

    /// A third day of two photos, shown 0.5 s each.
    static let stills = [
        SampleStill(fileName: "IMG_20241203_090000.jpg", text: "3"),
        SampleStill(fileName: "IMG_20241203_150000.jpg", text: "4", background: SRGBColour(red: 160, green: 60, blue: 40))
    ]

    /// The job: one-second windows in a 320 × 180 reel (the previews' own size), contained on green, cut.
    static func job(in scratch: TemporaryFolder) throws -> Job {
        let library = scratch.url.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let writer = try SampleWriter()
        for clip in clips { try writer.write(clip, in: library) }
        for still in stills { try writer.write(still, in: library) }
        let yaml = """
            version: 1
            library: { paths: [library], timezone: UTC }
            timeframe: { from: 2024-12-01, to: 2024-12-03 }
            clips: { video: { duration: 1s }, photo: { duration: 0.5s, count: 2 } }
            transition: { style: cut }
            output: { path: out/reel.mp4, resolution: 320x180, fit: contain, background: "#00A000" }
            """
        let loaded = JobLoader.load(text: yaml, file: "review.yaml", directory: scratch.url.path)
        return try #require(loaded.job, "\(loaded.diagnostics)")
    }

    /// Counts the previews made and taken from the cache.
    final class PreviewCount: RenderObserver {
        private let counts = Mutex((made: 0, reused: 0))

        func handle(_ event: RenderEvent) {
            guard case let .unitFinished(.preview, _, _, reused, _) = event else { return }
            counts.withLock { counts in
                if reused { counts.reused += 1 } else { counts.made += 1 }
            }
        }

        var made: Int { counts.withLock { $0.made } }
        var reused: Int { counts.withLock { $0.reused } }
    }

    /// Mean absolute difference of two RGB pictures of one size, per sample.
    static func difference(_ a: RGBPicture, _ b: RGBPicture) -> Double {
        Double(zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(max(1, a.bytes.count))
    }

    @Test("the poster is the reel's frame, turned and fitted alike; the movie and strip are of the window and clip")
    func previewsMatchTheRender() async throws {
        let scratch = try TemporaryFolder()
        let job = try Self.job(in: scratch)
        let (report, reel, _) = try await ReelRenderTests.render(job, in: scratch)
        let days = report.planned.plan.days.compactMap(\.clip)
        #expect(days.count == 3 && days.last?.photo?.shots.count == 2)
        let broken = scratch.url.appendingPathComponent("broken.mp4")
        try Data(repeating: 0x47, count: 4096).write(to: broken)
        var brokenClip = try #require(days.first)
        brokenClip.path = broken.path
        let requests = days.map(PreviewRequest.init) + [PreviewRequest(clip: brokenClip)]
        let media = scratch.url.appendingPathComponent("page/media")
        let results = ReviewPreviews.make(
            requests, planned: report.planned, work: scratch.work, cache: nil, into: media, observer: SilentObserver())

        guard case let .failure(.clipFailed(path, _)) = results[PreviewRequest(clip: brokenClip)] else {
            Issue.record("the broken clip should fail by name: \(String(describing: results[PreviewRequest(clip: brokenClip)]))")
            return
        }
        #expect(path == broken.path)

        for piece in report.layout.pieces {
            let source = try #require(piece.source.clip)
            let clip = try #require(days.first { $0.path == source.path })
            let files = try results[PreviewRequest(clip: clip)]?.get()
            let preview = try #require(files)

            // The poster is the window's middle (0.5 s in, frame 6 at 12 fps): the reel's frame 15 of the piece at 30 fps.
            let poster = try RGBPicture.read(from: media.appendingPathComponent(preview.poster))
            #expect(poster.width == 320 && poster.height == 180)
            let reader = try ClipReader(
                .file(reel.output.path), start: Double(piece.firstFrame + 15) / 30, duration: 1.0 / 30, outputFPS: 30, threads: 1)
            let shown = try RGBPicture(canvas: try #require(try reader.next()).picture)
            let difference = Self.difference(poster, shown)
            #expect(difference < 6, "\(clip.file): the poster differs from the reel's frame by \(difference) per sample")

            // Turned upright: the rotated clip is pillarboxed (72 × 128 shown in 320 × 180), the plain one fills the width.
            let edge = poster.bytes[(90 * 320 + 20) * 3..<(90 * 320 + 21) * 3].map(Int.init)
            let isBackground = abs(edge[0] - 0) < 24 && abs(edge[1] - 160) < 24 && abs(edge[2] - 0) < 24
            #expect(isBackground == clip.file.hasPrefix("rotated"), "\(clip.file): pixel (20, 90) is \(edge)")

            if clip.photo != nil {
                // A photo day of two photos: no movie, a strip of each photo at its middle, inside the day's window.
                #expect(preview.movie == nil)
                #expect(preview.stripTimes.count == 2 && preview.stripTimes.allSatisfy { $0 > 0 && $0 < 1 })
                let strip = try RGBPicture.read(from: media.appendingPathComponent(try #require(preview.strip)))
                #expect(strip.width == 2 * ReviewPreviews.stripWidth && strip.height == ReviewPreviews.stripWidth * 9 / 16)
                continue
            }
            let movie = try FrameCensus.take(media.appendingPathComponent(try #require(preview.movie)))
            #expect(movie.videoFrames == 12 && movie.pictureWidth == 320 && movie.pictureHeight == 180)
            #expect(abs(movie.videoDuration - 1) < 0.1, "\(movie.videoDuration) s")

            #expect(preview.stripTimes.count == ReviewPreviews.stripFrames)
            #expect(preview.stripTimes.allSatisfy { $0 > 0 && $0 < 2 })
            let strip = try RGBPicture.read(from: media.appendingPathComponent(try #require(preview.strip)))
            #expect(strip.width == ReviewPreviews.stripFrames * ReviewPreviews.stripWidth && strip.height == ReviewPreviews.stripWidth * 9 / 16)
        }
    }

    @Test("a second review decodes nothing, and a renamed copy of a clip takes the same preview")
    func previewsAreKeptByContent() throws {
        let scratch = try TemporaryFolder()
        let job = try Self.job(in: scratch)
        let planned = try PlannedJob.make(job: job, asOf: nil, work: scratch.work, observer: SilentObserver())
        let clips = planned.plan.days.compactMap(\.clip)
        let cache = SegmentCache(root: scratch.url.appendingPathComponent("cache"))
        let media = scratch.url.appendingPathComponent("media")

        let first = PreviewCount()
        let made = ReviewPreviews.make(
            clips.map(PreviewRequest.init), planned: planned, work: scratch.work, cache: cache, into: media, observer: first)
        #expect(first.made == 3 && first.reused == 0)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.root.appendingPathComponent("previews").path).sorted()

        let second = PreviewCount()
        let again = ReviewPreviews.make(
            clips.map(PreviewRequest.init), planned: planned, work: scratch.work, cache: cache, into: media, observer: second)
        #expect(second.made == 0 && second.reused == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.root.appendingPathComponent("previews").path).sorted() == kept)
        for clip in clips {
            #expect(try made[PreviewRequest(clip: clip)]?.get() == again[PreviewRequest(clip: clip)]?.get())
        }

        var renamed = try #require(clips.first)
        let copy = scratch.url.appendingPathComponent("elsewhere/renamed copy.mp4")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: renamed.path), to: copy)
        let original = try made[PreviewRequest(clip: renamed)]?.get()
        renamed.path = copy.path
        let third = PreviewCount()
        let moved = ReviewPreviews.make(
            [PreviewRequest(clip: renamed)], planned: planned, work: scratch.work, cache: cache, into: media, observer: third)
        #expect(third.made == 0 && third.reused == 1)
        #expect(try moved[PreviewRequest(clip: renamed)]?.get() == original)
    }

    /// The previews of the 31-day reference job after its render (`DVPIPE_PREVIEW_BENCH=1`): each day's clip and
    /// four other windows of it (five previews a day; `DVPIPE_PREVIEW_BENCH=chosen`: the day's clip alone), timed
    /// against the render, with their bytes.
    @Test("the reference job's previews, timed against its render", .enabled(if: ProcessInfo.processInfo.environment["DVPIPE_PREVIEW_BENCH"] != nil))
    func referenceTimings() async throws {
        let scratch = try TemporaryFolder()
        let summary = try SampleLibrary.writeReference(to: scratch.url)
        let loaded = JobLoader.load(
            text: try String(contentsOf: summary.jobFile, encoding: .utf8), file: summary.jobFile.path, directory: scratch.url.path)
        let job = try #require(loaded.job, "\(loaded.diagnostics)")
        let clock = ContinuousClock()
        let started = clock.now
        let (report, _, _) = try await ReelRenderTests.render(job, in: scratch)
        let render = clock.now - started
        let shifts = ProcessInfo.processInfo.environment["DVPIPE_PREVIEW_BENCH"] == "chosen" ? [0] : [0, 250, 500, 750, 1000]
        let requests = report.planned.plan.days.compactMap(\.clip).flatMap { clip in
            shifts.map { shift in
                var candidate = clip
                candidate.start = TimeSpan(milliseconds: clip.start.milliseconds + Int64(shift))
                return PreviewRequest(clip: candidate)
            }
        }
        let media = scratch.url.appendingPathComponent("media")
        let cold = clock.now
        let results = ReviewPreviews.make(requests, planned: report.planned, work: scratch.work, cache: nil, into: media, observer: SilentObserver())
        let previews = clock.now - cold
        let warm = clock.now
        _ = ReviewPreviews.make(requests, planned: report.planned, work: scratch.work, cache: nil, into: media, observer: SilentObserver())
        let again = clock.now - warm
        #expect(results.values.allSatisfy { (try? $0.get()) != nil })
        var bytes = (poster: 0, movie: 0, strip: 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: media.path) {
            let size = (try FileManager.default.attributesOfItem(atPath: media.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            if name.hasSuffix("-poster.jpg") {
                bytes.poster += size
            } else if name.hasSuffix("-movie.mp4") {
                bytes.movie += size
            } else {
                bytes.strip += size
            }
        }
        let count = Double(requests.count)
        let total = bytes.poster + bytes.movie + bytes.strip
        print(
            """
            reference previews: render \(render), \(requests.count) previews \(previews) (\(previews / render) of the render), again \(again);
            bytes per preview: poster \(Double(bytes.poster) / count), movie \(Double(bytes.movie) / count), strip \(Double(bytes.strip) / count), \
            all \(Double(total) / count); 365 × 5: \(Double(total) / count * 1825 / 1e6) MB
            """)
    }
}
