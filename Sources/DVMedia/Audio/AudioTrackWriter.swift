import DVSignal
import Foundation

/// Encodes a whole sound track with one encoder, as one AAC stream in an `.m4a` (the demo's music bed;
/// a reel's track is encoded in chunks, see `AudioChunking`).
///
/// One encode for the whole timeline means one encoder priming (1024 samples, which the MP4 edit
/// list hides) and no per-segment padding, so joins have no clicks and the track does not drift from
/// the picture. Frames are `frameSize` (1024) samples with pts counted in samples; the last, shorter
/// frame is sent as is (the AAC encoder pads it internally and gives its packet the true duration),
/// so the stream lasts exactly the track's samples. Bit-exact encoder and muxer flags and a single
/// encoder thread make the file the same bytes on every run. The track may be appended a window at a
/// time: the bytes are the same as for the whole track at once.
package final class AudioTrackWriter {
    private let encoder: AudioEncoder
    private let muxer: Muxer
    private let stream: Int
    /// Samples written so far (the next frame's pts).
    private var position = 0
    /// Samples appended but not yet encoded: less than one encoder frame.
    private var pending = StereoSamples(silence: 0)

    /// Starts a track at `bitrate` bits per second for `destination` (all-or-nothing, through `Muxer`'s
    /// temporary name).
    package init(destination: URL, bitrate: Int) throws {
        encoder = try AudioEncoder(settings: .stereoTrack(bitrate: bitrate))
        muxer = try Muxer(destination: destination, format: "ipod")
        stream = try muxer.addStream(for: encoder)
        try muxer.writeHeader()
    }

    /// Encodes `samples` after what was appended before; whole encoder frames only, the rest waits.
    package func append(_ samples: StereoSamples) throws {
        pending.left += samples.left
        pending.right += samples.right
        let whole = pending.count - pending.count % encoder.frameSize
        try encode(upTo: whole)
        pending.left.removeFirst(whole)
        pending.right.removeFirst(whole)
    }

    /// Encodes what is left (a last, shorter frame), flushes the encoder and moves the file into place.
    package func finish() throws {
        try encode(upTo: pending.count)
        pending = StereoSamples(silence: 0)
        try encoder.flush { try muxer.write($0, stream: stream) }
        try muxer.finish()
    }

    /// Encodes `track` whole into `destination`.
    package static func write(_ track: StereoSamples, to destination: URL, bitrate: Int) throws {
        let writer = try AudioTrackWriter(destination: destination, bitrate: bitrate)
        try writer.append(track)
        try writer.finish()
    }

    /// Sends `pending[0..<end]` to the encoder in frames of `frameSize` (the last may be shorter).
    private func encode(upTo end: Int) throws {
        try encoder.encode(pending, range: 0..<end, firstPTS: Int64(position)) { try muxer.write($0, stream: stream) }
        position += end
    }
}
