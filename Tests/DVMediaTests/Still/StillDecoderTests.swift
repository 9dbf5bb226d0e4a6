import DVMetadata
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia

/// Stills decode upright, at their working size and in the canvas's colour, as tools made without dvpipe show
/// them (ImageMagick's `-auto-orient`, libheif's `heif-convert`), and bad stills are named errors.
@Suite struct StillDecoderTests {
    init() { MediaLog.silence() }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DVPipeTests/Corpus")

    /// The Y, U and V samples of a yuv420p frame, rows packed.
    static func samples(_ frame: VideoFrame) -> [UInt8] {
        var bytes: [UInt8] = []
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            for row in 0..<(frame.height >> shift) {
                bytes += UnsafeBufferPointer(start: frame.plane(plane) + row * frame.stride(plane), count: frame.width >> shift)
            }
        }
        return bytes
    }

    /// The picture at `url` (a PNG a reference tool wrote) as BT.709 limited-range yuv420p at `width`×`height`, by ffmpeg.
    static func reference(_ url: URL, width: Int, height: Int) throws -> [UInt8] {
        [UInt8](
            try ReferenceCommand.output(
                try ReferenceCommand.requiredFFmpeg,
                [
                    "-v", "error", "-i", url.path, "-vf",
                    "scale=\(width):\(height):flags=bilinear:out_color_matrix=bt709:out_range=tv,format=yuv420p", "-f", "rawvideo", "-"
                ]))
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        let error = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) } / Double(a.count)
        return error == 0 ? 99 : 10 * log10(255 * 255 / error)
    }

    static func decode(_ url: URL, covering: (Int, Int) = (1 << 20, 1 << 20)) throws -> StillPicture {
        try StillDecoder.decode(.file(url.path), covering: (covering.0, covering.1), format: .sdr8, toneMap: true, look: nil)
    }

    @Test("a JPEG with each of the eight EXIF orientations is shown as ImageMagick's -auto-orient shows it", .tags(.reference))
    func orientations() throws {
        let folder = try TemporaryFolder("still-orientation")
        let plain = folder.url.appendingPathComponent("plain.jpg")
        _ = try ReferenceCommand.output(
            try ReferenceCommand.requiredFFmpeg,
            ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", "-q:v", "2", "-pix_fmt", "yuvj420p", "-y", plain.path])
        for orientation in 1...8 {
            let url = folder.url.appendingPathComponent("o\(orientation).jpg")
            try FileManager.default.copyItem(at: plain, to: url)
            _ = try ReferenceCommand.output(
                try ReferenceCommand.requiredExiftool, ["-q", "-overwrite_original", "-n", "-Orientation=\(orientation)", url.path])
            let reference = folder.url.appendingPathComponent("o\(orientation).png")
            _ = try ReferenceCommand.output(try ReferenceCommand.requiredImageMagick, [url.path, "-auto-orient", reference.path])
            let picture = try Self.decode(url)
            let upright = orientation >= 5 ? (240, 320) : (320, 240)
            #expect((picture.fullWidth, picture.fullHeight) == upright && (picture.frame.width, picture.frame.height) == upright, "\(orientation)")
            let ours = Self.samples(picture.frame), theirs = try Self.reference(reference, width: upright.0, height: upright.1)
            let luma = upright.0 * upright.1
            let value = Self.psnr(Array(ours.prefix(luma)), Array(theirs.prefix(luma)))
            #expect(value >= 38, "orientation \(orientation): luma PSNR \(value), all planes \(Self.psnr(ours, theirs))")
        }
    }

    @Test("HEIF's irot and imir in order turn a picture as the EXIF orientation that means the same")
    func heifTransforms() {
        let cases: [([HEIFImage.Transform], Int)] = [
            ([], 1), ([.mirror(axis: 0)], 2), ([.rotation(quarterTurns: 2)], 3), ([.mirror(axis: 1)], 4),
            ([.rotation(quarterTurns: 3), .mirror(axis: 0)], 5), ([.rotation(quarterTurns: 3)], 6),
            ([.rotation(quarterTurns: 1), .mirror(axis: 0)], 7), ([.rotation(quarterTurns: 1)], 8),
            ([.mirror(axis: 0), .rotation(quarterTurns: 1)], 5), ([.rotation(quarterTurns: 1), .mirror(axis: 1)], 5)
        ]
        for (transforms, orientation) in cases {
            #expect(StillDecoder.turn(transforms) == StillDecoder.turn(exifOrientation: orientation), "\(transforms) as \(orientation)")
        }
    }

    @Test("PNG and WebP pictures decode as ImageMagick shows them", .tags(.reference))
    func pngAndWebP() throws {
        let folder = try TemporaryFolder("still-png")
        for (name, codec) in [("picture.png", "png"), ("picture.webp", "libwebp")] {
            let url = folder.url.appendingPathComponent(name)
            _ = try ReferenceCommand.output(
                try ReferenceCommand.requiredFFmpeg,
                ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", "-c:v", codec, "-lossless", "1", "-y", url.path])
            let reference = folder.url.appendingPathComponent("\(name).png")
            _ = try ReferenceCommand.output(try ReferenceCommand.requiredImageMagick, [url.path, reference.path])
            let picture = try Self.decode(url)
            #expect(picture.frame.width == 320 && picture.frame.height == 240)
            let value = Self.psnr(Self.samples(picture.frame), try Self.reference(reference, width: 320, height: 240))
            #expect(value >= 38, "\(name): PSNR \(value)")
        }
    }

    @Test("a Samsung HEIC grid is shown as libheif's heif-convert shows it, irot applied and EXIF orientation not again", .tags(.reference))
    func samsungHEIC() throws {
        let url = Self.corpus.appendingPathComponent("motionphoto.heic")
        let folder = try TemporaryFolder("still-heic")
        let reference = folder.url.appendingPathComponent("reference.png")
        _ = try ReferenceCommand.output(try ReferenceCommand.requiredHeifConvert, [url.path, reference.path])
        let picture = try Self.decode(url, covering: (960, 540))
        #expect(picture.fullWidth == 3000 && picture.fullHeight == 4000)
        #expect(picture.frame.width == 960 && picture.frame.height == 1280)
        let value = Self.psnr(Self.samples(picture.frame), try Self.reference(reference, width: 960, height: 1280))
        #expect(value >= 38, "PSNR \(value)")
    }

    @Test("an iPhone 15 Pro HEIC with a gain map (tmap) decodes its primary grid, turned upright")
    func iPhoneHEIC() throws {
        let picture = try Self.decode(Self.corpus.appendingPathComponent("IMG_3582.HEIC"), covering: (1920, 1080))
        #expect(picture.fullWidth == 4284 && picture.fullHeight == 5712)
        #expect(picture.frame.width == 1920 && picture.frame.height == 2560)
    }

    @Test("a 48 MP HEIC made by heif-enc decodes at the working size covering 1920×1080", .tags(.reference))
    func largeHEIC() throws {
        let folder = try TemporaryFolder("still-large")
        let png = folder.url.appendingPathComponent("large.png"), heic = folder.url.appendingPathComponent("large.heic")
        _ = try ReferenceCommand.output(
            try ReferenceCommand.requiredFFmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=8064x6048", "-frames:v", "1", "-y", png.path])
        _ = try ReferenceCommand.output(try ReferenceCommand.requiredHeifEnc, ["-q", "50", "-o", heic.path, png.path])
        let picture = try Self.decode(heic, covering: (1920, 1080))
        #expect(picture.fullWidth == 8064 && picture.fullHeight == 6048)
        #expect(picture.frame.width == 1920 && picture.frame.height == 1440)
    }

    @Test("a Pixel 8 JPEG decodes at a reduced size that still covers the working size")
    func pixelJPEG() throws {
        let picture = try Self.decode(Self.corpus.appendingPathComponent("pixel_8.jpg"), covering: (640, 360))
        #expect(picture.frame.width >= 640 && picture.frame.height >= 360)
        #expect(picture.frame.width % 2 == 0 && picture.frame.height % 2 == 0)
    }

    /// The reason `StillDecoder` gives for the bytes `bytes` written to a file named `name`.
    static func failure(_ bytes: [UInt8], name: String) throws -> MediaError? {
        let folder = try TemporaryFolder("still-bad")
        let url = folder.url.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        do {
            _ = try decode(url, covering: (640, 360))
            return nil
        } catch {
            return error as? MediaError
        }
    }

    @Test("bad stills are each a MediaError naming the file: cut, of impossible sizes, without a picture, AVIF, JPEG XL")
    func badStills() throws {
        let heic = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("IMG_3582.HEIC")))
        let folder = try TemporaryFolder("still-bad-jpeg")
        let made = folder.url.appendingPathComponent("made.jpg")
        _ = try ReferenceCommand.output(
            try ReferenceCommand.requiredFFmpeg,
            ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", "-pix_fmt", "yuvj420p", "-y", made.path])
        let jpeg = [UInt8](try Data(contentsOf: made))
        func replacing(_ bytes: [UInt8], _ old: [UInt8], _ new: [UInt8], from: Int = 0) -> [UInt8] {
            var bytes = bytes
            let at = (from...(bytes.count - old.count)).first { Array(bytes[$0..<$0 + old.count]) == old }!
            bytes.replaceSubrange(at..<at + old.count, with: new)
            return bytes
        }
        let sof = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) }!
        var zero = jpeg, huge = jpeg
        zero.replaceSubrange(sof + 5..<sof + 9, with: [0, 0, 0, 0])
        huge.replaceSubrange(sof + 5..<sof + 9, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let cases: [(String, [UInt8], String)] = [
            ("cut.heic", Array(heic.prefix(200_000)), "cut short"),
            ("cut.jpg", Array(jpeg.prefix(jpeg.count / 2)), "scan is cut"),
            ("zero.jpg", zero, "0×0"),
            ("huge.jpg", huge, "65535×65535"),
            // The primary item made the Exif item (69): no picture to show.
            (
                "noimage.heic", replacing(heic, Array("pitm".utf8) + [0, 0, 0, 0, 0, 0x2E], Array("pitm".utf8) + [0, 0, 0, 0, 0, 0x45]),
                "without a picture item"
            ),
            ("avif.heic", replacing(heic, [0, 0x2E, 0, 0] + Array("grid".utf8), [0, 0x2E, 0, 0] + Array("av01".utf8)), "AVIF"),
            ("picture.jxl", [0xFF, 0x0A] + Array(repeating: 0, count: 64), "JPEG XL")
        ]
        for (name, bytes, expected) in cases {
            let error = try Self.failure(bytes, name: name)
            #expect(error?.path?.hasSuffix(name) == true, "\(name): \(String(describing: error))")
            #expect(error?.reason.contains(expected) == true, "\(name): \(String(describing: error))")
        }
    }
}

/// A still on a server is read by ranges, about once; and it decodes into an HLG canvas as well.
@Suite struct StillSourceTests {
    init() { MediaLog.silence() }

    /// A file's bytes served by position, as a server's `ByteSource` serves them, counting what is read (from the one
    /// thread that decodes, hence unchecked).
    final class CountingSource: ByteSource, @unchecked Sendable {
        let bytes: [UInt8]
        private(set) var read = 0
        var size: Int { bytes.count }

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func read(at offset: Int, count: Int) throws -> [UInt8] {
            let slice = Array(bytes[offset..<min(bytes.count, offset + count)])
            read += slice.count
            return slice
        }
    }

    @Test("a HEIC and a JPEG on a server are each read once (at most 5% again), and decode as the local file does")
    func byRanges() throws {
        for name in ["IMG_3582.HEIC", "pixel_8.jpg"] {
            let url = StillDecoderTests.corpus.appendingPathComponent(name)
            let source = CountingSource([UInt8](try Data(contentsOf: url)))
            let remote = try StillDecoder.decode(
                .bytes("https://photos.example/\(name)", from: source), covering: (640, 360), format: .sdr8, toneMap: true, look: nil)
            let local = try StillDecoderTests.decode(url, covering: (640, 360))
            #expect(StillDecoderTests.samples(remote.frame) == StillDecoderTests.samples(local.frame), "\(name)")
            #expect(source.read <= source.size + source.size / 20, "\(name): \(source.read) bytes read of \(source.size)")
        }
    }

    @Test("a still decodes into an HLG canvas: 10-bit 4:2:0 at the same working size")
    func hlgCanvas() throws {
        let url = StillDecoderTests.corpus.appendingPathComponent("IMG_3582.HEIC")
        let picture = try StillDecoder.decode(.file(url.path), covering: (640, 360), format: .hlg10, toneMap: true, look: nil)
        #expect(picture.frame.pixelFormatName == "yuv420p10le" && picture.frame.width == 640 && picture.frame.height == 854)
    }
}
