/// What an H.264 sequence parameter set says of the pictures, read from an MP4's `avcC` box (the stream's
/// extradata) as ITU-T H.264 § 7.3.2.1.1 lays it out: chroma format, bit depth, the cropped size, and the
/// video signal type of its VUI. Enough to describe the stream as libavcodec's decoder would, without
/// decoding a picture (`InputFile`'s header-only stream info).
struct AVCSequenceParameters {
    /// 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    var chromaFormat: Int
    var bitDepth: Int
    /// The picture's size after the frame cropping.
    var width: Int
    var height: Int
    /// The VUI's video signal type, when it has one: full range or not, and the colour description's codes
    /// (ITU-T H.273) when it has one.
    var fullRange: Bool?
    var colour: (primaries: Int, transfer: Int, matrix: Int)?

    /// The first sequence parameter set of an `avcC` record; nil when the record or the set is malformed.
    init?(avcC record: [UInt8]) {
        // configurationVersion, profile, compatibility, level, lengthSizeMinusOne, then numOfSequenceParameterSets.
        guard record.count > 8, record[0] == 1, record[5] & 0x1F >= 1 else { return nil }
        let length = Int(record[6]) << 8 | Int(record[7])
        guard length > 1, record.count >= 8 + length, record[8] & 0x1F == 7 else { return nil }
        self.init(nal: Array(record[9..<(8 + length)]))
    }

    /// A sequence parameter set's payload (after its NAL header byte, emulation prevention still in it).
    init?(nal: [UInt8]) {
        var bits = ExpGolombReader(Self.unescaped(nal))
        guard let profile = bits.bits(8), bits.bits(16) != nil, bits.unsigned() != nil else { return nil }
        var chroma = 1, depth = 8
        if [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135, 144].contains(profile) {
            guard let format = bits.unsigned(), format <= 3 else { return nil }
            chroma = format
            if chroma == 3, bits.bits(1) == 1 { return nil }  // Separate colour planes: not a phone's.
            guard let luma = bits.unsigned(), let chromaDepth = bits.unsigned(), luma == chromaDepth, luma <= 6,
                bits.bits(1) != nil, let scaling = bits.bits(1)
            else { return nil }
            depth = 8 + luma
            if scaling == 1 {
                for list in 0..<(chroma == 3 ? 12 : 8) where bits.bits(1) == 1 {
                    guard bits.skipScalingList(size: list < 6 ? 16 : 64) else { return nil }
                }
            }
        }
        guard bits.unsigned() != nil, let orderType = bits.unsigned() else { return nil }
        switch orderType {
        case 0:
            guard bits.unsigned() != nil else { return nil }
        case 1:
            guard bits.bits(1) != nil, bits.signed() != nil, bits.signed() != nil, let cycle = bits.unsigned(), cycle <= 255 else { return nil }
            for _ in 0..<cycle where bits.signed() == nil { return nil }
        case 2: break
        default: return nil
        }
        guard bits.unsigned() != nil, bits.bits(1) != nil, let widthInBlocks = bits.unsigned(), let heightInUnits = bits.unsigned(),
            let framesOnly = bits.bits(1)
        else { return nil }
        if framesOnly == 0, bits.bits(1) == nil { return nil }
        guard bits.bits(1) != nil, let cropping = bits.bits(1) else { return nil }
        var crop = (left: 0, right: 0, top: 0, bottom: 0)
        if cropping == 1 {
            guard let left = bits.unsigned(), let right = bits.unsigned(), let top = bits.unsigned(), let bottom = bits.unsigned() else { return nil }
            crop = (left, right, top, bottom)
        }
        // Cropping counts in chroma samples across, and in chroma rows (of frames or field pairs) down.
        let unitX = chroma == 1 || chroma == 2 ? 2 : 1
        let unitY = (chroma == 1 ? 2 : 1) * (2 - framesOnly)
        chromaFormat = chroma
        bitDepth = depth
        width = (widthInBlocks + 1) * 16 - unitX * (crop.left + crop.right)
        height = (heightInUnits + 1) * 16 * (2 - framesOnly) - unitY * (crop.top + crop.bottom)
        guard width > 0, height > 0, let vui = bits.bits(1) else { return nil }
        guard vui == 1 else { return }
        guard let aspect = bits.bits(1) else { return nil }
        if aspect == 1 {
            guard let ratio = bits.bits(8) else { return nil }
            if ratio == 255, bits.bits(32) == nil { return nil }
        }
        guard let overscan = bits.bits(1) else { return nil }
        if overscan == 1, bits.bits(1) == nil { return nil }
        guard let signal = bits.bits(1) else { return nil }
        guard signal == 1 else { return }
        guard bits.bits(3) != nil, let full = bits.bits(1), let described = bits.bits(1) else { return nil }
        fullRange = full == 1
        if described == 1 {
            guard let primaries = bits.bits(8), let transfer = bits.bits(8), let matrix = bits.bits(8) else { return nil }
            colour = (primaries, transfer, matrix)
        }
    }

    /// The payload without its emulation prevention bytes (`00 00 03` is `00 00`).
    static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var zeros = 0
        for byte in bytes {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            result.append(byte)
        }
        return result
    }
}

/// Reads bits most significant first, and the Exp-Golomb codes of H.264 and H.265; every read is nil past the end.
struct ExpGolombReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next `count` bits (at most 32) as an unsigned number.
    mutating func bits(_ count: Int) -> Int? {
        guard position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }

    /// An unsigned Exp-Golomb code, `ue(v)`.
    mutating func unsigned() -> Int? {
        var zeros = 0
        while true {
            guard let bit = bits(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = bits(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }

    /// A signed Exp-Golomb code, `se(v)`.
    mutating func signed() -> Int? {
        guard let code = unsigned() else { return nil }
        return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
    }

    /// Reads past a scaling list of `size` entries (H.264 § 7.3.2.1.1.1); false when it runs out.
    mutating func skipScalingList(size: Int) -> Bool {
        var last = 8, next = 8
        for _ in 0..<size where next != 0 {
            guard let delta = signed() else { return false }
            next = (last + delta + 256) % 256
            last = next == 0 ? last : next
        }
        return true
    }
}
