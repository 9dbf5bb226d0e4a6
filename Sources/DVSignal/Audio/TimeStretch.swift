import Foundation

/// Changes the length of a sound without changing its pitch, for clips played faster or slower than real
/// time: waveform-similarity overlap-add (WSOLA, as ffmpeg's `atempo` does).
///
/// The output is built from 40 ms pieces of the input under a Hann window, 20 ms apart, so that neighbours
/// sum to one. Each piece is taken near where the new length maps it in the input, shifted by up to 10 ms to
/// where the input's waveform best continues the piece before (the shift with the highest normalised
/// correlation, found coarsely and then to the sample), so that the pieces join in phase and a tone keeps
/// its frequency. Both channels take the same pieces, chosen on their mean. Deterministic: the same input
/// and length give the same samples.
package enum TimeStretch {
    /// Samples in one piece: 40 ms at 48 kHz.
    static let pieceLength = 1_920
    /// Samples between pieces in the output: half a piece.
    static let hop = pieceLength / 2
    /// How far a piece may move from where the length maps it: 10 ms.
    static let tolerance = 480
    /// The step of the coarse search for the best shift, and of the samples it compares.
    static let coarseStep = 4

    /// `input` made `length` samples long at its own pitch.
    package static func stretch(_ input: StereoSamples, to length: Int) -> StereoSamples {
        guard length > 0 else { return StereoSamples(silence: 0) }
        guard input.count > 0 else { return StereoSamples(silence: length) }
        if input.count == length { return input }
        let padding = pieceLength + tolerance
        let padded = { (channel: [Float]) in channel + [Float](repeating: 0, count: padding) }
        let left = padded(input.left), right = padded(input.right)
        let mono = zip(left, right).map { ($0 + $1) / 2 }
        let window = (0..<pieceLength).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(pieceLength))) }
        // No piece reaches past the input's end: the last ones hold its last 40 ms, rather than fade into nothing.
        let latestStart = max(0, input.count - pieceLength)
        var outLeft = [Float](repeating: 0, count: length + pieceLength)
        var outRight = outLeft
        var previous = 0
        var output = 0
        while output < length {
            let nominal = min(latestStart, Int(Int64(output) * Int64(input.count) / Int64(length)))
            let start = output == 0 ? 0 : bestStart(near: nominal, continuing: previous + hop, in: mono, latest: latestStart)
            for index in 0..<pieceLength {
                // The first piece has nothing before it to cross: its first half is not faded in.
                let gain = output == 0 && index < hop ? 1 : window[index]
                outLeft[output + index] += gain * left[start + index]
                outRight[output + index] += gain * right[start + index]
            }
            previous = start
            output += hop
        }
        return StereoSamples(left: Array(outLeft.prefix(length)), right: Array(outRight.prefix(length)))
    }

    /// The start within `tolerance` of `nominal` (and within `0 ... latest`) whose first half-piece of
    /// `mono` correlates best with the half-piece at `natural`, the input that would continue the piece before.
    private static func bestStart(near nominal: Int, continuing natural: Int, in mono: [Float], latest: Int) -> Int {
        let low = max(0, nominal - tolerance), high = min(latest, nominal + tolerance)
        guard low < high else { return max(0, min(latest, nominal)) }
        var best = nominal.clamped(low, high)
        var bestScore = -Float.infinity
        let consider = { (candidate: Int, step: Int) in
            let score = correlation(mono, candidate, natural, step: step)
            if score > bestScore || (score == bestScore && abs(candidate - nominal) < abs(best - nominal)) {
                bestScore = score
                best = candidate
            }
        }
        for candidate in stride(from: low, through: high, by: coarseStep) {
            consider(candidate, coarseStep)
        }
        let coarse = best
        bestScore = -Float.infinity
        for candidate in max(low, coarse - coarseStep)...min(high, coarse + coarseStep) {
            consider(candidate, 1)
        }
        return best
    }

    /// The correlation of `hop` samples of `samples` from `candidate` with those from `natural`, every
    /// `step`-th sample, divided by the candidate's energy's square root (the natural's is the same for all).
    private static func correlation(_ samples: [Float], _ candidate: Int, _ natural: Int, step: Int) -> Float {
        var product: Float = 0
        var energy: Float = 0
        for index in stride(from: 0, to: hop, by: step) {
            let value = samples[candidate + index]
            product += value * samples[natural + index]
            energy += value * value
        }
        return energy > 0 ? product / energy.squareRoot() : 0
    }
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(high, Swift.max(low, self)) }
}
