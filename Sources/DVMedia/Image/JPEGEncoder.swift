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

    /// Encodes `frame`, a limited-range yuv420p picture of the encoder's size (a `ClipThumbnailer`'s), as a
    /// full-range JPEG: each plane's codes stretched from 16–235 (16–240 for chroma) to 0–255.
    package func encode(limitedRange frame: VideoFrame) throws -> Data {
        let full = try makeFrame()
        for plane in 0..<3 {
            let (rows, columns) = plane == 0 ? (height, width) : ((height + 1) / 2, (width + 1) / 2)
            let (floor, span) = plane == 0 ? (16, 219) : (16, 224)
            let (source, target) = (frame.plane(plane), full.plane(plane))
            let (sourceStride, targetStride) = (frame.stride(plane), full.stride(plane))
            for row in 0..<rows {
                for column in 0..<columns {
                    let code = Int(source[row * sourceStride + column]) - floor
                    target[row * targetStride + column] = UInt8(clamping: (code * 255 + span / 2) / span)
                }
            }
        }
        return try encode(full)
    }
}
