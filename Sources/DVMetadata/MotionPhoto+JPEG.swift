/// The parts of a JPEG file the Motion Photo reader needs, from one walk of its segments from SOI: the first
/// APP1 XMP packet, the first APP1 Exif TIFF block, and where the image ends. Entropy-coded data after each SOS
/// is stepped over up to the next marker (stuffed `FF 00` bytes and RST markers belong to it), so the end found
/// is the image's own EOI, not one inside an embedded thumbnail or the appended movie.
struct JPEGSegments {
    /// What opens an APP1 segment that holds an XMP packet.
    private static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    /// The XMP packet's bytes.
    private(set) var xmp: Range<Int>?
    /// The Exif segment's TIFF block (offsets in it count from its byte-order mark).
    private(set) var exif: BoundedBytes?
    /// Just past the EOI marker; nil when the walk ends before one (a cut or damaged file, or a camera that
    /// leaves it out before the appended movie).
    private(set) var imageEnd: Int?
    /// Where the first scan's entropy-coded data starts: the end of the headers, nil when there is no scan.
    private(set) var scanStart: Int?

    /// Where the image ends for what is appended to it: its EOI, or without one the start of its first scan
    /// (the layouts that count their movie from the end of the file do not need the EOI).
    var appendedDataStart: Int? { imageEnd ?? scanStart }

    /// Walks `bytes`; nil when they do not open with SOI. A segment that does not fit ends the walk.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var position = 2
        while position + 2 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            switch marker {
            case 0xFF:
                position += 1
            case 0xD9:
                imageEnd = position + 2
                return
            case 0x01, 0xD0...0xD7:
                position += 2
            default:
                guard position + 4 <= bytes.count else { return }
                let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
                guard length >= 2, position + 2 + length <= bytes.count else { return }
                let body = (position + 4)..<(position + 2 + length)
                if marker == 0xE1 { note(app1: body, in: bytes) }
                position = body.upperBound
                if marker == 0xDA {
                    scanStart = scanStart ?? position
                    position = Self.entropyDataEnd(in: bytes, from: position)
                }
            }
        }
    }

    /// Keeps an APP1 segment's XMP packet or Exif TIFF block, the first of each.
    private mutating func note(app1 body: Range<Int>, in bytes: [UInt8]) {
        let segment = bytes[body]
        let exifHeader = StillContentIdentifier.Layout.exifHeader
        if xmp == nil, segment.starts(with: Self.xmpHeader) {
            xmp = (body.lowerBound + Self.xmpHeader.count)..<body.upperBound
        } else if exif == nil, segment.starts(with: exifHeader) {
            exif = BoundedBytes(bytes: bytes, start: body.lowerBound + exifHeader.count, end: body.upperBound)
        }
    }

    /// Where the marker after a scan's entropy-coded data starts, or the end of `bytes` when none does.
    private static func entropyDataEnd(in bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position + 1 < bytes.count, let found = bytes[position..<(bytes.count - 1)].firstIndex(of: 0xFF) {
            let next = bytes[found + 1]
            if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return found }
            position = next == 0xFF ? found + 1 : found + 2
        }
        return bytes.count
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
    public static func exifCaptureTime(in bytes: [UInt8]) -> (dateTimeOriginal: String, offsetTimeOriginal: String?)? {
        exifTIFF(in: bytes).flatMap(captureTime(inTIFF:))
    }

    /// The TIFF block of a JPEG's Exif segment or of a HEIF file's `Exif` item, from the file's bytes.
    static func exifTIFF(in bytes: [UInt8]) -> BoundedBytes? {
        guard HEIFSniff.isHEIF(bytes) else { return JPEGSegments(bytes)?.exif }
        let file = BoundedBytes(bytes: bytes, start: 0, end: bytes.count)
        return HEIFSniff.exifItemLocation(in: bytes).flatMap { file.slice(from: $0.offset, count: $0.length) }
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
        guard let text = slice(from: start, count: count) else { return nil }
        let characters = bytes[text.start..<text.end].prefix { $0 != 0 }
        guard !characters.isEmpty else { return nil }
        return String(validating: characters, as: UTF8.self)
    }
}
