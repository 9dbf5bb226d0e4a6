import DVMedia
import DVMetadata
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The Apple MakerNote reader on a JPEG written by the generator, whole and damaged in every way that matters.
@Suite struct StillContentIdentifierTests {
    init() { MediaLog.silence() }

    static let identifier = "5F1C2B3A-7D4E-4F60-9A8B-0C1D2E3F4A5B"
    /// The id's field: its text, a NUL, padded to an even length.
    static let storedCount = (identifier.utf8.count + 2) & ~1

    /// Where the generator's big-endian layout puts things (file offsets): the APP1 length, IFD0's offset, the
    /// Exif IFD's entry count, the MakerNote's count and offset, the Apple header, the id's count and offset,
    /// and the id's text.
    enum At {
        static let app1Length = 4
        static let ifd0Offset = 16
        static let exifIFDCount = 38
        static let makerNoteCount = 44
        static let makerNoteOffset = 48
        static let appleHeader = 56
        static let identifierCount = 76
        static let identifierOffset = 80
        static let text = 88
    }

    /// A generated JPEG carrying `identifier`.
    private func jpeg(in folder: TemporaryFolder) throws -> [UInt8] {
        let still = SampleStill(fileName: "IMG_0100.JPG", width: 64, height: 48, contentIdentifier: Self.identifier)
        return Array(try Data(contentsOf: try SampleWriter().write(still, in: folder.url)))
    }

    private func replacing(_ bytes: [UInt8], at offset: Int, with values: [UInt8]) -> [UInt8] {
        var changed = bytes
        changed.replaceSubrange(offset..<offset + values.count, with: values)
        return changed
    }

    @Test func readsTheIdentifierTheGeneratorWrote() throws {
        let folder = try TemporaryFolder()
        let bytes = try jpeg(in: folder)
        #expect(Array(bytes[At.appleHeader..<At.appleHeader + 9]) == Array("Apple iOS".utf8))
        #expect(Array(bytes[At.text..<At.text + 8]) == Array(Self.identifier.utf8.prefix(8)))
        #expect(StillContentIdentifier.read(jpeg: bytes) == Self.identifier)
    }

    @Test func aStillWithoutExifHasNoIdentifier() throws {
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(SampleStill(fileName: "plain.jpg", width: 64, height: 48), in: folder.url)
        #expect(StillContentIdentifier.read(jpeg: Array(try Data(contentsOf: url))) == nil)
        #expect(StillContentIdentifier.read(jpeg: []) == nil)
        #expect(StillContentIdentifier.read(jpeg: [0xFF, 0xD8]) == nil)
    }

    @Test("offsets, counts and lengths that point outside the data give no identifier")
    func outOfBoundsFieldsGiveNil() throws {
        let folder = try TemporaryFolder()
        let bytes = try jpeg(in: folder)
        let damaged: [(String, [UInt8])] = [
            ("APP1 length below 2", replacing(bytes, at: At.app1Length, with: [0, 1])),
            ("IFD0 past the end", replacing(bytes, at: At.ifd0Offset, with: [0xFF, 0xFF, 0xFF, 0xF0])),
            ("Exif IFD claiming 65535 entries", replacing(bytes, at: At.exifIFDCount, with: [0xFF, 0xFF])),
            ("MakerNote longer than the segment", replacing(bytes, at: At.makerNoteCount, with: [0x7F, 0xFF, 0xFF, 0xFF])),
            ("MakerNote offset past the end", replacing(bytes, at: At.makerNoteOffset, with: [0xFF, 0xFF, 0xFF, 0xFF])),
            ("not an Apple MakerNote", replacing(bytes, at: At.appleHeader, with: Array("Canon".utf8))),
            ("id longer than the note", replacing(bytes, at: At.identifierCount, with: [0, 0, 0x10, 0])),
            ("id offset past the note", replacing(bytes, at: At.identifierOffset, with: [0xFF, 0xFF, 0xFF, 0xFF])),
            ("id of only NULs", replacing(bytes, at: At.text, with: [UInt8](repeating: 0, count: Self.identifier.utf8.count))),
            ("id that is not UTF-8", replacing(bytes, at: At.text, with: [0xC3, 0x28]))
        ]
        for (what, data) in damaged {
            #expect(StillContentIdentifier.read(jpeg: data) == nil, "\(what)")
        }
    }

    @Test("a file cut anywhere gives the whole identifier or none")
    func truncationGivesAllOrNothing() throws {
        let folder = try TemporaryFolder()
        let bytes = try jpeg(in: folder)
        let textEnd = At.text + Self.storedCount
        for length in 0...bytes.count {
            let read = StillContentIdentifier.read(jpeg: Array(bytes.prefix(length)))
            #expect(read == (length >= textEnd ? Self.identifier : nil), "cut at \(length)")
        }
    }

    @Test("any single damaged byte in the Exif segment gives none or a string no longer than the id's field")
    func singleByteDamage() throws {
        let folder = try TemporaryFolder()
        let bytes = try jpeg(in: folder)
        let segmentEnd = 4 + (Int(bytes[At.app1Length]) << 8 | Int(bytes[At.app1Length + 1]))
        var intact = 0
        for offset in 2..<segmentEnd {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] where value != bytes[offset] {
                var damaged = bytes
                damaged[offset] = value
                let read = StillContentIdentifier.read(jpeg: damaged)
                #expect(read == nil || read!.utf8.count < Self.storedCount, "byte \(offset) = \(value)")
                if read == Self.identifier { intact += 1 }
            }
        }
        // Bytes the reader does not depend on (the next-IFD links, the note's version) leave the id readable.
        #expect(intact > 0)
    }

    @Test("random data behind a valid Exif header gives no identifier")
    func randomTIFFData() {
        var generator = SplitMix64(seed: 0x5EED)
        let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x01, 0x10] + Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8]
        for _ in 0..<2_000 {
            let body = (0..<256).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(StillContentIdentifier.read(jpeg: header + body) == nil)
        }
    }
}
