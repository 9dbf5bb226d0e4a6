internal import CFFmpeg
import DVSignal
import Foundation

/// A picture as packed 8-bit RGB (`rgb24`), row by row with no padding, in plain Swift memory: what a PNG
/// holds, and what tests compare pixel by pixel.
package struct RGBPicture: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width × height × 3` bytes: red, green, blue for each pixel, top row first.
    package private(set) var bytes: [UInt8]

    /// A picture of one colour.
    package init(width: Int, height: Int, filledWith color: SRGBColour = .black) {
        self.width = max(0, width)
        self.height = max(0, height)
        bytes = [UInt8](repeating: 0, count: self.width * self.height * 3)
        for pixel in 0..<(self.width * self.height) {
            bytes[pixel * 3] = color.red
            bytes[pixel * 3 + 1] = color.green
            bytes[pixel * 3 + 2] = color.blue
        }
    }

    /// A picture from `width × height × 3` packed bytes; nil when the count does not match.
    package init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The colour at (`x`, `y`), which must lie inside the picture.
    package subscript(x: Int, y: Int) -> SRGBColour {
        get {
            let index = (y * width + x) * 3
            return SRGBColour(red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2])
        }
        set {
            let index = (y * width + x) * 3
            bytes[index] = newValue.red
            bytes[index + 1] = newValue.green
            bytes[index + 2] = newValue.blue
        }
    }

    /// Decodes the first picture of an image file (PNG, JPEG, …) through libavformat and libavcodec and
    /// converts it to RGB.
    ///
    /// - Throws: `MediaError` naming the file when it cannot be opened or holds no decodable picture.
    package static func read(from url: URL) throws -> RGBPicture {
        let container = try ContainerReader(.file(url.path))
        let stream = try container.bestVideoStream()
        let decoder = try ClipDecoder(container: container, stream: stream, threads: 1)
        let frame = try VideoFrame.makeEmpty()
        guard try decoder.decode(into: frame) else {
            throw MediaError.decode(
                path: url.path, stream: stream, operation: "decoding the picture", code: dv_averror_eof(), message: "no picture in the file")
        }
        let converter = try RGBConverter(
            width: frame.width, height: frame.height, format: AVPixelFormat(frame.pointer.pointee.format),
            encoding: YUVEncoding(ColourDescription(of: frame))
        )
        return try converter.convert(frame)
    }
}

extension RGBPicture {
    /// An 8-bit yuv420p frame drawn as the renderer draws (BT.709, limited range), as RGB.
    package init(canvas frame: VideoFrame) throws {
        self = try RGBConverter(width: frame.width, height: frame.height, format: AV_PIX_FMT_YUV420P, encoding: .bt709Limited).convert(frame)
    }
}
