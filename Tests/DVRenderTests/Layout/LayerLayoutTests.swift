import DVPlanning
import DVSignal
import DVTestBasics
import Testing

@testable import DVRender

/// A layered day in whole frames and pixels: each layer's frames rounded as the piece's length is, and the
/// cells of a preset meeting without a gap.
@Suite struct LayerLayoutTests {
    static func layer(_ seconds: Double, rect: Job.UnitRect = Job.UnitRect(x: 0, y: 0, width: 1, height: 1)) -> PlannedLayer {
        PlannedLayer(
            clip: .example(file: "a.mp4", path: "/lib/a.mp4", sourceDate: CalendarDay("2024-12-01")!, duration: TimeSpan(seconds: seconds)),
            rect: rect)
    }

    @Test("the longest layer shows on every frame of its piece, wherever the piece starts; a shorter one for its own, and each at least one")
    func frameCountsFollowThePiece() throws {
        let canvas = CanvasSettings(
            width: 320, height: 180, fps: 30, fit: .cover, background: .black, codec: .h264, crf: 20, preset: "veryfast", encoderThreads: 2)
        for firstFrame in 0..<40 {
            var day = PlannedDay(date: CalendarDay("2024-12-01")!, status: .chosen, reason: "video 1 of 3")
            day.layers = [Self.layer(1.2), Self.layer(2.41), Self.layer(0.01)]
            // The timeline gives the piece its length rounded to the nearest frame: 2.41 s is 72.3 frames.
            let frames = firstFrame..<(firstFrame + 72)
            let layers = try #require(ReelLayout.layers(of: day, frames: frames, canvas: canvas, identities: [:]))
            #expect(layers.map(\.frameCount) == [36, 72, 1], "from frame \(firstFrame)")
        }
    }

    @Test("preset cells meet on even pixels with no gap and fill the canvas; every rect at least 16 and inside")
    func cellsMeetWithoutGaps() {
        for (width, height) in [(1280, 720), (1920, 1080), (322, 180), (1080, 1920)] {
            for style in [Job.LayoutStyle.splitH, .splitV, .grid] {
                for count in 2...9 {
                    let rects = style.cells(count: count).map { ReelLayout.pixelRect(of: $0, width: width, height: height) }
                    #expect(rects.allSatisfy { $0.x % 2 == 0 && $0.y % 2 == 0 && $0.width % 2 == 0 && $0.height % 2 == 0 })
                    #expect(rects.allSatisfy { $0.maxX <= width && $0.maxY <= height && $0.width >= 16 && $0.height >= 16 })
                    let columns = Set(rects.flatMap { [$0.x, $0.maxX] }), rows = Set(rects.flatMap { [$0.y, $0.maxY] })
                    // Every inner edge is shared: the edges are exactly the cells' boundaries, nothing between.
                    let expectedColumns = style == .splitV ? 2 : (style == .splitH ? count : Int(Double(count).squareRoot().rounded(.up))) + 1
                    #expect(
                        columns.count == expectedColumns && columns.contains(0) && columns.contains(width & ~1),
                        "\(style) \(count) at \(width)×\(height): \(rects)")
                    #expect(rows.contains(0) && rows.contains(height & ~1))
                }
            }
        }
        let tiny = ReelLayout.pixelRect(of: Job.UnitRect(x: 0.99, y: 0.99, width: 0.01, height: 0.01), width: 320, height: 180)
        #expect(tiny == PixelRect(x: 304, y: 164, width: 16, height: 16), "a rect too small grows to 16 and stays inside")
    }
}
