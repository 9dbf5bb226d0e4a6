import DVMedia
import DVPlanning
import DVSignal
import Testing

@testable import DVRender

/// `theme:film`'s date stamp and a long caption, both at the bottom, drawn by the painter in a wide and a
/// 9:16 frame: the placement's rectangles hold every pixel the overlays change, and no two rectangles that
/// show at once overlap, so no two texts do.
@Suite("text placement in frames")
struct TextPlacementFramesTests {
    static let caption = "A long afternoon at the temple with the whole family, and ice cream on the way home"

    /// The overlays of a 60-frame piece of `theme:film` with the long caption.
    static func overlays(caption: String = caption) throws -> PieceOverlays {
        let job = try PieceOverlaysTests.loaded("extends: theme:film\n")
        let day = PieceOverlaysTests.day("2024-12-18", caption: caption)
        return PieceOverlays(job: job, day: day, firstFrame: 0, endFrame: 60, fps: 30)
    }

    /// A mid-grey `width × height` frame.
    static func grey(width: Int, height: Int) throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height)
        for plane in 0..<3 {
            let rows = plane == 0 ? height : (height + 1) / 2
            for index in 0..<rows * frame.stride(plane) {
                frame.plane(plane)[index] = 128
            }
        }
        return frame
    }

    @Test("the date and the caption do not overlap in either shape", arguments: [(320, 180), (180, 320)])
    func noOverlap(width: Int, height: Int) throws {
        let overlays = try Self.overlays()
        #expect(overlays.items.count == 2)
        let painter = OverlayPainter(overlays: overlays, frameWidth: width, frameHeight: height)
        let (_, placement) = try painter.textPlacement()
        #expect(placement.conflicts.isEmpty)
        let rects = placement.placed.map(\.rect)
        #expect(!rects[0].overlaps(rects[1]), "\(rects)")
        for index in [15, 30, 45] {
            let frame = try Self.grey(width: width, height: height)
            try painter.draw(into: frame, atFrame: index)
            for row in 0..<height {
                for column in 0..<width where frame.plane(0)[row * frame.stride(0) + column] != 128 {
                    #expect(rects.contains { $0.contains(x: column, y: row) }, "pixel \(column),\(row) outside \(rects) on frame \(index)")
                }
            }
        }
    }

    @Test("in 9:16 the long caption, drawn after the date, is moved up clear of it; a short one in a wide frame stays where asked")
    func movedOnlyWhenTheyCollide() throws {
        let tall = try OverlayPainter(overlays: Self.overlays(), frameWidth: 180, frameHeight: 320).textPlacement().placement
        #expect(tall.placed.map(\.moved) == [false, true])
        #expect(tall.placed[1].rect.maxY <= tall.placed[0].rect.y)
        let wide = try OverlayPainter(overlays: Self.overlays(caption: "Temple"), frameWidth: 640, frameHeight: 360).textPlacement().placement
        #expect(wide.placed.map(\.moved) == [false, false])
    }

    @Test("two texts too tall to share the frame are a conflict naming both; both stay where asked")
    func conflict() throws {
        let text = { (words: String) in
            OverlayDrawing.Item.text(
                OverlayDrawing.Text(text: words, position: .anchor(.bottom), size: 0.6, style: TextSprite.Style(), firstFrame: 0, endFrame: 10))
        }
        let painter = OverlayPainter(drawing: OverlayDrawing(items: [text("Ab"), text("Cd")]), frameWidth: 320, frameHeight: 180)
        let placement = try painter.textPlacement().placement
        #expect(placement.conflicts == [TextPlacement.Conflict(item: "the text \"Cd\"", overlaps: ["the text \"Ab\""])])
        #expect(placement.placed.allSatisfy { !$0.moved })
    }

    @Test("a piece whose texts were moved names their rectangles in its key; one whose texts stay where asked keys as before")
    func movedTextsAreInTheKey() throws {
        let canvas = { (width: Int, height: Int) in
            CanvasSettings(
                width: width, height: height, fps: 30, fit: .contain, background: .black, codec: .h264, crf: 23,
                preset: "veryfast", encoderThreads: 1)
        }
        let fonts = FontPool()
        let tall = ReelLayout.placedOverlays(try #require(ReelLayout.textPlacement(of: try Self.overlays(), canvas: canvas(180, 320), fonts: fonts)))
        let expected = try OverlayPainter(overlays: Self.overlays(), frameWidth: 180, frameHeight: 320).textPlacement().placement.placed.map(\.rect)
        #expect(tall == expected)
        let wide = try #require(ReelLayout.textPlacement(of: try Self.overlays(caption: "Temple"), canvas: canvas(640, 360), fonts: fonts))
        #expect(ReelLayout.placedOverlays(wide) == nil)
        var clip = ClipSource(path: "/a.mp4", identity: "x", startMilliseconds: 0, frameCount: 60, day: "2024-12-18", overlays: try Self.overlays())
        let before = try JSONCoding.encoder.encode(clip)
        clip.placedOverlays = tall
        #expect(try JSONCoding.encoder.encode(clip) != before, "the move reaches the key's material")
        clip.placedOverlays = nil
        #expect(try JSONCoding.encoder.encode(clip) == before)
    }
}
