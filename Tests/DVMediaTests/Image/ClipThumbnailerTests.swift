import DVMedia
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// One picture from the middle of a clip, upright and contained in a thumbnail.
@Suite struct ClipThumbnailerTests {
    private func luma(_ frame: VideoFrame, x: Int, y: Int) -> Int {
        Int(frame.plane(0)[y * frame.stride(0) + x])
    }

    @Test func thePictureAtTheAskedTimeFillsALandscapeThumbnail() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("count.mp4")
        try TestMedia.writeClip(to: url, width: 160, height: 90, fps: 30, count: 60)
        let thumbnailer = try ClipThumbnailer(width: 152, height: 86)
        let frame = try thumbnailer.thumbnail(of: .file(url.path), at: 1.0)
        #expect(frame.width == 152 && frame.height == 86)
        #expect(TestMedia.frameIndex(forLuma: luma(frame, x: 76, y: 43)) == 30)
        #expect(TestMedia.frameIndex(forLuma: luma(frame, x: 2, y: 43)) == 30)
        let past = try thumbnailer.thumbnail(of: .file(url.path), at: 10)
        #expect(TestMedia.frameIndex(forLuma: luma(past, x: 76, y: 43)) == 59)
    }

    @Test func aPortraitClipIsTurnedUprightAndPillarboxed() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("portrait.mp4")
        // Stored 160×96 with a 90° display matrix: shown 96 wide and 160 tall.
        try TestMedia.writeClip(to: url, width: 160, height: 96, count: 10, rotationClockwise: 90)
        let frame = try ClipThumbnailer(width: 152, height: 86).thumbnail(of: .file(url.path), at: 0)
        #expect(luma(frame, x: 76, y: 43) == TestMedia.luma(forFrame: 0))
        // 86 × 96/160 ≈ 52 pixels wide, centred: the sides are black bars (limited-range black is 16).
        #expect(luma(frame, x: 10, y: 43) == 16)
        #expect(luma(frame, x: 141, y: 43) == 16)
    }

    @Test func aFileThatIsNotAMovieIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("IMG_0001.MOV")
        try Data("not a movie".utf8).write(to: url)
        #expect {
            try ClipThumbnailer(width: 152, height: 86).thumbnail(of: .file(url.path), at: 1)
        } throws: { error in
            "\(error)".contains(url.path)
        }
    }
}
