internal import CFFmpeg

/// Encodes planar float audio to AAC through libavcodec's native encoder.
package final class AudioEncoder {
    /// Everything that decides the encoder's output bytes.
    package struct Settings: Sendable, Hashable, Codable {
        package var sampleRate: Int
        package var layout: ChannelLayout
        /// Bits per second, e.g. 160_000.
        package var bitrate: Int
        /// Codec headers out of band, as MP4 wants them.
        package var globalHeader: Bool
        /// FFmpeg's `fast` AAC coder instead of `twoloop`: several times quicker, a little worse
        /// (for generated test tones, not for renders).
        package var fastCoder: Bool

        package init(
            sampleRate: Int = 48_000, layout: ChannelLayout = .stereo, bitrate: Int = 160_000, globalHeader: Bool = true,
            fastCoder: Bool = false
        ) {
            self.sampleRate = sampleRate
            self.layout = layout
            self.bitrate = bitrate
            self.globalHeader = globalHeader
            self.fastCoder = fastCoder
        }
    }

    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: Packet
    /// The settings the encoder was opened with.
    package let settings: Settings

    /// Opens the AAC encoder.
    package init(settings: Settings) throws {
        self.settings = settings
        guard let codec = avcodec_find_encoder_by_name("aac") else {
            throw MediaError.codecUnavailable(name: "aac")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        self.context = context
        packet = try Packet()
        context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        context.pointee.sample_rate = Int32(settings.sampleRate)
        context.pointee.ch_layout = settings.layout.ffmpegLayout
        context.pointee.bit_rate = Int64(settings.bitrate)
        context.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
        context.pointee.thread_count = 1
        context.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT))
        if settings.globalHeader {
            context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if settings.fastCoder {
            av_dict_set(&options, "aac_coder", "fast", 0)
        }
        try check(avcodec_open2(context, codec, &options), "opening the aac encoder")
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Samples per channel the encoder takes in each frame (1024 for AAC).
    package var frameSize: Int { Int(context.pointee.frame_size) }

    /// Sends one frame with its presentation time in samples, and hands every packet out to `output`.
    package func encode(_ frame: AudioFrame, pts: Int64, output: (Packet) throws -> Void) throws {
        frame.pointer.pointee.pts = pts
        try check(avcodec_send_frame(context, frame.pointer), "sending audio to aac")
        try drain(output)
    }

    /// Ends the stream and hands the remaining packets to `output`.
    package func flush(output: (Packet) throws -> Void) throws {
        try check(avcodec_send_frame(context, nil), "flushing aac")
        try drain(output)
    }

    private func drain(_ output: (Packet) throws -> Void) throws {
        try receivePackets(from: context, into: packet, encoderName: "aac", output: output)
    }
}
