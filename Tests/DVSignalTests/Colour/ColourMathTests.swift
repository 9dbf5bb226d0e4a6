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
                    cube.apply(y: y.baseAddress!, yStride: width, u: u.baseAddress!, v: v.baseAddress!, chromaStride: width / 2, width: width, height: height)
                }
            }
        }
        #expect(zip(luma, before).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(zip(cb, beforeCb).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(zip(cr, beforeCr).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}
