import DVMedia
import DVPlanning
@testable import DVRender
import Foundation
import Testing

@Suite("segment layout")
struct SegmentLayoutTests {
    let canvas = CanvasSettings(
        width: 640, height: 360, fps: 30, fit: .contain, background: .black, codec: "h264", crf: 20,
        preset: "veryfast", encoderThreads: 2
    )

    func clip(_ name: String, frames: Int = 90) -> SegmentSource {
        .clip(ClipSource(path: "/lib/\(name).mov", size: 1000, modificationTime: 1, startMilliseconds: 0, frameCount: frames, day: "2024-12-01"))
    }

    @Test("each clip's segment holds the transition into it and then its body; the reel is shorter by each overlap")
    func segmentPerClip() throws {
        let clips = [clip("a"), clip("b"), clip("c")]
        let joins = [Join(style: "crossfade", frameCount: 15), Join(style: "crossfade", frameCount: 15)]
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
            clips: [clip("a"), clip("b")], joins: [Join(style: "cut", frameCount: 0)], canvas: canvas
        )
        #expect(segments.map(\.frameCount) == [90, 90])
        #expect(segments.map(\.parts.count) == [1, 1])
    }

    @Test("changing one clip renames only its segment and the next, whose transition shows its end")
    func incrementalKeys() throws {
        let joins = Array(repeating: Join(style: "crossfade", frameCount: 15), count: 3)
        let before = try SegmentLayout.segments(clips: [clip("a"), clip("b"), clip("c"), clip("d")], joins: joins, canvas: canvas)
        let after = try SegmentLayout.segments(clips: [clip("a"), clip("x"), clip("c"), clip("d")], joins: joins, canvas: canvas)
        let changed = zip(before, after).filter { $0.key != $1.key }.map(\.0.position)
        #expect(changed == [1, 2])
    }

    @Test("a transition longer than half a clip is shortened so no body goes negative")
    func shortClips() throws {
        let segments = try SegmentLayout.segments(
            clips: [clip("a", frames: 20), clip("b", frames: 90)], joins: [Join(style: "fade", frameCount: 15)], canvas: canvas
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
        let movie = OverlayVideo(file: "/pip.mov", fingerprint: "100 1.0", rect: Job.UnitRect(x: 0.6, y: 0.6, width: 0.3, height: 0.3), loop: true, opacity: 1)
        var variants = [movie, movie, movie, movie, movie]
        variants[1].fingerprint = "101 1.0"
        variants[2].rect.x = 0.5
        variants[3].loop = false
        variants[4].opacity = 0.9
        let keys = try variants.map { video in
            let source = ClipSource(
                path: "/lib/a.mov", size: 1000, modificationTime: 1, startMilliseconds: 0, frameCount: 90, day: "2024-12-01",
                overlays: PieceOverlays(items: [.video(video)])
            )
            return try SegmentLayout.segments(clips: [.clip(source)], joins: [], canvas: canvas)[0].key
        }
        #expect(Set(keys).count == variants.count)
        #expect(!keys.contains(try SegmentLayout.segments(clips: [clip("a")], joins: [], canvas: canvas)[0].key))
    }

    @Test("the fingerprints of the files a job draws from follow their size and modification time")
    func drawnFileFingerprints() throws {
        let folder = try ScratchFolder()
        let file = { (name: String) in folder.url.appendingPathComponent(name) }
        for name in ["pip.mov", "logo.png", "date.ttf", "text.otf", "intro.ttf"] {
            try Data(count: 10).write(to: file(name))
        }
        let job = Job(
            file: folder.url.appendingPathComponent("job.yaml").path, name: "test", library: Job.Library(paths: [folder.url.path]),
            timeframe: .month(year: 2024, month: 12), output: Job.Output(path: file("out.mp4").path),
            overlays: [
                .video(Job.VideoOverlay(file: file("pip.mov").path, rect: Job.UnitRect(x: 0, y: 0, width: 0.5, height: 0.5))),
                .image(Job.ImageOverlay(file: file("logo.png").path)), .date(Job.DateStamp(font: file("date.ttf").path)),
                .text(Job.TextOverlay(text: "hi", font: file("text.otf").path)), .date(Job.DateStamp()),
            ],
            intro: Job.TitleCard(text: "Hello", font: file("intro.ttf").path), outro: Job.TitleCard(text: "Bye")
        )
        let files = ReelLayout.drawnFiles(job)
        #expect(files == ["pip.mov", "logo.png", "date.ttf", "text.otf", "intro.ttf"].map { file($0).path })
        let before = ReelLayout.fingerprints(of: files)
        #expect(before.count == 5)
        try Data(count: 12).write(to: file("pip.mov"))
        try Data(count: 12).write(to: file("intro.ttf"))
        let after = ReelLayout.fingerprints(of: files)
        #expect(files.filter { before[$0] != after[$0] } == [file("pip.mov").path, file("intro.ttf").path])
        try FileManager.default.removeItem(at: file("pip.mov"))
        #expect(ReelLayout.fingerprints(of: files)[file("pip.mov").path] == nil)
    }
}
