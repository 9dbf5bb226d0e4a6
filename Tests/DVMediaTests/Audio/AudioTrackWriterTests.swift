import DVMedia
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@Suite("audio track, end to end", .tags(.reference))
struct AudioTrackWriterTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// One clip of a planned reel: the file, the window taken from it, and how it joins the next.
    struct PlannedClip {
        var path: String
        var windowStart: Double
        var join: AudioJoin
    }

    /// The audio stage as the executor runs it: read each 3 s window, measure, gain, mix, encode.
    /// Video timing: 1 s intro, 90-frame clips at 30 fps overlapping by their crossfades, 1 s outro.
    func render(_ planned: [PlannedClip], music: AudioTimeline.Music? = nil, muted: Bool = false, to url: URL) throws -> (
        AudioTimeline, StereoSamples
    ) {
        let windowLength = 144_000
        var clips: [AudioTimeline.Clip] = []
        var windows: [StereoSamples] = []
        var start = 48_000
        let rule = LoudnessNormalization()
        for clip in planned {
            let window = try AudioClipReader(.file(clip.path)).read(startSample: Int(clip.windowStart * 48_000), count: windowLength)
            clips.append(
                .init(
                    start: start, length: windowLength, gain: rule.gain(for: LoudnessMeter.measure(window)), hasSound: window.hasSound,
                    join: clip.join))
            windows.append(window)
            start += windowLength - clip.join.overlap
        }
        let frames = 30 + planned.count * 90 - planned.dropLast().map { $0.join.overlap / 1_600 }.reduce(0, +) + 30
        let timeline = AudioTimeline(
            clips: clips, length: AudioTimeline.sampleCount(frames: frames, fpsNumerator: 30), clipsMuted: muted, music: music)
        let track = AudioMixer.mix(timeline) { windows[$0] }
        try AudioTrackWriter.write(track, to: url, bitrate: 160_000)
        return (timeline, track)
    }

    /// The ffmpeg command, which Debian's `ffmpeg` package installs for the tests (`make test`); nil without it.
    static let ffmpeg = ReferenceCommand.ffmpeg

    /// Integrated loudness of samples [from, to) of `path` by `ffmpeg -af ebur128`.
    func ffmpegLoudness(_ path: String, from: Int, to: Int) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.ffmpeg, "make test installs the ffmpeg command"))
        process.arguments = ["-nostats", "-hide_banner", "-i", path, "-af", "atrim=start_sample=\(from):end_sample=\(to),ebur128", "-f", "null", "-"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The summary's "I:   -16.0 LUFS" line is the last "I:" in the log.
        let line = output.split(separator: "\n").last { $0.contains("I:") && $0.contains("LUFS") }
        return line.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }
    }

    /// The round trip's track: five clips of different loudness, layout and rate, and where each sits.
    func roundTripTrack() throws -> (url: URL, timeline: AudioTimeline) {
        let quiet = try AudioTestMedia.tone("quiet.mp4", duration: 4, level: -30, in: folder)
        let loud = try AudioTestMedia.tone("loud.mp4", duration: 4, level: -10, in: folder)
        let burst = SampleTone.Burst(time: 2.0, duration: 0.1, frequency: 1_000, level: -6)
        let marked = try AudioTestMedia.tone(
            "marked.mp4", duration: 4, frequency: 440, level: -20, layout: .mono, sampleRate: 44_100, burst: burst, in: folder)
        let surround = try AudioTestMedia.tone("surround.mp4", duration: 4, level: -24, layout: .surround51, in: folder)
        let silent = try AudioTestMedia.clip("silent.mp4", duration: 4, audio: .none, in: folder)
        let fade = AudioJoin.crossfade(overlap: 24_000)
        let url = folder.url.appendingPathComponent("track.m4a")
        let (timeline, _) = try render(
            [
                PlannedClip(path: quiet, windowStart: 0.5, join: fade),
                PlannedClip(path: marked, windowStart: 0.5, join: .cut),
                PlannedClip(path: loud, windowStart: 0.5, join: fade),
                PlannedClip(path: silent, windowStart: 0.5, join: fade),
                PlannedClip(path: surround, windowStart: 0.5, join: .cut)
            ], to: url)
        return (url, timeline)
    }

    /// Samples of tone clip `index` away from its fades.
    static func inner(_ timeline: AudioTimeline, clip index: Int) -> Range<Int> {
        timeline.clips[index].start + 24_000..<timeline.clips[index].end - 24_000
    }

    @Test("loudness-matched clips, placement and length survive the AAC round trip")
    func roundTrip() throws {
        let (url, timeline) = try roundTripTrack()
        let decoded = try AudioClipReader(.file(url.path)).readAll(limit: 10 * timeline.length)
        print("planned \(timeline.length) samples, encoded \(decoded.count)")
        #expect(abs(decoded.count - timeline.length) <= 1_024)

        // Loudness inside each tone clip, away from its fades: the −30 and −10 LUFS clips both at −16.
        for index in [0, 2, 4] {
            let inner = Self.inner(timeline, clip: index)
            let part = StereoSamples(left: Array(decoded.left[inner]), right: Array(decoded.right[inner]))
            let ours = try #require(LoudnessMeter.measure(part).integrated)
            #expect(abs(ours - -16) <= 1)
        }
        // The silent clip stays silent (no boost of nothing) between its neighbours' fades.
        let silentClip = timeline.clips[3]
        #expect(TestSignal.rms(decoded, silentClip.start + 24_000..<silentClip.end - 24_000) < 1e-4)

        // The burst, 1.5 s into the 44.1 kHz mono clip's window, lands 1.5 s after the clip's start.
        let markedClip = timeline.clips[1]
        let region = markedClip.start..<markedClip.end
        let peak = region.map { abs(decoded.left[$0]) }.max() ?? 0
        let onset = try #require(region.first { abs(decoded.left[$0]) > peak / 2 })
        let planned = markedClip.start + 72_000
        print("burst planned at \(planned), found at \(onset)")
        #expect(abs(onset - planned) <= 48)
    }

    // Fails without the ffmpeg command (make test installs it), as every reference test does.
    @Test("ffmpeg's ebur128 measures the written track's loudness-matched clips at −16 LUFS, as dvpipe's meter does")
    func loudnessAgreesWithFFmpeg() throws {
        let (url, timeline) = try roundTripTrack()
        let decoded = try AudioClipReader(.file(url.path)).readAll(limit: 10 * timeline.length)
        for index in [0, 2, 4] {
            let inner = Self.inner(timeline, clip: index)
            let part = StereoSamples(left: Array(decoded.left[inner]), right: Array(decoded.right[inner]))
            let ours = try #require(LoudnessMeter.measure(part).integrated)
            let theirs = try #require(
                try ffmpegLoudness(url.path, from: inner.lowerBound, to: inner.upperBound), "ffmpeg printed no integrated loudness")
            print("clip \(index): our meter \(ours) LUFS, ffmpeg ebur128 \(theirs) LUFS")
            #expect(abs(theirs - -16) <= 1)
            #expect(abs(theirs - ours) <= 0.2)
        }
    }

    @Test("a job whose clips have no audio gets a silent track of the right length, the same bytes every time")
    func silentAndDeterministic() throws {
        let silent = try AudioTestMedia.clip("silent.mp4", duration: 4, audio: .none, in: folder)
        let planned = [PlannedClip](repeating: PlannedClip(path: silent, windowStart: 0, join: .crossfade(overlap: 16_000)), count: 3)
        let first = folder.url.appendingPathComponent("first.m4a")
        let second = folder.url.appendingPathComponent("second.m4a")
        let (timeline, _) = try render(planned, to: first)
        _ = try render(planned, to: second)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        let decoded = try AudioClipReader(.file(first.path)).readAll(limit: 10 * timeline.length)
        #expect(abs(decoded.count - timeline.length) <= 1_024)
        #expect(decoded.samplePeak == 0)
    }

    @Test("mute + music: the track is the music, looped, faded out")
    func muteWithMusic() throws {
        let voice = try AudioTestMedia.tone("voice.mp4", duration: 4, level: -10, in: folder)
        let song = try AudioTestMedia.tone("song.mp4", duration: 2, frequency: 300, level: -12, in: folder)
        let samples = try AudioClipReader(.file(song)).readAll(limit: 48_000 * 60)
        let music = AudioTimeline.Music(samples: samples, volume: 0.8, duck: 0.3, fadeOut: 96_000, loop: true)
        let url = folder.url.appendingPathComponent("muted.m4a")
        let (timeline, track) = try render(
            [PlannedClip](repeating: PlannedClip(path: voice, windowStart: 0, join: .cut), count: 3), music: music, muted: true, to: url)
        // 1 kHz voice is gone: the track crosses zero at the music's 300 Hz, not the voice's 1 kHz.
        let middle = timeline.clips[1].start..<timeline.clips[1].start + 48_000
        #expect(abs(AudioTestMedia.zeroCrossings(track.left[middle]) - 600) <= 4)
        // The 2 s song loops through the 11 s reel: music in the last clip too, undimmed (no ducking when muted).
        let late = timeline.clips[2].start..<timeline.clips[2].start + 48_000
        let level = TestSignal.rms(track, late)
        #expect(abs(20 * log10(level * 2.0.squareRoot() / 0.8) - -12) < 1)
        let decoded = try AudioClipReader(.file(url.path)).readAll(limit: 10 * timeline.length)
        #expect(abs(decoded.count - timeline.length) <= 1_024)
    }

    @Test("a track appended in pieces is the same file as the track written whole")
    func appendedInPieces() throws {
        let tone = TestSignal.sine(frequency: 700, amplitude: 0.3, count: 100_003)
        let track = StereoSamples(left: tone, right: tone)
        let whole = folder.url.appendingPathComponent("whole.m4a")
        let pieces = folder.url.appendingPathComponent("pieces.m4a")
        try AudioTrackWriter.write(track, to: whole, bitrate: 128_000)
        let writer = try AudioTrackWriter(destination: pieces, bitrate: 128_000)
        for range in [0..<1_000, 1_000..<1_000, 1_000..<50_001, 50_001..<100_003] {
            try writer.append(StereoSamples(left: Array(tone[range]), right: Array(tone[range])))
        }
        try writer.finish()
        #expect(try Data(contentsOf: pieces) == Data(contentsOf: whole))
    }
}
