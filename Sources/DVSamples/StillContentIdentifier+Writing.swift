import DVMetadata
/// Writing the identifier, for the sample generator and tests: the smallest Exif block a reader would accept,
/// big-endian, holding IFD0 → Exif IFD → an Apple MakerNote whose tag 0x0011 is the id, as a JPEG's APP1
/// segment or a HEIF's `Exif` item.
extension StillContentIdentifier {
    /// `jpeg` with an APP1 `Exif` segment carrying `identifier` placed right after its start-of-image marker.
    static func inserting(_ identifier: String, into jpeg: [UInt8]) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        let segment = exifSegment(carrying: identifier)
        return Array(jpeg[0..<2]) + segment + jpeg[2...]
    }

    /// The APP1 segment: marker, length, `Exif\0\0`, then the TIFF block.
    static func exifSegment(carrying identifier: String) -> [UInt8] {
        let body = Layout.exifHeader + tiffBlock(carrying: identifier)
        return [0xFF, 0xE1] + bigEndian(UInt16(body.count + 2)) + body
    }

    /// A HEIF `Exif` item's payload: the offset past `Exif\0\0`, that header, then the TIFF block.
    static func exifItem(carrying identifier: String) -> [UInt8] {
        bigEndian(UInt32(Layout.exifHeader.count)) + Layout.exifHeader + tiffBlock(carrying: identifier)
    }

    /// The TIFF block: IFD0 pointing to the Exif IFD, which holds the Apple MakerNote.
    static func tiffBlock(carrying identifier: String) -> [UInt8] {
        var text = Array(identifier.utf8) + [0]
        // Pad the string to a whole number of words so every offset stays even, as TIFF asks.
        if text.count % 2 == 1 { text.append(0) }
        var note = Layout.appleHeader + [0, 1] + Array("MM".utf8)
        let textOffset = note.count + 2 + 12 + 4
        note += ifd(entries: [(Layout.contentIdentifierTag, Layout.asciiType, UInt32(text.count), UInt32(textOffset))])
        note += text

        let headerLength = 8
        let ifdLength = 2 + 12 + 4
        let exifIFD = headerLength + ifdLength
        let noteOffset = exifIFD + ifdLength
        var tiff = Array("MM".utf8) + bigEndian(UInt16(42)) + bigEndian(UInt32(headerLength))
        tiff += ifd(entries: [(Layout.exifIFDTag, Layout.longType, 1, UInt32(exifIFD))])
        tiff += ifd(entries: [(Layout.makerNoteTag, Layout.undefinedType, UInt32(note.count), UInt32(noteOffset))])
        return tiff + note
    }

    /// An IFD of `entries` (tag, type, count, value or offset) with no next IFD.
    private static func ifd(entries: [(UInt16, UInt16, UInt32, UInt32)]) -> [UInt8] {
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
