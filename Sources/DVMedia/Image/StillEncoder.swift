internal import CFFmpeg
import Foundation

/// An opened libavcodec encoder for single pictures of one size and pixel format, owning its codec context:
/// what `JPEGEncoder` and `PNGEncoder` are built on. One thread, bit-exact, time base 1/1.
final class StillEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: Packet
    /// The encoder's FFmpeg name, for error messages.
    let name: String

    /// Finds the encoder for `codec`, sets it up for `width`×`height` pictures in `pixelFormat`, lets
    /// `configure` set what is particular to the format, and opens it.
    init(
        codec id: AVCodecID, name: String, width: Int, height: Int, pixelFormat: AVPixelFormat,
        configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void
    ) throws {
        guard width > 0, height > 0 else {
            throw MediaError.invalidSize(width: width, height: height, reason: "a picture needs a positive size")
        }
        let packet = try Packet()
        guard let codec = avcodec_find_encoder(id) else {
            throw MediaError.codecUnavailable(name: name)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        self.context = context
        self.packet = packet
        self.name = name
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: 1, den: 1)
        context.pointee.thread_count = 1
        context.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT))
        try configure(context)
        try check(avcodec_open2(context, codec, nil), "opening the \(name) encoder")
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Encodes `frame` and returns the file's bytes. An encoder that holds the picture back is flushed, and
    /// then takes no more pictures.
    func encode(_ frame: VideoFrame) throws -> Data {
        frame.pointer.pointee.pts = 0
        try check(avcodec_send_frame(context, frame.pointer), "sending a picture to \(name)")
        var bytes = Data()
        try receivePackets(from: context, into: packet, encoderName: name) { bytes.append($0.data) }
        if bytes.isEmpty {
            try check(avcodec_send_frame(context, nil), "flushing \(name)")
            try receivePackets(from: context, into: packet, encoderName: name) { bytes.append($0.data) }
        }
        guard !bytes.isEmpty else {
            throw MediaError.ffmpeg(
                operation: "encoding a picture with \(name)", code: dv_averror_eof(), message: "the encoder gave no picture", path: nil)
        }
        return bytes
    }
}
