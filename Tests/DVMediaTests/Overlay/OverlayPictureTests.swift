import DVMedia
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Picture overlays: decoded through libavcodec, alpha respected, sized and placed.
@Suite("overlay picture")
struct OverlayPictureTests {
    /// A 20 × 10 PNG: opaque red on the left half, fully transparent on the right.
    static func halfRed(in folder: TemporaryFolder) throws -> String {
        let url = folder.url.appendingPathComponent("logo.png")
        try TestPNG.write(to: url, width: 20, height: 10) { x, _ in x < 10 ? (255, 0, 0, 255) : (0, 255, 0, 0) }
        return url.path
    }

    static func overlays(_ path: String, opacity: Double = 1) -> OverlayDrawing {
        OverlayDrawing(items: [.image(OverlayDrawing.Image(file: path, position: .anchor(.topLeft), width: 0.25, opacity: opacity))])
    }

    @Test("a PNG is drawn at its width with its alpha: opaque pixels in its colour, transparent ones leave the frame untouched")
    func alphaRespected() throws {
        let folder = try TemporaryFolder()
        let path = try Self.halfRed(in: folder)
        let grey = OverlayPainterTests.grey
        let frame = try TestFrames.uniform(width: 160, height: 90, y: grey.y, u: grey.u, v: grey.v)
        try OverlayPainter(drawing: Self.overlays(path), frameWidth: 160, frameHeight: 90).draw(into: frame, atFrame: 0)
        let picture = try OverlayPicture(path: path, width: 40)
        #expect(picture.width == 40 && picture.height == 20)
        let margin = OverlayPlacement(frameWidth: 160, frameHeight: 90).margin
        let red = SRGBColour(red: 255, green: 0, blue: 0).bt709Limited
        #expect(TestFrames.sample(frame, plane: 0, x: margin + 5, y: margin + 5) == red.y)
        #expect(TestFrames.sample(frame, plane: 2, x: (margin + 6) / 2, y: (margin + 6) / 2) == red.v)
        #expect(TestFrames.values(frame, plane: 0, columns: margin + 24..<margin + 40, rows: margin..<margin + 20) == [grey.y])
        #expect(TestFrames.values(frame, plane: 0, columns: 0..<160, rows: margin + 21..<90) == [grey.y])
    }

    @Test("opacity blends the picture halfway on a uniform background")
    func opacity() throws {
        let folder = try TemporaryFolder()
        let path = try Self.halfRed(in: folder)
        let grey = OverlayPainterTests.grey
        let frame = try TestFrames.uniform(width: 160, height: 90, y: grey.y, u: grey.u, v: grey.v)
        try OverlayPainter(drawing: Self.overlays(path, opacity: 0.5), frameWidth: 160, frameHeight: 90).draw(into: frame, atFrame: 0)
        let red = SRGBColour(red: 255, green: 0, blue: 0).bt709Limited
        let margin = OverlayPlacement(frameWidth: 160, frameHeight: 90).margin
        let y = Double(TestFrames.sample(frame, plane: 0, x: margin + 5, y: margin + 5))
        #expect(abs(y - (Double(grey.y) + Double(red.y)) / 2) <= 1, "Y \(y)")
    }

    @Test("a missing picture is an error naming the file")
    func missingPicture() throws {
        let frame = try TestFrames.uniform(width: 160, height: 90, y: 16, u: 128, v: 128)
        let painter = OverlayPainter(drawing: Self.overlays("/nonexistent/logo.png"), frameWidth: 160, frameHeight: 90)
        #expect { try painter.draw(into: frame, atFrame: 0) } throws: { "\($0)".contains("/nonexistent/logo.png") }
    }
}
