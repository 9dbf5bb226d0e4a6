internal import CFFmpeg

/// A libavcodec audio decoder for one stream, owning its `AVCodecContext`.
final class AudioDecoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let path: String

    init(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, path: String) throws {
        self.path = path
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError.codecUnavailable(name: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        self.context = context
        try check(avcodec_parameters_to_context(context, parameters), "copying the audio parameters", path: path)
        context.pointee.pkt_timebase = timeBase
        context.pointee.thread_count = 1
        try check(avcodec_open2(context, codec, nil), "opening the audio decoder", path: path)
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Sends one packet, or nil to drain the decoder at the end of the stream.
    /// Corrupt packets are skipped: a damaged frame of phone audio should not fail a whole reel.
    func send(_ packet: Packet?) throws {
        let status = avcodec_send_packet(context, packet?.pointer)
        if status == dv_averror_invaliddata() || status == dv_averror_eof() { return }
        try check(status, "sending audio to the decoder", path: path)
    }

    /// Receives the next decoded frame into `frame`; false when the decoder needs more input or is drained.
    func receive(into frame: AudioFrame) throws -> Bool {
        av_frame_unref(frame.pointer)
        let status = avcodec_receive_frame(context, frame.pointer)
        if status == dv_averror_eagain() || status == dv_averror_eof() { return false }
        try check(status, "decoding audio", path: path)
        return true
    }
}
