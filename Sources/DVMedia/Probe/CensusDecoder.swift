internal import CFFmpeg

/// A libavcodec decoder for one stream, used to count what a file really holds. Owns its codec
/// context and the frame it decodes into.
final class CensusDecoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let path: String

    init(parameters: StreamParameters, path: String) throws {
        self.path = path
        guard let codec = avcodec_find_decoder(parameters.pointer.pointee.codec_id) else {
            throw MediaError.codecUnavailable(name: String(cString: avcodec_get_name(parameters.pointer.pointee.codec_id)))
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        self.context = context
        guard let frame = av_frame_alloc() else {
            var context: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&context)
            throw MediaError.ffmpeg(operation: "av_frame_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        self.frame = frame
        try check(avcodec_parameters_to_context(context, parameters.pointer), "copying codec parameters", path: path)
        context.pointee.pkt_timebase = parameters.timeBase
        context.pointee.thread_count = 1
        try check(avcodec_open2(context, codec, nil), "opening the decoder", path: path)
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Sends `packet` (nil to drain) and calls `output` with each decoded frame's best-effort
    /// timestamp, duration, width, height and sample count.
    func decode(_ packet: Packet?, output: (FrameCensus.Frame) -> Void) throws {
        try check(avcodec_send_packet(context, packet?.pointer), "decoding a packet", path: path)
        while true {
            let status = avcodec_receive_frame(context, frame)
            if status == dv_averror_eagain() || status == dv_averror_eof() { return }
            try check(status, "receiving a decoded frame", path: path)
            output(FrameCensus.Frame(
                timestamp: frame.pointee.best_effort_timestamp, duration: frame.pointee.pkt_duration,
                width: Int(frame.pointee.width), height: Int(frame.pointee.height), samples: Int(frame.pointee.nb_samples)
            ))
            av_frame_unref(frame)
        }
    }
}
