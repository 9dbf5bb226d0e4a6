/// Finding a HEIF still's `Exif` item (where an iPhone keeps the Apple MakerNote) and its XMP packet (where a
/// Motion Photo describes its movie) from the `meta` box at the
/// file's start: `iinf` names the item, `iloc` says where its bytes are. Bounded like the rest of the sniff:
/// sizes and counts are checked against the bytes at hand, so damaged boxes give nil.
extension HEIFSniff {
    /// The longest `Exif` item read (an iPhone's is a few KiB).
    package static let maximumExifLength = 256 * 1024

    /// Where the `Exif` item's bytes lie in the file (an absolute offset and a length), or nil when the
    /// file has no `meta` box among its top-level boxes, no `Exif` item, or is damaged.
    package static func exifItemLocation(in file: ByteReader) -> (offset: Int, length: Int)? {
        itemLocation(in: file) { type, _ in type == "Exif" }
    }

    /// `exifItemLocation(in:)` of a file's start in memory.
    package static func exifItemLocation(in bytes: [UInt8]) -> (offset: Int, length: Int)? {
        exifItemLocation(in: ByteReader(bytes: bytes))
    }

    /// The TIFF block of a HEIF `Exif` item's payload `item`: after a 4-byte big-endian offset to the TIFF
    /// header (past an optional `Exif\0\0`); nil when it does not fit.
    static func tiffBlock(ofExifItem item: BoundedBytes) -> BoundedBytes? {
        guard let skip = item.uint32(at: 0, .bigEndian), let tiff = item.slice(from: 4, count: item.end - item.start - 4) else { return nil }
        return tiff.slice(from: Int(skip), count: tiff.end - tiff.start - Int(skip))
    }

    /// Where the XMP packet's item (a `mime` item of type `application/rdf+xml`) lies in the file, or nil.
    static func xmpItemLocation(in file: ByteReader) -> (offset: Int, length: Int)? {
        itemLocation(in: file) { type, contentType in type == "mime" && contentType == "application/rdf+xml" }
    }

    /// Where the first item that `wanted` (its type and, for a `mime` item, its content type) picks lies.
    private static func itemLocation(in file: ByteReader, _ wanted: (String, String?) -> Bool) -> (offset: Int, length: Int)? {
        guard let meta = children(of: BoundedBytes(whole: file)).first(where: { $0.type == "meta" })?.body,
            let metaChildren = meta.slice(from: 4, count: meta.end - meta.start - 4).map(children(of:)),
            let iinf = metaChildren.first(where: { $0.type == "iinf" })?.body,
            let iloc = metaChildren.first(where: { $0.type == "iloc" })?.body,
            let item = itemID(in: iinf, wanted)
        else { return nil }
        return location(of: item, in: iloc)
    }

    /// The boxes directly inside `view`, in order; stops at the first box that does not fit or whose type is not
    /// printable.
    static func children(of view: BoundedBytes) -> [(type: String, body: BoundedBytes)] {
        var found: [(type: String, body: BoundedBytes)] = []
        var offset = 0
        let length = view.end - view.start
        while offset + 8 <= length, found.count < 1_000 {
            // A box's type is four printable characters; anything else is not a box (a trailer, say).
            guard let size32 = view.uint32(at: offset, .bigEndian), let type = view.slice(from: offset + 4, count: 4)?.contents,
                type.allSatisfy({ (0x20...0x7E).contains($0) })
            else { break }
            var header = 8
            var size = Int(size32)
            if size32 == 1 {
                guard let large = view.number(at: offset + 8, size: 8) else { break }
                size = large
                header = 16
            } else if size32 == 0 {
                size = length - offset
            }
            guard size >= header, let body = view.slice(from: offset + header, count: size - header) else { break }
            found.append((String(decoding: type, as: UTF8.self), body))
            offset += size
        }
        return found
    }

    /// The id of the first item in an `iinf` box (its `infe` entries of version 2 or 3) whose type and, for a
    /// `mime` item, content type (after the item's name) `wanted` picks.
    private static func itemID(in iinf: BoundedBytes, _ wanted: (String, String?) -> Bool) -> Int? {
        guard let version = iinf.uint8(at: 0) else { return nil }
        let entriesStart = version == 0 ? 6 : 8
        guard let entries = iinf.slice(from: entriesStart, count: iinf.end - iinf.start - entriesStart) else { return nil }
        for entry in children(of: entries) where entry.type == "infe" {
            guard let entryVersion = entry.body.uint8(at: 0), entryVersion >= 2 else { continue }
            let idSize = entryVersion == 2 ? 2 : 4
            let typeStart = 4 + idSize + 2
            guard
                let id = entryVersion == 2
                    ? entry.body.uint16(at: 4, .bigEndian).map(Int.init)
                    : entry.body.number(at: 4, size: 4),
                let type = entry.body.slice(from: typeStart, count: 4)?.contents,
                let rest = entry.body.slice(from: typeStart + 4, count: entry.body.end - entry.body.start - typeStart - 4)?.contents
            else { continue }
            let itemType = String(decoding: type, as: UTF8.self)
            let strings = rest.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            let contentType = strings.count > 1 ? String(decoding: strings[1], as: UTF8.self) : nil
            if wanted(itemType, contentType) { return id }
        }
        return nil
    }

    /// The first extent of `item` in an `iloc` box, when it is stored in the file itself (construction method 0).
    private static func location(of item: Int, in iloc: BoundedBytes) -> (offset: Int, length: Int)? {
        guard let version = iloc.uint8(at: 0), version <= 2, let sizes = iloc.uint8(at: 4), let moreSizes = iloc.uint8(at: 5)
        else { return nil }
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 0xF), baseOffsetSize = Int(moreSizes >> 4)
        let indexSize = version == 0 ? 0 : Int(moreSizes & 0xF)
        var position = 6
        guard let itemCount = version < 2 ? iloc.uint16(at: position, .bigEndian).map(Int.init) : iloc.number(at: position, size: 4)
        else { return nil }
        position += version < 2 ? 2 : 4
        for _ in 0..<min(itemCount, 10_000) {
            guard let id = version < 2 ? iloc.uint16(at: position, .bigEndian).map(Int.init) : iloc.number(at: position, size: 4)
            else { return nil }
            position += version < 2 ? 2 : 4
            var method = 0
            if version >= 1 {
                guard let field = iloc.uint16(at: position, .bigEndian) else { return nil }
                method = Int(field & 0xF)
                position += 2
            }
            position += 2  // data_reference_index
            guard let base = iloc.number(at: position, size: baseOffsetSize) else { return nil }
            position += baseOffsetSize
            guard let extentCount = iloc.uint16(at: position, .bigEndian) else { return nil }
            position += 2
            let extentSize = indexSize + offsetSize + lengthSize
            if id == item {
                guard method == 0, extentCount >= 1,
                    let offset = iloc.number(at: position + indexSize, size: offsetSize),
                    let length = iloc.number(at: position + indexSize + offsetSize, size: lengthSize),
                    length > 0, length <= maximumExifLength, offset <= Int.max - base
                else { return nil }
                return (base + offset, length)
            }
            position += Int(extentCount) * extentSize
        }
        return nil
    }
}
