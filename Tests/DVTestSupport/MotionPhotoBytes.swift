/// Byte builders for Motion Photos as phones lay them out (JPEG segments, XMP packets, Exif blocks, ISO BMFF
/// boxes), shared by the reader's tests and the end-to-end ones.
package enum MotionPhotoBytes {
    package static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    package static func bigEndian32(_ value: Int) -> [UInt8] { bigEndian16(value >> 16) + bigEndian16(value) }
    package static func littleEndian32(_ value: Int) -> [UInt8] { bigEndian32(value).reversed() }

    /// A JPEG segment: marker, big-endian length (itself included), payload.
    package static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(payload.count + 2) + payload
    }

    /// A JPEG: SOI, the Exif and XMP APP1 segments when given, then the rest of `image` (a whole JPEG file)
    /// or, without one, a frame header, one scan whose data holds a stuffed `FF 00` and an RST marker, and EOI.
    package static func jpeg(exif: [UInt8]?, xmp: String?, image: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let exif { bytes += segment(0xE1, Array("Exif".utf8) + [0, 0] + exif) }
        if let xmp { bytes += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(xmp.utf8)) }
        if let image { return bytes + image.dropFirst(2) }
        bytes += segment(0xC0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0])
        bytes += segment(0xDA, [1, 1, 0, 0, 63, 0])
        bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78]
        return bytes + [0xFF, 0xD9]
    }

    /// The XMP packet of Google's Motion Photo format 1.0: `Camera:MotionPhoto` and a `Container:Directory` of
    /// the primary picture (of MIME type `primary`) and the movie (`videoLength` bytes); the still's moment when given.
    package static func googleDirectoryXMP(primary: String, videoLength: Int, stillMicroseconds: Int? = nil) -> String {
        xmpPacket(
            namespaces: [
                "Camera": "http://ns.google.com/photos/1.0/camera/", "Container": "http://ns.google.com/photos/1.0/container/",
                "Item": "http://ns.google.com/photos/1.0/container/item/"
            ],
            attributes: "Camera:MotionPhoto=\"1\" Camera:MotionPhotoVersion=\"1\""
                + (stillMicroseconds.map { " Camera:MotionPhotoPresentationTimestampUs=\"\($0)\"" } ?? ""),
            body: """
                <Container:Directory><rdf:Seq>
                  <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="\(primary)" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
                  <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(videoLength)" Item:Padding="0"/></rdf:li>
                </rdf:Seq></Container:Directory>
                """)
    }

    /// An ISO BMFF box: big-endian size (its header included), type, body.
    package static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bigEndian32(body.count + 8) + Array(type.utf8) + body
    }

    /// A HEIC as phones write one, less its picture: `ftyp` (`heic`), a `meta` box whose `iinf` names an
    /// `Exif` item (`Exif\0\0` and `exif`, a TIFF block) and, when given, an XMP `mime` item, and whose
    /// `iloc` places them in the `mdat` box that follows.
    package static func heic(exif: [UInt8], xmp: String?) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 12) + [0])
        let exifItem = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + exif
        let xmpItem = xmp.map { Array($0.utf8) }
        var entries = box("infe", [2, 0, 0, 0] + bigEndian16(1) + [0, 0] + Array("Exif".utf8) + [0])
        if xmpItem != nil {
            entries += box("infe", [2, 0, 0, 0] + bigEndian16(2) + [0, 0] + Array("mime".utf8) + [0] + Array("application/rdf+xml".utf8) + [0])
        }
        let itemCount = xmpItem == nil ? 1 : 2
        let iinf = box("iinf", [0, 0, 0, 0] + bigEndian16(itemCount) + entries)
        // iloc version 0: 4-byte offsets and lengths, no base offset; one extent an item.
        func meta(mdatBody: Int) -> [UInt8] {
            var locations = bigEndian16(1) + [0, 0] + bigEndian16(1) + bigEndian32(mdatBody) + bigEndian32(exifItem.count)
            if let xmpItem {
                locations += bigEndian16(2) + [0, 0] + bigEndian16(1) + bigEndian32(mdatBody + exifItem.count) + bigEndian32(xmpItem.count)
            }
            let iloc = box("iloc", [0, 0, 0, 0, 0x44, 0x00] + bigEndian16(itemCount) + locations)
            return box("meta", [0, 0, 0, 0] + hdlr + iinf + iloc)
        }
        let mdatBody = ftyp.count + meta(mdatBody: 0).count + 8
        return ftyp + meta(mdatBody: mdatBody) + box("mdat", exifItem + (xmpItem ?? []))
    }

    /// An XMP packet as cameras write it: one `rdf:Description` declaring `namespaces`, with `attributes`
    /// and `body` inside it.
    package static func xmpPacket(namespaces: [String: String], attributes: String, body: String) -> String {
        let declarations = namespaces.sorted { $0.key < $1.key }.map { "xmlns:\($0.key)=\"\($0.value)\"" }.joined(separator: "\n      ")
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 5.1.0-jc003">
              <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <!-- written by the test <not a tag> -->
                <rdf:Description rdf:about=""
                  \(declarations)
                  \(attributes)>
                  \(body)
                </rdf:Description>
              </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// A TIFF block: IFD0 holding only the Exif IFD pointer, and the Exif IFD with DateTimeOriginal and, when
    /// given, OffsetTimeOriginal; then a stray `FF D8 FF D9` as an embedded thumbnail would hold.
    package static func exif(dateTimeOriginal: String, offsetTimeOriginal: String?, bigEndian: Bool) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { bigEndian ? bigEndian16(value) : bigEndian16(value).reversed() }
        func u32(_ value: Int) -> [UInt8] { bigEndian ? bigEndian32(value) : littleEndian32(value) }
        let texts = [(0x9003, dateTimeOriginal)] + (offsetTimeOriginal.map { [(0x9011, $0)] } ?? [])
        let exifIFD = 8 + 2 + 12 + 4
        var data = exifIFD + 2 + 12 * texts.count + 4
        var entries: [UInt8] = []
        var values: [UInt8] = []
        for (tag, text) in texts {
            let stored = Array(text.utf8) + [0]
            entries += u16(tag) + u16(2) + u32(stored.count) + u32(data)
            values += stored
            data += stored.count
        }
        let header = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8)
        let ifd0 = u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)
        return header + ifd0 + u16(texts.count) + entries + u32(0) + values + [0xFF, 0xD8, 0xFF, 0xD9]
    }

    /// A small ISO BMFF file: an `ftyp` box, then an `mdat` box of `mediaBytes` bytes that include `FF D9`.
    package static func mp4(mediaBytes: Int) -> [UInt8] {
        let ftyp = bigEndian32(24) + Array("ftypisom".utf8) + bigEndian32(0x200) + Array("isommp41".utf8)
        let media = (0..<mediaBytes).map { UInt8(truncatingIfNeeded: $0 * 37) } + [0xFF, 0xD9]
        return ftyp + bigEndian32(8 + media.count) + Array("mdat".utf8) + media
    }
}
