import Foundation

/// EBU R128 integrated loudness and true peak of 48 kHz stereo, implemented after ITU-R BS.1770-4.
///
/// Integrated loudness, step by step:
/// 1. Each channel goes through the K-weighting filter (`KWeightingFilter`: head shelf + RLB high-pass).
/// 2. Mean squares are taken over 400 ms blocks overlapping by 75 % (a new block every 100 ms):
///    the squares are summed per 100 ms sub-block once, and each block adds four sub-blocks.
/// 3. A block's loudness is −0.691 + 10·log₁₀(Σ Gᵢ·zᵢ) with channel weights G = 1 for left and
///    right (the −0.691 dB offset cancels the K-filter's gain at 1 kHz, so a 997 Hz sine at 0 dBFS
///    in one channel reads −3.01 LUFS).
/// 4. Absolute gate: blocks at or below −70 LUFS are dropped.
/// 5. Relative gate: the loudness of the remaining blocks' mean power, minus 10 LU; blocks at or
///    below it are dropped too.
/// 6. The integrated loudness is the loudness of the mean power of the blocks left.
package enum LoudnessMeter {
    /// Bumped when a change alters what the meter measures: kept measurements of another version are taken again.
    package static let version = 1
    static let blockLength = 4_800
    static let absoluteGate = -70.0
    static let relativeGate = -10.0

    /// Measures `samples` (48 kHz stereo).
    package static func measure(_ samples: StereoSamples) -> LoudnessMeasurement {
        let filter = KWeightingFilter(sampleRate: StereoSamples.sampleRate)
        var subBlocks = [Double](repeating: 0, count: samples.count / blockLength)
        var truePeak: Float = 0
        for channel in [samples.left, samples.right] {
            channel.withUnsafeBufferPointer { buffer in
                filter.accumulateSquares(of: buffer, blockLength: blockLength, into: &subBlocks)
                truePeak = max(truePeak, TruePeakMeter.peak(of: buffer))
            }
        }
        let blockPowers =
            subBlocks.count < 4
            ? []
            : (0...subBlocks.count - 4).map { first in
                subBlocks[first..<first + 4].reduce(0, +) / Double(4 * blockLength)
            }
        let aboveAbsolute = blockPowers.filter { loudness(ofPower: $0) > absoluteGate }
        guard !aboveAbsolute.isEmpty else {
            return LoudnessMeasurement(integrated: nil, truePeak: Double(truePeak), gatedBlocks: 0)
        }
        let threshold = loudness(ofPower: mean(aboveAbsolute)) + relativeGate
        let gated = aboveAbsolute.filter { loudness(ofPower: $0) > threshold }
        return LoudnessMeasurement(integrated: loudness(ofPower: mean(gated)), truePeak: Double(truePeak), gatedBlocks: gated.count)
    }

    /// Loudness in LUFS of a channel-summed K-weighted mean square.
    static func loudness(ofPower power: Double) -> Double {
        -0.691 + 10 * log10(power)
    }

    private static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }
}
