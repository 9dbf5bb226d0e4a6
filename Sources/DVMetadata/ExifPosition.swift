/// Where a still was shot, as its Exif GPS IFD says (pointed to by IFD0's tag 0x8825): GPSLatitudeRef
/// (`N`/`S`), GPSLatitude, GPSLongitudeRef (`E`/`W`) and GPSLongitude, each of the latter three unsigned
/// rationals (degrees, minutes, seconds). Pure byte parsing, bounded: damaged data gives nil.
package enum ExifPosition {
    private static let gpsIFDTag: UInt16 = 0x8825
    private static let rationalType: UInt16 = 5
    private static let longType: UInt16 = 4

    /// Latitude and longitude in signed degrees from a JPEG's Exif segment, in the file's first bytes.
    package static func read(in file: ByteReader) -> (latitude: Double, longitude: Double)? {
        MotionPhoto.exifTIFF(in: file).flatMap(position(inTIFF:))
    }

    /// Latitude and longitude from a HEIF `Exif` item's payload.
    package static func read(exifItem bytes: [UInt8]) -> (latitude: Double, longitude: Double)? {
        HEIFSniff.tiffBlock(ofExifItem: BoundedBytes(bytes: bytes, start: 0, end: bytes.count)).flatMap(position(inTIFF:))
    }

    private static func position(inTIFF tiff: BoundedBytes) -> (latitude: Double, longitude: Double)? {
        guard let order = tiff.byteOrder(at: 0), tiff.uint16(at: 2, order) == 42, let ifd0 = tiff.uint32(at: 4, order).map(Int.init),
            let pointer = tiff.entry(tag: gpsIFDTag, inIFDAt: ifd0, order), pointer.type == longType,
            let gps = tiff.uint32(at: pointer.valueField, order).map(Int.init)
        else { return nil }
        let reference = { (tag: UInt16) in tiff.entry(tag: tag, inIFDAt: gps, order).flatMap { tiff.ascii($0, order) }?.uppercased() }
        guard let latitude = degrees(tiff, tiff.entry(tag: 2, inIFDAt: gps, order), order),
            let longitude = degrees(tiff, tiff.entry(tag: 4, inIFDAt: gps, order), order),
            let north = reference(1), let east = reference(3), ["N", "S"].contains(north), ["E", "W"].contains(east)
        else { return nil }
        return (north == "S" ? -latitude : latitude, east == "W" ? -longitude : longitude)
    }

    /// Three rationals (degrees, minutes, seconds) as degrees; nil when one has a zero denominator.
    private static func degrees(_ tiff: BoundedBytes, _ entry: BoundedBytes.Entry?, _ order: BoundedBytes.Order) -> Double? {
        guard let entry, entry.type == rationalType, entry.count == 3, let offset = tiff.uint32(at: entry.valueField, order).map(Int.init) else {
            return nil
        }
        var parts: [Double] = []
        for index in 0..<3 {
            guard let numerator = tiff.uint32(at: offset + index * 8, order), let denominator = tiff.uint32(at: offset + index * 8 + 4, order),
                denominator > 0
            else { return nil }
            parts.append(Double(numerator) / Double(denominator))
        }
        return parts[0] + parts[1] / 60 + parts[2] / 3600
    }
}
