import DVSignal
import Foundation

/// Sound written and measured in code, for tests of the mixer, the meters and the sound track.
public enum TestSignal {
    /// A 48 kHz sine of `count` samples: `amplitude · sin(2π·frequency·t + phase)`.
    public static func sine(frequency: Double, amplitude: Double, count: Int, phase: Double = 0) -> [Float] {
        (0..<count).map { index in
            Float(amplitude * sin(2 * Double.pi * frequency * Double(index) / Double(StereoSamples.sampleRate) + phase))
        }
    }

    /// RMS of a range of both channels, linear.
    public static func rms(_ samples: StereoSamples, _ range: Range<Int>) -> Double {
        let sum = range.reduce(0.0) { $0 + Double(samples.left[$1] * samples.left[$1] + samples.right[$1] * samples.right[$1]) }
        return (sum / Double(2 * range.count)).squareRoot()
    }
}
