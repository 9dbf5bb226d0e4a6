import DVMediaFacts
import DVSignal
import Foundation

/// The beat grid of a music file: its first audio stream decoded with FFmpeg (`AudioClipReader`), mixed to
/// mono, halved to 24 kHz (each pair of samples averaged, as `OnsetEnvelope` would) as it streams, so the
/// stereo track is never held whole, and handed to `BeatTracker`.
package enum MusicBeats {
    /// The most 48 kHz samples reserved ahead from the length a container states (two hours): a damaged
    /// file may claim years.
    static let longestReserved = 2 * 3600 * StereoSamples.sampleRate

    /// The grid of the file at `location`, over its first `seconds` (the whole stream when nil).
    package static func grid(of location: MediaLocation, seconds: Double? = nil) throws -> BeatGrid {
        let limit = seconds.map { StereoSamples.sampleCount(seconds: $0) } ?? Int.max
        var mono = HalvedMono()
        let reserve = { (expected: Int) in mono.samples.reserveCapacity(min(expected, longestReserved) / 2 + 1) }
        try AudioClipReader(location).stream(limit: limit, expecting: reserve) { offset, left, right in
            mono.add(offset: offset, left: left, right: right)
        }
        return BeatTracker.track(mono.samples, sampleRate: StereoSamples.sampleRate / 2)
    }
}

/// Stereo chunks at 48 kHz mixed to mono and halved to 24 kHz as they come (each pair of samples averaged).
private struct HalvedMono {
    /// The 24 kHz samples so far.
    var samples: [Float] = []
    /// The mono sample at an even 48 kHz position, waiting for its odd partner (a hole leaves silence).
    private var even: (position: Int, value: Float)?

    /// Adds a chunk of 48 kHz samples that starts `offset` samples into the stream.
    mutating func add(offset: Int, left: UnsafeBufferPointer<Float>, right: UnsafeBufferPointer<Float>) {
        for index in left.indices {
            let position = offset + index
            let value = (left[index] + right[index]) / 2
            if position % 2 == 0 {
                even = (position, value)
                continue
            }
            let pair = position / 2
            if let waiting = even, waiting.position / 2 == samples.count, samples.count < pair {
                samples.append(waiting.value / 2)
            }
            if samples.count < pair { samples.append(contentsOf: repeatElement(0, count: pair - samples.count)) }
            samples.append(((even?.position == position - 1 ? even!.value : 0) + value) / 2)
        }
    }
}
