import DVMedia
import DVPlanning
import DVRemote
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The staged executor over the demo library: what it writes, what it reuses, and what a changed day costs.
@Suite("reel render", .tags(.endToEnd))
struct ReelRenderTests {
    /// Plans and renders `job` into `scratch`, returning the report and the reel.
    static func render(_ job: Job, in scratch: TemporaryFolder, observer: RecordingObserver = RecordingObserver()) async throws
        -> (report: SegmentsReport, reel: AssembledReel, observer: RecordingObserver)
    {
        let planned = try PlannedJob.make(job: job, asOf: nil, work: scratch.work, observer: observer)
        let executor = ReelRender(work: scratch.work, options: RenderOptions(parallelism: 2), observer: observer, stop: StopRequest())
        let report = try await executor.renderSegments(planned)
        return (report, try executor.assemble(report.planned, layout: report.layout), observer)
    }

    /// Mean absolute difference of the luma planes of two frames of one size, over the whole frame or a rectangle.
    static func lumaDifference(_ a: VideoFrame, _ b: VideoFrame, columns: Range<Int>? = nil, rows: Range<Int>? = nil) -> Double {
        let columns = columns ?? 0..<a.width
        let rows = rows ?? 0..<a.height
        var total = 0
        for row in rows {
            let lineA = a.plane(0) + row * a.stride(0)
            let lineB = b.plane(0) + row * b.stride(0)
            for column in columns {
                total += abs(Int(lineA[column]) - Int(lineB[column]))
            }
        }
        return Double(total) / Double(columns.count * rows.count)
    }

    /// Frame `index` of a file at `fps`, or of a clip window starting at `start` seconds, fitted into the canvas.
    static func canvasFrame(of url: URL, at seconds: Double, canvas: CanvasSettings) throws -> VideoFrame {
        let reader = try ClipReader(.file(url.path), start: seconds, duration: 1 / Double(canvas.fps), outputFPS: canvas.fps, threads: 1)
        let decoded = try #require(try reader.next())
        let normalizer = try CanvasNormalizer(
            canvasWidth: canvas.width, canvasHeight: canvas.height, fit: CanvasFit(canvas.fit), background: SRGBColour(canvas.background))
        let frame = try normalizer.makeCanvas()
        try normalizer.normalize(decoded.picture, rotation: reader.rotation, into: frame)
        return frame
    }

    @Test("the reel decodes whole, has the planned frames and sound, and shows each day's clip in its place")
    func reelMatchesThePlan() async throws {
        let scratch = try TemporaryFolder()
        let (report, reel, _) = try await Self.render(try await DemoFixture.shared.job(outputIn: scratch.url), in: scratch)
        let layout = report.layout
        let census = try FrameCensus.take(reel.output)
        #expect(census.videoFrames == layout.frameCount)
        #expect(census.pictureWidth == 640 && census.pictureHeight == 360)
        // Against the plan itself, read back from the file: its frame rate, and the plan's length in frames
        // within one frame per piece.
        guard case let .media(info) = MediaProbe.probe(reel.output) else {
            Issue.record("the reel does not probe")
            return
        }
        let fps = try #require(info.video?.frameRate)
        #expect(fps == 30)
        let plannedFrames = Double(report.planned.plan.timeline.totalDuration.milliseconds) / 1000 * fps
        #expect(
            abs(Double(census.videoFrames) - plannedFrames) <= Double(layout.pieces.count),
            "\(census.videoFrames) frames for a plan of \(plannedFrames)"
        )
        let videoSeconds = Double(census.videoFrames) / 30
        let audioSeconds = Double(census.audioSamples) / 48_000
        #expect(abs(audioSeconds - videoSeconds) <= 0.021, "audio \(audioSeconds) s, video \(videoSeconds) s")
        let clips = layout.pieces.filter { $0.source.clip != nil }
        #expect(clips.count == 24)

        // The 30th's clip has a 1 kHz burst 1.5 s in (at -6 dBFS over a -18 dBFS tone): it must sound at
        // that point of the reel, to the millisecond.
        let thirtieth = try #require(clips.first { $0.source.clip?.day == "2024-12-30" })
        let planned = thirtieth.firstFrame * 1_600 + 72_000 - (thirtieth.source.clip!.startMilliseconds * 48)
        let sound = try AudioClipReader(.file(reel.output.path)).read(startSample: planned - 24_000, count: 36_000)
        let steadyPeak = sound.left[0..<12_000].map(abs).max() ?? 0
        let onset = try #require(sound.left.firstIndex { abs($0) > 2 * steadyPeak }, "no burst found")
        #expect(abs(onset - 24_000) <= 48, "burst at \(onset - 24_000) samples from its planned place")
        for (index, piece) in clips.enumerated() {
            let clip = try #require(piece.source.clip)
            let middle = (piece.firstFrame + piece.endFrame) / 2
            let output = try Self.canvasFrame(of: reel.output, at: Double(middle) / 30, canvas: layout.canvas)
            let sourceTime = Double(clip.startMilliseconds) / 1000 + Double(middle - piece.firstFrame) / 30
            let expected = try Self.canvasFrame(of: URL(fileURLWithPath: clip.path), at: sourceTime, canvas: layout.canvas)
            let own = Self.lumaDifference(output, expected)
            #expect(own < 4, "day \(clip.day): mean luma difference \(own) from its own clip")
            let other = clips[(index + 1) % clips.count].source.clip!
            let wrong = try Self.canvasFrame(
                of: URL(fileURLWithPath: other.path), at: Double(other.startMilliseconds) / 1000 + 1, canvas: layout.canvas)
            #expect(Self.lumaDifference(output, wrong) > own * 2, "day \(clip.day) should not look like day \(other.day)")
        }
    }

    @Test("a re-run reuses every segment and gives the same bytes; a changed pin re-renders its day's segment and the next")
    func incrementalAndReproducible() async throws {
        let scratch = try TemporaryFolder()
        var job = try await DemoFixture.shared.job(outputIn: scratch.url)
        let first = try await Self.render(job, in: scratch)
        let firstBytes = try Data(contentsOf: first.reel.output)
        #expect(first.report.renderedCount == first.report.layout.segments.count)

        let again = try await Self.render(job, in: scratch)
        #expect(again.report.renderedCount == 0)
        #expect(again.report.reusedCount == first.report.layout.segments.count)
        #expect(try Data(contentsOf: again.reel.output) == firstBytes)

        let day = try #require(CalendarDay("2024-12-09"))
        job.days[day] = Job.DaySettings(pin: Job.Pin(file: "IMG_0010.MOV"))
        let edited = try await Self.render(job, in: scratch)
        #expect(edited.report.renderedCount == 2, "the day's segment, and the next, whose transition shows the day's end")
        #expect(edited.report.reusedCount == first.report.layout.segments.count - 2)
        #expect(try Data(contentsOf: edited.reel.output) != firstBytes)

        // What the work folder kept (segments, sound chunks found by their clips) gives the bytes of a
        // render of the edited job from nothing.
        let elsewhere = try TemporaryFolder()
        var fromNothing = try await DemoFixture.shared.job(outputIn: elsewhere.url)
        fromNothing.days[day] = job.days[day]
        let fresh = try await Self.render(fromNothing, in: elsewhere)
        #expect(fresh.report.reusedCount == 0)
        #expect(try Data(contentsOf: fresh.reel.output) == Data(contentsOf: edited.reel.output))
    }

    @Test("changing one caption re-renders that day's segment and the next, and the caption shows on its day")
    func captionChangeIsIncremental() async throws {
        let scratch = try TemporaryFolder()
        var job = try await DemoFixture.shared.job(outputIn: scratch.url)
        let first = try await Self.render(job, in: scratch)
        let day = try #require(CalendarDay("2024-12-18"))
        let piece = try #require(first.report.layout.pieces.first { $0.day?.date == day })
        let captions = piece.source.clip?.overlays.items.filter {
            if case let .text(text) = $0 { text.text == "Grandma's birthday" } else { false }
        }
        #expect(captions?.count == 1)

        #expect(!first.observer.warnings.contains { $0.contains("no installed font") })
        job.days[day]?.caption = "Grandma turns 90 🎂\u{10FFFD}"
        let edited = try await Self.render(job, in: scratch)
        #expect(edited.report.renderedCount == 2, "the day's segment, and the next, whose transition shows the day's end")
        // DejaVu has no cake, which Noto Color Emoji draws; no font has the private-use character: one warning
        // names it and the caption, however many frames show it.
        let missing = edited.observer.warnings.filter { $0.contains("no installed font") }
        #expect(
            missing == [
                "no installed font has a glyph for '\u{10FFFD}' (U+10FFFD) in the text \"Grandma turns 90 🎂\u{10FFFD}\"; it is drawn as a box"
            ])
        #expect(edited.report.reusedCount == first.report.layout.segments.count - 2)

        // The caption sits low in the middle: the 18th's frames differ there from its plain clip, the 17th's do not.
        let canvas = edited.report.layout.canvas
        let rows = canvas.height * 3 / 4..<canvas.height
        let columns = canvas.width / 3..<canvas.width * 2 / 3
        for (date, captioned) in [("2024-12-18", true), ("2024-12-17", false)] {
            let shown = try #require(edited.report.layout.pieces.first { $0.day?.date.description == date })
            let clip = try #require(shown.source.clip)
            let middle = (shown.firstFrame + shown.endFrame) / 2
            let output = try Self.canvasFrame(of: edited.reel.output, at: Double(middle) / 30, canvas: canvas)
            let sourceTime = Double(clip.startMilliseconds) / 1000 + Double(middle - shown.firstFrame) / 30
            let plain = try Self.canvasFrame(of: URL(fileURLWithPath: clip.path), at: sourceTime, canvas: canvas)
            let difference = Self.lumaDifference(output, plain, columns: columns, rows: rows)
            #expect(captioned ? difference > 10 : difference < 4, "\(date): mean luma difference \(difference) under the caption")
        }
    }

    @Test("output.subtitles adds a mov_text track with each day's date and caption, timed to the reel")
    func subtitleTrack() async throws {
        let scratch = try TemporaryFolder()
        var job = try await DemoFixture.shared.job(outputIn: scratch.url)
        job.output.subtitles = true
        let (report, reel, _) = try await Self.render(job, in: scratch)
        let expected = report.layout.subtitleCues(job: job)
        #expect(expected.count == 24)
        #expect(expected.contains { $0.text.contains("Grandma's birthday") })
        #expect(try SubtitleReader.cues(in: reel.output) == expected)
        let census = try FrameCensus.take(reel.output)
        #expect(census.videoFrames == report.layout.frameCount)
        let bytes = try Data(contentsOf: reel.output)
        let again = try await Self.render(job, in: scratch)
        #expect(again.report.renderedCount == 0)
        #expect(try Data(contentsOf: again.reel.output) == bytes)
    }

    @Test("the plan and assemble manifests record what was rendered; an up-to-date output is kept, a stale one assembled again")
    func manifests() async throws {
        let scratch = try TemporaryFolder()
        var job = try await DemoFixture.shared.job(outputIn: scratch.url)
        let first = try await Self.render(job, in: scratch)
        #expect(!first.reel.reused)
        let plan = try #require(scratch.work.recordedPlan())
        var withoutPaths = first.report.planned.plan
        withoutPaths.changeClips { clip in clip.path = "" }
        #expect(plan.plan == withoutPaths, "the recorded plan names files inside their library folder only")
        #expect(plan.segments == first.report.layout.segments.map(\.key))
        let bytes = try Data(contentsOf: first.reel.output)
        let assembly = try JSONDecoder().decode(AssembleManifest.self, from: Data(contentsOf: scratch.work.assembleFile(output: nil)))
        #expect(assembly.outputPath == scratch.work.relativePath(to: first.reel.output) && !assembly.outputPath.hasPrefix("/"))
        #expect(URL(fileURLWithPath: assembly.outputPath, relativeTo: scratch.work.root).standardizedFileURL.path == first.reel.output.path)
        #expect(assembly.byteCount == Int64(bytes.count))
        #expect(assembly.fileHash == ContentHash.hex(of: bytes))
        #expect(assembly.frameCount == first.report.layout.frameCount)
        #expect(
            try ReelStatus(planned: first.report.planned, layout: try first.report.planned.layout(observer: SilentObserver()), work: scratch.work)
                .output == .upToDate)

        let again = try await Self.render(job, in: scratch)
        #expect(again.reel.reused, "the output is already this assembly")
        #expect(again.reel.frameCount == first.reel.frameCount && again.reel.byteCount == first.reel.byteCount)
        #expect(try Data(contentsOf: again.reel.output) == bytes)

        // An output changed behind dvpipe's back (same size) is stale, and assembled again.
        var tampered = bytes
        tampered[tampered.count / 2] ^= 0xFF
        try tampered.write(to: first.reel.output)
        #expect(
            try ReelStatus(planned: first.report.planned, layout: try first.report.planned.layout(observer: SilentObserver()), work: scratch.work)
                .output == .stale)
        let repaired = try await Self.render(job, in: scratch)
        #expect(!repaired.reel.reused)
        #expect(try Data(contentsOf: repaired.reel.output) == bytes)

        // A changed caption makes the output stale before anything is rendered.
        job.days[try #require(CalendarDay("2024-12-18"))]?.caption = "Grandma turns 90"
        let edited = try PlannedJob.make(job: job, asOf: nil, work: scratch.work, observer: RecordingObserver())
        #expect(try ReelStatus(planned: edited, layout: try edited.layout(observer: SilentObserver()), work: scratch.work).output == .stale)
        try FileManager.default.removeItem(at: first.reel.output)
        #expect(
            try ReelStatus(planned: first.report.planned, layout: try first.report.planned.layout(observer: SilentObserver()), work: scratch.work)
                .output == .missing)
    }

    @Test("a stop asked while the sound track is made ends the run before assembling; the track is kept for the re-run")
    func stopDuringTheSoundTrack() async throws {
        let scratch = try TemporaryFolder()
        let job = try await DemoFixture.shared.job(outputIn: scratch.url)
        let planned = try PlannedJob.make(job: job, asOf: nil, work: scratch.work, observer: RecordingObserver())
        let stop = StopRequest()
        let observer = StoppingObserver(stage: .audio, stop: stop)
        let executor = ReelRender(work: scratch.work, options: RenderOptions(parallelism: 2), observer: observer, stop: stop)
        let report = try await executor.renderSegments(planned)
        #expect(throws: RenderError.interrupted(signal: SIGTERM)) { try executor.assemble(report.planned, layout: report.layout) }
        #expect(observer.started == [.identify, .audio], "the assemble stage never starts")
        #expect(!FileManager.default.fileExists(atPath: job.output.path))
        #expect(
            try ReelStatus(planned: report.planned, layout: try report.planned.layout(observer: SilentObserver()), work: scratch.work).audioFinished,
            "the finished track is kept")

        let resumed = ReelRender(work: scratch.work, options: RenderOptions(parallelism: 2), observer: RecordingObserver(), stop: StopRequest())
        let reel = try resumed.assemble(report.planned, layout: report.layout)
        #expect(reel.frameCount == report.layout.frameCount)
    }
}

/// Asks the run to stop as `stage` starts, as a signal arriving then would, and notes the stages that started.
final class StoppingObserver: RenderObserver, @unchecked Sendable {
    private let stage: RenderStage
    private let stop: StopRequest
    private let lock = NSLock()
    private var recorded: [RenderStage] = []

    init(stage: RenderStage, stop: StopRequest) {
        self.stage = stage
        self.stop = stop
    }

    func handle(_ event: RenderEvent) {
        guard case let .stageStarted(started, _) = event, started != .encode, started != .scan else { return }
        lock.withLock { recorded.append(started) }
        if started == stage {
            stop.request(signal: SIGTERM)
        }
    }

    /// The stages after rendering that started, in order.
    var started: [RenderStage] { lock.withLock { recorded } }
}
