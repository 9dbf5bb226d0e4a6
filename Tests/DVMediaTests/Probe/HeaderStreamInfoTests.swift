internal import CFFmpeg
import DVMetadata
import DVPlanning
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia

/// A movie described from its header (`HeaderStreamInfo`) must be what FFmpeg says after decoding its first
/// pictures, so a first scan can stop reading at the header.
@Suite struct HeaderStreamInfoTests {
    init() { MediaLog.silence() }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DVPipeTests/Corpus")

    /// Whether the header describes every stream of the file at `url`, so that no picture is read.
    static func completesFromHeader(_ url: URL) throws -> Bool {
        let opened = try OpenedContainer.open(.file(url.path), reading: ByteReader(try LocalFileBytes(url: url)))
        defer {
            var context: UnsafeMutablePointer<AVFormatContext>? = opened.context
            avformat_close_input(&context)
        }
        return HeaderStreamInfo.complete(opened.context)
    }

    /// The file described both ways, and the bytes each read.
    static func bothWays(_ url: URL) throws -> (full: MediaInfo, headers: MediaInfo, fullBytes: Int, headerBytes: Int) {
        let fullReader = ByteReader(try LocalFileBytes(url: url), blockSize: MediaProbe.movieBlockSize)
        let full = MediaProbe.info(of: try InputFile(.file(url.path), reading: fullReader))
        let headerReader = ByteReader(try LocalFileBytes(url: url), blockSize: MediaProbe.movieBlockSize)
        let headers = MediaProbe.info(of: try InputFile(.file(url.path), reading: headerReader, headersOnly: true))
        return (full, headers, fullReader.bytesRead, headerReader.bytesRead)
    }

    @Test(
        "the corpus's phone movies (iPhone HEVC and Dolby Vision, HLG, GoPro and Samsung H.264) describe alike from their headers, or are read as before"
    )
    func corpusMovies() throws {
        for name in [
            "IMG_3582.mov", "dolbyVision-hdr.MOV", "h265_with_metadata_track.mp4", "hlg10-color-test.mp4", "max-heromode.mp4",
            "sample_sef_slow_motion.mp4", "sample_with_color_info.mp4", "edges/water_180_mvhevc_5frames.mov"
        ] {
            let url = Self.corpus.appendingPathComponent(name)
            let (full, headers, fullBytes, headerBytes) = try Self.bothWays(url)
            #expect(headers == full, "\(name)")
            // Samsung's slow-motion clip has AAC at 12 kHz, which may carry SBR signalled only in its frames: read as before.
            #expect(try Self.completesFromHeader(url) == (name != "sample_sef_slow_motion.mp4"), "\(name)")
            #expect(headerBytes <= fullBytes, "\(name)")
        }
    }

    @Test(
        "H.264 of every chroma format, depth, range and colour tag, with scaling lists and interlace, describes as FFmpeg decodes it",
        .tags(.reference))
    func h264Variants() throws {
        let ffmpeg = try ReferenceCommand.requiredFFmpeg
        let folder = try TemporaryFolder("header-stream-info")
        let variants: [(name: String, arguments: [String])] = [
            ("yuv420p", ["-pix_fmt", "yuv420p"]),
            ("yuvj420p", ["-pix_fmt", "yuvj420p"]),
            ("full-range-tagged", ["-pix_fmt", "yuv420p", "-color_range", "pc", "-x264-params", "fullrange=on"]),
            ("yuv422p", ["-pix_fmt", "yuv422p"]),
            ("yuv444p", ["-pix_fmt", "yuv444p"]),
            ("yuv420p10le", ["-pix_fmt", "yuv420p10le"]),
            ("yuv422p10le-hdr", ["-pix_fmt", "yuv422p10le", "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"]),
            ("bt709", ["-pix_fmt", "yuv420p", "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"]),
            ("scaling-lists", ["-pix_fmt", "yuv420p", "-x264-params", "cqm=jvt"]),
            ("interlaced", ["-pix_fmt", "yuv420p", "-flags", "+ildct+ilme", "-x264-params", "tff=1"]),
            ("cropped", ["-pix_fmt", "yuv420p", "-s", "318x178"])
        ]
        for variant in variants {
            let url = folder.url.appendingPathComponent("\(variant.name).mp4")
            _ = try ReferenceCommand.output(
                ffmpeg,
                ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=30", "-t", "1", "-c:v", "libx264"] + variant.arguments + [
                    "-y", url.path
                ])
            let (full, headers, fullBytes, headerBytes) = try Self.bothWays(url)
            #expect(headers == full, "\(variant.name)")
            #expect(try Self.completesFromHeader(url), "\(variant.name)")
            #expect(headerBytes <= fullBytes, "\(variant.name)")
        }
    }

    @Test(
        "dvpipe's own samples (uneven frame durations, a 10-bit rotated HEVC MOV, 5.1 sound, mono at 44.1 kHz) describe alike from their headers"
    )
    func samplesDescribeAlike() throws {
        let folder = try TemporaryFolder("header-stream-info-vfr")
        let writer = try SampleWriter()
        for clip in [
            SampleClip(fileName: "vfr.mp4", duration: 1, width: 160, height: 96, variableFrameRate: true),
            SampleClip(
                fileName: "hevc-10bit-rotated.mov", duration: 1, width: 160, height: 96, codec: .hevc, tenBit: true, rotation: 90, container: .mov),
            SampleClip(fileName: "surround.mov", duration: 1, width: 160, height: 96, audio: .tone(SampleTone(layout: .surround51)), container: .mov),
            SampleClip(fileName: "mono-44k.mp4", duration: 1, width: 160, height: 96, audio: .tone(SampleTone(layout: .mono, sampleRate: 44_100)))
        ] {
            let url = try writer.write(clip, in: folder.url)
            let (full, headers, _, _) = try Self.bothWays(url)
            #expect(headers == full, "\(clip.fileName)")
            #expect(try Self.completesFromHeader(url), "\(clip.fileName)")
            #expect(headers.video?.isVariableFrameRate == clip.variableFrameRate, "\(clip.fileName)")
        }
    }
}
