import DVSignal
import DVTestBasics
import Testing

/// The transition rows, written once generic over the sample type, against a straightforward per-sample
/// reference of the fixed-point blends they had as two copies: 8-bit weights out of 256, 16-bit weights
/// out of 65 536.
@Suite struct TransitionRowsTests {
    /// `a` moved towards `b` by `weight` out of `1 << bits`, rounded half up: the blend's definition.
    static func reference(_ a: Int, _ b: Int, weight: Int, bits: Int) -> Int {
        (a * ((1 << bits) - weight) + b * weight + (1 << (bits - 1))) >> bits
    }

    static func samples(_ count: Int, largest: Int, seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in Int.random(in: 0...largest, using: &random) }
    }

    @Test("blends of two rows give the reference at every weight", arguments: CanvasFormat.allCases)
    func twoRows(format: CanvasFormat) {
        let largest = (1 << format.bitDepth) - 1
        let a = Self.samples(99, largest: largest, seed: 1), b = Self.samples(99, largest: largest, seed: 2)
        let unit = TransitionRows.unit(of: format)
        let bits = unit.trailingZeroBitCount
        for weight in [0, 1, unit / 3, unit / 2, unit - 1, unit] {
            let expected = zip(a, b).map { Self.reference($0, $1, weight: weight, bits: bits) }
            #expect(Self.blended(a, b, weight: weight, format: format) == expected, "\(format) at \(weight)")
        }
    }

    @Test("fades towards a constant give the reference at every weight", arguments: CanvasFormat.allCases)
    func towardConstant(format: CanvasFormat) {
        let a = Self.samples(77, largest: (1 << format.bitDepth) - 1, seed: 3)
        let unit = TransitionRows.unit(of: format)
        for weight in [0, 7, unit / 2, unit] {
            let expected = a.map { Self.reference($0, format.black.luma, weight: weight, bits: unit.trailingZeroBitCount) }
            #expect(Self.blended(a, nil, weight: weight, format: format) == expected, "\(format) at \(weight)")
        }
    }

    @Test("the canvas formats: 8-bit BT.709 and 10-bit BT.2020 HLG, and their blacks")
    func formats() {
        #expect(CanvasFormat.sdr8.bitDepth == 8 && CanvasFormat.sdr8.bytesPerSample == 1 && CanvasFormat.sdr8.colour == .bt709)
        #expect(CanvasFormat.hlg10.bitDepth == 10 && CanvasFormat.hlg10.bytesPerSample == 2 && CanvasFormat.hlg10.colour == HLGReel.description)
        #expect(CanvasFormat.sdr8.black == (16, 128) && CanvasFormat.hlg10.black == (64, 512))
        #expect(TransitionRows.unit(of: .sdr8) == 256 && TransitionRows.unit(of: .hlg10) == 65_536)
    }

    /// `a` blended towards `b` (or, without it, black's luma) through `TransitionRows`, in samples of `format`.
    static func blended(_ a: [Int], _ b: [Int]?, weight: Int, format: CanvasFormat) -> [Int] {
        switch format {
        case .sdr8: blended(a.map { UInt8($0) }, b?.map { UInt8($0) }, weight: weight, format: format)
        case .hlg10: blended(a.map { UInt16($0) }, b?.map { UInt16($0) }, weight: weight, format: format)
        }
    }

    static func blended<Sample: CanvasSample>(_ a: [Sample], _ b: [Sample]?, weight: Int, format: CanvasFormat) -> [Int] {
        var output = [Sample](repeating: 0, count: a.count)
        a.withUnsafeBytes { a in
            output.withUnsafeMutableBytes { output in
                if let b {
                    b.withUnsafeBytes { b in
                        TransitionRows.blend(
                            a.baseAddress!, b.baseAddress!, into: output.baseAddress!, count: a.count / MemoryLayout<Sample>.size, weight: weight,
                            format: format)
                    }
                } else {
                    TransitionRows.blend(
                        a.baseAddress!, toward: format.black.luma, into: output.baseAddress!, count: a.count / MemoryLayout<Sample>.size,
                        weight: weight, format: format)
                }
            }
        }
        return output.map { Int($0) }
    }
}
