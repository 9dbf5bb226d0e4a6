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

    /// Where the first item that `wanted` (its type and, for a `mime` item, its content type) picks lies: its
    /// first extent, when it is at most `maximumExifLength` bytes.
    private static func itemLocation(in file: ByteReader, _ wanted: (String, String?) -> Bool) -> (offset: Int, length: Int)? {
        guard let meta = HEIFMeta(file), let item = meta.firstItem(wanted), let extent = meta.extents(of: item)?.first,
            extent.count <= maximumExifLength
        else { return nil }
        return (extent.lowerBound, extent.count)
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
}

extension HEIFSniff {
    /// The bytes of the primary picture's XMP packet (a `mime` item of type `application/rdf+xml` that
    /// describes it by a `cdsc` reference; an iPhone's HEIC has others for its auxiliary pictures), else of the
    /// first XMP item, its extents joined; nil without one, or when it is longer than `maximumLength`.
    static func xmpItem(in file: ByteReader, maximumLength: Int) -> [UInt8]? {
        guard let meta = HEIFMeta(file) else { return nil }
        let packets = meta.types.keys.sorted().filter { meta.types[$0] == "mime" && meta.contentTypes[$0] == "application/rdf+xml" }
        guard
            let item = packets.first(where: { meta.primary != nil && meta.references(from: $0, type: "cdsc").contains(meta.primary!) })
                ?? packets.first,
            let extents = meta.extents(of: item), extents.reduce(0, { $0 + $1.count }) <= maximumLength
        else { return nil }
        var packet: [UInt8] = []
        for extent in extents {
            guard let bytes = file.bytes(extent) else { return nil }
            packet += bytes
        }
        return packet
    }
}
