import DVMedia
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Picture-in-picture: a movie decoded at the output rate and fitted into its rectangle.
@Suite("overlay movie")
struct OverlayMovieTests {
    static let red = SRGBColour(red: 200, green: 30, blue: 30)
    static let rect = UnitRect(x: 0.5, y: 0.5, width: 0.25, height: 0.4)

    /// Half a second (15 frames at 30 fps) of a red sample clip whose bar moves from frame to frame.
    static func movie(in folder: TemporaryFolder) throws -> String {
        let clip = SampleClip(fileName: "pip.mp4", duration: 0.5, width: 96, height: 64, audio: .none, text: "7", background: red)
        return try SampleWriter().write(clip, in: folder.url).path
    }

    static func overlays(_ path: String, loop: Bool = true, opacity: Double = 1) -> OverlayDrawing {
        OverlayDrawing(items: [.video(OverlayDrawing.Video(file: path, rect: rect, loop: loop, opacity: opacity))])
    }

    /// Frames `indices` drawn by one painter, each over a fresh patterned frame.
    static func draw(_ overlays: OverlayDrawing, at indices: [Int]) throws -> [VideoFrame] {
        let painter = OverlayPainter(drawing: overlays, frameWidth: 160, frameHeight: 90, fps: 30)
        return try indices.map { index in
            let frame = try OverlayPainterTests.patterned()
            try painter.draw(into: frame, atFrame: index)
            return frame
        }
    }

    /// Every sample of the movie's rectangle, all three planes.
    static func inside(_ frame: VideoFrame) -> [UInt8] {
        let box = OverlayPlacement(frameWidth: 160, frameHeight: 90).pixelRect(of: rect)
        return (0..<3).flatMap { plane in
            let shift = plane == 0 ? 0 : 1
            return ((box.y >> shift)..<((box.y + box.height) >> shift)).flatMap { row in
                ((box.x >> shift)..<((box.x + box.width) >> shift)).map { TestFrames.sample(frame, plane: plane, x: $0, y: row) }
            }
        }
    }

    @Test("the movie fills its rectangle with its own picture and every sample outside stays bit-exact")
    func fillsItsRectangle() throws {
        let folder = try TemporaryFolder()
        let path = try Self.movie(in: folder)
        let before = try OverlayPainterTests.patterned()
        let after = try Self.draw(Self.overlays(path), at: [0])[0]
        let box = OverlayPlacement(frameWidth: 160, frameHeight: 90).pixelRect(of: Self.rect)
        #expect(box == (80, 46, 40, 36))
        let region = try #require(OverlayPainterTests.changedRegion(before, after), "the movie drew nothing")
        #expect(region.x.lowerBound >= box.x && region.x.upperBound <= box.x + box.width)
        #expect(region.y.lowerBound >= box.y && region.y.upperBound <= box.y + box.height)
        // Most of the rectangle shows the clip's red background (the digit and the bar cover the rest).
        let red = Self.red.bt709Limited
        let chroma = (box.y / 2..<(box.y + box.height) / 2).flatMap { row in
            (box.x / 2..<(box.x + box.width) / 2).map {
                (TestFrames.sample(after, plane: 1, x: $0, y: row), TestFrames.sample(after, plane: 2, x: $0, y: row))
            }
        }
        let reddish = chroma.filter { abs(Int($0.0) - Int(red.u)) <= 6 && abs(Int($0.1) - Int(red.v)) <= 6 }
        #expect(reddish.count * 2 > chroma.count, "\(reddish.count) of \(chroma.count) chroma samples are the clip's red")
    }

    @Test("half opacity mixes the movie halfway into the frame")
    func opacity() throws {
        let folder = try TemporaryFolder()
        let path = try Self.movie(in: folder)
        let background = try OverlayPainterTests.patterned()
        let full = Self.inside(try Self.draw(Self.overlays(path), at: [0])[0])
        let half = Self.inside(try Self.draw(Self.overlays(path, opacity: 0.5), at: [0])[0])
        let under = Self.inside(background)
        for index in full.indices {
            let expected = (Double(full[index]) + Double(under[index])) / 2
            #expect(abs(Double(half[index]) - expected) <= 1, "sample \(index)")
        }
    }

    @Test("a looping movie starts again after its last frame; frames in and out of order agree")
    func loops() throws {
        let folder = try TemporaryFolder()
        let path = try Self.movie(in: folder)
        let frames = try Self.draw(Self.overlays(path), at: Array(0..<20)).map(Self.inside)
        #expect(frames[0] != frames[7], "the bar moves, so the movie's frames differ")
        #expect(frames[15] == frames[0] && frames[16] == frames[1] && frames[19] == frames[4])
        let jumped = try Self.draw(Self.overlays(path), at: [17, 3]).map(Self.inside)
        #expect(jumped == [frames[17], frames[3]])
    }

    @Test("without loop the movie holds its last frame")
    func holds() throws {
        let folder = try TemporaryFolder()
        let path = try Self.movie(in: folder)
        let frames = try Self.draw(Self.overlays(path, loop: false), at: Array(0..<20)).map(Self.inside)
        #expect(frames[14] != frames[0])
        #expect(frames[15...].allSatisfy { $0 == frames[14] })
        #expect(try Self.draw(Self.overlays(path, loop: false), at: [40]).map(Self.inside) == [frames[14]])
    }

    @Test("a missing or undecodable movie is an error naming the file")
    func badFile() throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("gone.mov").path
        let garbage = folder.url.appendingPathComponent("garbage.mp4")
        try Data("not a movie".utf8).write(to: garbage)
        for path in [missing, garbage.path] {
            #expect { try Self.draw(Self.overlays(path), at: [0]) } throws: { error in
                "\(error)".contains(path)
            }
        }
    }
}
