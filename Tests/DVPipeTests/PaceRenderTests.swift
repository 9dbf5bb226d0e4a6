import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Clips played slower or faster than real time, read back by the ffmpeg command: a 240 fps clip under
/// `slow_motion: as_shot` lasts eight times its length and shows each of its frames once, in order; under
/// `speed: 2` a day lasts half as long, drops every other frame, and its tone keeps its pitch; `speed_audio:
/// mute` silences it; a day's speed names its segment, as any of its settings do.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct PaceRenderTests {
    static let width = 320, height = 180, fps = 30

    /// A clip of 2024-11-20 at `clipFPS` whose frames carry a bar that moves along the bottom edge frame by
    /// frame, so the frame shown can be read back, with a steady 440 Hz tone.
    static func clip(fps clipFPS: Int, duration: Double) -> SampleClip {
        SampleClip(
            fileName: "VID_20241120_120000.mp4", duration: duration, width: width, height: height, fps: clipFPS,
            tags: .filmed(at: "2024-11-20T12:00:00+0000"), text: "20")
    }

    /// A one-day job over `clip` (losslessly encoded, cut, no normalisation), its `clips:` mapping `clips`.
    static func job(in folder: TemporaryFolder, clip: SampleClip, clips: String) throws -> URL {
        let media = try folder.subfolder("media")
        if !FileManager.default.fileExists(atPath: media.appendingPathComponent(clip.fileName).path) {
            try SampleWriter().write(clip, in: media)
        }
        return try job(in: folder, clips: clips)
    }

    /// A job over 2024-11-20 of `folder`'s `media/`, losslessly encoded at `resolution`, cut, no
    /// normalisation, with `clips` and any `more` top-level lines.
    static func job(in folder: TemporaryFolder, clips: String, resolution: String = "\(width)x\(height)", more: String = "") throws -> URL {
        let job = folder.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-20, to: 2024-11-20 }
        clips: \(clips)
        output: { path: out/reel.mp4, resolution: \(resolution), fps: \(fps), video: { crf: 0 } }
        transition: { style: cut }
        audio: { normalize: false }
        \(more)
        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The reel's frames as 8-bit luma, decoded by the ffmpeg command.
    static func lumaFrames(of reel: URL) throws -> [[UInt8]] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = [UInt8](try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", reel.path, "-pix_fmt", "gray", "-f", "rawvideo", "-"]))
        let size = width * height
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// The clip frame `frame` shows, read from where its bar starts on the bottom row (the bright bar over the
    /// darker card: `SampleWriter` puts it at `slot × (width − bar) / (slots − 1)`); nil when no slot's bar
    /// starts there. `row` picks another row of a picture `columns` wide, read from `column` on.
    static func slot(shownIn frame: [UInt8], clip: SampleClip, row: Int = height - 2, columns: Int = width, column: Int = 0) -> Int? {
        guard let edge = (0..<clip.width).first(where: { frame[row * columns + column + $0] > 130 }) else { return nil }
        let bar = max(2, clip.width / 20) & ~1
        return (0..<clip.frameSlots).first { $0 * (clip.width - bar) / max(1, clip.frameSlots - 1) == edge }
    }

    /// The sound of `reel` as mono 48 kHz samples, decoded by the ffmpeg command.
    static func sound(of reel: URL) throws -> [Float] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", reel.path, "-ac", "1", "-ar", "48000", "-f", "f32le", "-"])
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// A rendered job: its folder (removed when this goes), the plan's day, and the reel.
    struct Rendered {
        let folder: TemporaryFolder
        let day: [String: Any]
        var reel: URL { folder.url.appendingPathComponent("out/reel.mp4") }
    }

    /// Plans and renders the job over `clip` with `clips`.
    static func render(_ name: String, clip: SampleClip, clips: String) throws -> Rendered {
        let folder = try TemporaryFolder(name)
        let job = try Self.job(in: folder, clip: clip, clips: clips)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(plan.status == 0, "\(plan.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let day = try #require((json["days"] as? [[String: Any]])?.first)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        return Rendered(folder: folder, day: day)
    }

    @Test("slow_motion: as_shot plays a 240 fps clip 8× slower at 30 fps, every source frame once and in order")
    func slowMotionShowsEveryFrame() throws {
        let clip = Self.clip(fps: 240, duration: 0.5)
        let slowed = try Self.render("pace-slow", clip: clip, clips: "{ video: { duration: full }, slow_motion: as_shot }")
        #expect(slowed.day["speed"] as? String == "1/8")
        #expect(slowed.day["duration"] as? Double == 4)
        let frames = try Self.lumaFrames(of: slowed.reel)
        #expect(frames.count == 120, "0.5 s of 240 fps lasts 4 s: 120 frames at 30 fps")
        let shown = frames.map { Self.slot(shownIn: $0, clip: clip) }
        #expect(shown == (0..<120).map { $0 }, "\(shown)")

        // At real time the same clip lasts 0.5 s and shows every eighth frame.
        let plain = try Self.render("pace-real-time", clip: clip, clips: "{ video: { duration: full } }")
        #expect(plain.day["speed"] is NSNull && plain.day["duration"] as? Double == 0.5)
        #expect(try Self.lumaFrames(of: plain.reel).map { Self.slot(shownIn: $0, clip: clip) } == stride(from: 0, to: 120, by: 8).map { $0 })
    }

    @Test("a 119.88 fps clip written by the ffmpeg command plays 4 × 1.001 slower at 30 fps under as_shot, each of its frames once")
    func ntscRateSlowsByItsExactRate() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("pace-ntsc")
        let media = try folder.subfolder("media")
        let rate = "120000/1001"
        // A bar 2 pixels further right on each frame (from x = 2), along the bottom edge.
        let made = try ReferenceCommand.printed(
            ffmpeg,
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=0x284678:s=\(Self.width)x\(Self.height):r=\(rate):d=1.001",
                "-f", "lavfi", "-i", "color=c=white:s=16x20:r=\(rate):d=1.001", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=1.001",
                // Frame k stamped k × 1001 in a 1/120000 time base, as a camera at 119.88 fps writes it.
                "-filter_complex", "[0][1]overlay=x=2*n:y=\(Self.height - 20):eval=frame,settb=1001/120000,setpts=N[v]", "-map", "[v]", "-map", "2",
                "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", "-r", rate, "-video_track_timescale", "120000",
                "-c:a", "aac", "-metadata", "creation_time=2024-11-20T12:00:00Z",
                media.appendingPathComponent("VID_20241120_120000.mp4").path
            ])
        try #require(made.status == 0, "\(made.printed)")
        let job = try Self.job(in: folder, clips: "{ video: { duration: full }, slow_motion: as_shot }")
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(plan.standardOutput.contains("\"speed\" : \"1001/4000\""), "\(plan.standardOutput)")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let frames = try Self.lumaFrames(of: folder.url.appendingPathComponent("out/reel.mp4"))
        let edges = frames.map { frame in (0..<Self.width).first { frame[(Self.height - 2) * Self.width + $0] > 130 } }
        #expect(frames.count == 120, "1.001 s at 1001/4000 lasts 4.004 s: 120 frames at 30 fps")
        #expect(edges == (1...120).map { 2 * $0 }, "\(edges)")
    }

    @Test("speed: 2 halves a day, shows every other frame, and keeps its tone's pitch; speed_audio: mute silences it")
    func doubleSpeedKeepsPitch() throws {
        let clip = Self.clip(fps: 30, duration: 4)
        let doubled = try Self.render("pace-double", clip: clip, clips: "{ video: { duration: full }, speed: 2 }")
        #expect(doubled.day["speed"] as? String == "2")
        #expect(doubled.day["duration"] as? Double == 2)
        #expect(doubled.day["speed_audio"] as? String == "keep")
        let frames = try Self.lumaFrames(of: doubled.reel)
        #expect(frames.count == 60)
        #expect(
            frames.map { Self.slot(shownIn: $0, clip: clip) } == stride(from: 1, to: 120, by: 2).map { $0 },
            "frame n shows the clip at (n + ½) × 2 frames")
        let sound = try Self.sound(of: doubled.reel)
        #expect(abs(Double(sound.count) - 2 * 48_000) < 2_048, "the track lasts the day's 2 s: \(sound.count) samples")
        let pitch = TestSignal.frequency(of: sound, in: (sound.count / 10)..<(sound.count - sound.count / 10))
        #expect(abs(pitch - 440) < 2, "a 440 Hz tone played twice as fast is still 440 Hz, not 880: measured \(pitch) Hz")

        let muted = try Self.render("pace-muted", clip: clip, clips: "{ video: { duration: full }, speed: 2, speed_audio: mute }")
        #expect(muted.day["speed_audio"] as? String == "mute")
        let silence = try Self.sound(of: muted.reel)
        #expect(!silence.isEmpty && silence.allSatisfy { abs($0) < 1e-3 })
    }

    @Test("a slow-motion clip shown beside another on a day of two layers shows each of its frames once, in its half; the day lasts its 4 s")
    func slowedLayerShowsEveryFrame() throws {
        let folder = try TemporaryFolder("pace-layers")
        let media = try folder.subfolder("media")
        let slowed = Self.clip(fps: 240, duration: 0.5)
        var plain = Self.clip(fps: 30, duration: 2)
        plain.fileName = "VID_20241120_130000.mp4"
        let writer = try SampleWriter()
        try writer.write(slowed, in: media)
        try writer.write(plain, in: media)
        // 640×360 split top and bottom: each clip contained unscaled in a 640×180 half, 160 pixels in.
        let job = try Self.job(
            in: folder, clips: "{ video: { duration: full }, slow_motion: as_shot }", resolution: "640x360",
            more: "layout: { style: split-v, clips_per_day: 2, fit: contain }\n")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = [UInt8](
            try ReferenceCommand.output(
                ffmpeg,
                [
                    "-v", "error", "-i", folder.url.appendingPathComponent("out/reel.mp4").path, "-pix_fmt", "gray", "-f", "rawvideo", "-"
                ]))
        let size = 640 * 360
        let frames = stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
        #expect(frames.count == 120, "the slowed layer's 4 s, the longer of the two")
        // The top half's bottom row: the slowed clip's bar, moved right 160 pixels.
        let shown = frames.map { Self.slot(shownIn: $0, clip: slowed, row: 178, columns: 640, column: 160) }
        #expect(shown == (0..<120).map { $0 }, "\(shown)")
    }

    @Test("a day's speed is part of its segment's identity: changing one day renders that day alone, with the bytes of a fresh render at any --jobs")
    func speedIsPartOfTheSegment() throws {
        func job(in folder: TemporaryFolder, days: String) throws -> URL {
            try DatedLibrary.fourDays(in: folder)
            let job = folder.url.appendingPathComponent("job.yaml")
            try """
            version: 1
            library: { paths: [media], timezone: UTC }
            timeframe: { from: 2024-11-16, to: 2024-11-19 }
            clips: { video: { duration: 1s } }
            output: { path: out/reel.mp4, resolution: 160x90, fps: 10 }
            transition: { style: cut }
            days: \(days)

            """.write(to: job, atomically: true, encoding: .utf8)
            return job
        }
        let folder = try TemporaryFolder("pace-incremental")
        let first = try job(in: folder, days: "{ 2024-11-17: { speed: 0.5 } }")
        let run = try DVPipeProcess.run(["run", first.path, "--progress", "none"])
        #expect(run.status == 0 && run.standardOutput.contains("segments: 4 rendered, 0 reused (of 4)"), "\(run.standardOutput)")
        let changed = try job(in: folder, days: "{ 2024-11-17: { speed: 0.5 }, 2024-11-18: { speed: 2 } }")
        let again = try DVPipeProcess.run(["run", changed.path, "--progress", "none"])
        #expect(again.status == 0 && again.standardOutput.contains("segments: 1 rendered, 3 reused (of 4)"), "\(again.standardOutput)")

        let fresh = try TemporaryFolder("pace-fresh")
        let freshJob = try job(in: fresh, days: "{ 2024-11-17: { speed: 0.5 }, 2024-11-18: { speed: 2 } }")
        let single = try DVPipeProcess.run(["run", freshJob.path, "--progress", "none", "--jobs", "1"])
        #expect(single.status == 0, "\(single.standardError)")
        let reel = { (folder: TemporaryFolder) in try Data(contentsOf: folder.url.appendingPathComponent("out/reel.mp4")) }
        #expect(try reel(folder) == reel(fresh))
    }
}
