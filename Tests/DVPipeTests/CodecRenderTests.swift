import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `output.video.codec` rendered for every codec, SDR and HLG: read back by ffprobe and decoded by the
/// ffmpeg command without an error, with the planned frame count; the same bytes from a second run in a
/// fresh work folder, and from a render resumed after one shard of it. HEVC segments too short for x265 to
/// reorder (one to three frames) are written, with the same bytes, on every run.
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
        let summary = encoding.range == "hlg" ? "\(encoding.codec) 10-bit HLG" : encoding.codec
        #expect(run.standardOutput.contains(" fps, \(summary), 30 frames"), "\(run.standardOutput)")
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

    /// Five dated clips of 1, 0.2, 0.4, 0.6 and 1 s at 10 fps joined by 1 s crossfades, each shortened to half
    /// of its shorter clip: segments of 9, 1, 2, 3 and 10 frames, in HEVC.
    private static func shortSegmentJob(in folder: TemporaryFolder) throws -> URL {
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for (day, seconds) in [1, 0.2, 0.4, 0.6, 1].enumerated() {
            var clip = DatedLibrary.clip(day)
            clip.duration = seconds
            try writer.write(clip, in: media)
        }
        let job = folder.url.appendingPathComponent("short.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-20 }
        clips: { video: { duration: 2s } }
        transition: { style: crossfade, duration: 1s }
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10, video: { codec: hevc } }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// Every video packet of `file` as (pts, dts), read by ffprobe.
    private static func timestamps(_ ffprobe: String, _ file: URL) throws -> [[Int]] {
        let printed = try ReferenceCommand.output(
            ffprobe, ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts,dts", "-of", "csv=p=0", file.path])
        return String(decoding: printed, as: UTF8.self).split(separator: "\n").map { $0.split(separator: ",").compactMap { Int($0) } }
    }

    // x265 dates the first packets of an encode from a field it sets only once three frames have come in, so a
    // segment of one or two frames got decode times from whatever the heap held: other bytes on each run, and
    // now and then a packet the MP4 muxer refused. Fresh processes, because the heap decides.
    @Test("HEVC segments of one, two and three frames are written on every run, with the same bytes")
    func shortHEVCSegments() throws {
        let ffprobe = try #require(ReferenceCommand.ffprobe, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("codec-short-hevc")
        let job = try Self.shortSegmentJob(in: folder)
        let work = folder.url.appendingPathComponent("work")
        let reel = folder.url.appendingPathComponent("out/reel.mp4")
        var firstRun: [String: Data]?
        for _ in 0..<4 {
            try? FileManager.default.removeItem(at: work)
            try? FileManager.default.removeItem(at: reel)
            let run = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--no-cache", "--work-dir", work.path])
            try #require(run.status == 0, "\(run.standardError)")
            let segments = try FileManager.default.contentsOfDirectory(
                at: work.appendingPathComponent("segments"), includingPropertiesForKeys: nil
            ).filter { $0.pathExtension == "mp4" }
            var files = ["reel": try Data(contentsOf: reel)]
            var frameCounts: [Int] = []
            for segment in segments {
                files[segment.lastPathComponent] = try Data(contentsOf: segment)
                let packets = try Self.timestamps(ffprobe, segment)
                frameCounts.append(packets.count)
                if packets.count <= 2 {
                    #expect(packets.allSatisfy { $0.count == 2 && $0[0] == $0[1] }, "\(segment.lastPathComponent) decodes at \(packets)")
                }
            }
            #expect(frameCounts.sorted() == [1, 2, 3, 9, 10])
            if let firstRun {
                let differing = Set(files.keys).union(firstRun.keys).filter { files[$0] != firstRun[$0] }.sorted()
                #expect(differing.isEmpty, "other bytes than the first run: \(differing)")
            } else {
                firstRun = files
            }
        }
    }
}
