import DVMetadata
import Foundation
import Testing

/// Reading what a picture file says of its colours: ICC matrix/TRC profiles and PNG's colour chunks, whole,
/// cut short at every byte, and of kinds dvpipe does not read.
struct PictureProfileTests {
    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func fixed(_ value: Double) -> [UInt8] { bigEndian(UInt32(bitPattern: Int32((value * 65536).rounded()))) }

    /// An ICC v4 RGB profile with Display P3's colorants, a `para` curve for red and green and a
    /// one-entry `curv` (gamma 2.2) for blue.
    static func profile(colourSpace: String = "RGB ") -> [UInt8] {
        func xyz(_ values: [Double]) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + values.flatMap(fixed) }
        let para = Array("para".utf8) + [0, 0, 0, 0, 0, 3, 0, 0] + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(fixed)
        let curv = Array("curv".utf8) + [0, 0, 0, 0] + bigEndian(1) + [2, 51, 0, 0]
        let tags: [(String, [UInt8])] = [
            ("rXYZ", xyz([0.515121, 0.241196, -0.001053])), ("gXYZ", xyz([0.291977, 0.692245, 0.041885])),
            ("bXYZ", xyz([0.157104, 0.066574, 0.784073])), ("rTRC", para), ("gTRC", para), ("bTRC", curv)
        ]
        var table: [UInt8] = [], data: [UInt8] = []
        let start = 128 + 4 + 12 * tags.count
        for (signature, body) in tags {
            table += Array(signature.utf8) + bigEndian(UInt32(start + data.count)) + bigEndian(UInt32(body.count))
            data += body
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: bigEndian(UInt32(start + data.count)))
        header.replaceSubrange(16..<20, with: Array(colourSpace.utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return header + bigEndian(UInt32(tags.count)) + table + data
    }

    @Test("a matrix/TRC profile gives its colorants and curves")
    func readsAMatrixProfile() throws {
        let profile = try #require(ICCProfile(bytes: Self.profile()))
        let colorants = try #require(profile.colorants)
        #expect(abs(colorants[0].x - 0.515121) < 1e-4 && abs(colorants[2].z - 0.784073) < 1e-4)
        #expect(profile.curves.count == 3)
        // sRGB's curve at its middle and at the linear part's end; 2.2 (563/256) for blue.
        #expect(abs(profile.curves[0].light(0.5) - 0.21404) < 1e-4)
        #expect(abs(profile.curves[1].light(0.04045) - 0.04045 / 12.92) < 1e-5)
        #expect(abs(profile.curves[2].light(0.5) - pow(0.5, 563.0 / 256)) < 1e-9)
    }

    @Test("a profile cut short at any byte, or of a kind dvpipe does not read, gives nil and no crash")
    func cutOrForeignProfilesGiveNil() {
        let whole = Self.profile()
        for length in 0..<whole.count {
            #expect(ICCProfile(bytes: Array(whole[0..<length])) == nil, "cut at \(length)")
        }
        #expect(ICCProfile(bytes: Self.profile(colourSpace: "CMYK")) == nil)
    }

    /// A PNG's signature and colour chunks (CRCs are not checked by the reader, so they are zero here).
    static func pngHead(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return chunks.reduce(signature) { head, chunk in
            let length: [UInt8] = Self.bigEndian(UInt32(chunk.1.count))
            let crc: [UInt8] = [0, 0, 0, 0]
            return head + length + Array(chunk.0.utf8) + chunk.1 + crc
        }
    }

    @Test("PNG colour chunks are read up to the image data, and a cut head stops the reading cleanly")
    func readsPNGColourChunks() throws {
        let chrm = [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap { Self.bigEndian(UInt32($0)) }
        let head = Self.pngHead([
            ("IHDR", [UInt8](repeating: 0, count: 13)), ("cICP", [12, 13, 0, 1]), ("gAMA", Self.bigEndian(45455)), ("cHRM", chrm),
            ("IDAT", [1, 2, 3]), ("sRGB", [0])
        ])
        let chunks = try #require(PNGColourChunks(head: head))
        #expect(chunks.codePoints?.primaries == 12 && chunks.codePoints?.transfer == 13)
        #expect(chunks.gamma == 0.45455)
        #expect(chunks.chromaticities?.primaries[0].x == 0.68 && chunks.chromaticities?.white.y == 0.329)
        #expect(!chunks.isSRGB, "chunks after the image data are not read")
        for length in 8..<head.count {
            _ = PNGColourChunks(head: Array(head[0..<length]))
        }
        #expect(PNGColourChunks(head: Array("GIF89a".utf8)) == nil)
    }
}
