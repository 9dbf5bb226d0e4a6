import DVSignal

extension AudioEncoder.Settings {
    /// A reel's sound: 48 kHz stereo AAC at `bitrate` bits per second.
    static func stereoTrack(bitrate: Int) -> Self {
        Self(sampleRate: StereoSamples.sampleRate, layout: .stereo, bitrate: bitrate)
    }
}

extension AudioEncoder {
    /// Sends `samples[range]` (48 kHz stereo) in frames of `frameSize` samples, the last one shorter when
    /// the range ends mid-frame, the first at `firstPTS` (in samples); hands every packet out to `output`.
    func encode(_ samples: StereoSamples, range: Range<Int>, firstPTS: Int64, output: (Packet) throws -> Void) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let count = min(frameSize, range.upperBound - offset)
            let frame = try AudioFrame(sampleCount: count, layout: .stereo, sampleRate: StereoSamples.sampleRate)
            _ = frame.samples(channel: 0).update(fromContentsOf: samples.left[offset..<offset + count])
            _ = frame.samples(channel: 1).update(fromContentsOf: samples.right[offset..<offset + count])
            try encode(frame, pts: firstPTS + Int64(offset - range.lowerBound), output: output)
            offset += count
        }
    }
}
