/// The colour chunks of a PNG file, read from its first bytes (they must come before the image data):
/// `cICP` (coding-independent code points, how Display P3 and HDR PNGs say what they are), `sRGB`, `gAMA`
/// and `cHRM`. PNG's third edition ranks them `cICP`, then an embedded profile (`iCCP`, which libavcodec
/// hands over as the frame's ICC profile), then `sRGB`, then `cHRM` and `gAMA`.
package struct PNGColourChunks: Sendable {
    /// `cICP`'s colour primaries and transfer characteristics (ITU-T H.273 code points), when present.
    package private(set) var codePoints: (primaries: Int, transfer: Int)?
    /// True when an `sRGB` chunk is present.
    package private(set) var isSRGB = false
    /// `gAMA`: the encoding exponent (0.45455 for a 2.2 display gamma).
    package private(set) var gamma: Double?
    /// `cHRM`: the white's and then red's, green's and blue's chromaticities.
    package private(set) var chromaticities: (white: (x: Double, y: Double), primaries: [(x: Double, y: Double)])?

    /// Reads the chunks in `head`, the file's first bytes; nil when it does not start as a PNG.
    package init?(head: [UInt8]) {
        let file = BoundedBytes(bytes: head, start: 0, end: head.count)
        guard file.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) else { return nil }
        var offset = 8
        while let length = file.uint32(at: offset, .bigEndian), let type = file.slice(from: offset + 4, count: 4) {
            let name = String(decoding: head[type.start..<type.end], as: UTF8.self)
            guard name != "IDAT", name != "IEND", let data = file.slice(from: offset + 8, count: Int(length)) else { break }
            switch name {
            case "cICP" where length == 4:
                codePoints = (Int(head[data.start]), Int(head[data.start + 1]))
            case "sRGB":
                isSRGB = true
            case "gAMA" where length == 4:
                gamma = data.uint32(at: 0, .bigEndian).flatMap { $0 > 0 ? Double($0) / 100_000 : nil }
            case "cHRM" where length == 32:
                let values = (0..<8).compactMap { data.uint32(at: 4 * $0, .bigEndian).map { Double($0) / 100_000 } }
                if values.count == 8, values.allSatisfy({ $0 > 0 }) {
                    chromaticities = ((values[0], values[1]), [(values[2], values[3]), (values[4], values[5]), (values[6], values[7])])
                }
            default:
                break
            }
            offset += 12 + Int(length)
        }
    }
}
