import DVTestBasics
import Foundation
import Testing

@testable import DVSignal

/// Every loop `ColourCube.apply` can run against the Swift one, byte for byte: a reel must not depend on
/// the machine that rendered it.
@Suite(.enabled(if: ColourCube.Loop.available.count > 1, "this CPU runs only the Swift loop"))
struct ColourCubeLoopTests {
    /// Regions with a whole number of the vector loops' four or eight blocks and with one to seven left over,
    /// in one band and in the four bands of a large region.
    static let sizes = [(2, 2), (6, 4), (8, 2), (30, 2), (34, 6), (1920, 16), (1922, 520)]

    /// A conversion whose entries span the lanes, clamped at both ends: a matrix and a curve that leave 0…255
    /// on both sides.
    static func synthetic(bits: Int) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
        let scale = Double((1 << bits) - 1)
        return { codes in
            let n = codes / scale
            let y = 420 * pow(n.x, 0.8) - 60 + 90 * (n.z - 0.5) + 200 * abs(n.y - 0.5).squareRoot()
            return SIMD3(y, 128 + 700 * (n.y - 0.5) - 80 * n.x, 128 + 1300 * (n.z - 0.5) * (n.y + 0.2) - 900 * n.x * n.x)
        }
    }

    /// The synthetic conversion and the one dvpipe builds for SDR BT.2020 sources.
    static let eightBitCubes = [
        ColourCube(synthetic(bits: 8)),
        ColourCube(ColourConversion.sdrToBT709(ColourDescription(primaries: .bt2020, transfer: .bt709, matrix: .bt2020, fullRange: false)))
    ]

    /// The synthetic conversion (its cells marked where it bends, and converted there by itself) and the one
    /// dvpipe builds for PQ sources.
    static let tenBitCubes: [ColourCube] = {
        let curved = synthetic(bits: 10)
        let pq = ColourDescription(primaries: .bt2020, transfer: .pq, matrix: .bt2020, fullRange: false)
        return [
            ColourCube(tenBit: curved, exact: { curved(SIMD3(Double($0), Double($1), Double($2))) }),
            ColourCube(HDRToneMap(pq, peak: ColourConversion.highlightPeak(of: pq, declared: 0)))
        ]
    }()

    /// Cubes that write 10-bit codes (an HLG reel's): the synthetic conversion scaled to 10-bit codes out of
    /// 8-bit and 10-bit ones, marked where it bends, and the ones dvpipe builds for SDR BT.709 and PQ sources.
    static let hlgCubes: [ColourCube] = {
        let pq = ColourDescription(primaries: .bt2020, transfer: .pq, matrix: .bt2020, fullRange: false)
        let curved8 = synthetic(bits: 8), curved10 = synthetic(bits: 10)
        return [
            ColourCube(inputBits: 8, tenBitOutput: { curved8($0) * 4 }),
            ColourCube(inputBits: 8, tenBitOutput: ColourConversion.toHLG(.bt709, bits: 8, peak: 1000)),
            ColourCube(inputBits: 10, tenBitOutput: { curved10($0) * 4 }),
            ColourCube(inputBits: 10, tenBitOutput: ColourConversion.toHLG(pq, bits: 10, peak: 4000))
        ]
    }()

    /// Random samples, a fifth of them the extremes and the codes on either side of grid points; the high
    /// bits of 16-bit words, which the cube ignores, random too.
    static func samples<Sample: FixedWidthInteger>(_ count: Int, bits: Int, seed: UInt64) -> [Sample] {
        var generator = SplitMix64(seed: seed)
        let largest = UInt64(1 << bits) - 1, cell = UInt64(8)
        let edges: [UInt64] = [0, 1, largest - 1, largest, cell - 1, cell, cell + 1, largest / 2, largest / 2 + 1, largest - cell]
        return (0..<count).map { _ in
            let random = generator.next()
            let code = random % 5 == 0 ? edges[Int(random >> 8) % edges.count] : (random >> 16) & largest
            return Sample(truncatingIfNeeded: code | (random >> 32) & ~largest)
        }
    }

    /// The planes of a region and their padding: `yStride` and `chromaStride` leave 6 and 3 samples
    /// beyond each row of the region, which no loop may write.
    struct Picture<Sample: FixedWidthInteger> {
        var y: [Sample], u: [Sample], v: [Sample]
        let width: Int, height: Int

        var yStride: Int { width + 6 }
        var chromaStride: Int { width / 2 + 3 }

        init(width: Int, height: Int, bits: Int, seed: UInt64) {
            self.width = width
            self.height = height
            y = ColourCubeLoopTests.samples(height * (width + 6), bits: bits, seed: seed)
            u = ColourCubeLoopTests.samples(height / 2 * (width / 2 + 3), bits: bits, seed: seed &+ 1)
            v = ColourCubeLoopTests.samples(height / 2 * (width / 2 + 3), bits: bits, seed: seed &+ 2)
        }

        /// The samples of the region's rows.
        var region: [Sample] {
            func within(_ plane: [Sample], _ columns: Int, _ rowStride: Int) -> [Sample] {
                stride(from: 0, to: plane.count, by: rowStride).flatMap { plane[$0..<($0 + columns)] }
            }
            return within(y, width, yStride) + within(u, width / 2, chromaStride) + within(v, width / 2, chromaStride)
        }

        /// The samples beyond the region's rows.
        var padding: [Sample] {
            func beyond(_ plane: [Sample], _ columns: Int, _ rowStride: Int) -> [Sample] {
                stride(from: 0, to: plane.count, by: rowStride).flatMap { plane[($0 + columns)..<($0 + rowStride)] }
            }
            return beyond(y, width, yStride) + beyond(u, width / 2, chromaStride) + beyond(v, width / 2, chromaStride)
        }

        /// Expects this picture's region to be `reference`'s and its padding to be `padding`. Compared first and
        /// the Bools expected, so that a failure prints one line rather than the pictures.
        func expectSame(
            as reference: Picture, padding: [Sample], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let same = region == reference.region, paddingKept = self.padding == padding
            #expect(same, "\(label): other samples than the Swift loop's", sourceLocation: sourceLocation)
            #expect(paddingKept, "\(label): the padding was written", sourceLocation: sourceLocation)
        }

        mutating func withPlanes(_ body: (Planes420<Sample>) -> Void) {
            let (yStride, chromaStride) = (self.yStride, self.chromaStride)
            y.withUnsafeMutableBufferPointer { y in
                u.withUnsafeMutableBufferPointer { u in
                    v.withUnsafeMutableBufferPointer { v in
                        body(Planes420(y: y.baseAddress!, yStride: yStride, u: u.baseAddress!, v: v.baseAddress!, chromaStride: chromaStride))
                    }
                }
            }
        }
    }

    @Test("8-bit pictures converted in place come out the same from every loop", arguments: 0..<2)
    func eightBitInPlace(conversion: Int) {
        let cube = Self.eightBitCubes[conversion]
        for (index, (width, height)) in Self.sizes.enumerated() {
            let source = Picture<UInt8>(width: width, height: height, bits: 8, seed: UInt64(100 * conversion + index))
            var reference = source
            reference.withPlanes { cube.apply(inPlace: $0, width: width, height: height, loop: .scalar) }
            let changed = reference.y != source.y
            #expect(changed, "the conversion changes the picture")
            for loop in ColourCube.Loop.available where loop != .scalar {
                var converted = source
                converted.withPlanes { cube.apply(inPlace: $0, width: width, height: height, loop: loop) }
                converted.expectSame(as: reference, padding: source.padding, "\(loop), \(width)×\(height)")
            }
        }
    }

    @Test("10-bit pictures converted into 8-bit planes come out the same from every loop", arguments: 0..<2)
    func tenBitIntoEightBit(conversion: Int) {
        let cube = Self.tenBitCubes[conversion]
        #expect(cube.markedShare > 0, "some cells are converted exactly, so every loop is followed by that pass")
        for (index, (width, height)) in Self.sizes.enumerated() {
            var source = Picture<UInt16>(width: width, height: height, bits: 10, seed: UInt64(100 * conversion + index))
            let blank = Picture<UInt8>(width: width, height: height, bits: 8, seed: UInt64(7 + index))
            var reference = blank
            source.withPlanes { source in
                reference.withPlanes { cube.apply(from: source, into: $0, width: width, height: height, loop: .scalar) }
            }
            let written = reference.y != blank.y
            #expect(written, "the conversion writes the picture")
            for loop in ColourCube.Loop.available where loop != .scalar {
                var converted = blank
                source.withPlanes { source in
                    converted.withPlanes { cube.apply(from: source, into: $0, width: width, height: height, loop: loop) }
                }
                converted.expectSame(as: reference, padding: blank.padding, "\(loop), \(width)×\(height)")
            }
        }
    }

    @Test("pictures converted into 10-bit planes come out the same from every loop, in place too", arguments: 0..<4)
    func intoTenBits(conversion: Int) {
        let cube = Self.hlgCubes[conversion]
        #expect(cube.markedShare > 0, "some cells are converted exactly, so every loop is followed by that pass")
        for (index, (width, height)) in Self.sizes.enumerated() {
            let seed = UInt64(100 * conversion + index)
            let blank = Picture<UInt16>(width: width, height: height, bits: 10, seed: seed &+ 7)
            func converted(_ loop: ColourCube.Loop) -> Picture<UInt16> {
                var target = blank
                if cube.inputBits == 8 {
                    var source = Picture<UInt8>(width: width, height: height, bits: 8, seed: seed)
                    source.withPlanes { source in
                        target.withPlanes { cube.apply(from: source, into: $0, width: width, height: height, loop: loop) }
                    }
                } else {
                    var source = Picture<UInt16>(width: width, height: height, bits: 10, seed: seed)
                    source.withPlanes { source in
                        target.withPlanes { cube.apply(from: source, into: $0, width: width, height: height, loop: loop) }
                    }
                }
                return target
            }
            let reference = converted(.scalar)
            let written = reference.y != blank.y, tenBit = reference.region.allSatisfy { $0 <= 1023 }
            #expect(written, "the conversion writes the picture")
            #expect(tenBit, "every code written is a 10-bit one")
            for loop in ColourCube.Loop.available where loop != .scalar {
                converted(loop).expectSame(as: reference, padding: blank.padding, "\(loop), \(width)×\(height)")
            }
            guard cube.inputBits == 10 else { continue }
            // In place, as a look on an HLG canvas runs: the same samples as into other planes.
            for loop in ColourCube.Loop.available {
                var picture = Picture<UInt16>(width: width, height: height, bits: 10, seed: seed)
                let padding = picture.padding
                picture.withPlanes { cube.apply(from: $0, into: $0, width: width, height: height, loop: loop) }
                picture.expectSame(as: reference, padding: padding, "in place, \(loop), \(width)×\(height)")
            }
        }
    }
}
