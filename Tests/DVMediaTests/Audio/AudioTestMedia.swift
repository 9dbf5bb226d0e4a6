import DVMedia
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation

/// Test inputs for the audio stage, written with the project's sample generator (tiny picture, the
/// tone under test), and small signal measurements the tests share.
enum AudioTestMedia {
    /// Writes a clip of `duration` seconds with `audio` into `folder` and returns its path.
    static func clip(_ name: String, duration: Double, audio: SampleAudio, in folder: TemporaryFolder) throws -> String {
        let clip = SampleClip(fileName: name, duration: duration, width: 64, height: 36, fps: 10, audio: audio)
        return try SampleWriter().write(clip, in: folder.url).path
    }

    /// A steady tone (optionally with a burst) in a clip of `duration` seconds.
    static func tone(
        _ name: String, duration: Double, frequency: Double = 1_000, level: Double = -12, layout: ChannelLayout = .stereo,
        sampleRate: Int = 48_000, burst: SampleTone.Burst? = nil, in folder: TemporaryFolder
    ) throws -> String {
        let tone = SampleTone(frequency: frequency, level: level, layout: layout, sampleRate: sampleRate, burst: burst)
        return try clip(name, duration: duration, audio: .tone(tone), in: folder)
    }

    /// An `.m4a` whose 1 kHz stereo tone has a hole: `before` samples, then none for `gap` samples, then
    /// `after` samples. The sample generator has no holes, so this one is written with the encoder and
    /// muxer directly (timestamps jump over the hole, as a phone's dropped packets do).
    static func toneWithGap(_ name: String, before: Int, gap: Int, after: Int, in folder: TemporaryFolder) throws -> String {
        let url = folder.url.appendingPathComponent(name)
        let encoder = try AudioEncoder(settings: AudioEncoder.Settings())
        let muxer = try Muxer(destination: url, format: "ipod")
        let stream = try muxer.addStream(for: encoder)
        try muxer.writeHeader()
        let tone = TestSignal.sine(frequency: 1_000, amplitude: 0.25, count: before + after)
        for (first, count, shift) in [(0, before, 0), (before, after, gap)] {
            for offset in stride(from: 0, to: count, by: encoder.frameSize) {
                let length = min(encoder.frameSize, count - offset)
                let frame = try AudioFrame(sampleCount: length, layout: .stereo, sampleRate: 48_000)
                for channel in 0..<2 {
                    _ = frame.samples(channel: channel).update(fromContentsOf: tone[first + offset..<first + offset + length])
                }
                try encoder.encode(frame, pts: Int64(first + offset + shift)) { try muxer.write($0, stream: stream) }
            }
        }
        try encoder.flush { try muxer.write($0, stream: stream) }
        try muxer.finish()
        return url.path
    }

    /// Sign changes in `samples`: about twice the frequency per second for a pure tone.
    static func zeroCrossings(_ samples: ArraySlice<Float>) -> Int {
        zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    }

    /// The level of a sine in dBFS from its RMS (peak amplitude = RMS · √2).
    static func sineLevel(_ samples: ArraySlice<Float>) -> Double {
        let meanSquare = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return 20 * log10((2 * meanSquare).squareRoot())
    }

}
