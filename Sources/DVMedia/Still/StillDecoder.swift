internal import CFFmpeg
import DVMetadata
import DVSignal
import Foundation

/// Decodes a photo into a `StillPicture`: JPEG with libavcodec's `mjpeg` (at 1/2, 1/4 or 1/8 of its size by DCT
/// scaling when that still covers what is needed), HEIC/HEIF by its boxes (`HEIFImage`) with each HEVC tile
/// decoded by libavcodec and laid into the grid (scaled tile by tile when the photo is much larger than needed),
/// PNG and WebP as FFmpeg reads them. The picture is turned upright once (HEIF's `irot`/`imir`, else EXIF
/// Orientation) and brought into the canvas's colour by the path clips and overlay pictures take: an ICC
/// profile through `PictureColour`, code points (`nclx`, a codec's own) through `CanvasNormalizer`'s `ColourPath`.
package enum StillDecoder {
    /// The most pixels a photo may claim (a 200 MP phone photo is 16,320 × 12,240).
    static let maximumPixels = 256_000_000
    /// The longest still read whole into memory (a JPEG; a HEIC is read tile by tile).
    static let maximumBytes = 512 << 20

    /// Decodes the primary picture of the still at `location` (JPEG, HEIC/HEIF, PNG, WebP), upright, converted
    /// into `format`'s colour (its ICC profile or nclx; toneMap and look as CanvasNormalizer applies them to a
    /// clip), and scaled (never up) to the smallest size that covers `covering` (width ≥ covering.width AND
    /// height ≥ covering.height, keeping the aspect ratio; the full size if the photo is smaller).
    package static func decode(
        _ location: MediaLocation, covering: (width: Int, height: Int), format: CanvasFormat, toneMap: Bool, look: ColourCube?
    ) throws(MediaError) -> StillPicture {
        do {
            let decoded = try decodePicture(location, covering: covering)
            return try finish(decoded, covering: covering, format: format, toneMap: toneMap, look: look, path: location.path)
        } catch let error as MediaError {
            throw error
        } catch {
            throw .unreadableStill(path: location.path, reason: "\(error)")
        }
    }

    /// A decoded picture before it is turned upright and brought into the canvas's colour.
    struct Decoded {
        /// The picture, possibly reduced, cropped to what is shown.
        var frame: VideoFrame
        /// How it is turned upright: a rotation, then a mirror of the upright picture left to right.
        var rotation: FrameRotation
        var mirrored: Bool
        /// The colour its ICC profile declares, when it has one that is not sRGB.
        var colour: PictureColour?
        /// The full upright size.
        var fullWidth: Int
        var fullHeight: Int
    }

    /// The kinds of still told apart by their first bytes.
    private enum Kind {
        case jpeg, png, webp, isoMedia, jpegXL, unknown

        init(_ head: [UInt8]) {
            func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
                head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
            }
            if starts([0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if starts([0x89, 0x50, 0x4E, 0x47]) {
                self = .png
            } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
                self = .webp
            } else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C] + Array("JXL ".utf8)) {
                self = .jpegXL
            } else if starts(Array("ftyp".utf8), at: 4) {
                self = .isoMedia
            } else {
                self = .unknown
            }
        }
    }

    private static func decodePicture(_ location: MediaLocation, covering: (width: Int, height: Int)) throws -> Decoded {
        let path = location.path
        let reader = try location.reader(blockSize: 256 * 1024, maximumBlocks: 16)
        let head = reader.bytes(0..<min(reader.size, 64 * 1024)) ?? []
        if let failure = reader.failure { throw MediaError.io(path: path, reason: "\(failure)") }
        switch Kind(head) {
        case .jpeg: return try decodeJPEG(reader, covering: covering, path: path)
        case .isoMedia: return try decodeHEIF(reader, head: head, covering: covering, path: path)
        case .png, .webp: return try decodeWithFFmpeg(location, head: reader.bytes(0..<min(reader.size, PictureColour.headLength)) ?? head)
        case .jpegXL: throw MediaError.unreadableStill(path: path, reason: unsupported("a JPEG XL picture"))
        case .unknown: throw MediaError.unreadableStill(path: path, reason: "not a picture dvpipe reads (JPEG, HEIC/HEIF, PNG, WebP)")
        }
    }

    /// What a still coded as `what` is told.
    static func unsupported(_ what: String) -> String {
        "\(what): dvpipe decodes HEVC, JPEG, PNG and WebP stills"
    }

    /// Throws unless `width`×`height` is a size worth allocating.
    static func checkSize(_ width: Int, _ height: Int, path: String) throws {
        guard width > 0, height > 0, width <= maximumPixels / height else {
            throw MediaError.unreadableStill(
                path: path, reason: "the picture claims \(width)×\(height) pixels (at most \(maximumPixels / 1_000_000) MP are decoded)")
        }
    }

    /// How much of a `width`×`height` upright picture is needed to cover `covering` (1 for all of it).
    static func neededScale(width: Int, height: Int, covering: (width: Int, height: Int)) -> Double {
        min(1, max(Double(max(1, covering.width)) / Double(width), Double(max(1, covering.height)) / Double(height)))
    }

    /// The working size of a `width`×`height` upright picture: the smallest even size covering `covering` at
    /// the picture's aspect ratio, never larger than the picture (then its even size).
    static func workingSize(width: Int, height: Int, covering: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let scale = neededScale(width: width, height: height, covering: covering)
        func side(_ full: Int) -> Int {
            guard scale < 1 else { return full & ~1 }
            let needed = Int((Double(full) * scale - 1e-9).rounded(.up))
            return min((needed + 1) & ~1, full & ~1)
        }
        return (side(width), side(height))
    }

    // MARK: JPEG

    private static func decodeJPEG(_ reader: ByteReader, covering: (width: Int, height: Int), path: String) throws -> Decoded {
        guard let header = JPEGFrameHeader(reader) else {
            throw MediaError.unreadableStill(path: path, reason: "a JPEG whose headers end before its frame header")
        }
        try checkSize(header.width, header.height, path: path)
        guard reader.size <= maximumBytes, let bytes = reader.bytes(0..<reader.size) else {
            throw MediaError.io(path: path, reason: reader.failure.map { "\($0)" } ?? "the JPEG is larger than \(maximumBytes >> 20) MiB")
        }
        guard endsItsScan(bytes) else { throw MediaError.unreadableStill(path: path, reason: "a JPEG whose scan is cut short (no end of image)") }
        let orientation = ExifOrientation.read(in: reader) ?? 1
        let (rotation, mirrored) = turn(exifOrientation: orientation)
        let full = rotation.swapsAxes ? (header.height, header.width) : (header.width, header.height)
        let scale = neededScale(width: full.0, height: full.1, covering: covering)
        // The largest DCT reduction (1/2, 1/4, 1/8) that still covers what is needed.
        let lowres = (0...3).last { Double(1 << $0) <= 1 / scale } ?? 0
        let codec = try StillCodec(AV_CODEC_ID_MJPEG, lowres: lowres, path: path)
        let frame = try codec.decode(bytes)
        let colour = PictureColour.declared(by: frame, head: [])
        return Decoded(frame: frame, rotation: rotation, mirrored: mirrored, colour: colour, fullWidth: full.0, fullHeight: full.1)
    }

    /// True when a JPEG's bytes hold an end-of-image marker after the start of its first scan (entropy-coded data
    /// never holds one, so a scan cut short has none).
    private static func endsItsScan(_ bytes: [UInt8]) -> Bool {
        var offset = 2
        // Walk the marker segments to the first scan.
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA { break }
            if marker == 0xFF {
                offset += 1
                continue
            }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        guard offset + 1 < bytes.count else { return false }
        var index = offset + 2
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return true }
            index += 1
        }
        return false
    }

    /// The rotation and mirror of EXIF Orientation `value` (1…8): the stored picture is turned, then mirrored
    /// left to right.
    static func turn(exifOrientation value: Int) -> (FrameRotation, Bool) {
        switch value {
        case 2: (.none, true)
        case 3: (.upsideDown, false)
        case 4: (.upsideDown, true)
        case 5: (.clockwise90, true)
        case 6: (.clockwise90, false)
        case 7: (.counterClockwise90, true)
        case 8: (.counterClockwise90, false)
        default: (.none, false)
        }
    }

    // MARK: PNG and WebP

    private static func decodeWithFFmpeg(_ location: MediaLocation, head: [UInt8]) throws -> Decoded {
        if let size = declaredSize(png: head) ?? declaredSize(webp: head) {
            try checkSize(size.width, size.height, path: location.path)
        }
        let container = try ContainerReader(location)
        let decoder = try ClipDecoder(container: container, stream: try container.bestVideoStream(), threads: 1)
        let frame = try VideoFrame.makeEmpty()
        guard try decoder.decode(into: frame) else { throw MediaError.unreadableStill(path: location.path, reason: "the file holds no picture") }
        return Decoded(
            frame: frame, rotation: .none, mirrored: false, colour: PictureColour.declared(by: frame, head: head), fullWidth: frame.width,
            fullHeight: frame.height)
    }

    /// A PNG's size from its `IHDR`.
    private static func declaredSize(png head: [UInt8]) -> (width: Int, height: Int)? {
        guard Kind(head) == .png, head.count >= 24 else { return nil }
        func number(_ offset: Int) -> Int { head[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// A WebP's canvas size (`VP8X`) or picture size (`VP8 `, `VP8L`).
    private static func declaredSize(webp head: [UInt8]) -> (width: Int, height: Int)? {
        guard Kind(head) == .webp, head.count >= 30 else { return nil }
        func little(_ offset: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(head[offset + $1]) << (8 * $1) } }
        switch String(decoding: head[12..<16], as: UTF8.self) {
        case "VP8X": return (little(24, 3) + 1, little(27, 3) + 1)
        case "VP8 ": return (little(26, 2) & 0x3FFF, little(28, 2) & 0x3FFF)
        case "VP8L":
            let bits = little(21, 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        default: return nil
        }
    }
}
