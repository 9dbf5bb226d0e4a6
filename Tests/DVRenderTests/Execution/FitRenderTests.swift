import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// Every input shape the phones give comes out upright and fitted: the reel is rendered by the real executor
/// from generated clips that carry a red mark in their top-left corner as displayed, and each day's output
/// frame is checked against geometry worked out here from the clip's displayed size alone.
@Suite("upright and fitted")
struct FitRenderTests {
    static let canvas = (width: 160, height: 90)
    static let background = SRGBColour(red: 0, green: 160, blue: 0)

    /// One clip a day, 1 to 6 December: each an input shape phones and cameras write (turned, 4:3, ultra-wide, portrait, variable frame rate, 10-bit HEVC).
    static let clips: [SampleClip] = [
        clip("rotated.mov", day: 1, width: 128, height: 72, rotation: 270),
        clip("four-by-three.mp4", day: 2, width: 96, height: 72),
        clip("ultra-wide.mp4", day: 3, width: 256, height: 108),
        clip("portrait.mp4", day: 4, width: 72, height: 128),
        clip("vfr.mp4", day: 5, width: 128, height: 72, variableFrameRate: true),
        clip("hevc-10bit.mp4", day: 6, width: 128, height: 72, codec: .hevc, tenBit: true)
    ]

    static func clip(
        _ name: String, day: Int, width: Int, height: Int, rotation: Int = 0, variableFrameRate: Bool = false,
        codec: VideoCodec = .h264, tenBit: Bool = false
    ) -> SampleClip {
        SampleClip(
            fileName: name, duration: 1, width: width, height: height, codec: codec, tenBit: tenBit, rotation: rotation,
            variableFrameRate: variableFrameRate, audio: .none,
            tags: .filmed(at: "2024-12-0\(day)T12:00:00+0000"), text: "\(day)", cornerMark: true)
    }

    /// Writes `clips` into `folder/library` and returns that folder.
    static func writeLibrary(in folder: URL) throws -> URL {
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let writer = try SampleWriter()
        for clip in clips { try writer.write(clip, in: library) }
        return library
    }

    /// The rectangle a `contain` fit gives a picture shown at `width`×`height`, in canvas pixels (not rounded).
    static func containedRect(width: Int, height: Int) -> (x: Double, y: Double, width: Double, height: Double, scale: Double) {
        let scale = min(Double(canvas.width) / Double(width), Double(canvas.height) / Double(height))
        let fitted = (Double(width) * scale, Double(height) * scale)
        return ((Double(canvas.width) - fitted.0) / 2, (Double(canvas.height) - fitted.1) / 2, fitted.0, fitted.1, scale)
    }

    /// A decoded 8-bit 4:2:0 output frame, read pixel by pixel.
    struct Picture {
        let frame: VideoFrame

        func luma(_ x: Int, _ y: Int) -> Int { Int(frame.plane(0)[y * frame.stride(0) + x]) }
        func chroma(_ x: Int, _ y: Int) -> (u: Int, v: Int) {
            (Int(frame.plane(1)[y / 2 * frame.stride(1) + x / 2]), Int(frame.plane(2)[y / 2 * frame.stride(2) + x / 2]))
        }

        /// The bars' colour, give or take the encoder's ringing (wider in chroma, which is coded at half size
        /// and coarser); the clip's own colours are all further away than that.
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let color = FitRenderTests.background.bt709Limited
            let (u, v) = chroma(x, y)
            return abs(luma(x, y) - Int(color.y)) <= 10 && abs(u - Int(color.u)) <= 16 && abs(v - Int(color.v)) <= 16
        }

        /// The red corner mark: strongly red chroma, which neither the clip's blue, its yellow bar, its white
        /// digits nor the green bars have.
        func isMark(_ x: Int, _ y: Int) -> Bool { chroma(x, y).v > 180 }
    }

    @Test("rotated, 4:3, ultra-wide, portrait, VFR and 10-bit HEVC clips come out upright and contained")
    func everyShapeUprightAndContained() async throws {
        let scratch = try TemporaryFolder()
        _ = try Self.writeLibrary(in: scratch.url)
        let yaml = """
            version: 1
            library: { paths: [library], timezone: UTC }
            timeframe: { from: 2024-12-01, to: 2024-12-06 }
            clips: { video: { duration: 1s } }
            transition: { style: cut }
            output: { path: out/reel.mp4, resolution: 160x90, fit: contain, background: "#00A000" }
            """
        let loaded = JobLoader.load(text: yaml, file: "fit.yaml", directory: scratch.url.path)
        let job = try #require(loaded.job, "\(loaded.diagnostics)")
        let (report, reel, _) = try await ReelRenderTests.render(job, in: scratch)

        let census = try FrameCensus.take(reel.output)
        #expect(census.videoFrames == report.layout.frameCount)
        #expect(census.pictureWidth == Self.canvas.width && census.pictureHeight == Self.canvas.height)
        let pieces = report.layout.pieces.filter { $0.source.clip != nil }
        #expect(pieces.count == Self.clips.count)

        for piece in pieces {
            let source = try #require(piece.source.clip)
            let clip = try #require(Self.clips.first { source.path.hasSuffix("/" + $0.fileName) })
            let middle = (piece.firstFrame + piece.endFrame) / 2
            let reader = try ClipReader(.file(reel.output.path), start: Double(middle) / 30, duration: 1.0 / 30, outputFPS: 30, threads: 1)
            let picture = Picture(frame: try #require(try reader.next()).picture)
            let display = clip.displaySize
            let rect = Self.containedRect(width: display.width, height: display.height)

            // The content's edges, found along the middle row and column, where the fit puts them (±2 pixels).
            let row = Self.canvas.height / 2, column = Self.canvas.width / 2
            let columns = (0..<Self.canvas.width).filter { !picture.isBackground($0, row) }
            let rows = (0..<Self.canvas.height).filter { !picture.isBackground(column, $0) }
            let found = (
                left: Double(columns.first ?? -10), right: Double((columns.last ?? -10) + 1),
                top: Double(rows.first ?? -10), bottom: Double((rows.last ?? -10) + 1)
            )
            let what = "\(clip.fileName) (\(display.width)×\(display.height) shown)"
            #expect(
                abs(found.left - rect.x) <= 2 && abs(found.right - (rect.x + rect.width)) <= 2,
                "\(what): columns \(found.left)..<\(found.right), expected \(rect.x)..<\(rect.x + rect.width)")
            #expect(
                abs(found.top - rect.y) <= 2 && abs(found.bottom - (rect.y + rect.height)) <= 2,
                "\(what): rows \(found.top)..<\(found.bottom), expected \(rect.y)..<\(rect.y + rect.height)")

            // Bars: everything more than 2 pixels outside the rectangle is the background colour.
            var barPixels = 0, wrongBarPixels = 0
            for y in 0..<Self.canvas.height {
                for x in 0..<Self.canvas.width {
                    let outside =
                        Double(x) + 1 < rect.x - 2 || Double(x) > rect.x + rect.width + 2
                        || Double(y) + 1 < rect.y - 2 || Double(y) > rect.y + rect.height + 2
                    guard outside else { continue }
                    barPixels += 1
                    if !picture.isBackground(x, y) { wrongBarPixels += 1 }
                }
            }
            #expect(wrongBarPixels == 0, "\(what): \(wrongBarPixels) of \(barPixels) bar pixels are not the background")
            if display.width * Self.canvas.height != display.height * Self.canvas.width {
                #expect(barPixels > 0, "\(what) should be letterboxed or pillarboxed")
            }

            // Orientation: the mark is in the content's top-left corner and in no other corner.
            let half = Double(clip.cornerMarkSide) / 2
            func shown(_ x: Double, _ y: Double) -> (Int, Int) {
                (Int(rect.x + x * rect.scale), Int(rect.y + y * rect.scale))
            }
            let corners = [
                ("top-left", shown(half, half)),
                ("top-right", shown(Double(display.width) - half, half)),
                ("bottom-left", shown(half, Double(display.height) - half)),
                ("bottom-right", shown(Double(display.width) - half, Double(display.height) - half))
            ]
            for (name, point) in corners {
                #expect(picture.isMark(point.0, point.1) == (name == "top-left"), "\(what): mark at the \(name) corner \(point)")
            }
        }
    }
}
