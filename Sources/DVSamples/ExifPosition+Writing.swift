import DVMetadata
import DVPlanning

/// Writing a position, for the sample generator and tests: the smallest Exif block a reader would accept,
/// big-endian, holding IFD0 → the GPS IFD (version 2.2, latitude and longitude as degrees, minutes and
/// seconds in ten-thousandths, with their hemispheres), as a JPEG's APP1 segment.
extension ExifPosition {
    /// `jpeg` with an APP1 `Exif` segment carrying `position` placed right after its start-of-image marker.
    static func inserting(_ position: GeoPosition, into jpeg: [UInt8]) -> [UInt8] {
        ExifBlock.inserting(tiff: tiffBlock(carrying: position), into: jpeg)
    }

    /// The TIFF block: IFD0 pointing to the GPS IFD, its rationals after it.
    static func tiffBlock(carrying position: GeoPosition) -> [UInt8] {
        let (byte, ascii, long, rational): (UInt16, UInt16, UInt16, UInt16) = (1, 2, 4, 5)
        let ifd0Length = 2 + 12 + 4, gpsLength = 2 + 5 * 12 + 4
        let gpsIFD = ExifBlock.headerLength + ifd0Length
        let latitudeData = gpsIFD + gpsLength, longitudeData = latitudeData + 24
        let inline = { (text: String) in UInt32(text.utf8.first!) << 24 }
        var tiff = ExifBlock.header
        tiff += ExifBlock.ifd([(0x8825, long, 1, UInt32(gpsIFD))])
        tiff += ExifBlock.ifd([
            (0, byte, 4, 0x0202_0000),
            (1, ascii, 2, inline(position.latitude < 0 ? "S" : "N")),
            (2, rational, 3, UInt32(latitudeData)),
            (3, ascii, 2, inline(position.longitude < 0 ? "W" : "E")),
            (4, rational, 3, UInt32(longitudeData))
        ])
        return tiff + sexagesimal(abs(position.latitude)) + sexagesimal(abs(position.longitude))
    }

    /// Degrees, minutes and seconds (in ten-thousandths) as three unsigned rationals.
    private static func sexagesimal(_ degrees: Double) -> [UInt8] {
        let tenThousandths = UInt64((degrees * 3_600 * 10_000).rounded())
        let whole = tenThousandths / (3_600 * 10_000), minutes = tenThousandths / (60 * 10_000) % 60, seconds = tenThousandths % (60 * 10_000)
        return [(whole, 1), (minutes, 1), (seconds, 10_000)].flatMap { ExifBlock.bigEndian(UInt32($0.0)) + ExifBlock.bigEndian(UInt32($0.1)) }
    }
}
