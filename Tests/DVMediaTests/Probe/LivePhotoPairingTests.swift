import DVMetadata
import DVPlanning
import DVRender
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia
@testable import DVSamples

/// Live Photos found on real files: a movie pairs with a JPEG by the Apple content identifier whatever their
/// names, and with a HEIC still (which FFmpeg 5.1 cannot open) by base name, with no unreadable-file report.
@Suite struct LivePhotoPairingTests {
    init() { MediaLog.silence() }

    static let identifier = "0C5E7A11-2B3D-4E5F-8A9B-ABCDEF012345"

    /// The smallest HEIF file a sniff can recognise: an `ftyp` box with `brand`, then a `meta` box, empty or,
    /// with an `identifier`, naming an `Exif` item (`iinf`) that lies (`iloc`, at `exifOffset` or its true
    /// place) in an `mdat` box and carries an Apple MakerNote. No picture: only the container is read.
    static func heif(brand: String, compatible: [String] = ["mif1"], identifier: String? = nil, exifOffset: Int? = nil) -> Data {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            ExifBlock.bigEndian(UInt32(8 + body.count)) + Array(type.utf8) + body
        }
        let ftyp = box("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
        guard let identifier else { return Data(ftyp + box("meta", [0, 0, 0, 0])) }
        let payload = StillContentIdentifier.exifItem(carrying: identifier)
        let hdlr = box("hdlr", [UInt8](repeating: 0, count: 8) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let infe = box("infe", [2, 0, 0, 0, 0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0, 0, 1] + infe)
        func meta(exifAt offset: Int) -> [UInt8] {
            let iloc = box(
                "iloc",
                [0, 0, 0, 0, 0x44, 0x00, 0, 1, 0, 1, 0, 0, 0, 1]
                    + ExifBlock.bigEndian(UInt32(offset)) + ExifBlock.bigEndian(UInt32(payload.count)))
            return box("meta", [0, 0, 0, 0] + hdlr + iinf + iloc)
        }
        let trueOffset = ftyp.count + meta(exifAt: 0).count + 8
        return Data(ftyp + meta(exifAt: exifOffset ?? trueOffset) + box("mdat", payload))
    }

    private func catalog(of folder: URL) throws -> MediaCatalog {
        let scan = try LibraryScanner(roots: [folder], cacheFile: nil).scan(isExcluded: { _ in false }, probe: MediaProbe.probe)
        return MediaCatalog(index: scan.entries, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func movieAndStillPairByIdentifierUnderDifferentNames() throws {
        let folder = try TemporaryFolder()
        let writer = try SampleWriter()
        try writer.write(SampleStill(fileName: "IMG_0100.JPG", width: 64, height: 48, contentIdentifier: Self.identifier), in: folder.url)
        let tags = SampleTags.filmed(at: "2024-12-05T10:00:00-0800", contentIdentifier: Self.identifier)
        try writer.write(SampleClip(fileName: "export-7.MOV", duration: 0.5, width: 64, height: 48, audio: .none, tags: tags), in: folder.url)
        try writer.write(SampleStill(fileName: "IMG_0200.JPG", width: 64, height: 48, contentIdentifier: "another-id"), in: folder.url)
        try writer.write(SampleClip(fileName: "IMG_0300.MOV", duration: 0.5, width: 64, height: 48, audio: .none), in: folder.url)

        guard case let .media(still) = MediaProbe.probe(folder.url.appendingPathComponent("IMG_0100.JPG")) else {
            Issue.record("the JPEG did not probe")
            return
        }
        #expect(still.isStill)
        #expect(still.tags.contentIdentifier == Self.identifier)

        let catalog = try catalog(of: folder.url)
        let kinds = Dictionary(uniqueKeysWithValues: catalog.clips.map { ($0.entry.relativePath, $0.kind) })
        // The still of no Live Photo is a photo the planner may show.
        #expect(kinds == ["export-7.MOV": .livePhoto, "IMG_0300.MOV": .video, "IMG_0200.JPG": .photo])
        #expect(catalog.clips.first { $0.kind == .livePhoto }?.stillPath?.hasSuffix("/IMG_0100.JPG") == true)
        #expect(catalog.pairedStills.map(\.relativePath) == ["IMG_0100.JPG"])
        #expect(catalog.stills.map(\.relativePath) == ["IMG_0200.JPG"])
        #expect(catalog.unusable.isEmpty)
    }

    @Test func heicStillIsAStillThatPairsByNameWithoutWarning() throws {
        let folder = try TemporaryFolder()
        try Self.heif(brand: "heic").write(to: folder.url.appendingPathComponent("IMG_0400.HEIC"))
        try Self.heif(brand: "mif1", compatible: ["heic", "miaf"]).write(to: folder.url.appendingPathComponent("IMG_0500.heif"))
        try SampleWriter().write(SampleClip(fileName: "IMG_0400.MOV", duration: 0.5, width: 64, height: 48, audio: .none), in: folder.url)

        let probed = MediaProbe.probe(folder.url.appendingPathComponent("IMG_0400.HEIC"))
        #expect(probed == .media(MediaInfo(container: "heif", duration: nil, video: nil, audio: nil, tags: CaptureTags(), isStill: true)))

        let catalog = try catalog(of: folder.url)
        #expect(catalog.clips.map(\.kind) == [.livePhoto, .photo])
        #expect(catalog.clips.first?.stillPath?.hasSuffix("/IMG_0400.HEIC") == true)
        #expect(catalog.clips.last?.entry.relativePath == "IMG_0500.heif")
        #expect(catalog.pairedStills.map(\.relativePath) == ["IMG_0400.HEIC"])
        #expect(catalog.stills.map(\.relativePath) == ["IMG_0500.heif"])
        #expect(catalog.unusable.isEmpty)
    }

    @Test func heicStillPairsByTheIdentifierInItsExifItem() throws {
        let folder = try TemporaryFolder()
        try Self.heif(brand: "heic", identifier: Self.identifier).write(to: folder.url.appendingPathComponent("IMG_0600.HEIC"))
        let tags = SampleTags.filmed(at: "2024-12-05T10:00:00-0800", contentIdentifier: Self.identifier)
        try SampleWriter().write(SampleClip(fileName: "export-9.MOV", duration: 0.5, width: 64, height: 48, audio: .none, tags: tags), in: folder.url)

        guard case let .media(still) = MediaProbe.probe(folder.url.appendingPathComponent("IMG_0600.HEIC")) else {
            Issue.record("the HEIC did not probe")
            return
        }
        #expect(still.isStill && still.tags.contentIdentifier == Self.identifier)
        let catalog = try catalog(of: folder.url)
        #expect(catalog.clips.map(\.kind) == [.livePhoto])
        #expect(catalog.pairedStills.map(\.relativePath) == ["IMG_0600.HEIC"])
        #expect(catalog.unusable.isEmpty)
    }

    @Test("a HEIF whose Exif item is out of place or cut short is a still without an identifier")
    func damagedHeifExif() throws {
        let folder = try TemporaryFolder()
        let whole = Array(Self.heif(brand: "heic", identifier: Self.identifier))
        let location = try #require(HEIFSniff.exifItemLocation(in: whole))
        #expect(StillContentIdentifier.read(exifItem: Array(whole[location.offset..<location.offset + location.length])) == Self.identifier)

        for offset in [whole.count, whole.count - 4, Int(UInt32.max)] {
            let url = folder.url.appendingPathComponent("IMG_\(offset).HEIC")
            try Self.heif(brand: "heic", identifier: Self.identifier, exifOffset: offset).write(to: url)
            #expect(
                MediaProbe.probe(url)
                    == .media(
                        MediaInfo(
                            container: "heif", duration: nil, video: nil, audio: nil, tags: CaptureTags(), isStill: true)), "Exif at \(offset)")
        }
        for length in 0..<whole.count {
            let found = HEIFSniff.exifItemLocation(in: Array(whole.prefix(length)))
            #expect(found == nil || found! == location, "meta cut at \(length)")
        }
        // Any one byte of the boxes damaged: no location, the true one, or one no longer than the reader takes.
        for offset in 0..<location.offset {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0xFF] where value != whole[offset] {
                var damaged = whole
                damaged[offset] = value
                let found = HEIFSniff.exifItemLocation(in: damaged)
                #expect(found == nil || found!.length <= HEIFSniff.maximumExifLength, "byte \(offset) = \(value)")
            }
        }
        let item = Array(whole[location.offset..<location.offset + location.length])
        for length in 0..<item.count {
            #expect(StillContentIdentifier.read(exifItem: Array(item.prefix(length))) == nil, "item cut at \(length)")
        }
    }

    @Test func aHeicNameOnSomethingElseIsStillUnreadable() throws {
        let folder = try TemporaryFolder()
        let mp4Brand = Self.heif(brand: "isom", compatible: ["mp41"])
        let cases: [(String, Data)] = [("notes.heic", Data("not a picture\n".utf8)), ("movie.heic", mp4Brand), ("empty.HEIC", Data())]
        for (name, data) in cases {
            let url = folder.url.appendingPathComponent(name)
            try data.write(to: url)
            guard case .unreadable = MediaProbe.probe(url) else {
                Issue.record("\(name) should be unreadable")
                continue
            }
        }
        #expect(!HEIFSniff.isHEIF(Array(Self.heif(brand: "heic").prefix(12))))
        #expect(HEIFSniff.isHEIF(Array(Self.heif(brand: "msf1", compatible: []))))
    }
}
