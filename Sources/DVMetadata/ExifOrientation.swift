/// How a still's stored picture is turned to be shown, as its Exif IFD0 says (Orientation, tag 0x0112, 1…8):
/// pure byte parsing, bounded like the rest of this module; a missing or damaged tag gives nil.
package enum ExifOrientation {
    private static let orientationTag: UInt16 = 0x0112

    /// The orientation (1…8) in a JPEG's Exif segment.
    package static func read(in file: ByteReader) -> Int? {
        MotionPhoto.exifTIFF(in: file).flatMap(orientation(inTIFF:))
    }

    private static func orientation(inTIFF tiff: BoundedBytes) -> Int? {
        guard let order = tiff.byteOrder(at: 0), tiff.uint16(at: 2, order) == 42, let ifd0 = tiff.uint32(at: 4, order).map(Int.init),
            let entry = tiff.entry(tag: orientationTag, inIFDAt: ifd0, order), entry.type == 3,
            let value = tiff.uint16(at: entry.valueField, order), (1...8).contains(value)
        else { return nil }
        return Int(value)
    }
}
