import DVMetadata

/// Writing the identifier, for the sample generator and tests: the smallest Exif block a reader would accept,
/// big-endian, holding IFD0 → Exif IFD → an Apple MakerNote whose tag 0x0011 is the id, as a JPEG's APP1
/// segment or a HEIF's `Exif` item.
extension StillContentIdentifier {
    /// `jpeg` with an APP1 `Exif` segment carrying `identifier` placed right after its start-of-image marker.
    static func inserting(_ identifier: String, into jpeg: [UInt8]) -> [UInt8] {
        ExifBlock.inserting(tiff: tiffBlock(carrying: identifier), into: jpeg)
    }

    /// A HEIF `Exif` item's payload: the offset past `Exif\0\0`, that header, then the TIFF block.
    static func exifItem(carrying identifier: String) -> [UInt8] {
        ExifBlock.bigEndian(UInt32(Layout.exifHeader.count)) + Layout.exifHeader + tiffBlock(carrying: identifier)
    }

    /// The TIFF block: IFD0 pointing to the Exif IFD, which holds the Apple MakerNote.
    static func tiffBlock(carrying identifier: String) -> [UInt8] {
        var text = Array(identifier.utf8) + [0]
        // Pad the string to a whole number of words so every offset stays even, as TIFF asks.
        if text.count % 2 == 1 { text.append(0) }
        var note = Layout.appleHeader + [0, 1] + Array("MM".utf8)
        let textOffset = note.count + 2 + 12 + 4
        note += ExifBlock.ifd([(Layout.contentIdentifierTag, Layout.asciiType, UInt32(text.count), UInt32(textOffset))])
        note += text

        let ifdLength = 2 + 12 + 4
        let exifIFD = ExifBlock.headerLength + ifdLength
        let noteOffset = exifIFD + ifdLength
        var tiff = ExifBlock.header
        tiff += ExifBlock.ifd([(Layout.exifIFDTag, Layout.longType, 1, UInt32(exifIFD))])
        tiff += ExifBlock.ifd([(Layout.makerNoteTag, Layout.undefinedType, UInt32(note.count), UInt32(noteOffset))])
        return tiff + note
    }
}
