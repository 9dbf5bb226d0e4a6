import DVSignal
import DVTestBasics
import Foundation
import Testing

/// A sound made longer or shorter at its own pitch: the length asked for exactly, a tone's frequency and
/// level kept whatever the speed, a tone that changes pitch changing at the new time.
@Suite struct TimeStretchTests {
    static func tone(_ frequency: Double, seconds: Double) -> [Float] {
        TestSignal.sine(frequency: frequency, amplitude: 0.25, count: Int(seconds * 48_000))
    }

    static func rms(_ samples: ArraySlice<Float>) -> Float {
        (samples.reduce(0) { $0 + $1 * $1 } / Float(samples.count)).squareRoot()
    }

    @Test("a 440 Hz tone stays 440 Hz and keeps its level at 1/8, 1/2, 2 and 4 times its speed", arguments: [8.0, 2.0, 0.5, 0.25])
    func toneKeepsPitchAndLevel(lengthening: Double) {
        let wave = Self.tone(440, seconds: 1)
        let length = Int(Double(wave.count) * lengthening)
        let stretched = TimeStretch.stretch(StereoSamples(left: wave, right: wave), to: length)
        #expect(stretched.count == length && stretched.right == stretched.left)
        let middle = (length / 10)..<(length - length / 10)
        #expect(abs(TestSignal.frequency(of: stretched.left, in: middle) - 440) < 1)
        // Pieces joined in phase add up to the tone's own level; out of phase they would cancel in places.
        let level = Self.rms(stretched.left[middle]), expected = 0.25 / Float(2).squareRoot()
        #expect(abs(level - expected) / expected < 0.03, "\(level) against \(expected)")
        // Every 10 ms keeps the level, to the last: no piece cancels its neighbour, none reads past the input.
        for start in stride(from: 0, through: length - 480, by: 480) {
            let bin = Self.rms(stretched.left[start..<(start + 480)])
            #expect(abs(bin - expected) / expected < 0.1, "10 ms from sample \(start) of \(length): \(bin) against \(expected)")
        }
    }

    @Test("a tone that changes pitch halfway changes it halfway through the stretched sound")
    func changeMovesWithTime() {
        let wave = Self.tone(300, seconds: 0.5) + Self.tone(600, seconds: 0.5)
        let stretched = TimeStretch.stretch(StereoSamples(left: wave, right: wave), to: 2 * wave.count).left
        let half = wave.count
        #expect(abs(TestSignal.frequency(of: stretched, in: (half / 5)..<(half - half / 5)) - 300) < 1)
        #expect(abs(TestSignal.frequency(of: stretched, in: (half + half / 5)..<(2 * half - half / 5)) - 600) < 1)
    }

    @Test("the length asked for exactly, the same samples every time, silence from nothing")
    func edges() {
        let wave = Self.tone(440, seconds: 0.1)
        let sound = StereoSamples(left: wave, right: wave.map { -$0 })
        for length in [0, 1, 959, 4_801, 48_000] {
            #expect(TimeStretch.stretch(sound, to: length).count == length)
        }
        #expect(TimeStretch.stretch(sound, to: 7_777) == TimeStretch.stretch(sound, to: 7_777))
        #expect(TimeStretch.stretch(sound, to: sound.count) == sound)
        #expect(TimeStretch.stretch(StereoSamples(silence: 0), to: 100) == StereoSamples(silence: 100))
        let stretched = TimeStretch.stretch(sound, to: 9_600)
        #expect(zip(stretched.left, stretched.right).allSatisfy { $0 == -$1 }, "both channels take the same pieces")
    }
}
