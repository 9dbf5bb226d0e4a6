internal import CFFmpeg
import DVSignal
import Foundation

/// Reads a file's first audio stream as 48 kHz stereo float (`StereoSamples`), over an exact window.
///
/// Every read opens the file afresh, seeks a little before the window, decodes with libavcodec,
/// converts with libswresample (see `AudioResampler` for the channel matrix) and keeps exactly the
/// window's samples, placed by the decoded frames' timestamps: a stream that starts late or ends
/// early is padded with silence, and a file without audio gives silence of the window's length.
/// Memory is the window plus one decoded frame.
package struct AudioClipReader: Sendable {
    /// The file read (or the movie inside it, a Motion Photo's).
    package let location: MediaLocation

    /// How far before the window the reader seeks: AAC and other MDCT codecs need the frame before a
    /// position to decode it correctly, and demuxers seek to packet boundaries, so decoding starts
    /// early and the excess is trimmed by timestamp.
    static let seekMargin = 0.5

    /// A jump in frame timestamps beyond this many output samples (10 ms) is a hole in the stream,
    /// filled with silence; smaller differences are timestamp rounding, and decoding continues
    /// contiguously.
    static let gapTolerance = 480

    /// A reader for the file at `location`, or for the movie at its `byteRange` (nothing is opened until a read).
    package init(_ location: MediaLocation) {
        self.location = location
    }

    /// Exactly `count` samples per channel from output sample `startSample` (48 kHz, counted from the
    /// start of the file's timeline).
    package func read(startSample: Int, count: Int) throws -> StereoSamples {
        precondition(startSample >= 0 && count >= 0, "a window starts at or after 0 and has a length")
        var window = StereoSamples(silence: count)
        let end = startSample + count
        try window.left.withUnsafeMutableBufferPointer { left in
            try window.right.withUnsafeMutableBufferPointer { right in
                try decode(from: startSample, until: end) { position, chunkLeft, chunkRight in
                    let first = max(position, startSample)
                    let last = min(position + chunkLeft.count, end)
                    guard first < last else { return }
                    for index in first..<last {
                        left[index - startSample] = chunkLeft[index - position]
                        right[index - startSample] = chunkRight[index - position]
                    }
                }
            }
        }
        return window
    }

    /// Exactly `round(duration × 48000)` samples per channel from `start` seconds.
    package func read(start: Double, duration: Double) throws -> StereoSamples {
        try read(startSample: StereoSamples.sampleCount(seconds: start), count: StereoSamples.sampleCount(seconds: duration))
    }

    /// The stream from output sample `start` (its start when 0) to its end, up to `limit` samples per channel
    /// (e.g. a reel's length for its music, so a long song is not held in memory whole). Empty for a file
    /// without audio or one that ends before `start`.
    package func readAll(from start: Int = 0, limit: Int) throws -> StereoSamples {
        var left: [Float] = []
        var right: [Float] = []
        try stream(from: start, limit: limit) { offset, chunkLeft, chunkRight in
            if left.count < offset + chunkLeft.count {
                left.append(contentsOf: repeatElement(0, count: offset + chunkLeft.count - left.count))
                right.append(contentsOf: repeatElement(0, count: offset + chunkRight.count - right.count))
            }
            for index in chunkLeft.indices {
                left[offset + index] = chunkLeft[index]
                right[offset + index] = chunkRight[index]
            }
        }
        return StereoSamples(left: left, right: right)
    }

    /// The stream from output sample `start` to its end, up to `limit` samples per channel, handed to `sink`
    /// chunk by chunk in order without being held whole: each chunk's left and right samples with its offset
    /// from `start` (a hole in the stream leaves a gap between chunks; chunks never overlap). Before the first
    /// chunk, `expecting` is told how many samples the container says will come (capped at `limit`), when it says.
    package func stream(
        from start: Int = 0, limit: Int, expecting: (Int) -> Void = { _ in },
        sink: (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Void
    ) throws {
        precondition(start >= 0, "the stream is read from its start or later")
        let end = limit > Int.max - start ? Int.max : start + limit
        try decode(from: start, until: end, expecting: expecting) { position, chunkLeft, chunkRight in
            let first = max(position, start)
            let last = min(position + chunkLeft.count, end)
            guard first < last else { return }
            sink(
                first - start, UnsafeBufferPointer(rebasing: chunkLeft[(first - position)..<(last - position)]),
                UnsafeBufferPointer(rebasing: chunkRight[(first - position)..<(last - position)]))
        }
    }

    /// Decodes from a little before `start` until output sample `end` is reached (or the stream ends),
    /// handing each converted chunk to `sink` with its output position in 48 kHz samples.
    private func decode(
        from start: Int, until end: Int, expecting: (Int) -> Void = { _ in },
        sink: (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Void
    ) throws {
        let demuxer = try AudioDemuxer(location)
        guard let parameters = demuxer.parameters, end > start else { return }
        if let duration = demuxer.duration, duration < Double(Int32.max) {
            expecting(max(0, min(end, StereoSamples.sampleCount(seconds: duration)) - start))
        }
        let seekTarget = Double(start) / Double(StereoSamples.sampleRate) - Self.seekMargin
        if seekTarget > 0 {
            try demuxer.seek(toSeconds: seekTarget)
        }
        let decoder = try AudioDecoder(parameters: parameters, timeBase: demuxer.timeBase, path: location.path)
        let packet = try Packet()
        let frame = try AudioFrame()
        var resampler: AudioResampler?
        var position: Int?

        func emit(_ decoded: AudioFrame?) throws {
            try resampler?.convert(decoded) { left, right in
                sink(position!, left, right)
                position! += left.count
            }
        }
        func drainDecoder() throws -> Bool {
            while try decoder.receive(into: frame) {
                if let current = resampler, !current.accepts(frame) {
                    try emit(nil)
                    resampler = nil
                }
                if resampler == nil {
                    resampler = try AudioResampler(from: frame, path: location.path)
                }
                let stamped = outputPosition(of: frame, timeBase: demuxer.timeBase)
                if let emitted = position, let stamped {
                    // A hole in the stream (a phone dropping audio packets): skip ahead so what
                    // follows stays in sync with the picture; the hole stays silent.
                    let gap = stamped - (emitted + resampler!.pendingSamples)
                    if gap > Self.gapTolerance { position = emitted + gap }
                } else if position == nil {
                    position = stamped ?? 0
                }
                try emit(frame)
                if position! >= end { return false }
            }
            return true
        }

        while try demuxer.readAudioPacket(into: packet) {
            try decoder.send(packet)
            guard try drainDecoder() else { return }
        }
        try decoder.send(nil)
        guard try drainDecoder() else { return }
        try emit(nil)
    }

    /// Where a decoded frame starts on the 48 kHz output timeline, from its best-effort timestamp.
    private func outputPosition(of frame: AudioFrame, timeBase: AVRational) -> Int? {
        let timestamp = frame.pointer.pointee.best_effort_timestamp
        guard timestamp != dv_nopts_value() else { return nil }
        return Int(
            av_rescale_q_rnd(
                timestamp, timeBase, AVRational(num: 1, den: Int32(StereoSamples.sampleRate)), AV_ROUND_NEAR_INF
            ))
    }
}
