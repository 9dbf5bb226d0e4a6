internal import CFFmpeg
import DVSignal
import Foundation

/// A PNG or JPEG decoded through libavcodec, scaled to a width, brought into sRGB from the colour space it
/// declares (`PictureColour.declared`: an ICC profile such as an iPhone's Display P3, PNG's `cICP`, `cHRM`
/// and `gAMA`) and turned into the canvas's codes with its alpha, ready to blend into canvas frames: 8-bit
/// BT.709 limited range for an SDR reel, 10-bit HLG at BT.2408's reference white for an HLG one.
package struct OverlayPicture: Sendable {
    package let width: Int
    package let height: Int
    /// The canvas format whose codes the picture holds.
    let format: CanvasFormat
    /// Per pixel, top row first: luma, the two colour differences and coverage (255 = opaque).
    let luma: [UInt16]
    let blueDifference: [UInt16]
    let redDifference: [UInt16]
    let alpha: [UInt8]

    /// Decodes the picture at `path` and scales it to `width` pixels wide, its height following the
    /// picture's aspect ratio. A missing or undecodable file is a `MediaError` naming it.
    package init(path: String, width: Int, format: CanvasFormat = .sdr8) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MediaError.io(path: path, reason: "the overlay picture does not exist")
        }
        let container = try ContainerReader(.file(path))
        let decoder = try ClipDecoder(container: container, stream: try container.bestVideoStream(), threads: 1)
        let picture = try VideoFrame.makeEmpty()
        guard try decoder.decode(into: picture) else {
            throw MediaError.io(path: path, reason: "the file holds no picture")
        }
        let target = (width: max(1, width), height: max(1, (width * picture.height + picture.width / 2) / max(1, picture.width)))
        var rgba = try RGBAConverter(picture: picture, width: target.width, height: target.height, path: path).convert(picture)
        PictureColour.declared(by: picture, path: path)?.convert(rgba: &rgba)
        self.init(rgba: rgba, width: target.width, height: target.height, format: format)
    }

    /// A picture of `width × height` sRGB pixels with straight alpha (`rgba`, four bytes a pixel, top row
    /// first): colour glyphs, say.
    package init(rgba: [UInt8], width: Int, height: Int, format: CanvasFormat = .sdr8) {
        precondition(rgba.count == width * height * 4, "four bytes a pixel")
        self.width = width
        self.height = height
        self.format = format
        var luma = [UInt16](repeating: 0, count: width * height)
        var blue = luma
        var red = luma
        var alpha = [UInt8](repeating: 0, count: width * height)
        // An HLG code costs a conversion: each distinct colour is converted once.
        var converted: [UInt32: SIMD3<UInt16>] = [:]
        for index in 0..<width * height {
            let colour = SRGBColour(red: rgba[index * 4], green: rgba[index * 4 + 1], blue: rgba[index * 4 + 2])
            let key = UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue)
            let codes = converted[key] ?? colour.codes(on: format)
            converted[key] = codes
            luma[index] = codes.x
            blue[index] = codes.y
            red[index] = codes.z
            alpha[index] = rgba[index * 4 + 3]
        }
        self.luma = luma
        blueDifference = blue
        redDifference = red
        self.alpha = alpha
    }
}

/// One libswscale context that scales a decoded picture into packed 8-bit RGBA, freed with the value.
private final class RGBAConverter {
    private let context: OpaquePointer
    private let width: Int
    private let height: Int

    init(picture: VideoFrame, width: Int, height: Int, path: String) throws {
        guard
            let context = sws_getContext(
                Int32(picture.width), Int32(picture.height), AVPixelFormat(picture.pointer.pointee.format), Int32(width), Int32(height),
                AV_PIX_FMT_RGBA, SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil
            )
        else {
            throw MediaError.invalidSize(width: picture.width, height: picture.height, reason: "libswscale cannot convert \(path) to RGBA")
        }
        self.context = context
        self.width = width
        self.height = height
    }

    deinit {
        sws_freeContext(context)
    }

    /// The picture as `width × height` RGBA pixels, rows packed.
    func convert(_ picture: VideoFrame) throws -> [UInt8] {
        // Rows padded to 64 bytes and one spare row, room for libswscale's vector stores.
        let stride = (width * 4 + 63) / 64 * 64
        var buffer = [UInt8](repeating: 0, count: stride * (height + 1))
        try buffer.withUnsafeMutableBufferPointer { target in
            var planes: [UnsafeMutablePointer<UInt8>?] = [target.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(stride), 0, 0, 0]
            let rows = sws_scale(
                context, dv_frame_planes(picture.pointer).map { UnsafeRawPointer($0).assumingMemoryBound(to: UnsafePointer<UInt8>?.self) },
                dv_frame_linesizes(picture.pointer), 0, Int32(picture.height), &planes, &strides
            )
            _ = try check(rows, "scaling an overlay picture")
        }
        return (0..<height).flatMap { row in buffer[row * stride..<row * stride + width * 4] }
    }
}

extension VideoFrame {
    /// Blends `picture` with its top-left corner at (`x`, `y`), each pixel by its alpha times `opacity`:
    /// luma per pixel, chroma per 2×2 block with the block's mean alpha and alpha-weighted colour.
    /// Parts outside the frame are clipped. The frame must be a canvas frame of the picture's depth (8-bit
    /// 4:2:0 for a picture made for SDR, 10-bit for HLG).
    package func blend(_ picture: OverlayPicture, x: Int, y: Int, opacity: Double = 1) {
        precondition(canvasFormat == picture.format, "pictures are blended into canvas frames of their own format")
        switch picture.format {
        case .sdr8: blend(picture, x: x, y: y, opacity: opacity, as: UInt8.self)
        case .hlg10: blend(picture, x: x, y: y, opacity: opacity, as: UInt16.self)
        }
    }

    private func blend<Sample: CanvasSample>(_ picture: OverlayPicture, x: Int, y: Int, opacity: Double, as: Sample.Type) {
        let scale = Int((max(0, min(1, opacity)) * 256).rounded())
        let columns = max(0, x)..<min(width, x + picture.width)
        let rows = max(0, y)..<min(height, y + picture.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        for row in rows {
            let line = samples(0, row: row, as: Sample.self)
            for column in columns {
                let index = (row - y) * picture.width + column - x
                line[column] = Sample(
                    clamping: Self.mix(Int(line[column]), Int(picture.luma[index]), weight: Int(picture.alpha[index]) * scale / 256, of: 255))
            }
        }
        for row in rows.lowerBound / 2..<(rows.upperBound + 1) / 2 {
            let blueLine = samples(1, row: row, as: Sample.self)
            let redLine = samples(2, row: row, as: Sample.self)
            for column in columns.lowerBound / 2..<(columns.upperBound + 1) / 2 {
                var weight = 0
                var blue = 0
                var red = 0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let px = column * 2 + dx - x
                    let py = row * 2 + dy - y
                    guard px >= 0, py >= 0, px < picture.width, py < picture.height else { continue }
                    let index = py * picture.width + px
                    let alpha = Int(picture.alpha[index])
                    weight += alpha
                    blue += alpha * Int(picture.blueDifference[index])
                    red += alpha * Int(picture.redDifference[index])
                }
                guard weight > 0 else { continue }
                let coverage = weight / 4 * scale / 256
                blueLine[column] = Sample(clamping: Self.mix(Int(blueLine[column]), (blue + weight / 2) / weight, weight: coverage, of: 255))
                redLine[column] = Sample(clamping: Self.mix(Int(redLine[column]), (red + weight / 2) / weight, weight: coverage, of: 255))
            }
        }
    }

}
