import DVSignal
import Foundation

/// Sound written and measured in code, for tests of the mixer, the meters and the sound track.
package enum TestSignal {
    /// A 48 kHz sine of `count` samples: `amplitude · sin(2π·frequency·t + phase)`.
    package static func sine(frequency: Double, amplitude: Double, count: Int, phase: Double = 0) -> [Float] {
        (0..<count).map { index in
            Float(amplitude * sin(2 * Double.pi * frequency * Double(index) / Double(StereoSamples.sampleRate) + phase))
        }
    }

    /// RMS of a range of both channels, linear.
    package static func rms(_ samples: StereoSamples, _ range: Range<Int>) -> Double {
        let sum = range.reduce(0.0) { $0 + Double(samples.left[$1] * samples.left[$1] + samples.right[$1] * samples.right[$1]) }
        return (sum / Double(2 * range.count)).squareRoot()
    }

    /// The frequency of a steady tone in `samples[range]` (48 kHz): its rising zero crossings, each placed
    /// between its two samples, counted over the time from the first to the last; 0 with fewer than two.
    package static func frequency(of samples: [Float], in range: Range<Int>) -> Double {
        var crossings: [Double] = []
        for index in range.dropFirst() where samples[index - 1] < 0 && samples[index] >= 0 {
            let before = Double(samples[index - 1]), after = Double(samples[index])
            crossings.append(Double(index - 1) + before / (before - after))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / Double(StereoSamples.sampleRate))
    }
}
