import DVTestBasics
import Foundation
import Testing

@testable import DVSignal

/// The conversions into an HLG reel (`ColourConversion.toHLG`) at the points BT.2100 and BT.2408 fix, and the
/// 10-bit cubes built from them against the conversions themselves.
struct HLGConversionTests {
    static let pq = ColourDescription(primaries: .bt2020, transfer: .pq, matrix: .bt2020, fullRange: false)
    static let displayP3 = ColourDescription(primaries: .smpte432, transfer: .bt709, matrix: .bt601, fullRange: true)

    /// The 10-bit codes of a grey of `signal` (0…1) on BT.2020's matrix, limited range.
    static func grey(_ signal: Double) -> SIMD3<Double> { SIMD3(64 + 876 * signal, 512, 512) }

    @Test("reference white lands on 75% HLG from every source: SDR white, PQ's 203 cd/m², HLG's own 75%")
    func referenceWhite() {
        let sdrWhite = ColourConversion.toHLG(.bt709, bits: 8, peak: 1000)(SIMD3(235, 128, 128))
        let pqWhite = ColourConversion.toHLG(Self.pq, bits: 10, peak: 1000)(Self.grey(PQCurve.encode(203)))
        let hlgWhite = ColourConversion.toHLG(HLGReel.description, bits: 10, peak: 1000)(Self.grey(0.75))
        let p3White = ColourConversion.toHLG(Self.displayP3, bits: 8, peak: 1000)(SIMD3(255, 128, 128))
        // BT.2408: 203 cd/m² on a 1000 cd/m² display is an HLG signal of 0.7499 (code 720.9).
        let expected = Self.grey(HLGCurve.signal(pow(0.203, 1 / 1.2)))
        for (name, codes) in [("SDR", sdrWhite), ("PQ", pqWhite), ("HLG", hlgWhite), ("Display P3", p3White)] {
            let difference = codes - expected
            #expect(pointwiseMax(difference, -difference).max() < 0.3, "\(name) white came out as \(codes), not \(expected)")
        }
        #expect(abs(expected.x - 721) < 0.5)
        let black = ColourConversion.toHLG(.bt709, bits: 8, peak: 1000)(SIMD3(16, 128, 128))
        #expect(abs(black.x - 64) < 1e-9 && abs(black.y - 512) < 1e-9, "SDR black came out as \(black)")
    }

    @Test("an HLG BT.2020 sample comes out as it went in, PQ light above 850 cd/m² rolls off below the peak, PQ below it does not")
    func hlgIsKeptAndPQRollsOff() {
        let identity = ColourConversion.toHLG(HLGReel.description, bits: 10, peak: 1000)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let signal = SIMD3(
                Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator))
            let codes = HLGReel.description.codes(YCbCrMatrix.bt2020.ycc(signal)) * 4
            let difference = identity(codes) - codes
            #expect(pointwiseMax(difference, -difference).max() < 1e-6, "\(codes) came out as \(identity(codes))")
        }
        let unrolled = ColourConversion.toHLG(Self.pq, bits: 10, peak: 1000)
        let rolled = ColourConversion.toHLG(Self.pq, bits: 10, peak: 4000)
        let below = Self.grey(PQCurve.encode(600)), bright = Self.grey(PQCurve.encode(2000)), brighter = Self.grey(PQCurve.encode(4000))
        #expect(abs(rolled(below).x - unrolled(below).x) < 1e-9, "light under the knee is left as it is")
        #expect(rolled(bright).x < rolled(brighter).x && rolled(brighter).x <= 940 + 1e-9, "\(rolled(bright)) \(rolled(brighter))")
        #expect(abs(unrolled(brighter).x - 940) < 1e-4, "a clip mastered at 1000 cd/m² is clipped at the display's peak")
    }

    @Test("bright saturated PQ light comes out as an HLG signal the display can show: each R′G′B′ within 0…1, its hue kept")
    func saturatedHighlightsStayInTheSignal() {
        let convert = ColourConversion.toHLG(Self.pq, bits: 10, peak: 1000)
        let target = HLGReel.description
        var generator = SplitMix64(seed: 11)
        var worst = 0.0
        for _ in 0..<2000 {
            let light = SIMD3(
                Double.random(in: 0...1000, using: &generator), Double.random(in: 0...1000, using: &generator),
                Double.random(in: 0...1000, using: &generator))
            let signal = SIMD3(PQCurve.encode(light.x), PQCurve.encode(light.y), PQCurve.encode(light.z))
            let codes = target.codes(YCbCrMatrix.bt2020.ycc(signal)) * 4
            let shown = target.matrix.rgb(target.normalized(convert(codes), bits: 10))
            worst = max(worst, shown.max() - 1, -shown.min())
        }
        #expect(worst < 1e-6, "an HLG signal left 0…1 by \(worst)")
        // Pure BT.2020 blue at the display's peak: on a 1000 cd/m² HLG display blue alone shows at most
        // 1000 × 0.0593^0.2 cd/m², so it comes out as full blue, not as a signal above 1.
        let blue = target.codes(YCbCrMatrix.bt2020.ycc(SIMD3(0, 0, PQCurve.encode(1000)))) * 4
        let shownBlue = target.matrix.rgb(target.normalized(convert(blue), bits: 10))
        let difference = shownBlue - SIMD3(0, 0, 1)
        #expect(pointwiseMax(difference, -difference).max() < 1e-6, "PQ blue at 1000 cd/m² came out as \(shownBlue)")
    }

    @Test("a 10-bit-output cube gives the conversion within a code, for PQ, Display P3 and a look", arguments: 0..<3)
    func cubesFollowTheirConversion(index: Int) throws {
        // A negative: each channel x becomes 1 − x.
        let table = try CubeLUT(parsing: "LUT_3D_SIZE 2\n1 1 1\n0 1 1\n1 0 1\n0 0 1\n1 1 0\n0 1 0\n1 0 0\n0 0 0\n")
        let (bits, convert): (Int, @Sendable (SIMD3<Double>) -> SIMD3<Double>) =
            switch index {
            case 0: (10, ColourConversion.toHLG(Self.pq, bits: 10, peak: 4000))
            case 1: (8, ColourConversion.toHLG(Self.displayP3, bits: 8, peak: 1000))
            default: (10, ColourConversion.hlgLook([(table, 0.5)]))
            }
        let cube = ColourCube(inputBits: bits, tenBitOutput: convert)
        #expect(cube.outputBits == 10)
        var generator = SplitMix64(seed: UInt64(index))
        let largest = (1 << bits) - 1
        var worst = 0.0
        for _ in 0..<2000 {
            let codes = SIMD3(
                Int.random(in: 0...largest, using: &generator), Int.random(in: 0...largest, using: &generator),
                Int.random(in: 0...largest, using: &generator))
            let exact = convert(SIMD3(Double(codes.x), Double(codes.y), Double(codes.z))).clamped(
                lowerBound: .zero, upperBound: SIMD3(repeating: 1023))
            let cubed = Self.throughCube(cube, codes)
            let difference = cubed - exact
            worst = max(worst, pointwiseMax(difference, -difference).max())
        }
        #expect(worst <= 1.5, "the cube missed the conversion by \(worst) codes")
    }

    /// A flat 2×2 block of `codes` (8-bit or 10-bit, as the cube reads) through `cube` into 10-bit planes.
    static func throughCube(_ cube: ColourCube, _ codes: SIMD3<Int>) -> SIMD3<Double> {
        let out =
            cube.inputBits == 8
            ? HDRConversionTests.throughBlock(y: UInt8(codes.x), u: UInt8(codes.y), v: UInt8(codes.z)) {
                (source: Planes420<UInt8>, target: Planes420<UInt16>) in cube.apply(from: source, into: target, width: 2, height: 2)
            }
            : HDRConversionTests.throughBlock(y: UInt16(codes.x), u: UInt16(codes.y), v: UInt16(codes.z)) {
                (source: Planes420<UInt16>, target: Planes420<UInt16>) in cube.apply(from: source, into: target, width: 2, height: 2)
            }
        return SIMD3(Double(out.x), Double(out.y), Double(out.z))
    }
}
