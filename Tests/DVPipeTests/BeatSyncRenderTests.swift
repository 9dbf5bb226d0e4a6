import DVMedia
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Reels cut on the beat (`audio.music.sync`), checked from their own frames: a drum loop written at test
/// time has known beats, each day's clip alternates a dark and a bright card so every cut is a scene change,
/// and the cuts found where the picture's mean brightness crosses between the two must fall within a frame
/// of a known beat (on the reel's clock: the beat's time less the plan's `music.start`), agree with the
/// plan's `cut` times, and not drift over a long reel. `sync: off` keeps the bytes of a job without it, and
/// music without a beat keeps the clips' lengths with a plan warning; a broken music file is a job error.
@Suite(.serialized, .tags(.endToEnd)) struct BeatSyncRenderTests {
    static let fps = 30
    static let bpm = 112.0
    static let rate = 48_000

    /// The known beats of the drum loop: every 60/112 s from 0.25 s, over `seconds`.
    static func beatTimes(seconds: Double) -> [Double] {
        stride(from: 0.25, to: seconds, by: 60 / bpm).map { $0 }
    }

    /// A drum loop in 4/4 on `beats`: a kick with a falling pitch and a short click of 3 kHz on every beat,
    /// both louder on each bar's first.
    static func drums(_ beats: [Double], seconds: Double) -> StereoSamples {
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        func add(at time: Double, length: Int, _ sound: (Double) -> Double) {
            let start = Int((time * Double(rate)).rounded())
            for index in 0..<length where start + index < samples.count {
                samples[start + index] += Float(sound(Double(index) / Double(rate)))
            }
        }
        for (index, beat) in beats.enumerated() {
            let level = index % 4 == 0 ? 0.9 : 0.5
            add(at: beat, length: rate / 4) { t in level * sin(2 * Double.pi * (50 * t + 2 * (1 - exp(-t * 30)))) * exp(-t * 12) }
            add(at: beat, length: rate / 50) { t in level * sin(2 * Double.pi * 3_000 * t) * exp(-t * 480) }
        }
        return StereoSamples(left: samples, right: samples)
    }

    /// The clip of day `index` (from 2024-03-01, UTC): `seconds` long at 10 fps and `width`×`height`, silent,
    /// its card dark on even days and bright on odd ones.
    static func clip(_ index: Int, seconds: Double, width: Int, height: Int) -> SampleClip {
        let day = Date(timeIntervalSince1970: 1_709_251_200 + Double(index) * 86_400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd"
        let stamp = formatter.string(from: day)
        formatter.dateFormat = "yyyy-MM-dd'T'12:00:00+0000"
        let background = index % 2 == 0 ? SRGBColour(red: 20, green: 25, blue: 60) : SRGBColour(red: 235, green: 225, blue: 160)
        return SampleClip(
            fileName: "VID_\(stamp)_120000.mp4", duration: seconds, width: width, height: height, fps: 10, audio: .none,
            tags: .filmed(at: formatter.string(from: day)), text: "\(index % 10)", background: background)
    }

    /// A project in a new folder: `days` clips in `media/`, `music.m4a` holding `music` (or `musicBytes`), and
    /// a job over them, cut on the beat unless `musicKeys` (the music mapping's keys after its file) says otherwise.
    struct Project {
        let folder: TemporaryFolder
        let job: URL
        var reel: URL { folder.url.appendingPathComponent("out/reel.mp4") }

        init(
            _ name: String, days: Int, clipSeconds: Double, size: (width: Int, height: Int) = (160, 90), music: StereoSamples? = nil,
            musicBytes: Data? = nil, musicKeys: String = ", sync: beats", clipDuration: String = "3s", transition: String = "{ style: cut }"
        ) throws {
            folder = try TemporaryFolder(name)
            let media = try folder.subfolder("media")
            let writer = try SampleWriter()
            for index in 0..<days {
                try writer.write(BeatSyncRenderTests.clip(index, seconds: clipSeconds, width: size.width, height: size.height), in: media)
            }
            let musicFile = folder.url.appendingPathComponent("music.m4a")
            if let music { try AudioTrackWriter.write(music, to: musicFile, bitrate: 128_000) }
            if let musicBytes { try musicBytes.write(to: musicFile) }
            let last = Date(timeIntervalSince1970: 1_709_251_200 + Double(days - 1) * 86_400)
            let lastDay = ISO8601DateFormatter.string(from: last, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            job = folder.url.appendingPathComponent("job.yaml")
            try """
            version: 1
            library: { paths: [media], timezone: UTC }
            timeframe: { from: 2024-03-01, to: \(lastDay) }
            clips: { video: { duration: \(clipDuration) } }
            output: { path: out/reel.mp4, resolution: \(size.width)x\(size.height), fps: \(BeatSyncRenderTests.fps) }
            transition: \(transition)
            audio: { normalize: false, music: { file: music.m4a\(musicKeys) } }

            """.write(to: job, atomically: true, encoding: .utf8)
        }

        /// `dvpipe plan --json` of the job.
        func plan() throws -> [String: Any] {
            let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
            #expect(plan.status == 0, "\(plan.standardError)")
            return try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        }

        /// Renders the job with `dvpipe run`.
        func render() throws {
            let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
            #expect(run.status == 0, "\(run.standardError)")
        }
    }

    /// The mean luma of each of `reel`'s frames, decoded by the ffmpeg command.
    static func brightness(of reel: URL, width: Int, height: Int) throws -> [Double] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = [UInt8](try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", reel.path, "-pix_fmt", "gray", "-f", "rawvideo", "-"]))
        let size = width * height
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { start in
            Double(bytes[start..<(start + size)].reduce(0) { $0 + Int($1) }) / Double(size)
        }
    }

    /// The cuts in a reel whose days alternate dark and bright, in seconds: where the mean brightness crosses
    /// half way between the darkest and brightest frames, interpolated between the frames either side, a frame
    /// standing for the time from its start to the next one's (so a hard cut is at its first new frame, a
    /// crossfade's at the middle of its ramp).
    static func cuts(in brightness: [Double]) -> [Double] {
        guard let low = brightness.min(), let high = brightness.max() else { return [] }
        let middle = (low + high) / 2
        return brightness.indices.dropFirst().compactMap { frame in
            let before = brightness[frame - 1], after = brightness[frame]
            guard (before < middle) != (after < middle) else { return nil }
            return (Double(frame - 1) + (middle - before) / (after - before) + 0.5) / Double(fps)
        }
    }

    /// The plan's cut times, in seconds, of the days after the first.
    static func plannedCuts(_ plan: [String: Any]) -> [Double] {
        ((plan["days"] as? [[String: Any]]) ?? []).compactMap { $0["cut"] as? Double }.filter { $0 > 0 }
    }

    /// How far each of `cuts` is from its nearest beat of `beats`, signed (the cut less the beat).
    static func offsets(of cuts: [Double], from beats: [Double]) -> [Double] {
        cuts.map { cut in beats.map { cut - $0 }.min { abs($0) < abs($1) } ?? .infinity }
    }

    /// Renders a job cut on the beat with `transition`, finds its cuts from its frames and checks them against
    /// the drum loop's beats (within a frame) and the plan's cut times (within `agreement` seconds).
    static func checkCuts(_ name: String, transition: String, agreement: Double) throws {
        let seconds = 35.0
        let known = beatTimes(seconds: seconds)
        let project = try Project(name, days: 8, clipSeconds: 4, music: drums(known, seconds: seconds), transition: transition)
        let plan = try project.plan()
        let music = try #require(plan["music"] as? [String: Any], "the plan shows the beats it is cut on")
        let start = try #require(music["start"] as? Double)
        #expect(abs(try #require(music["tempo"] as? Double) - bpm) < 1)
        let beats = known.map { $0 - start }.filter { $0 >= -0.5 }
        try project.render()
        let found = cuts(in: try brightness(of: project.reel, width: 160, height: 90))
        let planned = plannedCuts(plan)
        #expect(planned.count == 7, "\(planned)")
        #expect(found.count == planned.count, "found \(found), planned \(planned)")
        let disagreement = zip(found, planned).map { abs($0 - $1) }.max() ?? .infinity
        #expect(disagreement <= agreement, "found \(found), planned \(planned)")
        let offsets = offsets(of: found, from: beats)
        let near = offsets.filter { abs($0) <= 1.0 / Double(fps) + 0.001 }
        #expect(Double(near.count) >= 0.95 * Double(found.count), "offsets from the beats: \(offsets)")
        print(
            "\(name): \(near.count)/\(found.count) cuts within a frame of a beat, largest offset \(offsets.map(abs).max() ?? 0) s, "
                + "largest from the plan \(disagreement) s, start \(start) s")
    }

    @Test("every hard cut of a reel cut on the beat lies within a frame of a known beat, on the plan's frame")
    func hardCutsOnTheBeat() throws {
        try Self.checkCuts("beat-cuts", transition: "{ style: cut }", agreement: 0.001)
    }

    /// The middle of a ramp found from the frames may be half a frame from the plan's, which is on a frame.
    @Test("the middle of every crossfade lies within a frame of a known beat, within half a frame of the plan's cut")
    func crossfadesOnTheBeat() throws {
        try Self.checkCuts("beat-crossfades", transition: "{ style: crossfade, duration: 0.5s }", agreement: 0.5 / Double(Self.fps) + 0.001)
    }

    @Test("the last cut of a long reel cut on the beat is as close to its beat as the first: no drift")
    func noDrift() throws {
        let days = 365
        let seconds = Double(days) * 2 * 60 / Self.bpm + 10
        let known = Self.beatTimes(seconds: seconds)
        let project = try Project(
            "beat-drift", days: days, clipSeconds: 1.2, size: (64, 36), music: Self.drums(known, seconds: seconds), clipDuration: "1s")
        let plan = try project.plan()
        let start = try #require((plan["music"] as? [String: Any])?["start"] as? Double)
        try project.render()
        let found = Self.cuts(in: try Self.brightness(of: project.reel, width: 64, height: 36))
        #expect(found.count == days - 1, "\(found)")
        let offsets = Self.offsets(of: found, from: known.map { $0 - start })
        let first = try #require(offsets.first), last = try #require(offsets.last)
        // Each cut is on the frame nearest its beat: half a frame, and the tracker's few milliseconds.
        let bound = 0.5 / Double(Self.fps) + 0.01
        #expect(offsets.allSatisfy { abs($0) <= bound }, "\(offsets)")
        let mean = { (part: ArraySlice<Double>) in part.reduce(0, +) / Double(part.count) }
        let early = mean(offsets.prefix(20)), late = mean(offsets.suffix(20))
        #expect(abs(late - early) < 0.01, "the cuts drift from \(early) s to \(late) s off their beats")
        print(
            "beat-drift: \(found.count) cuts over \(found.last ?? 0) s, first \(first) s, last \(last) s off its beat, mean of the first 20 \(early) s, of the last 20 \(late) s"
        )
    }

    /// The times of the drum hits in `reel`'s sound, decoded by the ffmpeg command to mono: the first sample
    /// over an eighth of the loudest after at least 100 ms below a twentieth of it (the loop's hits are 0.54 s
    /// apart and die away in about 0.3 s).
    static func hits(in reel: URL) throws -> [Double] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = try ReferenceCommand.output(
            ffmpeg, ["-v", "error", "-i", reel.path, "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"])
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let loudest = samples.map(abs).max() ?? 0
        var hits: [Double] = []
        var quiet = rate / 10
        for (index, sample) in samples.enumerated() {
            if abs(sample) > loudest / 8, quiet >= rate / 10 { hits.append(Double(index) / Double(rate)) }
            quiet = abs(sample) < loudest / 20 ? quiet + 1 : 0
        }
        return hits
    }

    @Test("the sound of a reel cut on the beat has a drum hit on every cut, across the music looping bar line to bar line")
    func soundOnTheCuts() throws {
        // 9.2 s of drums under a reel of about 30 s: the track takes over from itself twice, on its bar lines.
        let seconds = 9.2
        let project = try Project("beat-sound", days: 8, clipSeconds: 4, music: Self.drums(Self.beatTimes(seconds: seconds), seconds: seconds))
        let plan = try project.plan()
        let turns = try #require((plan["music"] as? [String: Any])?["turns"] as? [[String: Any]])
        #expect(turns.count >= 3, "the track loops: \(turns)")
        try project.render()
        let hits = try Self.hits(in: project.reel)
        let cuts = [0] + Self.plannedCuts(plan)
        let offsets = Self.offsets(of: cuts, from: hits)
        #expect(offsets.allSatisfy { abs($0) <= 0.02 }, "the cuts \(cuts) against the hits \(hits): \(offsets)")
        print("beat-sound: \(cuts.count) cuts, \(turns.count) turns of the track, largest offset from a drum hit \(offsets.map(abs).max() ?? 0) s")
    }

    @Test("sync: off renders the same bytes as the same job without the key")
    func syncOffKeepsBytes() throws {
        let music = Self.drums(Self.beatTimes(seconds: 20), seconds: 20)
        let off = try Project("beat-off", days: 3, clipSeconds: 4, music: music, musicKeys: ", sync: off")
        let without = try Project("beat-without", days: 3, clipSeconds: 4, music: music, musicKeys: "")
        let plans = (try off.plan(), try without.plan())
        #expect(plans.0["music"] == nil && plans.1["music"] == nil)
        #expect(Self.plannedCuts(plans.0).isEmpty)
        try off.render()
        try without.render()
        #expect(try Data(contentsOf: off.reel) == Data(contentsOf: without.reel))
    }

    @Test("music without a beat (noise, silence) keeps the clips' lengths and the plan says so")
    func beatlessMusicKeepsLengths() throws {
        var state: UInt64 = 3
        let noise = (0..<(20 * Self.rate)).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 0.3 * Float(Int64(bitPattern: state >> 11) - (1 << 52)) / Float(1 << 52)
        }
        let silent = try Project("beat-silence", days: 3, clipSeconds: 4, music: StereoSamples(silence: 20 * Self.rate))
        Self.expectFixedLengths(try silent.plan(), name: "silence")
        let noisy = try Project("beat-noise", days: 3, clipSeconds: 4, music: StereoSamples(left: noise, right: noise))
        Self.expectFixedLengths(try noisy.plan(), name: "noise")
        try noisy.render()
        let found = Self.cuts(in: try Self.brightness(of: noisy.reel, width: 160, height: 90))
        #expect(found.count == 2 && Self.offsets(of: found, from: [3, 6]).allSatisfy { abs($0) <= 0.001 }, "\(found)")
    }

    @Test("a broken music file is named at its line and left out: the days keep their lengths and the reel is made, silent")
    func brokenMusicIsLeftOut() throws {
        let project = try Project("beat-broken", days: 2, clipSeconds: 4, musicBytes: Data(repeating: 0x5A, count: 4_096))
        let plan = try DVPipeProcess.run(["plan", project.job.path, "--json"])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardError.contains("job.yaml:7:"), "\(plan.standardError)")
        #expect(
            plan.standardError.contains("warning: audio.music.file cannot be used as music: ")
                && plan.standardError.contains("; the reel is made without this track"), "\(plan.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let days = (object["days"] as? [[String: Any]]) ?? []
        #expect(object["music"] == nil && days.count == 2, "\(object)")
        #expect(days.allSatisfy { $0["duration"] as? Double == 3 && $0["beats"] == nil }, "\(days)")
        try project.render()
        let found = Self.cuts(in: try Self.brightness(of: project.reel, width: 160, height: 90))
        #expect(found.count == 1 && Self.offsets(of: found, from: [3]).allSatisfy { abs($0) <= 0.001 }, "\(found)")
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let sound = [UInt8](try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", project.reel.path, "-ac", "1", "-f", "s16le", "-"]))
        let loudest = stride(from: 0, to: sound.count - 1, by: 2).map { abs(Int(Int16(bitPattern: UInt16(sound[$0]) | UInt16(sound[$0 + 1]) << 8))) }
            .max()
        #expect((loudest ?? 0) <= 2, "the clips are silent and no music plays: \(loudest ?? 0)")
    }

    /// Expects a plan cut on no beat, with a `no_beat` warning and every day its clip duration, 3 s.
    static func expectFixedLengths(_ plan: [String: Any], name: String) {
        #expect(plan["music"] == nil, "\(name)")
        #expect(((plan["warnings"] as? [[String: Any]]) ?? []).contains { $0["code"] as? String == "no_beat" }, "\(name): \(plan["warnings"] ?? "")")
        let days = (plan["days"] as? [[String: Any]]) ?? []
        #expect(days.allSatisfy { $0["duration"] as? Double == 3 && $0["beats"] == nil }, "\(name): \(days)")
    }
}
