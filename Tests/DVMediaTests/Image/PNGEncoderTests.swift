import DVMedia
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// PNG files written through libavcodec and read back through it.
@Suite struct PNGEncoderTests {
    @Test func roundTripIsLossless() throws {
        let folder = try TemporaryFolder()
        var picture = RGBPicture(width: 37, height: 21)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                picture[x, y] = SRGBColour(red: UInt8(x * 7 % 256), green: UInt8(y * 11 % 256), blue: UInt8((x * y) % 256))
            }
        }
        let url = folder.url.appendingPathComponent("gradient.png")
        try PNGEncoder(width: 37, height: 21).write(picture, to: url)
        let bytes = try Data(contentsOf: url)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try RGBPicture.read(from: url) == picture)
    }

    @Test func writingReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: url)
        let encoder = try PNGEncoder(width: 4, height: 2)
        try encoder.write(RGBPicture(width: 4, height: 2, filledWith: .white), to: url)
        try encoder.write(RGBPicture(width: 4, height: 2, filledWith: SRGBColour(red: 10, green: 20, blue: 30)), to: url)
        #expect(try RGBPicture.read(from: url)[3, 1] == SRGBColour(red: 10, green: 20, blue: 30))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.png"])
    }

    @Test func aMissingFolderIsAnErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("no/such/folder/out.png")
        #expect {
            try PNGEncoder(width: 2, height: 2).write(RGBPicture(width: 2, height: 2), to: url)
        } throws: { error in
            "\(error)".contains(url.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func aPictureOfAnotherSizeIsRefused() throws {
        #expect(throws: MediaError.self) {
            try PNGEncoder(width: 4, height: 4).encode(RGBPicture(width: 2, height: 2))
        }
    }
}
