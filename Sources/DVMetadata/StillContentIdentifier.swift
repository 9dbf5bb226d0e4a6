/// Reads the Live Photo content identifier a JPEG still carries in its Apple MakerNote: APP1 `Exif` →
/// IFD0 → Exif IFD (tag 0x8769) → MakerNote (tag 0x927C) with the `Apple iOS` header → its tag 0x0011.
///
/// Pure byte parsing, no FFmpeg. Every offset and count is checked against the bytes at hand, every IFD
/// is read once and its entry count bounded, so damaged or hostile data gives nil, never a crash or a read
/// out of bounds.
package enum StillContentIdentifier {
    /// The tags and headers on the path to the identifier (shared with the sample generator that writes them).
    package enum Layout {
        package static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
        package static let appleHeader: [UInt8] = Array("Apple iOS".utf8) + [0]
        /// The Apple MakerNote's IFD starts this far into the note, after the header, a version and the byte order.
        package static let appleIFDOffset = 14
        package static let exifIFDTag: UInt16 = 0x8769
        package static let makerNoteTag: UInt16 = 0x927C
        package static let contentIdentifierTag: UInt16 = 0x0011
        package static let asciiType: UInt16 = 2
        package static let longType: UInt16 = 4
        package static let undefinedType: UInt16 = 7
    }

    /// The identifier in a JPEG's Exif segments (the headers before its first scan are read), or nil when there
    /// is none or the data is not what it should be.
    package static func read(jpeg file: ByteReader) -> String? {
        guard file[0] == 0xFF, file[1] == 0xD8 else { return nil }
        var position = 2
        while position + 4 <= file.size {
            guard file[position] == 0xFF, let marker = file[position + 1] else { return nil }
            if marker == 0xFF {
                position += 1
                continue
            }
            // Start of scan or end of image: no metadata follows.
            if marker == 0xDA || marker == 0xD9 { return nil }
            guard let high = file[position + 2], let low = file[position + 3] else { return nil }
            let length = Int(high) << 8 | Int(low)
            guard length >= 2 else { return nil }
            let body = position + 4
            let end = min(file.size, position + 2 + length)
            if marker == 0xE1, end - body > Layout.exifHeader.count, file.bytes(body..<body + Layout.exifHeader.count) == Layout.exifHeader {
                let tiff = BoundedBytes(reader: file, start: body + Layout.exifHeader.count, end: end)
                if let identifier = identifier(inTIFF: tiff) { return identifier }
            }
            position += 2 + length
        }
        return nil
    }

    /// `read(jpeg:)` of a JPEG's start in memory.
    package static func read(jpeg bytes: [UInt8]) -> String? {
        read(jpeg: ByteReader(bytes: bytes))
    }

    /// The identifier in a HEIF `Exif` item's payload: a 4-byte big-endian offset to the TIFF header (past an
    /// optional `Exif\0\0`), then the TIFF block.
    package static func read(exifItem bytes: [UInt8]) -> String? {
        HEIFSniff.tiffBlock(ofExifItem: BoundedBytes(bytes: bytes, start: 0, end: bytes.count)).flatMap(identifier(inTIFF:))
    }

    /// Follows IFD0 → Exif IFD → MakerNote inside a TIFF block.
    private static func identifier(inTIFF tiff: BoundedBytes) -> String? {
        guard let order = tiff.byteOrder(at: 0), tiff.uint16(at: 2, order) == 42,
            let ifd0 = tiff.uint32(at: 4, order),
            let exifEntry = tiff.entry(tag: Layout.exifIFDTag, inIFDAt: Int(ifd0), order),
            exifEntry.type == Layout.longType, exifEntry.count == 1,
            let exifIFD = tiff.uint32(at: exifEntry.valueField, order),
            let note = tiff.entry(tag: Layout.makerNoteTag, inIFDAt: Int(exifIFD), order),
            note.type == Layout.undefinedType, note.count > 4,
            let noteStart = tiff.uint32(at: note.valueField, order)
        else { return nil }
        guard let makerNote = tiff.slice(from: Int(noteStart), count: Int(note.count)) else { return nil }
        return identifier(inAppleNote: makerNote)
    }

    /// Reads tag 0x0011 of an Apple MakerNote, whose offsets count from the start of the note.
    private static func identifier(inAppleNote note: BoundedBytes) -> String? {
        guard note.matches(Layout.appleHeader, at: 0),
            let order = note.byteOrder(at: Layout.appleIFDOffset - 2),
            let entry = note.entry(tag: Layout.contentIdentifierTag, inIFDAt: Layout.appleIFDOffset, order),
            entry.type == Layout.asciiType, entry.count > 0
        else { return nil }
        let count = Int(entry.count)
        let start: Int
        if count <= 4 {
            start = entry.valueField
        } else {
            guard let offset = note.uint32(at: entry.valueField, order) else { return nil }
            start = Int(offset)
        }
        guard let text = note.slice(from: start, count: count)?.contents else { return nil }
        let characters = text.prefix { $0 != 0 }
        guard !characters.isEmpty, let string = String(validating: characters, as: UTF8.self) else { return nil }
        return string
    }
}
