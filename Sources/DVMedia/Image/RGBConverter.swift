internal import CFFmpeg

/// One libswscale context turning pictures of one size and pixel format into `RGBPicture`s of the same size.
///
/// YUV sources are read in their own encoding (matrix and range, as `YUVEncoding` tells) and written as full-range RGB, with
/// chroma interpolated to every pixel; `SWS_ACCURATE_RND | SWS_BITEXACT` make the result the same on any CPU.
final class RGBConverter {
    private let context: OpaquePointer
    private let width: Int
    private let height: Int
    private let format: AVPixelFormat

    init(width: Int, height: Int, format: AVPixelFormat, encoding: YUVEncoding) throws {
        guard width > 0, height > 0,
            let context = sws_getContext(
                Int32(width), Int32(height), format, Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                SWS_BILINEAR | SWS_FULL_CHR_H_INT | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil
            )
        else {
            throw MediaError.invalidSize(width: width, height: height, reason: "libswscale cannot convert this picture format to rgb24")
        }
        self.context = context
        self.width = width
        self.height = height
        self.format = format
        sws_setColorspaceDetails(
            context, encoding.coefficients, encoding.fullRange ? 1 : 0, YUVEncoding.bt709Limited.coefficients, 1, 0, 1 << 16, 1 << 16)
    }

    deinit {
        sws_freeContext(context)
    }

    /// `frame` (of the converter's size and format) as packed RGB.
    func convert(_ frame: VideoFrame) throws -> RGBPicture {
        guard frame.width == width, frame.height == height, frame.pointer.pointee.format == format.rawValue else {
            throw MediaError.invalidSize(
                width: frame.width, height: frame.height, reason: "not the \(width)x\(height) picture the converter was made for")
        }
        let target = try VideoFrame.packed(width: width, height: height, format: AV_PIX_FMT_RGB24)
        try check(sws_scale_frame(context, target.pointer, frame.pointer), "converting a picture to rgb24")
        let rowBytes = width * 3
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        let source = target.plane(0)
        let stride = target.stride(0)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<height {
                (buffer.baseAddress! + row * rowBytes).update(from: source + row * stride, count: rowBytes)
            }
        }
        guard let picture = RGBPicture(width: width, height: height, bytes: bytes) else {
            throw MediaError.invalidSize(width: width, height: height, reason: "the converted picture has the wrong size")
        }
        return picture
    }
}
