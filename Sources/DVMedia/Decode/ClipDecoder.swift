internal import CFFmpeg

/// A libavcodec decoder for one stream of a `ContainerReader`, owning its `AVCodecContext`.
/// It pulls packets from the file itself, so the caller only asks for the next picture.
final class ClipDecoder {
    private let container: ContainerReader
    private let streamIndex: Int
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: Packet
    private var inputEnded = false

    /// Opens a decoder for `stream` of `container` with a fixed number of threads. A `rough` decoder skips
    /// the pictures no other picture refers to and the in-loop deblocking filter: pictures that are still
    /// the same on every machine, for judging a clip rather than showing it, at about half the cost.
    init(container: ContainerReader, stream: Int, threads: Int, rough: Bool = false) throws {
        self.container = container
        streamIndex = stream
        let parameters = container.stream(stream).pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let name = avcodec_get_name(parameters.pointee.codec_id).map { String(cString: $0) } ?? "unknown"
            throw MediaError.codecUnavailable(name: name)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: container.path)
        }
        self.context = context
        packet = try Packet()
        try check(avcodec_parameters_to_context(context, parameters), "copying codec parameters")
        context.pointee.pkt_timebase = container.stream(stream).pointee.time_base
        context.pointee.thread_count = Int32(max(1, threads))
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        if rough {
            context.pointee.skip_frame = AVDISCARD_NONREF
            context.pointee.skip_loop_filter = AVDISCARD_ALL
        }
        try check(avcodec_open2(context, codec, nil), "opening the decoder")
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Decodes the next picture into `frame`; false when the stream has no more pictures.
    func decode(into frame: VideoFrame) throws -> Bool {
        while true {
            let status = avcodec_receive_frame(context, frame.pointer)
            if status == 0 { return true }
            if status == dv_averror_eof() { return false }
            guard status == dv_averror_eagain() else {
                try check(status, "decoding a picture")
                continue
            }
            try sendNextPacket()
        }
    }

    /// Reads packets until one of this stream's, and sends it; at the end of the file, starts the flush.
    private func sendNextPacket() throws {
        guard !inputEnded else {
            throw MediaError.decode(
                path: container.path, stream: streamIndex, operation: "draining the decoder", code: dv_averror_eof(), message: "the decoder stalled")
        }
        while try container.read(into: packet) {
            defer { packet.reset() }
            if packet.pointer.pointee.stream_index == Int32(streamIndex) {
                try check(avcodec_send_packet(context, packet.pointer), "sending a packet to the decoder")
                return
            }
        }
        inputEnded = true
        try check(avcodec_send_packet(context, nil), "flushing the decoder")
    }

    /// Turns a negative code into `MediaError.decode`, naming the file and stream.
    private func check(_ code: Int32, _ operation: String) throws {
        if code < 0 {
            throw MediaError.decode(path: container.path, stream: streamIndex, operation: operation, code: code, message: ffmpegErrorMessage(code))
        }
    }
}
