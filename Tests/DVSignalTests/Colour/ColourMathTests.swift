@testable import DVSignal
import Testing

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
        let convert = ColourConversion.hdrToBT709(Self.pq, peak: ColourConversion.highlightPeak(of: Self.pq, declared: 0))
        let cube = ColourCube(inputBits: 10, convert)
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
        var source = (y: [UInt16](repeating: y, count: 4), u: [u], v: [v])
        var target = (y: [UInt8](repeating: 0, count: 4), u: [UInt8(0)], v: [UInt8(0)])
        source.y.withUnsafeMutableBufferPointer { sy in
            source.u.withUnsafeMutableBufferPointer { su in
                source.v.withUnsafeMutableBufferPointer { sv in
                    target.y.withUnsafeMutableBufferPointer { ty in
                        target.u.withUnsafeMutableBufferPointer { tu in
                            target.v.withUnsafeMutableBufferPointer { tv in
                                cube.apply(
                                    from: Planes420(y: sy.baseAddress!, yStride: 2, u: su.baseAddress!, v: sv.baseAddress!, chromaStride: 1),
                                    into: Planes420(y: ty.baseAddress!, yStride: 2, u: tu.baseAddress!, v: tv.baseAddress!, chromaStride: 1),
                                    width: 2, height: 2)
                            }
                        }
                    }
                }
            }
        }
        #expect(Set(target.y).count == 1, "one colour in, one out: \(target.y)")
        return SIMD3(target.y[0], target.u[0], target.v[0])
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
