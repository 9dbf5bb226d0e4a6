import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The audio stage's music bed from a playlist, over real AAC music files and a real layout: an intro
/// skipped, a second track crossfaded in at the asked reel time, and looped when shorter than its turn.
@Suite("music playlist")
struct MusicPlaylistTests {
    static let rate = Double(StereoSamples.sampleRate)
    static let amplitude = 0.3

    /// Two muted tone clips on Dec 1 and 2, a job with `audio.music` (no ducking, a short fade-out) naming
    /// `music`, and its layout.
    static func layout(music: String, in scratch: TemporaryFolder) throws -> (job: Job, layout: ReelLayout) {
        try AudioStageTests.laidOut(
            levels: [-20, -20], settings: "audio: { clips: mute, music: { file: \(music), volume: 1, duck: 1, fade_out: 0.1s, loop: true } }",
            in: scratch)
    }

    /// Writes `samples` (mono, on both channels) as an AAC music file named `name`.
    static func write(_ samples: [Float], _ name: String, in scratch: TemporaryFolder) throws -> String {
        let file = scratch.url.appendingPathComponent(name)
        try AudioTrackWriter.write(StereoSamples(left: samples, right: samples), to: file, bitrate: 192_000)
        return file.path
    }

    /// A tone of `frequency` at `amplitude` from `from` to `to` seconds in a file of `seconds`.
    static func tone(_ frequency: Double, seconds: Double, from: Double = 0, to: Double? = nil) -> [Float] {
        (0..<StereoSamples.sampleCount(seconds: seconds)).map { index in
            let time = Double(index) / rate
            return time >= from && time < (to ?? seconds) ? Float(amplitude * sin(2 * Double.pi * frequency * time)) : 0
        }
    }

    /// The amplitude of `frequency` in the left channel over `seconds` (a single-bin DFT).
    static func level(_ frequency: Double, in samples: StereoSamples, _ seconds: ClosedRange<Double>) -> Double {
        let range = Int(seconds.lowerBound * rate)..<Int(seconds.upperBound * rate)
        var (real, imaginary) = (0.0, 0.0)
        for index in range {
            let phase = 2 * Double.pi * frequency * Double(index) / rate
            real += Double(samples.left[index]) * cos(phase)
            imaginary += Double(samples.left[index]) * sin(phase)
        }
        return 2 * (real * real + imaginary * imaginary).squareRoot() / Double(range.count)
    }

    @Test("the first track starts past its intro, the second crossfades in at the asked time and loops when shorter than its turn")
    func playlistIsMixed() throws {
        let scratch = try TemporaryFolder()
        // The first track: silence, a click at 1.5 s, then 440 Hz from 2 s. The second: 1.5 s of 1,200 Hz.
        var first = Self.tone(440, seconds: 8, from: 2)
        for index in 72_000..<72_048 { first[index] = 0.9 }
        let firstFile = try Self.write(first, "first.m4a", in: scratch)
        let secondFile = try Self.write(Self.tone(1_200, seconds: 1.5), "second.m4a", in: scratch)
        let (job, layout) = try Self.layout(music: firstFile, in: scratch)
        var stage = AudioStage(work: scratch.work, job: job)
        let alone = try stage.trackFile(for: layout)
        stage.playlist = MusicPlaylist(tracks: [.init(file: firstFile, start: 1.4), .init(file: secondFile, at: 2.5, crossfade: 0.5)])
        #expect(try stage.trackFile(for: layout) != alone, "a playlist names another track")
        try scratch.work.prepare()
        let track = try stage.track(for: layout, observer: SilentObserver())
        let length = AudioTimeline.sampleCount(frames: layout.frameCount, fpsNumerator: layout.canvas.fps)
        let samples = try AudioClipReader(.file(track.file.path)).readAll(limit: length)
        #expect(Double(length) / Self.rate > 5, "the reel outlasts the second track's first play")

        // The click, 0.1 s past the skipped 1.4 s, lands at 0.1 s of the reel.
        let peak = (0..<Int(0.5 * Self.rate)).max { abs(samples.left[$0]) < abs(samples.left[$1]) } ?? 0
        #expect(abs(peak - 4_800) <= 48, "the click at sample \(peak)")
        let low = { Self.level(440, in: samples, $0) }
        let high = { Self.level(1_200, in: samples, $0) }
        let amplitude = Self.amplitude
        #expect(abs(low(1.0...2.4) / amplitude - 1) < 0.05 && high(1.0...2.4) < 0.01)
        #expect(high(2.40...2.49) < 0.01, "the second track has not started before 2.5 s")
        // Halfway through the equal-power crossfade, each track plays at cos(π/4) of its level.
        let half = amplitude * 0.5.squareRoot()
        print(
            "click at sample \(peak) (asked 4800); halfway through the crossfade 1200 Hz at \(high(2.74...2.76)), 440 Hz at \(low(2.74...2.76)) (asked \(half))"
        )
        #expect(abs(high(2.74...2.76) / half - 1) < 0.08, "\(high(2.74...2.76))")
        #expect(abs(low(2.74...2.76) / half - 1) < 0.08, "\(low(2.74...2.76))")
        #expect(abs(high(3.05...3.95) / amplitude - 1) < 0.05 && low(3.05...3.95) < 0.01)
        #expect(abs(high(4.05...4.95) / amplitude - 1) < 0.05, "the second track loops after its 1.5 s")
    }

    @Test("one track from its start names the track as audio.music alone does")
    func oneTrackFromItsStartIsTheMusic() throws {
        let scratch = try TemporaryFolder()
        let music = try Self.write(Self.tone(440, seconds: 3), "music.m4a", in: scratch)
        let (job, layout) = try Self.layout(music: music, in: scratch)
        var stage = AudioStage(work: scratch.work, job: job)
        let alone = try stage.trackFile(for: layout)
        stage.playlist = MusicPlaylist(tracks: [.init(file: music)])
        #expect(try stage.trackFile(for: layout) == alone)
        stage.playlist = MusicPlaylist(tracks: [.init(file: music, start: 0.5)])
        #expect(try stage.trackFile(for: layout) != alone)
    }
}
