import DVTestBasics
import Foundation
import Testing

@testable import DVSignal

@Suite("loudness meter")
struct LoudnessMeterTests {
    let seconds10 = 480_000

    @Test("K-weighting coefficients at 48 kHz match the table in ITU-R BS.1770-4")
    func coefficients() {
        let filter = KWeightingFilter(sampleRate: 48_000)
        let shelf = [filter.shelf.b0, filter.shelf.b1, filter.shelf.b2, filter.shelf.a1, filter.shelf.a2]
        let table = [1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241, 0.73248077421585]
        for (computed, published) in zip(shelf, table) {
            #expect(abs(computed - published) < 1e-8)
        }
        #expect(abs(filter.highPass.a1 - -1.99004745483398) < 1e-8)
        #expect(abs(filter.highPass.a2 - 0.99007225036621) < 1e-8)
    }

    @Test("a 997 Hz sine at 0 dBFS in one channel reads −3.01 LUFS (the BS.1770 reference)")
    func reference() throws {
        let tone = TestSignal.sine(frequency: 997, amplitude: 1, count: seconds10)
        let measurement = LoudnessMeter.measure(StereoSamples(left: tone, right: [Float](repeating: 0, count: seconds10)))
        let integrated = try #require(measurement.integrated)
        #expect(abs(integrated - -3.01) < 0.05, "\(integrated) LUFS")
    }

    /// In both channels a sine of amplitude A reads 2 × (A²/2) × K(1 kHz): with K's +0.691 dB at 1 kHz
    /// cancelling the −0.691 offset, that is 20·log₁₀(A) LUFS. So −20 dBFS peak reads −20.0 LUFS
    /// (and −23 LUFS is a stereo 1 kHz sine of peak −23 dBFS, i.e. −26 dBFS RMS).
    @Test("a stereo 1 kHz sine reads its peak level in LUFS", arguments: [-10.0, -20.0, -23.0, -30.0])
    func stereoSine(level: Double) throws {
        let tone = TestSignal.sine(frequency: 1_000, amplitude: pow(10, level / 20), count: seconds10)
        let integrated = try #require(LoudnessMeter.measure(StereoSamples(left: tone, right: tone)).integrated)
        #expect(abs(integrated - level) < 0.05, "\(integrated) LUFS for \(level) dBFS")
    }

    /// The three blocks that straddle the end of the tone hold ¾, ½ and ¼ of its power and pass
    /// both gates, as BS.1770 wants: 100 blocks averaging 0.985 of the tone's power read 0.065 LU low.
    @Test("silence is gated out: tone then silence reads as the tone alone")
    func gating() throws {
        let tone = TestSignal.sine(frequency: 1_000, amplitude: 0.1, count: seconds10) + [Float](repeating: 0, count: seconds10)
        let measurement = LoudnessMeter.measure(StereoSamples(left: tone, right: tone))
        #expect(abs(try #require(measurement.integrated) - -20) < 0.1)
        // Relative gate: a −40 dB tail is more than 10 LU under and does not count either.
        let quiet =
            TestSignal.sine(frequency: 1_000, amplitude: 0.1, count: seconds10)
            + TestSignal.sine(frequency: 1_000, amplitude: 0.001, count: seconds10)
        #expect(abs(try #require(LoudnessMeter.measure(StereoSamples(left: quiet, right: quiet)).integrated) - -20) < 0.1)
        #expect(LoudnessMeter.measure(StereoSamples(silence: seconds10)).integrated == nil)
        #expect(LoudnessMeter.measure(StereoSamples(left: [0.5], right: [0.5])).integrated == nil)
    }

    @Test("true peak finds the peak between samples")
    func truePeak() {
        // A full-scale sine at fs/4, sampled 45° off its peaks: every sample is ±0.707, the signal reaches 1.
        let tone = TestSignal.sine(frequency: 12_000, amplitude: 1, count: 48_000, phase: Double.pi / 4)
        let samples = StereoSamples(left: tone, right: tone)
        #expect(abs(samples.samplePeak - 0.7071) < 0.001)
        let measurement = LoudnessMeter.measure(samples)
        #expect(abs(measurement.truePeakDBTP) < 0.1, "\(measurement.truePeakDBTP) dBTP")
        let low = TestSignal.sine(frequency: 1_000, amplitude: 0.5, count: 48_000)
        #expect(abs(LoudnessMeter.measure(StereoSamples(left: low, right: low)).truePeakDBTP - 20 * log10(0.5)) < 0.01)
    }

    @Test("the gain rule reaches the target, respects the ceiling and leaves silence alone")
    func gainRule() throws {
        let rule = LoudnessNormalization()
        for level in [-30.0, -10.0] {
            let tone = TestSignal.sine(frequency: 1_000, amplitude: pow(10, level / 20), count: 144_000)
            var samples = StereoSamples(left: tone, right: tone)
            samples.scale(by: rule.gain(for: LoudnessMeter.measure(samples)))
            #expect(abs(try #require(LoudnessMeter.measure(samples).integrated) - -16) < 0.05)
        }
        // A peaky clip: loudness −20 LUFS but true peak −0.5 dBTP may only be lowered to −1 dBTP.
        let peaky = LoudnessMeasurement(integrated: -20, truePeak: pow(10, -0.5 / 20), gatedBlocks: 20)
        #expect(abs(20 * log10(Double(rule.gain(for: peaky))) - -0.5) < 1e-6)
        #expect(rule.gain(for: LoudnessMeasurement(integrated: nil, truePeak: 0, gatedBlocks: 0)) == 1)
        #expect(rule.gain(for: LoudnessMeasurement(integrated: -65, truePeak: 0.001, gatedBlocks: 3)) == 1)
        #expect(abs(20 * log10(Double(rule.gain(for: LoudnessMeasurement(integrated: -50, truePeak: 0.01, gatedBlocks: 3)))) - 20) < 1e-6)
    }
}
