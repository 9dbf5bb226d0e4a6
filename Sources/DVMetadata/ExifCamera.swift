import Foundation

/// The camera that took a still, as its Exif IFD0 names it: Make (tag 0x010F) and Model (0x0110), ASCII.
/// Pure byte parsing, bounded like the rest of this module: damaged data gives nil.
package enum ExifCamera {
    private static let makeTag: UInt16 = 0x010F
    private static let modelTag: UInt16 = 0x0110

    /// The make and model in a JPEG's Exif segment, or in a HEIF file's `Exif` item, from the file's first
    /// bytes (the headers before a JPEG's first scan, the whole HEIF when its item lies further in).
    package static func read(in file: ByteReader) -> (make: String?, model: String?)? {
        MotionPhoto.exifTIFF(in: file).flatMap(camera(inTIFF:))
    }

    /// The make and model in a HEIF `Exif` item's payload.
    package static func read(exifItem bytes: [UInt8]) -> (make: String?, model: String?)? {
        HEIFSniff.tiffBlock(ofExifItem: BoundedBytes(bytes: bytes, start: 0, end: bytes.count)).flatMap(camera(inTIFF:))
    }

    private static func camera(inTIFF tiff: BoundedBytes) -> (make: String?, model: String?)? {
        guard let order = tiff.byteOrder(at: 0), tiff.uint16(at: 2, order) == 42, let ifd0 = tiff.uint32(at: 4, order).map(Int.init) else {
            return nil
        }
        let text = { (tag: UInt16) in
            tiff.entry(tag: tag, inIFDAt: ifd0, order).flatMap { tiff.ascii($0, order) }?
                .trimmingCharacters(in: .whitespaces)
                .nonEmpty
        }
        let make = text(makeTag), model = text(modelTag)
        return make == nil && model == nil ? nil : (make, model)
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
