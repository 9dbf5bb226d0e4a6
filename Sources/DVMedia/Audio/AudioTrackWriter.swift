import Foundation

/// Encodes a reel's whole sound track once, as one AAC stream in an `.m4a`, for the assembler to
/// copy into the final MP4.
///
/// One encode for the whole timeline means one encoder priming (1024 samples, which the MP4 edit
/// list hides) and no per-segment padding, so joins have no clicks and the track does not drift from
/// the picture. Frames are `frameSize` (1024) samples with pts counted in samples; the last, shorter
/// frame is sent as is (the AAC encoder pads it internally and gives its packet the true duration),
/// so the stream lasts exactly the track's samples. Bit-exact encoder and muxer flags and a single
/// encoder thread make the file the same bytes on every run.
public enum AudioTrackWriter {
    /// Encodes `track` at `bitrate` bits per second and writes it to `destination` (all-or-nothing,
    /// through `Muxer`'s temporary name).
    public static func write(_ track: StereoSamples, to destination: URL, bitrate: Int) throws {
        let encoder = try AudioEncoder(settings: AudioEncoder.Settings(sampleRate: StereoSamples.sampleRate, layout: .stereo, bitrate: bitrate))
        let muxer = try Muxer(destination: destination, format: "ipod")
        let stream = try muxer.addStream(for: encoder)
        try muxer.writeHeader()
        let output: (Packet) throws -> Void = { try muxer.write($0, stream: stream) }
        var position = 0
        while position < track.count {
            let count = min(encoder.frameSize, track.count - position)
            let frame = try AudioFrame(sampleCount: count, layout: .stereo, sampleRate: StereoSamples.sampleRate)
            _ = frame.samples(channel: 0).update(fromContentsOf: track.left[position..<position + count])
            _ = frame.samples(channel: 1).update(fromContentsOf: track.right[position..<position + count])
            try encoder.encode(frame, pts: Int64(position), output: output)
            position += count
        }
        try encoder.flush(output: output)
        try muxer.finish()
    }
}
