import DVMetadata
import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia

/// A JPEG still described from its headers must be what FFmpeg says after decoding it, so the index keeps its
/// facts while the picture is no longer read.
@Suite struct JPEGStillProbeTests {
    init() { MediaLog.silence() }

    /// FFmpeg's description of the still at `url`: its demuxer and decoder, the Exif tags added as the probe adds them.
    private func ffmpegInfo(_ url: URL) throws -> MediaInfo {
        var info = MediaProbe.info(of: try InputFile(url: url))
        info.tags = MediaProbe.stillTags(info.tags, ByteReader(try LocalFileBytes(url: url)))
        return info
    }

    @Test(
        "4:2:0, 4:2:2 and 4:4:4 JPEGs, small and large, with and without Exif and XMP, probe as FFmpeg describes them",
        .tags(.reference))
    func sameAsFFmpeg() throws {
        let ffmpeg = try ReferenceCommand.requiredFFmpeg
        let folder = try TemporaryFolder("jpeg-still-probe")
        let exif = MotionPhotoBytes.exif(dateTimeOriginal: "2024:06:01 18:42:07", offsetTimeOriginal: "+02:00", bigEndian: true)
        var compared = 0
        for format in ["yuvj420p", "yuvj422p", "yuvj444p"] {
            for size in ["64x48", "640x480"] {
                let plain = folder.url.appendingPathComponent("\(format)-\(size).jpg")
                _ = try ReferenceCommand.output(
                    ffmpeg,
                    ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=\(size)", "-frames:v", "1", "-pix_fmt", format, "-y", plain.path])
                let tagged = folder.url.appendingPathComponent("\(format)-\(size)-tagged.jpg")
                let xmp = MotionPhotoBytes.xmpPacket(namespaces: [:], attributes: "", body: "")
                try Data(MotionPhotoBytes.jpeg(exif: exif, xmp: xmp, image: [UInt8](try Data(contentsOf: plain)))).write(to: tagged)
                for url in [plain, tagged] {
                    let fromHeaders = try #require(MediaProbe.jpegStill(url, ByteReader(try LocalFileBytes(url: url))), "\(url.lastPathComponent)")
                    #expect(fromHeaders == (try ffmpegInfo(url)), "\(url.lastPathComponent)")
                    #expect(MediaProbe.probe(url) == .media(fromHeaders), "\(url.lastPathComponent)")
                    compared += 1
                }
            }
        }
        #expect(compared == 12)
    }

    @Test("a phone's JPEG (a Pixel's Motion Photo, its picture) is described as FFmpeg describes it, reading only its headers")
    func phoneJPEG() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DVPipeTests/Corpus/edges/pixel-motion-photo-shortened.jpg")
        let reader = ByteReader(try LocalFileBytes(url: url))
        let fromHeaders = try #require(MediaProbe.jpegStill(url, reader))
        #expect(fromHeaders == (try ffmpegInfo(url)))
        #expect(fromHeaders.video?.width == 4032 && fromHeaders.container == "image2")
        #expect(reader.bytesRead < 64 * 1024, "\(reader.bytesRead) bytes read of \(reader.size)")
    }

    @Test("a JPEG under another name (an iPhone export's .HEIC) is left to FFmpeg, which reads it as jpeg_pipe", .tags(.reference))
    func jpegUnderAnotherName() throws {
        let ffmpeg = try ReferenceCommand.requiredFFmpeg
        let folder = try TemporaryFolder("jpeg-named-heic")
        let url = folder.url.appendingPathComponent("IMG_0001.HEIC")
        let jpeg = folder.url.appendingPathComponent("picture.jpg")
        _ = try ReferenceCommand.output(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=640x480", "-frames:v", "1", "-y", jpeg.path])
        try FileManager.default.copyItem(at: jpeg, to: url)
        #expect(MediaProbe.jpegStill(url, ByteReader(try LocalFileBytes(url: url))) == nil)
        guard case .media(let info) = MediaProbe.probe(url) else {
            Issue.record("\(MediaProbe.probe(url))")
            return
        }
        #expect(info == (try ffmpegInfo(url)))
        #expect(info.container == "jpeg_pipe" && info.isStill)
    }

    @Test("layouts whose pixel format the headers do not settle go to FFmpeg")
    func unusualLayoutsGoToFFmpeg() throws {
        func header(precision: UInt8 = 8, components: [(UInt8, UInt8)], adobe: Bool = false, comment: String? = nil) -> [UInt8] {
            var frame: [UInt8] = [precision, 0, 16, 0, 16, UInt8(components.count)]
            for (identifier, sampling) in components { frame += [identifier, sampling, 0] }
            let app14 = adobe ? MotionPhotoBytes.segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0]) : []
            let com = comment.map { MotionPhotoBytes.segment(0xFE, Array($0.utf8)) } ?? []
            return [0xFF, 0xD8] + app14 + com + MotionPhotoBytes.segment(0xC0, frame) + MotionPhotoBytes.segment(0xDA, [1, 1, 0, 0, 63, 0]) + [
                0xFF, 0xD9
            ]
        }
        let folder = try TemporaryFolder("jpeg-still-unusual")
        let cases: [(String, [UInt8], Bool)] = [
            ("420", header(components: [(1, 0x22), (2, 0x11), (3, 0x11)]), true),
            ("gray", header(components: [(1, 0x11)]), false),
            ("12-bit", header(precision: 12, components: [(1, 0x22), (2, 0x11), (3, 0x11)]), false),
            ("RGB", header(components: [(0x52, 0x11), (0x47, 0x11), (0x42, 0x11)]), false),
            ("Adobe", header(components: [(1, 0x11), (2, 0x11), (3, 0x11)], adobe: true), false),
            ("440", header(components: [(1, 0x12), (2, 0x11), (3, 0x11)]), false),
            ("CMYK", header(components: [(1, 0x11), (2, 0x11), (3, 0x11), (4, 0x11)]), false),
            ("limited range", header(components: [(1, 0x22), (2, 0x11), (3, 0x11)], comment: "CS=ITU601"), false)
        ]
        for (name, bytes, described) in cases {
            let url = folder.url.appendingPathComponent("\(name).jpg")
            try Data(bytes).write(to: url)
            #expect((MediaProbe.jpegStill(url, ByteReader(try LocalFileBytes(url: url))) != nil) == described, "\(name)")
        }
    }
}
