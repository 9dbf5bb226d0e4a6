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

    /// Encodes a canvas frame of the encoder's size (8-bit yuv420p, BT.709 limited range, as the renderer draws)
    /// and returns the JPEG file's bytes: its colours converted to JFIF's BT.601 full range on the way, pixel
    /// for pixel.
    package func encode(canvas frame: VideoFrame) throws -> Data {
        guard frame.width == width, frame.height == height, frame.canvasFormat == .sdr8 else {
            throw MediaError.invalidSize(width: frame.width, height: frame.height, reason: "a JPEG is made of an 8-bit canvas frame of its size")
        }
        guard
            let context = sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_YUV420P, Int32(width), Int32(height), AV_PIX_FMT_YUVJ420P,
                SWS_POINT | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil)
        else {
            throw MediaError.invalidSize(width: width, height: height, reason: "libswscale cannot convert a canvas frame to yuvj420p")
        }
        defer { sws_freeContext(context) }
        let converted = try makeFrame()
        guard
            sws_setColorspaceDetails(
                context, YUVEncoding.bt709Limited.coefficients, 0, sws_getCoefficients(SWS_CS_ITU601), 1, 0, 1 << 16, 1 << 16) >= 0,
            sws_scale_frame(context, converted.pointer, frame.pointer) >= 0
        else {
            throw MediaError.invalidSize(width: width, height: height, reason: "libswscale cannot convert a canvas frame to JFIF's colours")
        }
        return try encode(converted)
    }
}
