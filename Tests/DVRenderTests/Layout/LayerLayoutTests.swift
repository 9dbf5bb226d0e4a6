@testable import DVRender
import DVPlanning
import DVSignal
import Testing

/// A layered day in whole frames and pixels: each layer's frames rounded as the piece's end is, and the
/// cells of a preset meeting without a gap.
@Suite struct LayerLayoutTests {
    static func layer(_ seconds: Double, rect: Job.UnitRect = Job.UnitRect(x: 0, y: 0, width: 1, height: 1)) -> PlannedLayer {
        PlannedLayer(
            file: "a.mp4", path: "/lib/a.mp4", kind: .video, sourceDate: CalendarDay("2024-12-01")!, start: .zero,
            duration: TimeSpan(seconds: seconds), clipLength: TimeSpan(seconds: 10), rect: rect
        )
    }

    @Test("the longest layer shows on every frame of its piece, wherever the piece starts; a shorter one for its own")
    func frameCountsFollowThePiece() throws {
        let canvas = CanvasSettings(width: 320, height: 180, fps: 30, fit: .cover, background: .black, codec: "h264", crf: 20, preset: "veryfast", encoderThreads: 2)
        for startMilliseconds in stride(from: 0, to: 1000, by: 7) {
            var day = PlannedDay(date: CalendarDay("2024-12-01")!, status: .chosen, reason: "video 1 of 2")
            day.outputStart = TimeSpan(milliseconds: Int64(startMilliseconds))
            day.layers = [Self.layer(1.2), Self.layer(2.41)]
            let start = day.outputStart!
            let frames = start.nearestFrame(fps: 30)..<(start + TimeSpan(seconds: 2.41)).nearestFrame(fps: 30)
            let layers = try #require(ReelLayout.layers(of: day, frames: frames, canvas: canvas, identities: [:]))
            #expect(layers[1].frameCount == frames.count, "start \(startMilliseconds) ms")
            #expect(layers[0].frameCount == (start + TimeSpan(seconds: 1.2)).nearestFrame(fps: 30) - frames.lowerBound)
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
                    #expect(columns.count == expectedColumns && columns.contains(0) && columns.contains(width & ~1), "\(style) \(count) at \(width)×\(height): \(rects)")
                    #expect(rows.contains(0) && rows.contains(height & ~1))
                }
            }
        }
        let tiny = ReelLayout.pixelRect(of: Job.UnitRect(x: 0.99, y: 0.99, width: 0.01, height: 0.01), width: 320, height: 180)
        #expect(tiny == PixelRect(x: 304, y: 164, width: 16, height: 16), "a rect too small grows to 16 and stays inside")
    }
}
