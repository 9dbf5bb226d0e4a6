import DVMediaFacts
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia
@testable import DVMetadata

/// Who and what the XMP names, embedded in JPEG, HEIC, MP4 and MOV and in sidecars: exiftool writes it into
/// copies of the corpus's real files, and dvpipe's reading equals exiftool's (`-j -struct`).
@Suite struct XMPAnnotationsTests {
    init() { MediaLog.silence() }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DVPipeTests/Corpus")

    /// What exiftool writes: an MWG face and an unnamed Focus region, a Microsoft region, keywords of each
    /// schema, a rating and a label.
    static let written = [
        "-XMP-mwg-rs:RegionInfo={AppliedToDimensions={W=400,H=300,Unit=pixel},RegionList=[{Area={X=0.3,Y=0.4,W=0.1,H=0.2,Unit=normalized},"
            + "Name=Emma,Type=Face},{Area={X=0.5,Y=0.5,W=0.2,H=0.2,Unit=normalized},Type=Focus},"
            + "{Area={X=0.95,Y=0.1,W=0.2,H=0.1,Unit=normalized},Name=Rex,Type=Pet}]}",
        "-XMP-MP:RegionInfoMP={Regions=[{PersonDisplayName=Noah,Rectangle=0.1|, 0.2|, 0.3|, 0.4}]}",
        "-XMP-dc:Subject=beach", "-XMP-dc:Subject=Émilie", "-XMP-lr:HierarchicalSubject=People|Family|Emma",
        "-XMP-digiKam:TagsList=Places/Beach", "-XMP-microsoft:LastKeywordXMP=holiday", "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Red"
    ]

    /// The annotations exiftool reads from `url`, by the rules `XMPAnnotations` states: named Face or Pet
    /// regions (MWG's centre turned to the top-left), then Microsoft's; keywords of each schema in turn
    /// (hierarchical ones with `/`); rectangles turned upright by the EXIF orientation exiftool reads.
    static func exiftoolAnnotations(_ url: URL, orientation: Int?) throws -> Annotations {
        let data = try ReferenceCommand.output(try ReferenceCommand.requiredExiftool, ["-j", "-struct", "-n", "-XMP:all", url.path])
        let object = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        func list(_ key: String) -> [Any] { (object[key] as? [Any]) ?? (object[key].map { [$0] } ?? []) }
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init) }
        var people: [NamedRegion] = []
        for case let region as [String: Any] in list("RegionInfo").compactMap({ ($0 as? [String: Any])?["RegionList"] as? [Any] }).flatMap({ $0 }) {
            guard let name = region["Name"] as? String, ["Face", "Pet"].contains(region["Type"] as? String) else { continue }
            let area = (region["Area"] as? [String: Any]).flatMap { area -> RegionArea? in
                guard let x = number(area["X"]), let y = number(area["Y"]), let w = number(area["W"]), let h = number(area["H"]) else { return nil }
                return RegionArea(x: x - w / 2, y: y - h / 2, width: w, height: h)
            }
            people.append(NamedRegion(name: name, area: area.flatMap { ExifOrientation.displayed($0, orientation: orientation) }))
        }
        for case let region as [String: Any] in list("RegionInfoMP").compactMap({ ($0 as? [String: Any])?["Regions"] as? [Any] }).flatMap({ $0 }) {
            guard let name = region["PersonDisplayName"] as? String else { continue }
            let numbers = (region["Rectangle"] as? String)?.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? []
            let area = numbers.count == 4 ? RegionArea(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) : nil
            people.append(NamedRegion(name: name, area: area.flatMap { ExifOrientation.displayed($0, orientation: orientation) }))
        }
        var keywords: [String] = []
        for key in ["Subject", "HierarchicalSubject", "TagsList", "LastKeywordXMP"] {
            for case let keyword as String in list(key) {
                let kept = key == "HierarchicalSubject" ? keyword.replacingOccurrences(of: "|", with: "/") : keyword
                if !keywords.contains(kept) { keywords.append(kept) }
            }
        }
        return Annotations(
            people: people, keywords: keywords, rating: number(object["Rating"]).map { Int($0) }, label: object["Label"].map { "\($0)" })
    }

    /// Expects `found` to be `expected`, rectangles to 1e-6.
    static func expectSame(_ found: Annotations?, _ expected: Annotations, _ what: String) {
        guard let found else {
            Issue.record("\(what): nothing read")
            return
        }
        // The people and keywords as sets: dvpipe keeps the packet's order, exiftool its own.
        let people = found.people.sorted { $0.name < $1.name }, theirPeople = expected.people.sorted { $0.name < $1.name }
        #expect(people.map(\.name) == theirPeople.map(\.name), "\(what)")
        for (mine, theirs) in zip(people, theirPeople) {
            #expect((mine.area == nil) == (theirs.area == nil), "\(what): \(mine.name)")
            if let mine = mine.area, let theirs = theirs.area {
                let differences = [mine.x - theirs.x, mine.y - theirs.y, mine.width - theirs.width, mine.height - theirs.height]
                #expect(differences.allSatisfy { abs($0) < 1e-6 }, "\(what): \(mine) against \(theirs)")
            }
        }
        #expect(found.keywords.sorted() == expected.keywords.sorted(), "\(what)")
        #expect(found.rating == expected.rating && found.label == expected.label, "\(what)")
    }

    @Test(
        "exiftool's regions, keywords, rating and label in a JPEG, a HEIC, a Motion Photo, an MP4, a MOV and a sidecar read as exiftool reads them",
        .tags(.reference))
    func readsWhatExiftoolWrote() throws {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try TemporaryFolder("xmp-annotations")
        for name in ["pixel_8.jpg", "IMG_3582.HEIC", "edges/pixel-motion-photo-shortened.jpg", "sample_with_color_info.mp4", "IMG_3582.mov"] {
            let url = folder.url.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-"))
            try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent(name), to: url)
            _ = try ReferenceCommand.output(exiftool, ["-q", "-overwrite_original"] + Self.written + [url.path])
            let isMovie = ["mp4", "mov"].contains(url.pathExtension.lowercased())
            let orientation = isMovie ? nil : ExifOrientation.read(in: ByteReader(try LocalFileBytes(url: url)))
            guard case .media(let info) = MediaProbe.probe(url) else {
                Issue.record("\(name): \(MediaProbe.probe(url))")
                continue
            }
            let expected = try Self.exiftoolAnnotations(url, orientation: orientation)
            #expect(expected.people.map(\.name) == ["Emma", "Rex", "Noah"], "\(name)")
            #expect(expected.keywords.count == 5 && expected.rating == 4, "\(name)")
            Self.expectSame(info.annotations, expected, name)
            if name.contains("motion-photo") {
                #expect(info.embeddedMovie != nil && !info.isStill, "the Motion Photo's movie lends the still's names")
            }
        }
        let sidecar = folder.url.appendingPathComponent("IMG_0001.JPG.xmp")
        _ = try ReferenceCommand.output(exiftool, ["-q", "-o", sidecar.path] + Self.written + ["-XMP-tiff:Orientation#=6"])
        let bytes = [UInt8](try Data(contentsOf: sidecar))
        Self.expectSame(XMPAnnotations.read(sidecar: bytes), try Self.exiftoolAnnotations(sidecar, orientation: 6), "sidecar")
    }

    @Test("a stored rectangle is turned upright by each EXIF orientation as TIFF 6.0 names it")
    func orientationTurnsRegions() throws {
        let stored = try #require(RegionArea(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        let cases: [(Int?, [Double])] = [
            (nil, [0.1, 0.2, 0.3, 0.4]), (1, [0.1, 0.2, 0.3, 0.4]), (2, [0.6, 0.2, 0.3, 0.4]), (3, [0.6, 0.4, 0.3, 0.4]),
            (4, [0.1, 0.4, 0.3, 0.4]), (5, [0.2, 0.1, 0.4, 0.3]), (6, [0.4, 0.1, 0.4, 0.3]), (7, [0.4, 0.6, 0.4, 0.3]),
            (8, [0.2, 0.6, 0.4, 0.3])
        ]
        for (orientation, expected) in cases {
            let area = try #require(ExifOrientation.displayed(stored, orientation: orientation))
            let found = [area.x, area.y, area.width, area.height]
            #expect(zip(found, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "orientation \(String(describing: orientation)): \(found)")
        }
    }

    /// An XMP packet around `description`'s properties.
    static func packet(_ body: String, attributes: String = "") -> [UInt8] {
        Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
             xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" \(attributes)>
            \(body)
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    static func read(_ bytes: [UInt8]) -> Annotations? {
        var reader = XMPAnnotations()
        reader.read(packet: bytes)
        return reader.annotations(orientation: nil)
    }

    @Test("unnamed and Focus regions are skipped, element-form areas read, rectangles outside the picture clipped or dropped with the name kept")
    func badRegions() throws {
        let found = try #require(
            Self.read(
                Self.packet(
                    """
                    <mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag>
                     <rdf:li rdf:parseType="Resource"><mwg-rs:Type>Face</mwg-rs:Type><mwg-rs:Area stArea:x="0.5" stArea:y="0.5" stArea:w="0.1" stArea:h="0.1"/></rdf:li>
                     <rdf:li rdf:parseType="Resource"><mwg-rs:Name>Focus only</mwg-rs:Name><mwg-rs:Type>Focus</mwg-rs:Type></rdf:li>
                     <rdf:li><rdf:Description mwg-rs:Name="Ada" mwg-rs:Type="Face"><mwg-rs:Area rdf:parseType="Resource">
                      <stArea:x>0.9</stArea:x><stArea:y>0.5</stArea:y><stArea:w>0.4</stArea:w><stArea:h>0.2</stArea:h><stArea:unit>normalized</stArea:unit>
                     </mwg-rs:Area></rdf:Description></rdf:li>
                     <rdf:li rdf:parseType="Resource"><mwg-rs:Name>Outside</mwg-rs:Name><mwg-rs:Area stArea:x="3" stArea:y="3" stArea:w="0.1" stArea:h="0.1"/></rdf:li>
                     <rdf:li rdf:parseType="Resource"><mwg-rs:Name>NaN</mwg-rs:Name><mwg-rs:Area stArea:x="nan" stArea:y="0" stArea:w="0.1" stArea:h="0.1"/></rdf:li>
                    </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>
                    <xmp:Rating>7</xmp:Rating>
                    """)))
        #expect(found.people.map(\.name) == ["Ada", "Outside", "NaN"])
        let ada = try #require(found.people.first?.area)
        #expect(abs(ada.x - 0.7) < 1e-9 && abs(ada.width - 0.3) < 1e-9 && abs(ada.y - 0.4) < 1e-9 && abs(ada.height - 0.2) < 1e-9)
        #expect(found.people[1].area == nil && found.people[2].area == nil)
        #expect(found.rating == nil, "a rating of 7 is dropped")
    }

    @Test("malformed XMP gives what came before the damage, or nothing; no crash")
    func malformed() {
        let whole = Self.packet(
            "<dc:subject><rdf:Bag><rdf:li>beach</rdf:li><rdf:li>sea</rdf:li></rdf:Bag></dc:subject>", attributes: "xmp:Rating=\"3\"")
        #expect(Self.read(whole) == Annotations(keywords: ["beach", "sea"], rating: 3))
        for cut in stride(from: 0, to: whole.count, by: 7) { _ = Self.read(Array(whole[..<cut])) }
        #expect(Self.read(Array("<<<<&&&\u{0}".utf8)) == nil)
        #expect(Self.read([]) == nil)
    }

    /// A packet of `count` keywords.
    static func keywords(_ count: Int) -> [UInt8] {
        var body = "<dc:subject><rdf:Bag>"
        for index in 0..<count { body += "<rdf:li>k\(index)</rdf:li>" }
        return packet(body + "<rdf:li>k0</rdf:li></rdf:Bag></dc:subject>")
    }

    @Test("100,000 keywords in one packet are all kept, once each, in time linear in their number")
    func manyKeywords() throws {
        let small = Self.keywords(10_000), large = Self.keywords(100_000)
        let clock = ContinuousClock()
        var found: Annotations?
        let smallTime = clock.measure { _ = Self.read(small) }
        let largeTime = clock.measure { found = Self.read(large) }
        #expect(found?.keywords.count == 100_000 && found?.keywords.last == "k99999")
        #expect(largeTime < smallTime * 25, "10,000 keywords in \(smallTime), 100,000 in \(largeTime)")
    }

    /// A JPEG of a standard packet naming Extended XMP `extended`, cut into APP1 chunks of `chunk` bytes.
    static func jpeg(extended: [UInt8], chunk: Int = 65_000, dropping dropped: Int? = nil) -> [UInt8] {
        let guid = "0123456789ABCDEF0123456789ABCDEF"
        let standard = packet("", attributes: "xmpNote:HasExtendedXMP=\"\(guid)\" xmp:Label=\"Blue\"")
        var bytes: [UInt8] = [0xFF, 0xD8] + MotionPhotoBytes.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + standard)
        for (index, offset) in stride(from: 0, to: extended.count, by: chunk).enumerated() where index != dropped {
            let header =
                Array("http://ns.adobe.com/xmp/extension/".utf8) + [0] + Array(guid.utf8)
                + MotionPhotoBytes.bigEndian32(extended.count) + MotionPhotoBytes.bigEndian32(offset)
            bytes += MotionPhotoBytes.segment(0xE1, header + extended[offset..<min(extended.count, offset + chunk)])
        }
        return bytes + [0xFF, 0xD9]
    }

    @Test("a JPEG's Extended XMP is reassembled from its chunks (100,000 keywords); a chunk missing leaves the standard packet")
    func extendedXMP() throws {
        let extended = Self.keywords(100_000)
        let found = try #require(XMPAnnotations.read(still: ByteReader(bytes: Self.jpeg(extended: extended))))
        #expect(found.keywords.count == 100_000 && found.label == "Blue")
        let cut = XMPAnnotations.read(still: ByteReader(bytes: Self.jpeg(extended: extended, dropping: 3)))
        #expect(cut == Annotations(label: "Blue"))
    }

    @Test("the Pixel's Extended XMP (its HDR maker note) is reassembled whole, but the scan does not read it: it names no one")
    func pixelExtendedXMP() throws {
        let url = Self.corpus.appendingPathComponent("edges/pixel-motion-photo-shortened.jpg")
        let file = ByteReader(try LocalFileBytes(url: url))
        let jpeg = try #require(JPEGSegments(file))
        let guid = "68F0AB3C23C7ABEF1CCABA1C56F3594A"
        let length = try #require(ExtendedXMP.fullLength(of: guid, chunks: jpeg.extendedXMPChunks, in: file))
        let packet = try #require(ExtendedXMP.packet(guid, chunks: jpeg.extendedXMPChunks, in: file))
        #expect(packet.count == length)
        #expect(String(decoding: packet, as: UTF8.self).contains("hdrp_makernote"))
        let scan = ByteReader(try LocalFileBytes(url: url), blockSize: 4096)
        #expect(XMPAnnotations.read(still: scan) == nil)
        #expect(scan.bytesRead <= 3 * 4096, "\(scan.bytesRead) bytes read")
    }
}
