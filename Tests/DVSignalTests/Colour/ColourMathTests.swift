import DVTestBasics
import Foundation
import Testing

@testable import DVSignal

/// The colour arithmetic behind the cubes, against published numbers and its own invariants.
@Suite struct ColourMathTests {
    @Test("BT.2020 to BT.709 in linear light is ITU-R BT.2087's matrix")
    func bt2020ToBT709MatchesBT2087() {
        let expected: [[Double]] = [[1.6605, -0.5876, -0.0728], [-0.1246, 1.1329, -0.0083], [-0.0182, -0.1006, 1.1187]]
        let matrix = ColourPrimaries.bt2020.conversion(to: .bt709)
        for (row, expectedRow) in zip(matrix.rows, expected) {
            for (value, wanted) in zip(row, expectedRow) {
                #expect(abs(value - wanted) < 0.0005, "\(matrix.rows)")
            }
        }
    }

    @Test("the BT.709 curve and its inverse round-trip, below black too")
    func curveRoundTrips() {
        for light in stride(from: -0.2, through: 1.2, by: 0.01) {
            #expect(abs(BT709Curve.decode(BT709Curve.encode(light)) - light) < 1e-12)
        }
    }

    @Test("a cube of BT.709 into BT.709 leaves every in-gamut sample of a 4:2:0 picture as it was")
    func identityCubeChangesNothing() {
        let cube = ColourCube(ColourConversion.sdrToBT709(.bt709))
        let width = 64, height = 32
        var luma = [UInt8](repeating: 0, count: width * height)
        var cb = [UInt8](repeating: 0, count: width * height / 4)
        var cr = [UInt8](repeating: 0, count: width * height / 4)
        for block in 0..<(width * height / 4) {
            let rgb = SIMD3(Double((block * 37) % 91), Double((block * 53) % 91), Double((block * 71) % 91)) / 100 + 0.05
            let codes = ColourDescription.bt709.codes(YCbCrMatrix.bt709.ycc(rgb))
            let (row, column) = block.quotientAndRemainder(dividingBy: width / 2)
            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                luma[(2 * row + dy) * width + 2 * column + dx] = UInt8(codes.x.rounded())
            }
            cb[block] = UInt8(codes.y.rounded())
            cr[block] = UInt8(codes.z.rounded())
        }
        let (before, beforeCb, beforeCr) = (luma, cb, cr)
        luma.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { u in
                cr.withUnsafeMutableBufferPointer { v in
                    let planes = Planes420(y: y.baseAddress!, yStride: width, u: u.baseAddress!, v: v.baseAddress!, chromaStride: width / 2)
                    cube.apply(inPlace: planes, width: width, height: height)
                }
            }
        }
        #expect(zip(luma, before).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(zip(cb, beforeCb).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(zip(cr, beforeCr).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}

/// The HDR conversion's promises, on the function and on the cube built from it.
@Suite struct HDRConversionTests {
    static let pq = ColourDescription(primaries: .bt2020, transfer: .pq, matrix: .bt2020, fullRange: false)

    /// 10-bit limited-range codes of a PQ grey of `luminance` cd/m².
    static func grey(_ luminance: Double) -> SIMD3<Double> {
        SIMD3(64 + 876 * PQCurve.encode(luminance), 512, 512)
    }

    @Test("greys stay grey through the cube, brighter greys come out brighter, and only the peak reaches white")
    func greysStayGreyAndInOrder() {
        let toneMap = HDRToneMap(Self.pq, peak: ColourConversion.highlightPeak(of: Self.pq, declared: 0))
        let convert = toneMap.codes
        let cube = ColourCube(toneMap)
        var previous = 0.0
        for luminance in [1.0, 20, 100, 203, 400, 1000, 4000, 10000] {
            let codes = Self.grey(luminance)
            let exact = convert(codes)
            let cubed = Self.throughCube(cube, y: UInt16(codes.x.rounded()), u: 512, v: 512)
            #expect(abs(exact.y - 128) < 1e-6 && abs(exact.z - 128) < 1e-6, "\(luminance) cd/m²: \(exact)")
            #expect(cubed.y == 128 && cubed.z == 128, "\(luminance) cd/m² through the cube: \(cubed)")
            #expect(abs(Double(cubed.x) - exact.x) <= 0.75, "\(luminance) cd/m²: cube \(cubed.x), function \(exact.x)")
            #expect(exact.x > previous + 0.5, "\(luminance) cd/m² came out at \(exact.x), after \(previous)")
            #expect(exact.x <= 235 + 1e-9)
            previous = exact.x
        }
    }

    /// The 8-bit codes a 10-bit cube gives a 2×2 block of one colour.
    static func throughCube(_ cube: ColourCube, y: UInt16, u: UInt16, v: UInt16) -> SIMD3<UInt8> {
        throughBlock(y: y, u: u, v: v) { (source: Planes420<UInt16>, target: Planes420<UInt8>) in
            cube.apply(from: source, into: target, width: 2, height: 2)
        }
    }

    /// The codes a flat 2×2 block of `y`, `u` and `v` comes out as from `convert` (a cube's `apply` from planes
    /// of `Source` into planes of `Target`), which must keep it flat.
    static func throughBlock<Source: FixedWidthInteger, Target: FixedWidthInteger>(
        y: Source, u: Source, v: Source, _ convert: (Planes420<Source>, Planes420<Target>) -> Void
    ) -> SIMD3<Target> {
        var source = (y: [Source](repeating: y, count: 4), u: [u], v: [v])
        var target = (y: [Target](repeating: 0, count: 4), u: [Target(0)], v: [Target(0)])
        source.y.withUnsafeMutableBufferPointer { sy in
            source.u.withUnsafeMutableBufferPointer { su in
                source.v.withUnsafeMutableBufferPointer { sv in
                    target.y.withUnsafeMutableBufferPointer { ty in
                        target.u.withUnsafeMutableBufferPointer { tu in
                            target.v.withUnsafeMutableBufferPointer { tv in
                                convert(
                                    Planes420(y: sy.baseAddress!, yStride: 2, u: su.baseAddress!, v: sv.baseAddress!, chromaStride: 1),
                                    Planes420(y: ty.baseAddress!, yStride: 2, u: tu.baseAddress!, v: tv.baseAddress!, chromaStride: 1))
                            }
                        }
                    }
                }
            }
        }
        #expect(Set(target.y).count == 1, "one colour in, one out: \(target.y)")
        return SIMD3(target.y[0], target.u[0], target.v[0])
    }

    static let hlg = ColourDescription(primaries: .bt2020, transfer: .hlg, matrix: .bt2020, fullRange: false)

    /// The sources and peaks tried: PQ with no metadata and with 4000 and 1000 cd/m² mastering displays, and HLG.
    static let toneMaps = [(pq, 10000.0), (pq, 4000), (pq, 1000), (hlg, 1000)]

    @Test("the tables give the curves' codes within two hundredths of a code, for PQ at three peaks and for HLG", arguments: 0..<4)
    func tablesFollowTheCurves(toneMapIndex: Int) {
        let (source, peak) = Self.toneMaps[toneMapIndex]
        let toneMap = HDRToneMap(source, peak: peak)
        var generator = SplitMix64(seed: 0x5451_424C)
        var worst = 0.0
        for _ in 0..<200_000 {
            let random = generator.next()
            let (y, cb, cr) = (Int(random & 1023), Int(random >> 10 & 1023), Int(random >> 20 & 1023))
            let difference: SIMD3<Double> = toneMap.tabulated(y: y, cb: cb, cr: cr) - toneMap.codes(SIMD3(Double(y), Double(cb), Double(cr)))
            worst = max(worst, pointwiseMax(difference, -difference).max())
        }
        #expect(worst < 0.02, "worst difference \(worst) codes")
    }

    /// The 10-bit codes of BT.709 colour bars (R′G′B′ 0 or `level`) shown at BT.2408's reference white, in
    /// BT.2020 light encoded by `source`'s curve.
    static func bars(level: Double, _ source: ColourDescription) -> [SIMD3<Double>] {
        let corners: [SIMD3<Double>] = [[1, 1, 1], [1, 1, 0], [0, 1, 1], [0, 1, 0], [1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 0, 0]]
        let toBT2020 = ColourPrimaries.bt709.conversion(to: .bt2020)
        return corners.map { corner in
            let light = toBT2020.apply(corner * pow(level, 2.4))
            let signal: SIMD3<Double> =
                source.transfer == .pq
                ? SIMD3(PQCurve.encode(light.x * 203), PQCurve.encode(light.y * 203), PQCurve.encode(light.z * 203))
                : SIMD3(HLGCurve.signal(light.x * 203 / 1000), HLGCurve.signal(light.y * 203 / 1000), HLGCurve.signal(light.z * 203 / 1000))
            let ycc = YCbCrMatrix.bt2020.ycc(signal)
            return SIMD3(64 + 876 * ycc.x, 512 + 896 * ycc.y, 512 + 896 * ycc.z).rounded(.toNearestOrEven)
        }
    }

    @Test("75% and 100% bars on the gamut's edge come through the cube as the conversion gives them", arguments: [0, 2, 3])
    func barsOnTheEdgeAreExact(toneMapIndex: Int) {
        let (source, peak) = Self.toneMaps[toneMapIndex]
        let toneMap = HDRToneMap(source, peak: peak)
        let cube = ColourCube(toneMap)
        for level in [0.75, 1.0] {
            for bar in Self.bars(level: level, source) {
                let exact = toneMap.codes(bar)
                let cubed = Self.throughCube(cube, y: UInt16(bar.x), u: UInt16(bar.y), v: UInt16(bar.z))
                let difference = SIMD3(Double(cubed.x), Double(cubed.y), Double(cubed.z)) - exact
                #expect(pointwiseMax(difference, -difference).max() <= 0.5 + 1e-9, "\(level) bar \(bar): cube \(cubed), exact \(exact)")
            }
        }
        #expect(cube.markedShare < 0.2, "\(cube.markedShare) of the cells are converted exactly")
    }

    @Test("below the knee (85% of reference white) light is untouched; the roll-off meets it with the same slope")
    func rollOffStartsSmoothly() {
        let rollOff = HighlightRollOff(peak: 1000)
        for relative in stride(from: 0.0, through: 0.85, by: 0.05) {
            #expect(abs(rollOff.map(relative) - relative) < 1e-12)
        }
        let knee = 0.85
        let slope = (rollOff.map(knee + 1e-6) - rollOff.map(knee)) / 1e-6
        #expect(abs(slope - 1) < 0.01, "slope \(slope)")
        #expect(abs(rollOff.map(1000 / 203) - 1) < 1e-9)
        #expect(abs(rollOff.map(2000 / 203) - 1) < 1e-9)
    }
}
