/// The parts of a JPEG file the metadata readers need, from one walk of its marker segments from SOI up to the
/// first scan: the first APP1 XMP packet, the Extended XMP chunks (only where they lie), the first APP1 Exif
/// TIFF block, the frame header, and where the headers end. Nothing of the entropy-coded picture is read: the walk stops at the first SOS (or at an EOI
/// met before any scan).
struct JPEGSegments {
    /// What opens an APP1 segment that holds an XMP packet.
    private static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    /// What opens an APP1 segment that holds a chunk of Extended XMP (XMP Specification Part 3, 1.1.3.1).
    static let extendedXMPHeader = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]

    /// Where the XMP packet's bytes lie.
    private(set) var xmp: Range<Int>?
    /// Where each Extended XMP chunk's header (GUID, full length, offset) and data start, in file order: only
    /// the first `ExtendedXMP.maximumChunks` are kept.
    private(set) var extendedXMPChunks: [Range<Int>] = []
    /// The Exif segment's TIFF block (offsets in it count from its byte-order mark).
    private(set) var exif: BoundedBytes?
    /// The first frame header's body (SOF0…SOF15 but DHT, JPG and DAC).
    private(set) var frame: BoundedBytes?
    /// The SOF marker of that frame header (0xC0 baseline, 0xC2 progressive, …).
    private(set) var frameMarker: UInt8?
    /// Whether an APP14 segment opens with `Adobe`.
    private(set) var hasAdobeSegment = false
    /// Whether a comment (COM) holds `CS=ITU601`.
    private(set) var declaresITU601 = false
    /// Just past an EOI met before any scan (a JPEG with headers and no picture).
    private(set) var imageEnd: Int?
    /// Where the first scan's entropy-coded data starts: the end of the headers, nil when there is no scan.
    private(set) var scanStart: Int?

    /// Where the image ends for what is appended to it, as far as its headers tell: its EOI when it has no
    /// scan, else the start of its first scan (the layouts that place their movie from the end of the file, or
    /// by Samsung's trailer, do not need the EOI, and the movie's `ftyp` is checked where it is said to be).
    var appendedDataStart: Int? { imageEnd ?? scanStart }

    /// Walks the file's headers; nil when it does not open with SOI. A segment that does not fit ends the walk.
    init?(_ file: ByteReader) {
        guard file[0] == 0xFF, file[1] == 0xD8 else { return nil }
        var position = 2
        while position + 2 <= file.size, file[position] == 0xFF, let marker = file[position + 1] {
            switch marker {
            case 0xFF:
                position += 1
            case 0xD9:
                imageEnd = position + 2
                return
            case 0x01, 0xD0...0xD7:
                position += 2
            default:
                guard let high = file[position + 2], let low = file[position + 3] else { return }
                let length = Int(high) << 8 | Int(low)
                guard length >= 2, position + 2 + length <= file.size else { return }
                let body = (position + 4)..<(position + 2 + length)
                if marker == 0xE1 { note(app1: body, in: file) }
                if marker == 0xEE, file.bytes(body.lowerBound..<min(body.upperBound, body.lowerBound + 5)) == Array("Adobe".utf8) {
                    hasAdobeSegment = true
                }
                if marker == 0xFE, let comment = file.bytes(body), comment.count >= 9,
                    (0...(comment.count - 9)).contains(where: { comment[$0..<($0 + 9)].elementsEqual("CS=ITU601".utf8) })
                {
                    declaresITU601 = true
                }
                if frame == nil, (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    frame = BoundedBytes(reader: file, start: body.lowerBound, end: body.upperBound)
                    frameMarker = marker
                }
                if marker == 0xDA {
                    scanStart = body.upperBound
                    return
                }
                position = body.upperBound
            }
        }
    }

    /// Walks the headers of a JPEG in memory.
    init?(_ bytes: [UInt8]) {
        self.init(ByteReader(bytes: bytes))
    }

    /// Keeps an APP1 segment's XMP packet or Exif TIFF block, the first of each.
    private mutating func note(app1 body: Range<Int>, in file: ByteReader) {
        let exifHeader = StillContentIdentifier.Layout.exifHeader
        let opening = file.bytes(body.lowerBound..<min(body.upperBound, body.lowerBound + Self.xmpHeader.count)) ?? []
        if xmp == nil, opening.starts(with: Self.xmpHeader) {
            xmp = (body.lowerBound + Self.xmpHeader.count)..<body.upperBound
        } else if opening.count == Self.xmpHeader.count, extendedXMPChunks.count < ExtendedXMP.maximumChunks,
            file.bytes(body.lowerBound..<min(body.upperBound, body.lowerBound + Self.extendedXMPHeader.count)) == Self.extendedXMPHeader
        {
            extendedXMPChunks.append((body.lowerBound + Self.extendedXMPHeader.count)..<body.upperBound)
        } else if exif == nil, opening.starts(with: exifHeader) {
            exif = BoundedBytes(reader: file, start: body.lowerBound + exifHeader.count, end: body.upperBound)
        }
    }
}

extension MotionPhoto {
    /// The EXIF tags of the capture time, in the Exif IFD.
    private enum CaptureTimeTag {
        static let dateTimeOriginal: UInt16 = 0x9003
        static let offsetTimeOriginal: UInt16 = 0x9011
    }

    /// When a JPEG's or HEIC's picture was taken, from its Exif block (a JPEG's APP1 segment, a HEIC's `Exif`
    /// item): DateTimeOriginal (`YYYY:MM:DD HH:MM:SS`, the camera's local time) and OffsetTimeOriginal
    /// (`+HH:MM`, EXIF 2.31) when present. Nil when the file has no Exif block or no readable DateTimeOriginal.
    /// A JPEG's start up to its first scan suffices.
    package static func exifCaptureTime(in file: ByteReader) -> (dateTimeOriginal: String, offsetTimeOriginal: String?)? {
        exifTIFF(in: file).flatMap(captureTime(inTIFF:))
    }

    /// `exifCaptureTime(in:)` of a file in memory.
    package static func exifCaptureTime(in bytes: [UInt8]) -> (dateTimeOriginal: String, offsetTimeOriginal: String?)? {
        exifCaptureTime(in: ByteReader(bytes: bytes))
    }

    /// The TIFF block of a JPEG's Exif segment or of a HEIF file's `Exif` item.
    static func exifTIFF(in file: ByteReader) -> BoundedBytes? {
        guard HEIFSniff.isHEIF(file) else { return JPEGSegments(file)?.exif }
        return HEIFSniff.exifItemLocation(in: file).flatMap { BoundedBytes(whole: file).slice(from: $0.offset, count: $0.length) }
            .flatMap(HEIFSniff.tiffBlock(ofExifItem:))
    }

    /// DateTimeOriginal and OffsetTimeOriginal from a TIFF block's Exif IFD.
    private static func captureTime(inTIFF tiff: BoundedBytes) -> (dateTimeOriginal: String, offsetTimeOriginal: String?)? {
        let layout = StillContentIdentifier.Layout.self
        guard let order = tiff.byteOrder(at: 0), tiff.uint16(at: 2, order) == 42,
            let ifd0 = tiff.uint32(at: 4, order),
            let exifEntry = tiff.entry(tag: layout.exifIFDTag, inIFDAt: Int(ifd0), order),
            exifEntry.type == layout.longType, exifEntry.count == 1,
            let exifIFD = tiff.uint32(at: exifEntry.valueField, order).map(Int.init),
            let original = tiff.entry(tag: CaptureTimeTag.dateTimeOriginal, inIFDAt: exifIFD, order)
                .flatMap({ tiff.ascii($0, order) })
        else { return nil }
        let offset = tiff.entry(tag: CaptureTimeTag.offsetTimeOriginal, inIFDAt: exifIFD, order)
            .flatMap { tiff.ascii($0, order) }
        return (original, offset)
    }
}

extension BoundedBytes {
    /// An ASCII entry's text up to its first NUL (a value of four bytes or fewer lies in the entry itself), or
    /// nil when the entry is of another type, does not fit, is empty or is not UTF-8.
    func ascii(_ entry: Entry, _ order: Order) -> String? {
        guard entry.type == StillContentIdentifier.Layout.asciiType, entry.count > 0 else { return nil }
        let count = Int(entry.count)
        var start = entry.valueField
        if count > 4 {
            guard let offset = uint32(at: entry.valueField, order) else { return nil }
            start = Int(offset)
        }
        guard let text = slice(from: start, count: count)?.contents else { return nil }
        let characters = text.prefix { $0 != 0 }
        guard !characters.isEmpty else { return nil }
        return String(validating: characters, as: UTF8.self)
    }
}
