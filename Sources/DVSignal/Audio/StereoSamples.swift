/// A block of 48 kHz stereo audio as two contiguous float arrays, the one sample format of dvpipe's
/// audio stage: the reader produces it, the meter and the mixer work on it, the track writer encodes it.
package struct StereoSamples: Sendable, Equatable {
    /// The rate of every `StereoSamples`: the output rate of a reel.
    package static let sampleRate = 48_000

    /// Left channel, nominally in −1...1.
    package var left: [Float]
    /// Right channel, the same length as `left`.
    package var right: [Float]

    /// Wraps two channels of equal length.
    package init(left: [Float], right: [Float]) {
        precondition(left.count == right.count, "stereo channels must have the same length")
        self.left = left
        self.right = right
    }

    /// `count` samples of silence per channel.
    package init(silence count: Int) {
        left = [Float](repeating: 0, count: count)
        right = [Float](repeating: 0, count: count)
    }

    /// Samples per channel.
    package var count: Int { left.count }

    /// Seconds of audio.
    package var duration: Double { Double(count) / Double(Self.sampleRate) }

    /// The number of samples closest to `seconds` at 48 kHz.
    package static func sampleCount(seconds: Double) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }

    /// Root-mean-square level of both channels together, linear (0 for an empty block).
    package var rms: Float {
        guard count > 0 else { return 0 }
        var sum: Double = 0
        for index in 0..<count {
            sum += Double(left[index] * left[index] + right[index] * right[index])
        }
        return Float((sum / Double(2 * count)).squareRoot())
    }

    /// RMS level (linear) above which a clip counts as having sound of its own: −45 dBFS. A phone's
    /// room tone in a quiet place sits around −60 to −50 dBFS and speech at arm's length around −30
    /// to −20 dBFS RMS, so the threshold sits between them: quiet rooms do not duck the music, voices do.
    package static let soundThreshold: Float = 0.005_6

    /// True when the block's RMS is above `soundThreshold`.
    package var hasSound: Bool { rms > Self.soundThreshold }

    /// The largest absolute sample value in either channel.
    package var samplePeak: Float {
        var peak: Float = 0
        for index in 0..<count {
            peak = max(peak, abs(left[index]), abs(right[index]))
        }
        return peak
    }

    /// Multiplies every sample by `gain`.
    package mutating func scale(by gain: Float) {
        guard gain != 1 else { return }
        for index in left.indices {
            left[index] *= gain
            right[index] *= gain
        }
    }
}
