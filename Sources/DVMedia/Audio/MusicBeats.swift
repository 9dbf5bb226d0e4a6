import DVMediaFacts
import DVSignal
import Foundation

/// The beat grid of a music file: its first audio stream decoded with FFmpeg (`AudioClipReader`), mixed to
/// mono and handed to `BeatTracker`.
package enum MusicBeats {
    /// The grid of the file at `location`, over its first `seconds` (the whole stream when nil).
    package static func grid(of location: MediaLocation, seconds: Double? = nil) throws -> BeatGrid {
        let limit = seconds.map { StereoSamples.sampleCount(seconds: $0) } ?? Int.max
        let stereo = try AudioClipReader(location).readAll(limit: limit)
        let mono = (0..<stereo.count).map { (stereo.left[$0] + stereo.right[$0]) / 2 }
        return BeatTracker.track(mono, sampleRate: StereoSamples.sampleRate)
    }
}
