import DVMedia
@testable import DVRender
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

    @Test("bodies and transitions alternate, and the reel is shorter by each overlap")
    func alternation() throws {
        let clips = [clip("a"), clip("b"), clip("c")]
        let joins = [Join(style: "crossfade", frameCount: 15), Join(style: "crossfade", frameCount: 15)]
        let segments = try SegmentLayout.segments(clips: clips, joins: joins, canvas: canvas)
        #expect(segments.map(\.frameCount) == [75, 15, 60, 15, 75])
        let total = segments.map(\.frameCount).reduce(0, +)
        #expect(total == 240)
        #expect(segments.map(\.position) == [0, 1, 2, 3, 4])
        guard case let .body(_, first, _) = segments[2].content else {
            Issue.record("the middle segment should be a body")
            return
        }
        #expect(first == 15)
    }

    @Test("cuts make no transition segments")
    func cuts() throws {
        let segments = try SegmentLayout.segments(
            clips: [clip("a"), clip("b")], joins: [Join(style: "cut", frameCount: 0)], canvas: canvas
        )
        #expect(segments.map(\.frameCount) == [90, 90])
    }

    @Test("changing one clip renames only its body and its two transitions")
    func incrementalKeys() throws {
        let joins = Array(repeating: Join(style: "crossfade", frameCount: 15), count: 3)
        let before = try SegmentLayout.segments(clips: [clip("a"), clip("b"), clip("c"), clip("d")], joins: joins, canvas: canvas)
        let after = try SegmentLayout.segments(clips: [clip("a"), clip("x"), clip("c"), clip("d")], joins: joins, canvas: canvas)
        let changed = zip(before, after).filter { $0.key != $1.key }.map(\.0.position)
        #expect(changed == [1, 2, 3])
    }

    @Test("a transition longer than half a clip is shortened so no body goes negative")
    func shortClips() throws {
        let segments = try SegmentLayout.segments(
            clips: [clip("a", frames: 20), clip("b", frames: 90)], joins: [Join(style: "fade", frameCount: 15)], canvas: canvas
        )
        #expect(segments.map(\.frameCount) == [10, 10, 80])
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
}
