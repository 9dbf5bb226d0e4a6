import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `output.video.codec` rendered for every codec, SDR and HLG: read back by ffprobe and decoded by the
/// ffmpeg command without an error, with the planned frame count; the same bytes from a second run in a
/// fresh work folder, and from a render resumed after one shard of it.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct CodecRenderTests {
    /// A codec and a dynamic range to render with.
    struct Encoding: CustomStringConvertible, Sendable {
        var codec: String
        var range: String
        var description: String { "\(codec) \(range)" }
    }

    static let encodings = [("h264", "sdr"), ("hevc", "sdr"), ("av1", "sdr"), ("hevc", "hlg"), ("av1", "hlg")].map(Encoding.init)

    /// Three dated clips of 1 s each, cut, at 10 fps: 30 frames.
    private static func job(in folder: TemporaryFolder, encoding: Encoding) throws -> URL {
        try DatedLibrary.writeClips(days: 3, in: folder)
        let job = folder.url.appendingPathComponent("codec.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-18 }
        clips: { video: { duration: 1s } }
        transition: { style: cut }
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10, dynamic_range: \(encoding.range), video: { codec: \(encoding.codec) } }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    @Test(
        "each codec, SDR and HLG, decodes cleanly with the planned frames, and gives the same bytes fresh and after a resumed shard",
        arguments: encodings)
    func sameBytesTwice(encoding: Encoding) throws {
        let ffprobe = try #require(ReferenceCommand.ffprobe, "make test installs the ffmpeg command")
        let ffmpeg = try #require(ReferenceCommand.ffmpeg)
        let first = try TemporaryFolder("codec-\(encoding.codec)-\(encoding.range)")
        let job = try Self.job(in: first, encoding: encoding)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--no-cache"])
        try #require(run.status == 0, "\(run.standardError)")
        let reel = first.url.appendingPathComponent("out/reel.mp4")
        let probed = String(
            decoding: try ReferenceCommand.output(
                ffprobe,
                [
                    "-v", "error", "-select_streams", "v", "-count_frames", "-show_entries",
                    "stream=codec_name,pix_fmt,color_transfer,nb_read_frames",
                    "-of", "csv=p=0",
                    reel.path
                ]),
            as: UTF8.self)
        let picture = encoding.range == "hlg" ? "yuv420p10le,arib-std-b67" : "yuv420p,bt709"
        #expect(probed.trimmingCharacters(in: .whitespacesAndNewlines) == "\(encoding.codec),\(picture),30")
        let decoded = try ReferenceCommand.printed(ffmpeg, ["-v", "error", "-i", reel.path, "-f", "null", "-"])
        #expect(decoded.status == 0 && decoded.printed.isEmpty, "the decoder complains: \(decoded.printed)")

        let second = try TemporaryFolder("codec-\(encoding.codec)-\(encoding.range)-resumed")
        let again = try Self.job(in: second, encoding: encoding)
        let shard = try DVPipeProcess.run(["render", again.path, "--progress", "none", "--no-cache", "--shard", "1/2"])
        try #require(shard.status == 0, "\(shard.standardError)")
        let resumed = try DVPipeProcess.run(["run", again.path, "--progress", "none", "--no-cache"])
        try #require(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardOutput.contains("reused"), "the shard's segments are reused: \(resumed.standardOutput)")
        #expect(try Data(contentsOf: second.url.appendingPathComponent("out/reel.mp4")) == (try Data(contentsOf: reel)))
    }
}
