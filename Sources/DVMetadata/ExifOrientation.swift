import DVMediaFacts

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

extension ExifOrientation {
    /// `area`, a rectangle in fractions of the stored picture, in fractions of the picture as displayed after
    /// EXIF orientation `orientation` (1…8; nil or another value leaves it as stored). TIFF 6.0's Orientation
    /// names where the stored 0th row and 0th column are shown: 6, "the 0th row is the visual right-hand side,
    /// the 0th column the visual top", takes a stored point (u, v) to (1 − v, u).
    package static func displayed(_ area: RegionArea, orientation: Int?) -> RegionArea? {
        func shown(_ u: Double, _ v: Double) -> (Double, Double) {
            switch orientation {
            case 2: (1 - u, v)
            case 3: (1 - u, 1 - v)
            case 4: (u, 1 - v)
            case 5: (v, u)
            case 6: (1 - v, u)
            case 7: (1 - v, 1 - u)
            case 8: (v, 1 - u)
            default: (u, v)
            }
        }
        let first = shown(area.x, area.y)
        let second = shown(area.x + area.width, area.y + area.height)
        let left = min(first.0, second.0), top = min(first.1, second.1)
        return RegionArea(x: left, y: top, width: max(first.0, second.0) - left, height: max(first.1, second.1) - top)
    }
}
