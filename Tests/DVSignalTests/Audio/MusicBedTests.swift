import DVSignal
import DVTestBasics
import Foundation
import Testing

/// The music bed of a playlist, in the mixer alone: crossfades of equal power at each change, the same
/// samples window by window as whole, and changes that cannot be kept left out.
@Suite("music bed")
struct MusicBedTests {
    static let second = 48_000

    func tone(_ frequency: Double, seconds: Double) -> StereoSamples {
        let samples = TestSignal.sine(frequency: frequency, amplitude: 0.4, count: Int(seconds * Double(Self.second)))
        return StereoSamples(left: samples, right: samples)
    }

    /// A reel of 6 s of music alone: 440 Hz, then 660 Hz from 2 s (over 0.5 s), then 880 Hz from 4 s (a cut).
    func playlist(loop: Bool = false) -> AudioTimeline {
        let music = AudioTimeline.Music(
            samples: tone(440, seconds: 3), loop: loop,
            changes: [
                .init(samples: tone(660, seconds: 1), at: 2 * Self.second, crossfade: Self.second / 2),
                .init(samples: tone(880, seconds: 3), at: 4 * Self.second, crossfade: 0)
            ])
        return AudioTimeline(clips: [], length: 6 * Self.second, clipsMuted: true, music: music)
    }

    @Test("each track plays its turn; a crossfade keeps the power, a shorter track without loop ends in silence")
    func turns() {
        let track = AudioMixer.mix(playlist()) { _ in StereoSamples(silence: 0) }
        let level = 0.4 / 2.squareRoot()
        let second = Self.second
        #expect(abs(TestSignal.frequency(of: track.left, in: second / 2..<3 * second / 2) - 440) < 2)
        // Two unrelated tones crossfaded at equal power keep the level over the crossfade.
        #expect(abs(TestSignal.rms(track, 2 * second..<5 * second / 2) / level - 1) < 0.03)
        #expect(abs(TestSignal.frequency(of: track.left, in: 5 * second / 2..<3 * second) - 660) < 2)
        #expect(TestSignal.rms(track, 3 * second + 480..<4 * second) < 1e-4, "the 1 s track played once, then silence")
        #expect(abs(TestSignal.frequency(of: track.left, in: 4 * second + 480..<5 * second) - 880) < 2)
        let looped = AudioMixer.mix(playlist(loop: true)) { _ in StereoSamples(silence: 0) }
        #expect(abs(TestSignal.rms(looped, 3 * second + 480..<4 * second - 480) / level - 1) < 0.03, "looped in its turn")
    }

    @Test("the bed ducks under a clip's sound across a change, and fades out at the reel's end")
    func duckedAcrossAChange() {
        var timeline = playlist(loop: true)
        let second = Self.second
        timeline.clipsMuted = false
        timeline.clips = [.init(start: 3 * second / 2, length: 2 * second)]
        timeline.music?.duck = 0.3
        timeline.music?.fadeOut = second / 2
        let track = AudioMixer.mix(timeline) { StereoSamples(silence: timeline.clips[$0].length) }
        let level = 0.4 / 2.squareRoot()
        #expect(abs(TestSignal.rms(track, 2 * second..<5 * second / 2) / (0.3 * level) - 1) < 0.03, "ducked over the crossfade")
        #expect(abs(TestSignal.rms(track, 4 * second..<11 * second / 2) / level - 1) < 0.03, "up again after the clip")
        #expect(TestSignal.rms(track, 6 * second - 480..<6 * second) < 0.02 * level, "faded out")
    }

    @Test("a playlist mixed window by window is the whole mix, sample for sample")
    func windows() {
        let timeline = playlist(loop: true)
        let whole = AudioMixer.mix(timeline) { _ in StereoSamples(silence: 0) }
        var pieces = StereoSamples(silence: 0)
        var start = 0
        while start < timeline.length {
            let window = start..<min(timeline.length, start + 37_123)
            let piece = AudioMixer.mix(timeline, window: window) { _ in StereoSamples(silence: 0) }
            pieces.left += piece.left
            pieces.right += piece.right
            start = window.upperBound
        }
        #expect(pieces == whole)
    }

    @Test("changes out of order or past the reel's end are left out")
    func changesLeftOut() {
        var timeline = playlist()
        let kept = AudioMixer.mix(timeline) { _ in StereoSamples(silence: 0) }
        timeline.music?.changes += [
            .init(samples: tone(1_000, seconds: 1), at: 3 * Self.second, crossfade: 100),
            .init(samples: tone(1_000, seconds: 1), at: 6 * Self.second, crossfade: 100)
        ]
        #expect(AudioMixer.mix(timeline) { _ in StereoSamples(silence: 0) } == kept)
    }
}
