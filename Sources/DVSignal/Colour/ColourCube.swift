import CColourKernel
import Dispatch

/// A colour conversion sampled once on a grid over Y′CbCr codes (33³ over 8-bit codes, 65³ over 10-bit
/// ones, where HDR puts SDR's whole range into half the codes) and applied to
/// pictures by tetrahedral interpolation into 8-bit codes: built once per source description, it costs the
/// same per pixel whatever the conversion does (matrices, transfer curves, tone mapping).
///
/// The interpolation is in whole numbers. Each grid point's three output codes are kept in fixed point
/// ((code + 128) × 32, so −128…896 in steps of 1/32) in three 21-bit lanes of one word, Y′ lowest, and the
/// tetrahedron's weights are a sample's offset in its cell (0…8 or 0…16 codes): one multiplication then
/// weights all three codes, and a lane holds even the sum of a 2×2 block's four samples without carrying
/// into the next. The result is the same on every machine: where the CPU has AVX2 or AVX-512, the loop is
/// CColourKernel's C code, four or eight 2×2 blocks at a time, which computes the same words and writes the
/// same bytes as the Swift loop.
///
/// Immutable once built, so safe to share between tasks.
public final class ColourCube: @unchecked Sendable {
    /// Grid points per axis.
    let size: Int
    /// Bits per input sample: 8, or 10 for the high dynamic range sources read without rounding.
    public let inputBits: Int
    /// log2 of the codes between grid points: 3 (8-bit) or 4 (10-bit).
    private let cellBits: Int
    /// The packed output codes at every grid point, Y′ slowest, Cr fastest.
    private let entries: UnsafeMutablePointer<UInt64>

    /// Bits per lane of a packed entry, and the fixed point's fraction bits and offset.
    private static let laneBits: UInt64 = 21, fractionBits = 5, offset = 128.0
    private static let lane: UInt64 = (1 << laneBits) - 1

    /// Samples `convert` (`inputBits` codes in, 8-bit codes out, unrounded) at every grid point.
    public init(inputBits: Int = 8, _ convert: (SIMD3<Double>) -> SIMD3<Double>) {
        precondition(inputBits == 8 || inputBits == 10, "a colour cube reads 8- or 10-bit codes")
        self.inputBits = inputBits
        cellBits = inputBits == 8 ? 3 : 4
        // Grid points every 8 or 16 codes from 0 to 2^bits, so that neutral chroma (128 or 512) is a grid
        // point: near white, where the smallest tint is far out of gamut, the conversion bends sharply there.
        let size = (1 << (inputBits - cellBits)) + 1
        self.size = size
        let step = Double(1 << cellBits)
        // The largest entry leaves room in its lane for four samples' sums weighted by up to 16 (6 bits).
        let scale = Double(1 << Self.fractionBits), largest = Double(Self.lane >> 6)
        func fixed(_ code: Double) -> UInt64 { UInt64(min(max(((code + Self.offset) * scale).rounded(), 0), largest)) }
        entries = .allocate(capacity: size * size * size)
        var index = 0
        for y in 0..<size {
            for u in 0..<size {
                for v in 0..<size {
                    let out = convert(SIMD3(Double(y), Double(u), Double(v)) * step)
                    (entries + index).initialize(to: fixed(out.x) | fixed(out.y) << Self.laneBits | fixed(out.z) << (2 * Self.laneBits))
                    index += 1
                }
            }
        }
    }

    deinit {
        entries.deallocate()
    }

    /// The loops `apply` can run, which write the same bytes.
    package enum Loop: Sendable {
        /// The Swift loop, on any machine.
        case scalar
        #if arch(x86_64)
        /// CColourKernel's AVX2 code, four 2×2 blocks at a time.
        case avx2
        /// CColourKernel's AVX-512 code (F and DQ), eight 2×2 blocks at a time.
        case avx512
        #endif

        /// The loops this CPU runs, the slowest first (asked once).
        package static let available: [Loop] = {
            var loops = [Loop.scalar]
            #if arch(x86_64)
            if dv_cube_has_avx2() { loops.append(.avx2) }
            if dv_cube_has_avx512() { loops.append(.avx512) }
            #endif
            return loops
        }()

        /// The fastest loop this CPU runs.
        package static var fastest: Loop { available[available.count - 1] }
    }

    /// Converts a `width`×`height` region (both even) of 8-bit 4:2:0 planes in place: each luma sample
    /// with the chroma of its 2×2 block, each chroma sample the mean of what its four pixels became.
    /// `loop` is for tests; it must be one of `Loop.available`.
    package func apply(inPlace planes: Planes420<UInt8>, width: Int, height: Int, loop: Loop = .fastest) {
        precondition(inputBits == 8, "an 8-bit picture needs a cube of 8-bit codes")
        precondition(Loop.available.contains(loop), "this CPU does not run \(loop)")
        inBands(height: height) { rows in
            switch loop {
            case .scalar: convert(from: planes, into: planes, width: width, rows: rows, largest: 255)
            #if arch(x86_64)
            case .avx2: dv_cube_apply8_avx2(entries, planes.kernel, planes.kernel, width, rows.lowerBound, rows.upperBound)
            case .avx512: dv_cube_apply8_avx512(entries, planes.kernel, planes.kernel, width, rows.lowerBound, rows.upperBound)
            #endif
            }
        }
    }

    /// Converts a `width`×`height` region (both even) of 4:2:0 planes of 10-bit samples (in 16-bit words)
    /// into the 8-bit planes of `target`, as the in-place variant does.
    package func apply(from source: Planes420<UInt16>, into target: Planes420<UInt8>, width: Int, height: Int, loop: Loop = .fastest) {
        precondition(inputBits == 10, "a 10-bit picture needs a cube of 10-bit codes")
        precondition(Loop.available.contains(loop), "this CPU does not run \(loop)")
        inBands(height: height) { rows in
            switch loop {
            case .scalar: convert(from: source, into: target, width: width, rows: rows, largest: 1023)
            #if arch(x86_64)
            case .avx2: dv_cube_apply10_avx2(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
            case .avx512: dv_cube_apply10_avx512(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
            #endif
            }
        }
    }

    /// Runs `convert` over the region's pairs of rows, in bands on the cores that are free when the region
    /// is large (each band writes only its own rows, so the result does not depend on how it was split).
    private func inBands(height: Int, _ convert: @Sendable (Range<Int>) -> Void) {
        let pairs = height / 2
        let bands = pairs >= 256 ? 4 : 1
        guard bands > 1 else { return convert(0..<pairs) }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            convert((band * pairs / bands)..<((band + 1) * pairs / bands))
        }
    }

    /// The Swift loop behind both `apply`s, over the pairs of rows `rows`; strides are in samples. Only a code's
    /// low bits (`largest` is all ones) are read, so that no code leads outside the grid.
    @inline(__always)
    private func convert<Sample: FixedWidthInteger>(
        from source: Planes420<Sample>, into target: Planes420<UInt8>, width: Int, rows: Range<Int>, largest: Int
    ) {
        let entries = self.entries, cellBits = self.cellBits
        let cellMask = (1 << cellBits) - 1, cellWeight = UInt64(1) << UInt64(cellBits)
        let yStep = size * size, uStep = size, uvStep = size + 1, far = yStep + uvStep
        let lumaShift = UInt64(cellBits + Self.fractionBits), chromaShift = lumaShift + 2
        let laneBits = Self.laneBits, lane = Self.lane
        @inline(__always) func code(_ sum: UInt64, shift: UInt64) -> UInt8 {
            let rounded = Int(truncatingIfNeeded: (sum &+ (1 << (shift &- 1))) >> shift) &- Int(Self.offset)
            return UInt8(truncatingIfNeeded: min(max(rounded, 0), 255))
        }
        for row in rows {
            let top = source.y + 2 * row * source.yStride, bottom = top + source.yStride
            let uRow = source.u + row * source.chromaStride, vRow = source.v + row * source.chromaStride
            let outTop = target.y + 2 * row * target.yStride, outBottom = outTop + target.yStride
            let outU = target.u + row * target.chromaStride, outV = target.v + row * target.chromaStride
            for column in 0..<(width / 2) {
                let cb = Int(uRow[column]) & largest, cr = Int(vRow[column]) & largest
                // The block's chroma fixes which of Cb and Cr comes first on the path through the cell; a
                // luma sample's own offset then places it before, between or after them. Chosen by masks,
                // not branches, which noise in the picture would make unpredictable.
                let fu = UInt64(cb & cellMask), fv = UInt64(cr & cellMask)
                let uvCorner = (cb >> cellBits) &* uStep &+ (cr >> cellBits)
                let uFirst = Self.mask(fu >= fv)
                let high = Self.pick(fu, fv, uFirst), low = Self.pick(fv, fu, uFirst)
                let highStep = Self.pick(uStep, 1, uFirst)
                let afterHigh = yStep &+ highStep
                @inline(__always) func interpolate(_ luma: Sample) -> UInt64 {
                    let y = Int(luma) & largest
                    let fy = UInt64(y & cellMask)
                    let corner = entries + ((y >> cellBits) &* yStep &+ uvCorner)
                    let beforeHigh = Self.mask(fy >= high), beforeLow = Self.mask(fy >= low)
                    let second = Self.pick(yStep, highStep, beforeHigh)
                    let third = Self.pick(afterHigh, uvStep, beforeLow)
                    let first = Self.pick(fy, high, beforeHigh)
                    let middle = Self.pick(high, Self.pick(fy, low, beforeLow), beforeHigh)
                    let last = Self.pick(low, fy, beforeLow)
                    return corner[0] &* (cellWeight &- first) &+ corner[second] &* (first &- middle)
                        &+ corner[third] &* (middle &- last) &+ corner[far] &* last
                }
                let a = interpolate(top[2 * column]), b = interpolate(top[2 * column + 1])
                let c = interpolate(bottom[2 * column]), d = interpolate(bottom[2 * column + 1])
                outTop[2 * column] = code(a & lane, shift: lumaShift)
                outTop[2 * column + 1] = code(b & lane, shift: lumaShift)
                outBottom[2 * column] = code(c & lane, shift: lumaShift)
                outBottom[2 * column + 1] = code(d & lane, shift: lumaShift)
                let block = a &+ b &+ c &+ d
                outU[column] = code((block >> laneBits) & lane, shift: chromaShift)
                outV[column] = code((block >> (2 * laneBits)) & lane, shift: chromaShift)
            }
        }
    }
}

extension ColourCube {
    /// All ones when `condition` holds, else zero.
    @inline(__always)
    fileprivate static func mask(_ condition: Bool) -> UInt64 {
        0 &- UInt64(condition ? 1 : 0)
    }

    /// `yes` where `mask` is all ones, else `no`.
    @inline(__always)
    fileprivate static func pick(_ yes: UInt64, _ no: UInt64, _ mask: UInt64) -> UInt64 {
        no ^ ((yes ^ no) & mask)
    }

    @inline(__always)
    fileprivate static func pick(_ yes: Int, _ no: Int, _ mask: UInt64) -> Int {
        no ^ ((yes ^ no) & Int(truncatingIfNeeded: mask))
    }
}

#if arch(x86_64)
extension Planes420<UInt8> {
    /// The same planes for CColourKernel.
    fileprivate var kernel: dv_planes8 { dv_planes8(y: y, y_stride: yStride, u: u, v: v, chroma_stride: chromaStride) }
}

extension Planes420<UInt16> {
    /// The same planes for CColourKernel, which only reads them.
    fileprivate var kernel: dv_planes16 {
        dv_planes16(y: UnsafePointer(y), y_stride: yStride, u: UnsafePointer(u), v: UnsafePointer(v), chroma_stride: chromaStride)
    }
}
#endif

/// The first samples of the three planes of a 4:2:0 picture region and their strides, in samples.
///
/// Sendable so that bands of rows can be converted on several threads; each band writes its own rows.
package struct Planes420<Sample>: @unchecked Sendable {
    package var y: UnsafeMutablePointer<Sample>
    package var yStride: Int
    package var u: UnsafeMutablePointer<Sample>
    package var v: UnsafeMutablePointer<Sample>
    package var chromaStride: Int

    package init(y: UnsafeMutablePointer<Sample>, yStride: Int, u: UnsafeMutablePointer<Sample>, v: UnsafeMutablePointer<Sample>, chromaStride: Int) {
        self.y = y
        self.yStride = yStride
        self.u = u
        self.v = v
        self.chromaStride = chromaStride
    }
}
