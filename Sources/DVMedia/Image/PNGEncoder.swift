internal import CFFmpeg
import DVFiles
import Foundation

/// Encodes `RGBPicture`s to PNG files with libavcodec's `png` encoder (`rgb24`, Paeth prediction, marked
/// sRGB). One encoder serves any number of pictures of its size, one at a time.
package final class PNGEncoder {
    private let encoder: StillEncoder
    /// Picture width in pixels.
    package let width: Int
    /// Picture height in pixels.
    package let height: Int

    /// Opens the encoder for pictures of one size.
    package init(width: Int, height: Int) throws {
        encoder = try StillEncoder(codec: AV_CODEC_ID_PNG, name: "png", width: width, height: height, pixelFormat: AV_PIX_FMT_RGB24) { context in
            // BT.709 primaries with the sRGB curve: the encoder then writes an sRGB chunk.
            context.pointee.color_primaries = AVCOL_PRI_BT709
            context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
            try check(av_opt_set(context.pointee.priv_data, "pred", "paeth", 0), "setting the png prediction")
        }
        self.width = width
        self.height = height
    }

    /// Encodes `picture`, which must be of the encoder's size, and returns the PNG file's bytes.
    package func encode(_ picture: RGBPicture) throws -> Data {
        guard picture.width == width, picture.height == height else {
            throw MediaError.invalidSize(width: picture.width, height: picture.height, reason: "the encoder was opened for \(width)x\(height)")
        }
        let frame = try VideoFrame.packed(width: width, height: height, format: AV_PIX_FMT_RGB24)
        let rowBytes = width * 3
        let target = frame.plane(0)
        let stride = frame.stride(0)
        picture.bytes.withUnsafeBufferPointer { source in
            for row in 0..<height {
                (target + row * stride).update(from: source.baseAddress! + row * rowBytes, count: rowBytes)
            }
        }
        return try encoder.encode(frame)
    }

    /// Encodes `picture` and writes it to `url` atomically: a temporary file beside it, flushed to disk, then
    /// renamed over `url`, so `url` is never half a PNG.
    ///
    /// - Throws: `MediaError.io` naming `url` when the file cannot be written.
    package func write(_ picture: RGBPicture, to url: URL) throws {
        let data = try encode(picture)
        do {
            try FileSync.writeAtomically(data, to: url)
        } catch let error as FileError {
            throw MediaError.io(path: error.path, reason: error.reason)
        } catch {
            throw MediaError.io(path: url.path, reason: "cannot write the file: \(error.localizedDescription)")
        }
    }
}
