import DVMediaFacts

/// Where a file keeps its XMP, read by position through `ByteReader`, never whole: a JPEG's APP1 packet and its
/// Extended XMP (`JPEGSegments`), a HEIF's item of type `mime` with content type `application/rdf+xml`
/// (`HEIFMeta`), an MP4's or MOV's top-level `uuid` box BE7ACFCB-97A9-42E8-9C71-999491E3AFAC or its
/// `moov/udta/XMP_` box. Every packet is at most `maximumPacketLength` bytes.
extension XMPAnnotations {
    /// The longest packet read from a HEIF item or a movie's box (a JPEG's standard packet is one segment, its
    /// Extended XMP at most `ExtendedXMP.maximumLength`).
    package static let maximumPacketLength = 8 * 1024 * 1024
    /// The XMP packet's `uuid` in an ISO BMFF file (Adobe's XMP Specification Part 3, 1.1.4).
    static let movieUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]

    /// Which of a JPEG's Extended XMP the reader reads.
    package enum ExtendedXMPReading: Sendable {
        /// Every Extended XMP the standard packet names.
        case always
        /// Only one a writer had to split off because standard and extended together would not fit one APP1
        /// segment (XMP Part 3, 1.1.3.1: a writer moves the largest properties out only then, so names and
        /// keywords are there only when the packet is that large). Google's cameras put their binary data there
        /// whatever its size (`GCamera:HDRPMakerNote`, `GDepth:Data`, about 22 KiB in a Pixel's Motion Photo),
        /// which names no one: reading it would add about 15% to the first scan's bytes on the bench library.
        case whenSplitForSize
    }

    /// What the XMP embedded in a JPEG or HEIF still names, its regions turned upright by the still's EXIF
    /// orientation; nil when it has no XMP or its XMP names nothing.
    package static func read(still file: ByteReader, extendedXMP: ExtendedXMPReading = .whenSplitForSize) -> Annotations? {
        var reader = XMPAnnotations()
        if HEIFSniff.isHEIF(file) {
            guard let packet = HEIFSniff.xmpItem(in: file, maximumLength: maximumPacketLength) else { return nil }
            reader.read(packet: packet)
        } else {
            guard let jpeg = JPEGSegments(file), let standard = jpeg.xmp, let packet = file.bytes(standard) else { return nil }
            reader.read(packet: packet)
            if let guid = reader.extendedXMP, !jpeg.extendedXMPChunks.isEmpty,
                extendedXMP == .always
                    || ExtendedXMP.fullLength(of: guid, chunks: jpeg.extendedXMPChunks, in: file).map({ $0 + packet.count > singleSegmentLength })
                        == true,
                let extended = ExtendedXMP.packet(guid, chunks: jpeg.extendedXMPChunks, in: file)
            {
                reader.read(packet: extended)
            }
        }
        return reader.annotations(orientation: ExifOrientation.read(in: file))
    }

    /// What the XMP in the MP4 or MOV movie at `range` of `file` names (its top-level `uuid` box, then its
    /// `moov/udta/XMP_`); nil when it has none or it names nothing. Regions are as written: a movie has no EXIF
    /// orientation.
    package static func read(movie file: ByteReader, range: Range<Int>) -> Annotations? {
        var reader = XMPAnnotations()
        let boxes = HEIFSniff.children(of: BoundedBytes(reader: file, start: range.lowerBound, end: range.upperBound))
        for box in boxes where box.type == "uuid" && box.body.matches(movieUUID, at: 0) {
            if let packet = box.body.slice(from: 16, count: box.body.end - box.body.start - 16), packet.end - packet.start <= maximumPacketLength,
                let bytes = packet.contents
            {
                reader.read(packet: bytes)
            }
        }
        for movie in boxes where movie.type == "moov" {
            for data in HEIFSniff.children(of: movie.body) where data.type == "udta" {
                for xmp in HEIFSniff.children(of: data.body) where xmp.type == "XMP_" && xmp.body.end - xmp.body.start <= maximumPacketLength {
                    if let bytes = xmp.body.contents { reader.read(packet: bytes) }
                }
            }
        }
        return reader.annotations(orientation: nil)
    }

    /// What an XMP sidecar names, its regions turned upright by the sidecar's own `tiff:Orientation` (digiKam
    /// and darktable copy the picture's there); nil when it names nothing.
    package static func read(sidecar bytes: [UInt8]) -> Annotations? {
        var reader = XMPAnnotations()
        reader.read(packet: bytes)
        return reader.annotations(orientation: reader.orientation)
    }

    /// The most bytes of XMP one APP1 segment holds: its 16-bit length, less the length field and the XMP
    /// namespace that opens it.
    private static let singleSegmentLength = 65_535 - 2 - 29
}
