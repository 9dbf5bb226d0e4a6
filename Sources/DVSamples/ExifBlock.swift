import DVMetadata

/// The pieces of the small big-endian Exif blocks the sample writer makes (`StillContentIdentifier`'s
/// MakerNote, `ExifPosition`'s GPS IFD): IFDs, words, and the JPEG APP1 segment that carries a TIFF block.
enum ExifBlock {
    /// `jpeg` with an APP1 `Exif` segment carrying `tiff` placed right after its start-of-image marker.
    static func inserting(tiff: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        return Array(jpeg[0..<2]) + app1Segment(tiff: tiff) + jpeg[2...]
    }

    /// The APP1 segment: marker, length, `Exif\0\0`, then the TIFF block.
    static func app1Segment(tiff: [UInt8]) -> [UInt8] {
        let body = StillContentIdentifier.Layout.exifHeader + tiff
        return [0xFF, 0xE1] + bigEndian(UInt16(body.count + 2)) + body
    }

    /// A big-endian TIFF header whose first IFD follows it, at `headerLength`.
    static let header = Array("MM".utf8) + bigEndian(UInt16(42)) + bigEndian(UInt32(headerLength))
    static let headerLength = 8

    /// An IFD of `entries` (tag, type, count, value or offset) with no next IFD.
    static func ifd(_ entries: [(UInt16, UInt16, UInt32, UInt32)]) -> [UInt8] {
        var bytes = bigEndian(UInt16(entries.count))
        for (tag, type, count, value) in entries {
            bytes += bigEndian(tag) + bigEndian(type) + bigEndian(count) + bigEndian(value)
        }
        return bytes + bigEndian(UInt32(0))
    }

    static func bigEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
