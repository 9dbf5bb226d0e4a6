@_spi(Fuzzing) import DVMetadata
import Foundation
import Testing

/// The primary picture of real HEICs as their boxes describe it, read bounded: every prefix of a file gives an
/// answer or a failure, the same in memory and by ranges (the fuzz entry point's promise).
@Suite struct HEIFImageTests {
    @Test("an iPhone 15 Pro HEIC (gain map, tmap) and a Samsung one: the primary grid, its tiles, irot and colour")
    func phones() throws {
        let iPhone = try HEIFImage(ByteReader(bytes: [UInt8](try Data(contentsOf: StillDecoderTests.corpus.appendingPathComponent("IMG_3582.HEIC")))))
        #expect(iPhone.columns * iPhone.rows == iPhone.tiles.count && iPhone.tiles.count == 45)
        #expect(iPhone.columns * iPhone.tileWidth >= iPhone.width && iPhone.rows * iPhone.tileHeight >= iPhone.height)
        #expect(iPhone.width == 5712 && iPhone.height == 4284 && iPhone.transforms == [.rotation(quarterTurns: 3)])
        guard case let .profile(profile)? = iPhone.colour else {
            Issue.record("no ICC profile: \(String(describing: iPhone.colour))")
            return
        }
        #expect(ICCProfile(bytes: profile) != nil && profile.count < 1024, "the primary picture's Display P3 profile, not the gain map's")
        let samsung = try HEIFImage(
            ByteReader(bytes: [UInt8](try Data(contentsOf: StillDecoderTests.corpus.appendingPathComponent("motionphoto.heic")))))
        #expect(samsung.width == 4000 && samsung.height == 3000 && samsung.transforms == [.rotation(quarterTurns: 3)])
    }

    @Test("every prefix of the iPhone HEIC's boxes reads the same in memory and by ranges, tiles inside the file")
    func prefixes() throws {
        let heic = [UInt8](try Data(contentsOf: StillDecoderTests.corpus.appendingPathComponent("IMG_3582.HEIC")))
        for length in stride(from: 0, through: 40_000, by: 997) {
            MetadataFuzzing.heif(Array(heic.prefix(length)))
        }
    }
}
