internal import CFFmpeg
import DVSignal

/// Converts decoded audio of any layout, format and rate to 48 kHz stereo planar float with
/// libswresample, owning the `SwrContext`.
///
/// The channel matrix is libswresample's own, built from the two layouts: 5.1 folds down ITU style
/// (L' = L + 0.707·C + 0.707·Ls, LFE dropped; float output is not renormalised, the loudness stage
/// takes care of level). Mono is the one exception: libswresample would put it at −3 dB in each
/// channel, while players send a mono track to both speakers at full level, so mono is copied to
/// both channels at unity gain.
final class AudioResampler {
    private var context: OpaquePointer?
    private let path: String
    private let inputFormat: Int32
    private let inputRate: Int32
    private let inputChannels: Int32
    private var left: [Float] = []
    private var right: [Float] = []

    init(from frame: AudioFrame, path: String) throws {
        self.path = path
        inputFormat = frame.pointer.pointee.format
        inputRate = frame.pointer.pointee.sample_rate
        inputChannels = frame.pointer.pointee.ch_layout.nb_channels
        var input = frame.pointer.pointee.ch_layout
        var defaulted = AVChannelLayout()
        if input.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&defaulted, input.nb_channels)
            input = defaulted
        }
        var output = ChannelLayout.stereo.ffmpegLayout
        try check(
            swr_alloc_set_opts2(
                &context, &output, AV_SAMPLE_FMT_FLTP, Int32(StereoSamples.sampleRate),
                &input, AVSampleFormat(frame.pointer.pointee.format), frame.pointer.pointee.sample_rate, 0, nil
            ),
            "preparing the audio resampler", path: path
        )
        if input.nb_channels == 1 {
            var matrix: [Double] = [1, 1]
            try check(swr_set_matrix(context, &matrix, 1), "setting the mono to stereo matrix", path: path)
        }
        try check(swr_init(context), "starting the audio resampler", path: path)
    }

    deinit {
        swr_free(&context)
    }

    /// False when `frame` has another format, rate or channel count than the resampler was made for
    /// (a stream that changes mid-way), so the caller must flush this one and make another.
    func accepts(_ frame: AudioFrame) -> Bool {
        frame.pointer.pointee.format == inputFormat && frame.pointer.pointee.sample_rate == inputRate
            && frame.pointer.pointee.ch_layout.nb_channels == inputChannels
    }

    /// Output samples the resampler still holds (its filter's look-ahead), not yet converted.
    var pendingSamples: Int {
        Int(swr_get_delay(context, Int64(StereoSamples.sampleRate)))
    }

    /// Converts `frame` (or, with nil, flushes what the resampler still holds) and hands the
    /// converted left and right samples to `output`; the buffers are only valid during the call.
    func convert(_ frame: AudioFrame?, output: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Void) throws {
        let capacity = Int(swr_get_out_samples(context, Int32(frame?.sampleCount ?? 0))) + 16
        if left.count < capacity {
            left = [Float](repeating: 0, count: capacity)
            right = [Float](repeating: 0, count: capacity)
        }
        try left.withUnsafeMutableBufferPointer { leftBuffer in
            try right.withUnsafeMutableBufferPointer { rightBuffer in
                var planes: [UnsafeMutablePointer<UInt8>?] = [
                    UnsafeMutableRawPointer(leftBuffer.baseAddress!).assumingMemoryBound(to: UInt8.self),
                    UnsafeMutableRawPointer(rightBuffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
                ]
                let converted = Int(
                    try check(
                        dv_swr_convert_frame_planes(context, &planes, Int32(capacity), frame?.pointer),
                        "resampling audio", path: path
                    ))
                output(
                    UnsafeBufferPointer(rebasing: leftBuffer[0..<converted]),
                    UnsafeBufferPointer(rebasing: rightBuffer[0..<converted])
                )
            }
        }
    }
}
