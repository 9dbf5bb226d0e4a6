internal import CFFmpeg
import Foundation

/// Encodes single pictures to baseline JPEG with libavcodec's `mjpeg` encoder (full-range `yuvj420p`).
public final class JPEGEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: Packet
    /// Picture width in pixels.
    public let width: Int
    /// Picture height in pixels.
    public let height: Int

    /// Opens the encoder for pictures of one size; `quality` is the quantiser scale, 2 (best) to 31.
    public init(width: Int, height: Int, quality: Int = 4) throws {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else {
            throw MediaError.codecUnavailable(name: "mjpeg")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        self.context = context
        self.width = width
        self.height = height
        packet = try Packet()
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        context.pointee.color_range = AVCOL_RANGE_JPEG
        context.pointee.time_base = AVRational(num: 1, den: 1)
        context.pointee.thread_count = 1
        context.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT)) | Int32(AV_CODEC_FLAG_QSCALE)
        context.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
        try check(avcodec_open2(context, codec, nil), "opening the mjpeg encoder")
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// A blank full-range frame of the encoder's size to draw into (colours from `RGBColor.bt601Full`).
    public func makeFrame() throws -> VideoFrame {
        try VideoFrame(width: width, height: height, format: AV_PIX_FMT_YUVJ420P)
    }

    /// Encodes `frame` and returns the JPEG file's bytes.
    public func encode(_ frame: VideoFrame) throws -> Data {
        frame.pointer.pointee.pts = 0
        frame.pointer.pointee.quality = context.pointee.global_quality
        try check(avcodec_send_frame(context, frame.pointer), "sending a picture to mjpeg")
        try check(avcodec_send_frame(context, nil), "flushing mjpeg")
        var bytes = Data()
        try receivePackets(from: context, into: packet, encoderName: "mjpeg") { bytes.append($0.data) }
        return bytes
    }
}
