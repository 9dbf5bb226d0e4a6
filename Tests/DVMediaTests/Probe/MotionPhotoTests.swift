import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMetadata

/// The Motion Photo reader on JPEGs built here byte by byte in Google's, the Pixel MicroVideo and Samsung's
/// layouts: whole, lying about their lengths, cut at every length and randomly damaged.
@Suite struct MotionPhotoTests {
    static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    static let exif = MotionPhotoBytes.exif(dateTimeOriginal: "2024:06:01 18:42:07", offsetTimeOriginal: "+02:00", bigEndian: true)
    static let movie = MotionPhotoBytes.mp4(mediaBytes: 300)

    /// A Pixel-style Motion Photo: attributes with the conventional prefixes, the movie right after the JPEG.
    static func googleAttributes(videoLength: String = String(movie.count)) -> [UInt8] {
        let xmp = MotionPhotoBytes.xmpPacket(
            namespaces: ["Camera": cameraNamespace, "Container": containerNamespace, "Item": itemNamespace],
            attributes: "Camera:MotionPhoto=\"1\" Camera:MotionPhotoVersion=\"1\" Camera:MotionPhotoPresentationTimestampUs=\"1500000\"",
            body: """
                <Container:Directory>
                  <rdf:Seq>
                    <rdf:li rdf:parseType="Resource">
                      <Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/>
                    </rdf:li>
                    <rdf:li rdf:parseType="Resource">
                      <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(videoLength)" Item:Padding="0"/>
                    </rdf:li>
                  </rdf:Seq>
                </Container:Directory>
                """)
        return MotionPhotoBytes.jpeg(exif: exif, xmp: xmp) + movie
    }

    /// The items around the movie in `googleElements`: the primary's padding and a gain map before it, its
    /// own padding and a depth map after it.
    static let primaryPadding = 4
    static let gainMap = [UInt8](repeating: 0x47, count: 40)
    static let videoPadding = 3
    static let depthMap = [UInt8](repeating: 0x44, count: 10)

    /// A Motion Photo written with child elements and other prefixes: primary (padded), gain map, movie
    /// (padded), depth map; its timestamp is -1, "unspecified".
    static func googleElements(depthLength: String = String(depthMap.count), videoPadding padding: String = String(videoPadding))
        -> [UInt8]
    {
        func item(_ mime: String, _ semantic: String, length: String?, padding: String?) -> String {
            """
            <rdf:li rdf:parseType="Resource">
              <c:Item rdf:parseType="Resource">
                <i:Mime>\(mime)</i:Mime>
                <i:Semantic>\(semantic)</i:Semantic>
                \(length.map { "<i:Length>\($0)</i:Length>" } ?? "")
                \(padding.map { "<i:Padding>\n  \($0)\n</i:Padding>" } ?? "")
              </c:Item>
            </rdf:li>
            """
        }
        let xmp = MotionPhotoBytes.xmpPacket(
            namespaces: ["cam": cameraNamespace, "c": containerNamespace, "i": itemNamespace],
            attributes: "",
            body: """
                <cam:MotionPhoto>1</cam:MotionPhoto>
                <cam:MotionPhotoPresentationTimestampUs>-1</cam:MotionPhotoPresentationTimestampUs>
                <c:Directory>
                  <rdf:Seq>
                    \(item("image/jpeg", "Primary", length: nil, padding: String(primaryPadding)))
                    \(item("image/jpeg", "GainMap", length: String(gainMap.count), padding: nil))
                    \(item("video/mp4", "MotionPhoto", length: String(movie.count), padding: padding))
                    \(item("image/jpeg", "Depth", length: depthLength, padding: nil))
                  </rdf:Seq>
                </c:Directory>
                """)
        return MotionPhotoBytes.jpeg(exif: nil, xmp: xmp) + [UInt8](repeating: 0, count: primaryPadding) + gainMap + movie
            + [UInt8](repeating: 0, count: videoPadding) + depthMap
    }

    /// A Pixel MVIMG: the movie is the last `MicroVideoOffset` bytes.
    static func microVideo(offset: String = String(movie.count), version: String = "1") -> [UInt8] {
        let xmp = MotionPhotoBytes.xmpPacket(
            namespaces: ["GCamera": cameraNamespace],
            attributes: """
                GCamera:MicroVideo="1" GCamera:MicroVideoVersion="\(version)" GCamera:MicroVideoOffset="\(offset)"
                GCamera:MicroVideoPresentationTimestampUs="966000"
                """,
            body: "")
        return MotionPhotoBytes.jpeg(exif: exif, xmp: xmp) + movie
    }

    /// A Samsung data block: two zero bytes, its type, its name's length, its name, its data.
    static func samsungBlock(type: UInt8, name: String, data: [UInt8]) -> [UInt8] {
        [0x00, 0x00, type, 0x0A] + MotionPhotoBytes.littleEndian32(name.utf8.count) + Array(name.utf8) + data
    }

    /// The time block `samsung(timeBlockAfterVideo: true)` puts after the movie.
    static let samsungTimeBlock = samsungBlock(type: 0x01, name: "Image_UTC_Data", data: Array("1717260127000".utf8))

    /// A Samsung Motion Photo: the marker's data block after the image (then, when asked, a time block), then
    /// the `SEFH` directory with an entry for each block, its length (or `trailerLength`) and `SEFT`.
    /// `videoEntryLength` overrides the length the directory gives the movie's block.
    static func samsung(
        movie video: [UInt8] = movie, timeBlockAfterVideo: Bool = false, videoEntryLength: Int? = nil,
        trailerLength: Int? = nil
    ) -> [UInt8] {
        let videoBlock = samsungBlock(type: 0x30, name: "MotionPhoto_Data", data: video)
        let blocks = videoBlock + (timeBlockAfterVideo ? samsungTimeBlock : [])
        var entries: [UInt8] =
            [0x00, 0x00, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(blocks.count)
            + MotionPhotoBytes.littleEndian32(videoEntryLength ?? videoBlock.count)
        if timeBlockAfterVideo {
            entries +=
                [0x00, 0x00, 0x01, 0x0A] + MotionPhotoBytes.littleEndian32(samsungTimeBlock.count)
                + MotionPhotoBytes.littleEndian32(samsungTimeBlock.count)
        }
        let directory =
            Array("SEFH".utf8) + MotionPhotoBytes.littleEndian32(106) + MotionPhotoBytes.littleEndian32(timeBlockAfterVideo ? 2 : 1) + entries
        return MotionPhotoBytes.jpeg(exif: exif, xmp: nil) + blocks + directory + MotionPhotoBytes.littleEndian32(trailerLength ?? directory.count)
            + Array("SEFT".utf8)
    }

    /// A Samsung data block and movie without the trailer that lists them (exiftool finds no movie in it).
    static func samsungWithoutTrailer() -> [UInt8] {
        MotionPhotoBytes.jpeg(exif: nil, xmp: nil) + Array("MotionPhoto_Data".utf8) + movie
    }

    /// Every valid sample with the movie it must give. A Samsung trailer is its directory (a 12-byte header
    /// and 12 bytes an entry), its length and `SEFT`.
    static func samples() -> [(name: String, bytes: [UInt8], expected: MotionPhoto)] {
        let attributes = googleAttributes()
        let elements = googleElements()
        let elementsOffset = elements.count - movie.count - videoPadding - depthMap.count
        let micro = microVideo()
        let oneBlock = samsung()
        let twoBlocks = samsung(timeBlockAfterVideo: true)
        return [
            ("Google, attributes", attributes, expected(.motionPhoto, attributes.count - movie.count, 1_500_000)),
            ("Google, elements", elements, expected(.motionPhoto, elementsOffset, nil)),
            ("MicroVideo", micro, expected(.microVideo, micro.count - movie.count, 966_000)),
            ("Samsung", oneBlock, expected(.samsung, oneBlock.count - movie.count - (24 + 8), nil)),
            (
                "Samsung, a block after the video", twoBlocks,
                expected(.samsung, twoBlocks.count - movie.count - samsungTimeBlock.count - (36 + 8), nil)
            )
        ]
    }

    /// The sample movie found at `offset`.
    static func expected(_ layout: MotionPhoto.Layout, _ offset: Int, _ timestamp: Int?) -> MotionPhoto {
        MotionPhoto(layout: layout, videoOffset: offset, videoLength: movie.count, presentationTimestampMicroseconds: timestamp)
    }

    /// True unless `result` names a movie that is not wholly inside `bytes` or does not open with `ftyp`.
    static func liesInside(_ result: MotionPhotoResult, _ bytes: [UInt8]) -> Bool {
        guard case .motionPhoto(let photo) = result else { return true }
        return photo.videoOffset >= 0 && photo.videoLength >= 8 && photo.videoLength <= bytes.count - photo.videoOffset
            && bytes[photo.videoOffset + 4..<photo.videoOffset + 8].elementsEqual("ftyp".utf8)
    }

    @Test func findsTheMovieInEachLayout() {
        for (name, bytes, expected) in Self.samples() {
            let result = MotionPhoto.locate(in: bytes)
            #expect(result == .motionPhoto(expected), "\(name)")
            #expect(Array(bytes[expected.videoOffset..<expected.videoOffset + expected.videoLength]) == Self.movie, "\(name)")
        }
        #expect(MotionPhoto.Layout.motionPhoto.rawValue == "motion_photo")
        #expect(MotionPhoto.Layout.microVideo.rawValue == "micro_video")
        #expect(MotionPhoto.Layout.samsung.rawValue == "samsung")
    }

    /// Where a sample's JPEG picture ends: just past the first EOI after its first scan's header (its Exif
    /// block holds a thumbnail's EOI before that).
    static func pictureEnd(_ bytes: [UInt8]) -> Int? {
        guard let scan = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else { return nil }
        return (scan..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 }.map { $0 + 2 }
    }

    @Test("a JPEG without its end marker (EOI) still gives the movie in every layout; its image headers still bound it")
    func theEndMarkerIsNotNeeded() throws {
        for (name, bytes, expected) in Self.samples() {
            let end = try #require(Self.pictureEnd(bytes), "\(name)")
            let withoutEOI = Array(bytes[..<(end - 2)] + bytes[end...])
            var moved = expected
            moved.videoOffset -= 2
            #expect(MotionPhoto.locate(in: withoutEOI) == .motionPhoto(moved), "\(name)")
        }
        let reaching = Self.googleAttributes(videoLength: String(Self.movie.count + 20))
        let end = try #require(Self.pictureEnd(reaching))
        guard case .malformed = MotionPhoto.locate(in: Array(reaching[..<(end - 2)] + reaching[end...])) else {
            Issue.record("a video reaching into the image is malformed with or without EOI")
            return
        }
        let headers = MotionPhotoBytes.xmpPacket(
            namespaces: ["GCamera": Self.cameraNamespace],
            attributes: "GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"100000\"", body: "")
        let noScan = [0xFF, 0xD8] + MotionPhotoBytes.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(headers.utf8))
        #expect(
            MotionPhoto.locate(in: noScan + Self.movie)
                == .malformed(
                    reason: "its MicroVideoOffset says the video is the last 100,000 bytes but the file has \(noScan.count + Self.movie.count)"))
    }

    @Test(
        "a Samsung block without the trailer that lists it is no Motion Photo, as exiftool reads it; a damaged trailer is malformed",
        .tags(.reference))
    func samsungNeedsItsTrailer() throws {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try TemporaryFolder("samsung-trailer")
        func exiftoolMovie(_ bytes: [UInt8], _ name: String) throws -> [UInt8] {
            let url = folder.url.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return [UInt8](try ReferenceCommand.output(exiftool, ["-b", "-EmbeddedVideoFile", url.path]))
        }
        #expect(try exiftoolMovie(Self.samsung(), "with-trailer.jpg") == Self.movie)
        #expect(try exiftoolMovie(Self.samsungWithoutTrailer(), "without-trailer.jpg").isEmpty)
        #expect(MotionPhoto.locate(in: Self.samsungWithoutTrailer()) == .notMotionPhoto)
        var damaged = Self.samsung()
        damaged[damaged.count - 8] ^= 0x40
        guard case .malformed(let reason) = MotionPhoto.locate(in: damaged) else {
            Issue.record("a damaged trailer: \(MotionPhoto.locate(in: damaged))")
            return
        }
        #expect(reason.contains("SEFT"))
    }

    @Test("only the headers, the XMP, the trailer and the movie's first box are read, never the picture")
    func readsOnlyWhatItNeeds() throws {
        let picture = [UInt8](repeating: 0x5A, count: 2_000_000)
        func withPicture(_ bytes: [UInt8]) throws -> [UInt8] {
            let end = try #require(Self.pictureEnd(bytes))
            return Array(bytes[..<(end - 2)]) + picture + Array(bytes[(end - 2)...])
        }
        for (name, bytes, _) in Self.samples() {
            let large = try withPicture(bytes)
            let source = MemorySource(large)
            let reader = ByteReader(source, blockSize: 4096)
            guard case .motionPhoto(let found) = MotionPhoto.locate(in: reader) else {
                Issue.record("\(name): \(MotionPhoto.locate(in: large))")
                continue
            }
            #expect(Array(large[found.videoOffset..<(found.videoOffset + found.videoLength)]) == Self.movie, "\(name)")
            #expect(reader.bytesRead <= 6 * 4096, "\(name): \(reader.bytesRead) bytes of \(large.count) read")
            #expect(reader.requests <= 6, "\(name): \(reader.requests) reads")
        }
    }

    /// A HEIC Motion Photo: the movie in a top-level `mpvd` box, which the directory's `Item:Length` gives as
    /// `directoryLength` (the movie's own length unless told).
    static func googleHEIC(directoryLength: Int = movie.count, box: [UInt8] = movie) -> [UInt8] {
        let xmp = MotionPhotoBytes.googleDirectoryXMP(primary: "image/heic", videoLength: directoryLength, stillMicroseconds: 700_000)
        return MotionPhotoBytes.heic(exif: exif, xmp: xmp) + MotionPhotoBytes.box("mpvd", box)
    }

    /// Samsung's HEIC Motion Photo: the HEIF, then the `MotionPhoto_Data` block and the `SEFH`…`SEFT` trailer.
    static func samsungHEIC() -> [UInt8] {
        let block = samsungBlock(type: 0x30, name: "MotionPhoto_Data", data: movie)
        let directory =
            Array("SEFH".utf8) + MotionPhotoBytes.littleEndian32(106) + MotionPhotoBytes.littleEndian32(1)
            + [0x00, 0x00, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(block.count) + MotionPhotoBytes.littleEndian32(block.count)
        return MotionPhotoBytes.heic(exif: exif, xmp: nil) + block + directory + MotionPhotoBytes.littleEndian32(directory.count) + Array("SEFT".utf8)
    }

    @Test("HEIC Motion Photos: the mpvd box, checked by its ftyp, and Samsung's trailer; their Exif capture time")
    func heicMotionPhotos() {
        let google = Self.googleHEIC()
        let moved = MotionPhoto(
            layout: .heicBox, videoOffset: google.count - Self.movie.count, videoLength: Self.movie.count,
            presentationTimestampMicroseconds: 700_000)
        #expect(MotionPhoto.locate(in: google) == .motionPhoto(moved))
        // Samsung's S22 gives the movie's Item:Length as 80: the box, checked by its ftyp, is what counts.
        let misleading = Self.googleHEIC(directoryLength: 80)
        var boxed = moved
        boxed.videoOffset = misleading.count - Self.movie.count
        #expect(MotionPhoto.locate(in: misleading) == .motionPhoto(boxed), "the mpvd box wins over the directory")
        let samsung = Self.samsungHEIC()
        guard case .motionPhoto(let found) = MotionPhoto.locate(in: samsung) else {
            Issue.record("Samsung's HEIC: \(MotionPhoto.locate(in: samsung))")
            return
        }
        #expect(found.layout == .samsung && Array(samsung[found.videoOffset..<(found.videoOffset + found.videoLength)]) == Self.movie)
        for bytes in [google, samsung] {
            let time = MotionPhoto.exifCaptureTime(in: bytes)
            #expect(time?.dateTimeOriginal == "2024:06:01 18:42:07" && time?.offsetTimeOriginal == "+02:00")
        }
        #expect(MotionPhoto.locate(in: MotionPhotoBytes.heic(exif: Self.exif, xmp: nil)) == .notMotionPhoto)
        let notMP4 = Self.movie.enumerated().map { $0.offset == 4 ? UInt8(ascii: "F") : $0.element }
        guard case .malformed = MotionPhoto.locate(in: Self.googleHEIC(box: notMP4)) else {
            Issue.record("an mpvd box without an MP4 is malformed")
            return
        }
    }

    @Test func stillsWithoutAClaimAreNotMotionPhotos() {
        let unrelatedXMP = MotionPhotoBytes.xmpPacket(
            namespaces: ["xmp": "http://ns.adobe.com/xap/1.0/"],
            attributes: "xmp:CreatorTool=\"MotionPhoto_Data\"", body: "")
        let switchedOff = MotionPhotoBytes.xmpPacket(
            namespaces: ["Camera": Self.cameraNamespace], attributes: "Camera:MotionPhoto=\"0\" Camera:MicroVideo=\"0\"", body: "")
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("SOI only", [0xFF, 0xD8]),
            ("plain JPEG", MotionPhotoBytes.jpeg(exif: Self.exif, xmp: nil)),
            ("an MP4, not a JPEG", Self.movie),
            ("the marker inside the XMP, before the image's end", MotionPhotoBytes.jpeg(exif: nil, xmp: unrelatedXMP) + Self.movie),
            ("MotionPhoto=0 with a movie appended", MotionPhotoBytes.jpeg(exif: nil, xmp: switchedOff) + Self.movie)
        ]
        for (name, bytes) in cases {
            #expect(MotionPhoto.locate(in: bytes) == .notMotionPhoto, "\(name)")
        }
    }

    @Test func aVideoLongerThanTheFileIsMalformedWithItsSizes() {
        let bytes = Self.googleAttributes(videoLength: "9999999")
        let fileSize = "\(bytes.count / 1000),\(String(bytes.count % 1000 + 1000).dropFirst())"
        #expect(
            MotionPhoto.locate(in: bytes)
                == .malformed(reason: "its Motion Photo directory says the video is 9,999,999 bytes but the file has \(fileSize)"))
    }

    @Test("lengths and offsets that lie give malformed, never a movie")
    func lyingFieldsAreMalformed() {
        let notMP4 = MotionPhotoBytes.mp4(mediaBytes: 300).enumerated().map { $0.offset == 4 ? UInt8(ascii: "F") : $0.element }
        let noDirectory = MotionPhotoBytes.xmpPacket(namespaces: ["Camera": Self.cameraNamespace], attributes: "Camera:MotionPhoto=\"1\"", body: "")
        let secondaryFirst = MotionPhotoBytes.xmpPacket(
            namespaces: ["Camera": Self.cameraNamespace, "Container": Self.containerNamespace, "Item": Self.itemNamespace],
            attributes: "Camera:MotionPhoto=\"1\"",
            body:
                "<Container:Directory><rdf:Seq><rdf:li><Container:Item Item:Semantic=\"MotionPhoto\" Item:Length=\"\(Self.movie.count)\"/></rdf:li></rdf:Seq></Container:Directory>"
        )
        let noVideoItem = MotionPhotoBytes.xmpPacket(
            namespaces: ["Camera": Self.cameraNamespace, "Container": Self.containerNamespace, "Item": Self.itemNamespace],
            attributes: "Camera:MotionPhoto=\"1\"",
            body: "<Container:Directory><rdf:Seq><rdf:li><Container:Item Item:Semantic=\"Primary\"/></rdf:li></rdf:Seq></Container:Directory>")
        let wholeFile = Self.googleAttributes().count
        let cases: [(String, [UInt8])] = [
            ("video length negative", Self.googleAttributes(videoLength: "-5")),
            ("video length Int.max", Self.googleAttributes(videoLength: "9223372036854775807")),
            ("video length past Int.max", Self.googleAttributes(videoLength: "99999999999999999999")),
            ("video length not a number", Self.googleAttributes(videoLength: "300 bytes")),
            ("video length empty", Self.googleAttributes(videoLength: "")),
            ("video length zero", Self.googleAttributes(videoLength: "0")),
            ("video length short of the ftyp box", Self.googleAttributes(videoLength: String(Self.movie.count - 1))),
            ("video length the whole file", Self.googleAttributes(videoLength: String(wholeFile))),
            ("video reaching into the JPEG", Self.googleAttributes(videoLength: String(Self.movie.count + 20))),
            ("item after the video Int.max", Self.googleElements(depthLength: "9223372036854775807")),
            ("item after the video past the file", Self.googleElements(depthLength: "1000000")),
            ("video padding not a number", Self.googleElements(videoPadding: "three")),
            ("video padding negative", Self.googleElements(videoPadding: "-3")),
            ("no directory", MotionPhotoBytes.jpeg(exif: nil, xmp: noDirectory) + Self.movie),
            ("directory not opening with the primary", MotionPhotoBytes.jpeg(exif: nil, xmp: secondaryFirst) + Self.movie),
            ("directory without a video", MotionPhotoBytes.jpeg(exif: nil, xmp: noVideoItem) + Self.movie),
            ("Google layout, no ftyp", Array(Self.googleAttributes().dropLast(Self.movie.count)) + notMP4),
            ("MicroVideo offset past the file", Self.microVideo(offset: "1000000")),
            ("MicroVideo offset Int.max", Self.microVideo(offset: "9223372036854775807")),
            ("MicroVideo offset zero", Self.microVideo(offset: "0")),
            ("MicroVideo offset negative", Self.microVideo(offset: "-300")),
            ("MicroVideo offset not a number", Self.microVideo(offset: "0x12C")),
            ("MicroVideo offset off by one", Self.microVideo(offset: String(Self.movie.count + 1))),
            ("MicroVideo version 2", Self.microVideo(version: "2")),
            ("Samsung marker before no MP4", Self.samsung(movie: notMP4)),
            ("Samsung trailer length past the file", Self.samsung(trailerLength: 1_000_000)),
            ("Samsung trailer length into the video", Self.samsung(trailerLength: 100)),
            ("Samsung trailer length 4 GiB", Self.samsung(trailerLength: 0xFFFF_FFFF)),
            ("Samsung video block past the directory", Self.samsung(timeBlockAfterVideo: true, videoEntryLength: Self.movie.count + 100)),
            ("Samsung video block ending before the video", Self.samsung(videoEntryLength: 10)),
            ("Samsung video block 4 GiB", Self.samsung(videoEntryLength: 0xFFFF_FFFF))
        ]
        for (name, bytes) in cases {
            let result = MotionPhoto.locate(in: bytes)
            guard case .malformed(let reason) = result else {
                Issue.record("\(name): \(result)")
                continue
            }
            #expect(reason.hasPrefix("its "), "\(name): \(reason)")
            #expect(!reason.contains("\n"), "\(name): \(reason)")
        }
    }

    @Test func readsTheExifCaptureTime() {
        let littleEndian = MotionPhotoBytes.exif(dateTimeOriginal: "2019:12:31 23:59:59", offsetTimeOriginal: nil, bigEndian: false)
        let big = MotionPhoto.exifCaptureTime(in: Self.googleAttributes())
        #expect(big?.dateTimeOriginal == "2024:06:01 18:42:07")
        #expect(big?.offsetTimeOriginal == "+02:00")
        let little = MotionPhoto.exifCaptureTime(in: MotionPhotoBytes.jpeg(exif: littleEndian, xmp: nil))
        #expect(little?.dateTimeOriginal == "2019:12:31 23:59:59")
        #expect(little?.offsetTimeOriginal == nil)
        #expect(MotionPhoto.exifCaptureTime(in: Self.samsungWithoutTrailer()) == nil)
        #expect(MotionPhoto.exifCaptureTime(in: ByteReader(MemorySource(Self.googleAttributes())))?.offsetTimeOriginal == "+02:00")
        #expect(MotionPhoto.exifCaptureTime(in: []) == nil)
    }

    /// `samples()` and the two HEIC layouts, for the damage tests.
    static func samplesWithHEIC() -> [(name: String, bytes: [UInt8], expected: MotionPhoto)] {
        let google = googleHEIC(), samsung = samsungHEIC()
        return samples() + [
            (
                "Google HEIC", google,
                MotionPhoto(
                    layout: .heicBox, videoOffset: google.count - movie.count, videoLength: movie.count,
                    presentationTimestampMicroseconds: 700_000)
            ),
            ("Samsung HEIC", samsung, expected(.samsung, samsung.count - movie.count - (24 + 8), nil))
        ]
    }

    @Test("a file cut at any length gives nothing, malformed, or a movie inside what is left")
    func truncation() {
        for (name, bytes, expected) in Self.samplesWithHEIC() {
            for length in 0...bytes.count {
                let cut = Array(bytes.prefix(length))
                let result = MotionPhoto.locate(in: cut)
                #expect(Self.liesInside(result, cut), "\(name) cut at \(length)")
                if length == bytes.count { #expect(result == .motionPhoto(expected), "\(name)") }
                _ = MotionPhoto.exifCaptureTime(in: cut)
            }
        }
    }

    @Test("random byte damage never crashes and never gives a movie outside the file, read whole or in blocks alike")
    func randomDamage() {
        var random = LinearCongruential(seed: 0x4D50_4A50)
        let samples = Self.samplesWithHEIC().map(\.bytes)
        for mutation in 0..<2_000 {
            var bytes = samples[mutation % samples.count]
            for _ in 0...random.next(below: 4) {
                let offset = random.next(below: bytes.count)
                bytes[offset] =
                    random.next(below: 2) == 0
                    ? bytes[offset] ^ (1 << UInt8(random.next(below: 8)))
                    : UInt8(random.next(below: 256))
            }
            let result = MotionPhoto.locate(in: bytes)
            #expect(Self.liesInside(result, bytes), "mutation \(mutation)")
            #expect(MotionPhoto.locate(in: ByteReader(MemorySource(bytes), blockSize: 512)) == result, "mutation \(mutation), read in blocks")
            _ = MotionPhoto.exifCaptureTime(in: bytes)
        }
    }
}

/// Bytes in memory served as a `ByteSource`, as a file would be.
private struct MemorySource: ByteSource {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var size: Int { bytes.count }
    func read(at offset: Int, count: Int) throws -> [UInt8] { Array(bytes[offset..<min(bytes.count, offset + count)]) }
}

/// A fixed-seed 64-bit linear congruential generator (Knuth's MMIX constants), so the damage is the same on
/// every run.
private struct LinearCongruential {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`, from the state's high bits.
    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
