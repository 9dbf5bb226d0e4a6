import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `output.profile` rendered and `dvpipe check`, read back by the ffmpeg tools: a profile's reel has no edit
/// list, its keyframes where the platform wants them and passes the check; a file made by the ffmpeg command
/// that breaks the rules is flagged, rule by rule; a reel too short for its platform is an error at the
/// profile's line before anything is rendered.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct DeliveryProfileRenderTests {
    /// The atoms ffprobe's trace log names in `file` (`moov`, `elst`, …), in the order it reads them.
    private static func atoms(in file: URL) throws -> [String] {
        let ffprobe = try #require(ReferenceCommand.ffprobe, "make test installs the ffmpeg command")
        let log = try ReferenceCommand.printed(ffprobe, ["-v", "trace", "-i", file.path]).printed
        return log.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "type:'")?.upperBound else { return nil }
            return String(line[start...].prefix(4))
        }
    }

    /// The frames between keyframes of `file`'s video, by ffprobe's packet flags, in decode order.
    private static func keyframeRuns(in file: URL) throws -> [Int] {
        let ffprobe = try #require(ReferenceCommand.ffprobe, "make test installs the ffmpeg command")
        let flags = String(
            decoding: try ReferenceCommand.output(
                ffprobe, ["-v", "error", "-select_streams", "v", "-show_entries", "packet=flags", "-of", "csv=p=0", file.path]),
            as: UTF8.self
        ).split(separator: "\n")
        var runs: [Int] = []
        for flag in flags {
            if flag.hasPrefix("K") { runs.append(0) }
            if !runs.isEmpty { runs[runs.count - 1] += 1 }
        }
        return runs
    }

    @Test("a reels and a youtube output: no edit list, moov first, keyframes as the platform wants, and dvpipe check passes them")
    func profilesRender() throws {
        let folder = try TemporaryFolder("profiles")
        try DatedLibrary.writeClips(days: 4, in: folder)
        let job = folder.url.appendingPathComponent("profiles.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-19 }
        clips: { video: { duration: 1.5s } }
        outputs:
          - { name: reels, path: out/reels.mp4, resolution: 180x320, fps: 24, profile: reels }
          - { name: youtube, path: out/youtube.mp4, resolution: 320x180, fps: 24, profile: youtube }
          - { name: plain, path: out/plain.mp4, resolution: 320x180, fps: 24 }
          - { name: hevc, path: out/hevc.mp4, resolution: 320x180, fps: 24, profile: youtube, video: { codec: hevc } }

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let out = folder.url.appendingPathComponent("out")
        let reels = out.appendingPathComponent("reels.mp4"), youtube = out.appendingPathComponent("youtube.mp4")
        let plain = out.appendingPathComponent("plain.mp4")

        for file in [reels, youtube] {
            let atoms = try Self.atoms(in: file)
            #expect(!atoms.contains("elst") && !atoms.contains("edts"), "\(file.lastPathComponent): \(atoms)")
            #expect(try #require(atoms.firstIndex(of: "moov")) < (try #require(atoms.firstIndex(of: "mdat"))))
        }
        #expect(try Self.atoms(in: plain).contains("elst"), "an output without a profile keeps its edit lists")

        let youtubeRuns = try Self.keyframeRuns(in: youtube)
        #expect(youtubeRuns.count >= 8 && youtubeRuns.allSatisfy { $0 <= 12 }, "a keyframe every half second at 24 fps: \(youtubeRuns)")
        #expect(try Self.keyframeRuns(in: reels).allSatisfy { $0 <= 48 })
        #expect(try Self.keyframeRuns(in: plain).contains { $0 > 12 }, "without a profile the encoder's own spacing")

        let ffprobe = try #require(ReferenceCommand.ffprobe)
        let starts = String(
            decoding: try ReferenceCommand.output(ffprobe, ["-v", "error", "-show_entries", "stream=start_time", "-of", "csv=p=0", youtube.path]),
            as: UTF8.self)
        #expect(starts.split(separator: "\n").map { Double($0) } == [0, 0], "video and sound start at 0 without edit lists: \(starts)")

        let reelsCheck = try DVPipeProcess.run(["check", reels.path, "--profile", "reels"])
        #expect(reelsCheck.status == 0 && reelsCheck.standardOutput.contains("ok for Instagram Reels (180x320, 24 fps, h264, AAC 48 kHz stereo"))
        let youtubeCheck = try DVPipeProcess.run(["check", youtube.path, "--profile", "youtube"])
        #expect(youtubeCheck.status == 0, "\(youtubeCheck.standardOutput)")
        let hevc = out.appendingPathComponent("hevc.mp4")
        let hevcCheck = try DVPipeProcess.run(["check", hevc.path, "--profile", "youtube"])
        #expect(hevcCheck.status == 0, "x265's GOPs closed, its keyframes every 12 frames: \(hevcCheck.standardOutput)")
        #expect(try Self.keyframeRuns(in: hevc).allSatisfy { $0 <= 12 })
        let plainCheck = try DVPipeProcess.run(["check", plain.path, "--profile", "youtube"])
        #expect(plainCheck.status == 1 && plainCheck.standardOutput.contains("have edit lists; YouTube wants none"))
        #expect(plainCheck.standardOutput.contains("YouTube wants one every 0.5 s (12 frames)"))
    }

    @Test("dvpipe check flags an edit list, a moov at the end, 120 fps and 44.1 kHz sound for reels, one line each")
    func checkFlagsBrokenRules() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("check")
        let file = folder.url.appendingPathComponent("fast.mp4")
        _ = try ReferenceCommand.output(
            ffmpeg,
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=120:d=4", "-f", "lavfi", "-i", "sine=r=44100:d=4",
                "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", file.path
            ])
        let check = try DVPipeProcess.run(["check", file.path, "--profile", "reels"])
        #expect(check.status == 1)
        let lines = check.standardOutput.split(separator: "\n").map(String.init)
        for expected in [
            "the moov box comes after the media data", "tracks 1, 2 have edit lists", "the video runs at 120 fps; Instagram Reels takes 23–60",
            "the sound is sampled at 44.1 kHz; Instagram Reels takes 48 kHz"
        ] {
            #expect(lines.contains { $0.hasPrefix("\(file.path): error: \(expected)") }, "\(expected) in \(lines)")
        }
        #expect(lines.count == 4, "\(lines)")
        let missing = try DVPipeProcess.run(["check", folder.url.appendingPathComponent("none.mp4").path, "--profile", "tiktok"])
        #expect(missing.status == 1 && missing.standardOutput.contains("error: cannot be read"))
    }

    @Test("a reel too short for reels is an error at the profile's line, from plan, before anything is rendered")
    func lengthIsCheckedAtThePlan() throws {
        let folder = try TemporaryFolder("short-reel")
        try DatedLibrary.writeClips(days: 1, in: folder)
        let job = folder.url.appendingPathComponent("short.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-16 }
        clips: { video: { duration: 1.5s } }
        output: { path: out/short.mp4, resolution: 180x320, profile: reels }

        """.write(to: job, atomically: true, encoding: .utf8)
        for command in ["plan", "run"] {
            let result = try DVPipeProcess.run([command, job.path])
            #expect(result.status == 2, "\(command): \(result.standardError)")
            #expect(
                result.standardError.contains(
                    "\(job.path):5:62: error: profile reels: Instagram Reels takes a reel of at least 3 s; this plan's reel is 1.5 s (lengthen"),
                "\(command): \(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/short.mp4").path))
    }
}
