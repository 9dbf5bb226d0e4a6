import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Clips with two audio tracks, muxed by the ffmpeg command with the dispositions phones and editors write:
/// the plan says which track is heard and why, and the reel carries that track's sound.
@Suite(.tags(.endToEnd, .reference))
struct AudioTrackTests {
    /// A 1 s clip whose first audio track is a 440 Hz tone and second a 1000 Hz one, with the given channel
    /// counts and the track marked default (if any).
    static func writeClip(to url: URL, channels: (Int, Int), defaultTrack: Int?) throws {
        let layouts = [channels.0, channels.1].map { $0 == 1 ? "mono" : "stereo" }
        let dispositions: [String] = [0, 1].flatMap { (track: Int) -> [String] in
            ["-disposition:a:\(track)", defaultTrack == track ? "default" : "0"]
        }
        _ = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=10:d=1",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
                "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=1",
                "-map", "0:v", "-map", "1:a", "-map", "2:a", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
                "-ac:a:0", "\(channels.0)", "-ac:a:1", "\(channels.1)", "-channel_layout:a:0", layouts[0], "-channel_layout:a:1", layouts[1]
            ] + dispositions + ["-y", url.path])
    }

    @Test("the default track, else the widest, is heard, and the plan says which and why")
    func theChosenTrackIsHeard() throws {
        let folder = try TemporaryFolder("audio-tracks")
        let media = try folder.subfolder("media")
        // Matroska keeps "no default" as written; MP4 marks the enabled track default.
        try Self.writeClip(to: media.appendingPathComponent("VID_20241201_120000.mkv"), channels: (1, 2), defaultTrack: nil)
        try Self.writeClip(to: media.appendingPathComponent("VID_20241202_120000.mp4"), channels: (2, 1), defaultTrack: 1)
        let job = folder.url.appendingPathComponent("tracks.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-02 }
        clips: { video: { duration: 1s, start: 0s } }
        transition: { style: cut }
        audio: { normalize: false }
        output: { path: out/tracks.mp4, resolution: 320x180, fps: 10 }

        """.write(to: job, atomically: true, encoding: .utf8)

        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let days = try #require(
            (try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        let tracks = days.map { $0["audio_track"] as? [String: Any] }
        #expect(
            tracks[0]?["track"] as? Int == 1 && tracks[0]?["tracks"] as? Int == 2 && tracks[0]?["reason"] as? String == "most_channels", "\(tracks)")
        #expect(tracks[1]?["track"] as? Int == 1 && tracks[1]?["reason"] as? String == "default", "\(tracks)")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let samples = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-i", folder.url.appendingPathComponent("out/tracks.mp4").path, "-ac", "1", "-ar", "48000", "-f", "s16le", "-"
            ]
        ).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        for day in 0..<2 {
            let middle = samples[(day * 48000 + 12000)..<(day * 48000 + 36000)]
            let crossings = zip(middle, middle.dropFirst()).count { ($0 < 0) != ($1 < 0) }
            let hertz = Double(crossings) / 2 / 0.5
            #expect(abs(hertz - 1000) < 20, "day \(day + 1): the reel's tone is \(hertz) Hz; 1000 Hz is the chosen track's, 440 Hz the other's")
        }
    }
}
