import DVSignal
import DVTestBasics
import Foundation
import Testing

@Suite("audio mixer")
struct AudioMixerTests {
    static let second = 48_000

    /// A stereo sine clip, optionally starting at a phase that makes a hard cut jump.
    func sineClip(frequency: Double, amplitude: Double, count: Int, phase: Double = 0) -> StereoSamples {
        let tone = TestSignal.sine(frequency: frequency, amplitude: amplitude, count: count, phase: phase)
        return StereoSamples(left: tone, right: tone)
    }

    /// The largest sample-to-sample step of the left channel within `radius` samples of `position`.
    func largestJump(_ track: StereoSamples, around position: Int, radius: Int) -> Float {
        let range = max(1, position - radius)..<min(track.count, position + radius)
        return range.map { abs(track.left[$0] - track.left[$0 - 1]) }.max() ?? 0
    }

    @Test("the track has the video's length in samples")
    func length() {
        #expect(AudioTimeline.sampleCount(frames: 31 * 90, fpsNumerator: 30) == 4_464_000)
        #expect(AudioTimeline.sampleCount(frames: 1, fpsNumerator: 30_000, fpsDenominator: 1_001) == 1_602)
        #expect(AudioTimeline.sampleCount(frames: 25, fpsNumerator: 24) == 50_000)
        let timeline = AudioTimeline(clips: [.init(start: 96_000, length: 144_000)], length: 336_000)
        #expect(AudioMixer.mix(timeline) { _ in StereoSamples(silence: 144_000) }.count == 336_000)
    }

    /// Bound on the step at a join, from the signals themselves. With y = g·a and |a| ≤ A:
    /// |Δy| ≤ A·|Δa|max + A·|Δg|max, where a sine's step is at most A·2πf/fs and
    /// - a 5 ms raised-cosine de-click over D samples steps by at most π/(2D) (one clip at a time);
    /// - an equal-power crossfade over N samples steps each gain by at most π/(2N), and both clips
    ///   play: |Δy| ≤ A·2π(f₁+f₂)/fs + A·π/N.
    /// A hard cut between these clips would jump by up to 2A = 1.0.
    @Test("no discontinuity at cuts and crossfades", arguments: [AudioJoin.cut, .crossfade(overlap: 12_000)])
    func joins(join: AudioJoin) {
        let amplitude = 0.5, low = 440.0, high = 1_000.0
        let length = 2 * Self.second
        let second = length - join.overlap
        let timeline = AudioTimeline(
            clips: [
                .init(start: 0, length: length, join: join),
                .init(start: second, length: length, join: join),
                .init(start: second + length - join.overlap, length: length)
            ],
            length: 3 * length
        )
        let clips = [
            sineClip(frequency: low, amplitude: amplitude, count: length, phase: 0.3),
            sineClip(frequency: high, amplitude: amplitude, count: length, phase: 2.0),
            sineClip(frequency: low, amplitude: amplitude, count: length, phase: 4.0)
        ]
        let track = AudioMixer.mix(timeline) { clips[$0] }
        let rate = Double(Self.second)
        let bound: Double
        switch join {
        case .cut: bound = amplitude * (2 * Double.pi * high / rate + Double.pi / Double(2 * AudioMixer.declickLength))
        case let .crossfade(overlap): bound = amplitude * (2 * Double.pi * (low + high) / rate + Double.pi / Double(overlap))
        }
        let ownSlope = amplitude * 2 * Double.pi * high / rate
        for boundary in [second, second + length - join.overlap, length] {
            let jump = largestJump(track, around: boundary, radius: join.overlap + 480)
            print("join \(join) at \(boundary): largest step \(jump), bound \(bound), the signal's own max step \(ownSlope)")
            #expect(Double(jump) <= bound * 1.001)
        }
        // Track start and end (next to silence) are faded too.
        #expect(abs(track.left[0]) < 0.01 && abs(track.left[track.count - 1 - 2 * join.overlap]) < 0.01)
    }

    @Test("an equal-power crossfade keeps the power of uncorrelated signals")
    func equalPower() {
        let overlap = 24_000
        let timeline = AudioTimeline(
            clips: [
                .init(start: 0, length: Self.second, join: .crossfade(overlap: overlap)), .init(start: Self.second - overlap, length: Self.second)
            ],
            length: 2 * Self.second - overlap
        )
        let clips = [sineClip(frequency: 440, amplitude: 0.5, count: Self.second), sineClip(frequency: 1_000, amplitude: 0.5, count: Self.second)]
        let track = AudioMixer.mix(timeline) { clips[$0] }
        let middle = Self.second - overlap / 2
        let power = TestSignal.rms(track, middle - 2_400..<middle + 2_400)
        #expect(abs(20 * log10(power / (0.5 / 2.0.squareRoot()))) < 0.2)
    }

    @Test("the first clip rises from silence and the last falls to it over their card transitions, equal-power; a cut end gets the de-click")
    func fadesAtTitleCards() {
        let fade = 12_000
        let steady = StereoSamples(left: [Float](repeating: 0.5, count: Self.second), right: [Float](repeating: 0.5, count: Self.second))
        let clips = [
            AudioTimeline.Clip(start: 24_000, length: Self.second, fadeInFromSilence: fade),
            AudioTimeline.Clip(start: 24_000 + Self.second, length: Self.second, fadeOutToSilence: fade)
        ]
        let track = AudioMixer.mix(AudioTimeline(clips: clips, length: 3 * Self.second)) { _ in steady }
        for index in [0, fade / 4, fade / 2, fade - 1] {
            let gain = 0.5 * sin(Double.pi / 2 * (Double(index) + 0.5) / Double(fade))
            #expect(abs(Double(track.left[24_000 + index]) - gain) < 1e-5, "fade in at \(index)")
            #expect(abs(Double(track.right[24_000 + 2 * Self.second - 1 - index]) - gain) < 1e-5, "fade out at \(index)")
        }
        #expect(track.left[24_000 + fade] == 0.5)
        #expect(track.left[..<24_000].allSatisfy { $0 == 0 } && track.left[(24_000 + 2 * Self.second)...].allSatisfy { $0 == 0 })

        // Without a card (fade 0) the ends get only the 5 ms de-click: full level from there on.
        let plain = AudioMixer.mix(AudioTimeline(clips: [.init(start: 0, length: Self.second)], length: Self.second)) { _ in steady }
        #expect(plain.left[AudioMixer.declickLength] == 0.5 && plain.left[fade / 2] == 0.5)
        #expect(plain.left[0] < 0.01 && plain.left[Self.second - 1] < 0.01)
    }

    @Test("clips land on their planned samples, exactly")
    func placement() {
        var clip = StereoSamples(silence: 10_000)
        clip.left[1_234] = 1
        let timeline = AudioTimeline(clips: [.init(start: 50_000, length: 10_000, gain: 0.5)], length: 100_000)
        let track = AudioMixer.mix(timeline) { _ in clip }
        #expect(track.left.firstIndex { $0 != 0 } == 51_234)
        #expect(track.left[51_234] == 0.5)
    }

    @Test("mute keeps only the music; music shorter than the reel loops")
    func muteAndLoop() {
        // Each repeat starts 45 600 samples after the last (1 s minus the 50 ms seam); at 285.25 / 0.95 Hz
        // the two sides of a seam are a quarter period apart, uncorrelated like the end and start of a
        // song, so the equal-power seam must keep the level. (In-phase sides would rise by up to 3 dB.)
        let music = sineClip(frequency: 285.25 / 0.95, amplitude: 0.4, count: Self.second)
        let clips = [AudioTimeline.Clip(start: 0, length: 5 * Self.second)]
        var timeline = AudioTimeline(clips: clips, length: 5 * Self.second, clipsMuted: true, music: .init(samples: music, volume: 0.5, loop: true))
        let track = AudioMixer.mix(timeline) { _ in
            Issue.record("a muted clip was read")
            return StereoSamples(silence: 0)
        }
        // Every 100 ms of the five seconds carries the music at its volume (seams included).
        let expected = 0.4 * 0.5 / 2.0.squareRoot()
        for window in stride(from: 0, to: track.count - 4_800, by: 4_800) {
            let level = TestSignal.rms(track, window..<window + 4_800)
            #expect(abs(level / expected - 1) < 0.05, "music level \(level) at sample \(window)")
        }
        timeline.music?.loop = false
        let once = AudioMixer.mix(timeline) { _ in StereoSamples(silence: 0) }
        #expect(once.left[Self.second...].allSatisfy { $0 == 0 })
    }

    @Test("music ducks to the asked factor while a clip with sound plays, and fades out at the end")
    func ducking() {
        let length = 10 * Self.second
        let music = sineClip(frequency: 300, amplitude: 0.4, count: length)
        let clips = [
            AudioTimeline.Clip(start: 2 * Self.second, length: 3 * Self.second),
            AudioTimeline.Clip(start: 5 * Self.second, length: 2 * Self.second, hasSound: false)
        ]
        let voice = sineClip(frequency: 1_000, amplitude: 0.3, count: 3 * Self.second)
        let provide: (Int) -> StereoSamples = { $0 == 0 ? voice : StereoSamples(silence: 2 * Self.second) }
        let bed = AudioTimeline.Music(samples: music, volume: 0.8, duck: 0.3, fadeOut: Self.second)
        let withMusic = AudioMixer.mix(AudioTimeline(clips: clips, length: length, music: bed), clipSamples: provide)
        let without = AudioMixer.mix(AudioTimeline(clips: clips, length: length), clipSamples: provide)
        // The music alone is the difference of the two mixes (mixing is linear).
        let musicOnly = StereoSamples(
            left: zip(withMusic.left, without.left).map { $0 - $1 }, right: zip(withMusic.right, without.right).map { $0 - $1 }
        )
        let open = TestSignal.rms(musicOnly, 0..<Self.second)
        let ducked = TestSignal.rms(musicOnly, 2 * Self.second..<5 * Self.second)
        let silentClip = TestSignal.rms(musicOnly, 6 * Self.second..<7 * Self.second)
        print("music RMS open \(open), under a clip \(ducked): ratio \(ducked / open), asked 0.3")
        #expect(abs(ducked / open - 0.3) < 0.003)
        #expect(abs(silentClip / open - 1) < 0.003)
        // Ramps, not steps: the music gain never moves by more than the ramp's steepest step.
        let steepest = Double.pi / Double(2 * AudioMixer.duckRampLength) * 0.8 * 0.7
        let start = 2 * Self.second
        let step =
            (start - AudioMixer.duckRampLength..<start).map { index in
                abs(Double(musicOnly.left[index]) - Double(musicOnly.left[index - 1]))
            }.max() ?? 0
        #expect(step <= 0.4 * (0.8 * 2 * Double.pi * 300 / 48_000 + steepest))
        #expect(abs(withMusic.left[length - 1]) < 1e-4)
        #expect(TestSignal.rms(musicOnly, length - Self.second / 10..<length) < open * 0.05)
    }

    @Test("mixed a window at a time, the track is the same samples as mixed whole", arguments: [7_001, 48_000, 200_000])
    func windows(windowLength: Int) {
        let length = 9 * Self.second + 123
        let clips = [
            AudioTimeline.Clip(start: 0, length: 3 * Self.second, gain: 0.9, join: .crossfade(overlap: 24_000)),
            AudioTimeline.Clip(start: 3 * Self.second - 24_000, length: 3 * Self.second, join: .cut),
            AudioTimeline.Clip(start: 6 * Self.second - 24_000, length: 3 * Self.second + 24_123, hasSound: false)
        ]
        let sounds = clips.enumerated().map { sineClip(frequency: 440 + 110 * Double($0.offset), amplitude: 0.3, count: $0.element.length) }
        let song = sineClip(frequency: 220, amplitude: 0.4, count: 2 * Self.second + 17)
        let timeline = AudioTimeline(
            clips: clips, length: length, music: AudioTimeline.Music(samples: song, volume: 0.8, duck: 0.3, fadeOut: Self.second, loop: true))
        let whole = AudioMixer.mix(timeline) { sounds[$0] }
        var pieced = StereoSamples(silence: 0)
        for start in stride(from: 0, to: length, by: windowLength) {
            let part = AudioMixer.mix(timeline, window: start..<min(length, start + windowLength)) { sounds[$0] }
            pieced.left += part.left
            pieced.right += part.right
        }
        #expect(pieced == whole)
    }
}
