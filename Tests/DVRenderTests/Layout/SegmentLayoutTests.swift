import DVMedia
import DVPlanning
import DVTestBasics
import Foundation
import Testing

@testable import DVRender

@Suite("segment layout")
struct SegmentLayoutTests {
    let canvas = CanvasSettings(
        width: 640, height: 360, fps: 30, fit: .contain, background: .black, codec: .h264, crf: 20,
        preset: "veryfast", encoderThreads: 2
    )

    func clip(_ name: String, frames: Int = 90) -> SegmentSource {
        .clip(ClipSource(path: "/lib/\(name).mov", identity: "digest-of-\(name)", startMilliseconds: 0, frameCount: frames, day: "2024-12-01"))
    }

    @Test("each clip's segment holds the transition into it and then its body; the reel is shorter by each overlap")
    func segmentPerClip() throws {
        let clips = [clip("a"), clip("b"), clip("c")]
        let joins = [Join(style: .crossfade, frameCount: 15), Join(style: .crossfade, frameCount: 15)]
        let segments = try SegmentLayout.segments(clips: clips, joins: joins, canvas: canvas)
        #expect(segments.map(\.frameCount) == [75, 75, 90])
        #expect(segments.map { $0.parts.map(\.frameCount) } == [[75], [15, 60], [15, 75]])
        let total = segments.map(\.frameCount).reduce(0, +)
        #expect(total == 240)
        #expect(segments.map(\.position) == [0, 1, 2])
        guard case let .transition(_, from, to, _) = segments[1].parts[0], case let .body(body, first, _) = segments[1].parts[1] else {
            Issue.record("the middle segment should be a transition and then a body")
            return
        }
        #expect(from == clips[0] && to == clips[1] && body == clips[1])
        #expect(first == 15)
        #expect(segments[1].clips.map(\.path) == ["/lib/a.mov", "/lib/b.mov"])
    }

    @Test("cuts make segments of bodies only")
    func cuts() throws {
        let segments = try SegmentLayout.segments(
            clips: [clip("a"), clip("b")], joins: [Join(style: .cut, frameCount: 0)], canvas: canvas
        )
        #expect(segments.map(\.frameCount) == [90, 90])
        #expect(segments.map(\.parts.count) == [1, 1])
    }

    @Test("changing one clip renames only its segment and the next, whose transition shows its end")
    func incrementalKeys() throws {
        let joins = Array(repeating: Join(style: .crossfade, frameCount: 15), count: 3)
        let before = try SegmentLayout.segments(clips: [clip("a"), clip("b"), clip("c"), clip("d")], joins: joins, canvas: canvas)
        let after = try SegmentLayout.segments(clips: [clip("a"), clip("x"), clip("c"), clip("d")], joins: joins, canvas: canvas)
        let changed = zip(before, after).filter { $0.key != $1.key }.map(\.0.position)
        #expect(changed == [1, 2])
    }

    @Test("a transition longer than half a clip is shortened so no body goes negative")
    func shortClips() throws {
        let segments = try SegmentLayout.segments(
            clips: [clip("a", frames: 20), clip("b", frames: 90)], joins: [Join(style: .fade, frameCount: 15)], canvas: canvas
        )
        #expect(segments.map { $0.parts.map(\.frameCount) } == [[10], [10, 80]])
    }

    @Test("keys depend on the canvas settings")
    func canvasInKey() throws {
        var other = canvas
        other.crf = 21
        let first = try SegmentLayout.segments(clips: [clip("a")], joins: [], canvas: canvas)
        let second = try SegmentLayout.segments(clips: [clip("a")], joins: [], canvas: other)
        #expect(first[0].key != second[0].key)
        #expect(first[0].key.count == 64)
    }

    @Test("a video overlay's file identity, rectangle, loop and opacity are part of its clip's key")
    func videoOverlayInKey() throws {
        let movie = OverlayVideo(
            file: "/pip.mov", identity: "digest-of-pip", rect: Job.UnitRect(x: 0.6, y: 0.6, width: 0.3, height: 0.3), loop: true, opacity: 1)
        var variants = [movie, movie, movie, movie, movie]
        variants[1].identity = "digest-of-another-pip"
        variants[2].rect.x = 0.5
        variants[3].loop = false
        variants[4].opacity = 0.9
        let keys = try variants.map { video in
            let source = ClipSource(
                path: "/lib/a.mov", identity: "digest-of-a", startMilliseconds: 0, frameCount: 90, day: "2024-12-01",
                overlays: PieceOverlays(items: [.video(video)])
            )
            return try SegmentLayout.segments(clips: [.clip(source)], joins: [], canvas: canvas)[0].key
        }
        #expect(Set(keys).count == variants.count)
        #expect(!keys.contains(try SegmentLayout.segments(clips: [clip("a")], joins: [], canvas: canvas)[0].key))
    }

    @Test("a clip's key follows its content digest, not its path; an overlay movie's likewise")
    func keysNameContentNotPaths() throws {
        let key = { (source: ClipSource) in try SegmentLayout.segments(clips: [.clip(source)], joins: [], canvas: self.canvas)[0].key }
        let here = ClipSource(path: "/runner-1/lib/a.mov", identity: "digest-of-a", startMilliseconds: 0, frameCount: 90, day: "2024-12-01")
        var moved = here
        moved.path = "/runner-2/checkout/lib/a.mov"
        #expect(try key(moved) == key(here))
        var edited = here
        edited.identity = "digest-of-a-edited"
        #expect(try key(edited) != key(here))
        let movie = { (file: String) in
            PieceOverlays(items: [
                .video(
                    OverlayVideo(
                        file: file, identity: "digest-of-pip", rect: Job.UnitRect(x: 0, y: 0, width: 0.5, height: 0.5), loop: true, opacity: 1))
            ])
        }
        var withMovie = here
        withMovie.overlays = movie("/runner-1/pip.mov")
        var withMovedMovie = here
        withMovedMovie.overlays = movie("/elsewhere/pip.mov")
        #expect(try key(withMovie) == key(withMovedMovie))
        #expect(try key(withMovie) != key(here))
    }

    @Test("the files a render reads: chosen clips, overlay pictures, movies and fonts, title-card fonts, the default font, music")
    func readFiles() throws {
        let job = Job(
            file: "/jobs/job.yaml", name: "test", library: Job.Library(paths: ["/lib"]),
            timeframe: .month(year: 2024, month: 12), output: Job.Output(path: "/out.mp4"),
            overlays: [
                .video(Job.VideoOverlay(file: "/pip.mov", rect: Job.UnitRect(x: 0, y: 0, width: 0.5, height: 0.5))),
                .image(Job.ImageOverlay(file: "/logo.png")), .date(Job.DateStamp(font: "/date.ttf")),
                .text(Job.TextOverlay(text: "hi", font: "/text.otf")), .date(Job.DateStamp())
            ],
            intro: Job.TitleCard(text: "Hello", font: "/intro.ttf"), outro: Job.TitleCard(text: "Bye")
        )
        var day = PlannedDay(date: CalendarDay(year: 2024, month: 12, day: 1)!, status: .chosen, reason: "video 1 of 1")
        day.clip = .example(sourceDate: day.date)
        let empty = PlannedDay(date: CalendarDay(year: 2024, month: 12, day: 2)!, status: .noMedia, reason: "no media")
        let plan = Plan(
            timeZone: "UTC", days: [day, empty], timeline: Timeline(pieces: [], transition: Job.Transition(), fps: 30), warnings: [],
            totals: PlanTotals()
        )
        #expect(
            ReelLayout.readFiles(plan: plan, job: job) == [
                "/lib/a.mov", "/pip.mov", "/logo.png", "/date.ttf", "/text.otf", "/intro.ttf", TextStyle.defaultFontPath
            ])
    }
}
