internal import CFFmpeg
import Foundation

/// Encodes single pictures to baseline JPEG with libavcodec's `mjpeg` encoder (full-range `yuvj420p`).
package final class JPEGEncoder {
    private let encoder: StillEncoder
    /// Picture width in pixels.
    package let width: Int
    /// Picture height in pixels.
    package let height: Int

    /// Opens the encoder for pictures of one size; `quality` is the quantiser scale, 2 (best) to 31.
    package init(width: Int, height: Int, quality: Int = 4) throws {
        encoder = try StillEncoder(codec: AV_CODEC_ID_MJPEG, name: "mjpeg", width: width, height: height, pixelFormat: AV_PIX_FMT_YUVJ420P) {
            context in
            context.pointee.color_range = AVCOL_RANGE_JPEG
            context.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
            context.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
        }
        self.width = width
        self.height = height
    }

    /// A blank full-range frame of the encoder's size to draw into (colours from `SRGBColour.bt601Full`).
    package func makeFrame() throws -> VideoFrame {
        try VideoFrame(width: width, height: height, format: AV_PIX_FMT_YUVJ420P)
    }

    /// Encodes `frame` and returns the JPEG file's bytes.
    package func encode(_ frame: VideoFrame) throws -> Data {
        frame.pointer.pointee.quality = encoder.context.pointee.global_quality
        return try encoder.encode(frame)
    }
}
