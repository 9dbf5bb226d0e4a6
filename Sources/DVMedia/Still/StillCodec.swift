internal import CFFmpeg

/// A libavcodec decoder for single pictures handed to it as whole packets (a JPEG file, a HEVC tile), owning its
/// `AVCodecContext`. Each picture is decoded on its own: the decoder is drained and reset after each.
final class StillCodec {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let path: String

    /// A decoder of `codec`, its extradata `extradata` (a HEVC tile's `hvcC`), decoding at 1/2^`lowres` of the
    /// size where the codec can (JPEG's DCT scaling), refusing pictures larger than `StillDecoder.maximumPixels`.
    init(_ codec: AVCodecID, extradata: [UInt8] = [], lowres: Int = 0, path: String) throws {
        self.path = path
        guard let decoder = avcodec_find_decoder(codec) else {
            throw MediaError.codecUnavailable(name: avcodec_get_name(codec).map { String(cString: $0) } ?? "unknown")
        }
        guard let context = avcodec_alloc_context3(decoder) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        self.context = context
        if !extradata.isEmpty {
            guard let buffer = av_mallocz(extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else {
                throw MediaError.ffmpeg(operation: "av_mallocz", code: dv_averror(ENOMEM), message: "out of memory", path: path)
            }
            buffer.copyMemory(from: extradata, byteCount: extradata.count)
            context.pointee.extradata = buffer.assumingMemoryBound(to: UInt8.self)
            context.pointee.extradata_size = Int32(extradata.count)
        }
        context.pointee.lowres = Int32(min(lowres, Int(decoder.pointee.max_lowres)))
        context.pointee.max_pixels = Int64(StillDecoder.maximumPixels)
        context.pointee.thread_count = 1
        try check(avcodec_open2(context, decoder, nil), "opening the picture decoder", path: path)
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// The picture coded in `bytes`.
    func decode(_ bytes: [UInt8]) throws -> VideoFrame {
        let packet = try Packet()
        try check(av_new_packet(packet.pointer, Int32(bytes.count)), "allocating a packet", path: path)
        bytes.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
        defer { avcodec_flush_buffers(context) }
        try check(avcodec_send_packet(context, packet.pointer), "decoding a picture", path: path)
        try check(avcodec_send_packet(context, nil), "decoding a picture", path: path)
        let frame = try VideoFrame.makeEmpty()
        let status = avcodec_receive_frame(context, frame.pointer)
        guard status != dv_averror_eof(), status != dv_averror_eagain() else {
            throw MediaError.unreadableStill(path: path, reason: "the decoder gave no picture for \(bytes.count) bytes")
        }
        try check(status, "decoding a picture", path: path)
        guard frame.width > 0, frame.height > 0 else { throw MediaError.unreadableStill(path: path, reason: "the decoder gave an empty picture") }
        return frame
    }
}

/// One libswscale context scaling pictures of one size and format into another size and format (a HEVC tile to
/// its place in a reduced grid, a picture to packed RGBA), reading YUV by its frame's matrix and range when the
/// target is RGB. Freed with the value.
final class PictureResampler {
    let sourceWidth: Int
    let sourceHeight: Int
    private let width: Int
    private let height: Int
    private let format: AVPixelFormat
    private let context: OpaquePointer

    init(from frame: VideoFrame, width: Int, height: Int, format: AVPixelFormat) throws {
        (sourceWidth, sourceHeight, self.width, self.height, self.format) = (frame.width, frame.height, width, height, format)
        let sourceFormat = AVPixelFormat(frame.pointer.pointee.format)
        guard
            let context = sws_getContext(
                Int32(frame.width), Int32(frame.height), sourceFormat, Int32(width), Int32(height), format,
                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil)
        else {
            throw MediaError.invalidSize(width: frame.width, height: frame.height, reason: "libswscale cannot scale this picture")
        }
        self.context = context
        if av_pix_fmt_desc_get(format).map({ $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 }) == true {
            let matrix: AVColorSpace =
                switch frame.pointer.pointee.colorspace {
                case AVCOL_SPC_BT709: AVCOL_SPC_BT709
                case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: AVCOL_SPC_BT2020_NCL
                default: AVCOL_SPC_SMPTE170M
                }
            let fullRange = frame.pointer.pointee.color_range == AVCOL_RANGE_JPEG || YUVEncoding.fullRangeFormats.contains(sourceFormat)
            let coefficients = sws_getCoefficients(Int32(matrix.rawValue))
            sws_setColorspaceDetails(context, coefficients, fullRange ? 1 : 0, coefficients, 1, 0, 1 << 16, 1 << 16)
        }
    }

    deinit {
        sws_freeContext(context)
    }

    /// `frame` (of the source size and format) scaled into a new frame.
    func scale(_ frame: VideoFrame) throws -> VideoFrame {
        let target = try VideoFrame(width: width, height: height, format: format, rowPadding: 64)
        _ = try check(
            sws_scale(
                context, dv_frame_planes(frame.pointer).map { UnsafeRawPointer($0).assumingMemoryBound(to: UnsafePointer<UInt8>?.self) },
                dv_frame_linesizes(frame.pointer), 0, Int32(frame.height), dv_frame_planes(target.pointer), dv_frame_linesizes(target.pointer)),
            "scaling a picture")
        return target
    }
}
