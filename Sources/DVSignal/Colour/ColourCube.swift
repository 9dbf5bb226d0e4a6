import CColourKernel
import DVRuntime

/// A colour conversion sampled once on a grid over Y′CbCr codes (a grid point every 8 codes: 33³ over 8-bit
/// codes, 129³ over 10-bit ones, where HDR puts SDR's whole range into half the codes and PQ's steep start
/// into a few dozen) and applied to pictures by tetrahedral interpolation into 8-bit codes: built once per
/// source description, it costs the same per pixel whatever the conversion does (matrices, transfer
/// curves, tone mapping). An HLG reel's cubes write 10-bit codes instead (`outputBits`).
///
/// No grid follows a conversion everywhere: where an output channel leaves zero (at the gamut's edges)
/// BT.1886's encoding rises steeply, and where a tinted highlight meets the gamut's top the fit bends, so a
/// colour bar on the edge would come out several ΔE off. So a cube given an `exact` conversion (a 10-bit
/// one, and an 8-bit one for SDR sources in other primaries, whose edges bend the same way) measures itself
/// when it is built: each cell where the interpolation misses the `exact` conversion by more than an output
/// code (at the cell's centre or at one of its tetrahedra's) is marked, and the samples that fall in a
/// marked cell are computed by `exact` instead (a few percent of a natural picture's samples).
///
/// The interpolation is in whole numbers. Each grid point's three output codes are kept in fixed point
/// ((code + 128) × 32, so −128…896 in steps of 1/32; for 10-bit codes (code + 512) × 8, −512…3584 in steps
/// of 1/8, the same share of a code's range) in three 21-bit lanes of one word, Y′ lowest, and the
/// tetrahedron's weights are a sample's offset in its cell (0…8 or 0…16 codes): one multiplication then
/// weights all three codes, and a lane holds even the sum of a 2×2 block's four samples without carrying
/// into the next. The result is the same on every machine: where the CPU has AVX2 or AVX-512, the loop is
/// CColourKernel's C code, four or eight 2×2 blocks at a time, which computes the same words and writes the
/// same samples as the Swift loop.
///
/// Immutable once built, so safe to share between threads.
package final class ColourCube: Sendable {
    /// Grid points per axis.
    let size: Int
    /// Bits per input sample: 8, or 10 for the high dynamic range sources read without rounding.
    package let inputBits: Int
    /// Bits per output sample: 8 for an SDR reel's canvas, 10 for an HLG reel's.
    package let outputBits: Int
    /// log2 of the codes between grid points.
    private static let cellBits = 3
    /// The packed output codes at every grid point, Y′ slowest, Cr fastest.
    private let entryTable: FixedTable<UInt64>
    private var entries: UnsafeMutablePointer<UInt64> { entryTable.base }
    /// One bit per cell, set where the interpolation misses the conversion: for each Cb and Cr cell (Cb
    /// slowest), `lumaWords` words of one bit per Y′ cell, so a block's chroma finds its marked cells in one
    /// place. Nil for a cube without an `exact` conversion.
    private let markedTable: FixedTable<UInt64>?
    private var marked: UnsafeMutablePointer<UInt64>? { markedTable?.base }
    /// Words of `marked` per chroma cell.
    private var lumaWords: Int { (cells + 63) / 64 }
    /// The conversion of one sample's codes for the marked cells.
    private let exact: (@Sendable (_ y: Int, _ cb: Int, _ cr: Int) -> SIMD3<Double>)?
    /// Cells per axis.
    private var cells: Int { size - 1 }
    /// The largest miss, in output codes, that leaves a cell unmarked.
    private static let tolerance = 1.0

    /// Bits per lane of a packed entry.
    /// The lane that builds cubes and converts large regions in bands: one thread per core.
    private static let cores = Lane("dvpipe colour", width: Lane.cores)
    private static let laneBits: UInt64 = 21
    private static let lane: UInt64 = (1 << laneBits) - 1
    /// The fixed point's fraction bits and offset: 5 and 128 for 8-bit codes, 3 and 512 for 10-bit ones.
    private let fractionBits: Int, offset: Double
    /// The largest output code.
    private var largestCode: Double { Double((1 << outputBits) - 1) }

    /// Samples `convert` (8-bit codes in, 8-bit codes out, unrounded) at every grid point.
    package convenience init(_ convert: @Sendable (SIMD3<Double>) -> SIMD3<Double>) {
        self.init(inputBits: 8, outputBits: 8, convert, exact: nil)
    }

    /// Samples `convert` (8-bit codes in, 8-bit codes out, unrounded) at every grid point, and marks the
    /// cells where the interpolation misses it, whose samples are then converted one by one.
    package convenience init(measuring convert: @escaping @Sendable (SIMD3<Double>) -> SIMD3<Double>) {
        self.init(inputBits: 8, outputBits: 8, convert, exact: { convert(SIMD3(Double($0), Double($1), Double($2))) })
    }

    /// Samples `convert` (codes of `inputBits` bits in, 10-bit codes out, unrounded) at every grid point, and
    /// marks the cells where the interpolation misses it, of those whose centre `measured` accepts: the
    /// cubes that draw into an HLG reel's 10-bit canvas.
    package convenience init(
        inputBits: Int, tenBitOutput convert: @escaping @Sendable (SIMD3<Double>) -> SIMD3<Double>,
        measured: @Sendable (SIMD3<Double>) -> Bool = { _ in true }
    ) {
        self.init(
            inputBits: inputBits, outputBits: 10, convert, exact: { convert(SIMD3(Double($0), Double($1), Double($2))) }, measured: measured)
    }

    /// Samples `convert` (10-bit codes in, 8-bit codes out, unrounded) at every grid point, and marks the
    /// cells where the interpolation misses `exact` (the same conversion of one sample, as fast as can be),
    /// of those whose centre `measured` accepts (the others hold codes no source writes).
    package convenience init(
        tenBit convert: @Sendable (SIMD3<Double>) -> SIMD3<Double>,
        exact: @escaping @Sendable (_ y: Int, _ cb: Int, _ cr: Int) -> SIMD3<Double>,
        measured: @Sendable (SIMD3<Double>) -> Bool = { _ in true }
    ) {
        self.init(inputBits: 10, outputBits: 8, convert, exact: exact, measured: measured)
    }

    /// A 10-bit cube of `toneMap`'s tables, measured where a source's signals lie.
    package convenience init(_ toneMap: HDRToneMap) {
        self.init(
            tenBit: { toneMap.tabulated(y: Int($0.x), cb: Int($0.y), cr: Int($0.z)) },
            exact: { toneMap.tabulated(y: $0, cb: $1, cr: $2) }, measured: toneMap.holdsSignal)
    }

    private init(
        inputBits: Int, outputBits: Int, _ convert: @Sendable (SIMD3<Double>) -> SIMD3<Double>,
        exact: (@Sendable (Int, Int, Int) -> SIMD3<Double>)?, measured: @Sendable (SIMD3<Double>) -> Bool = { _ in true }
    ) {
        self.inputBits = inputBits
        self.outputBits = outputBits
        (fractionBits, offset) = outputBits == 8 ? (5, 128) : (3, 512)
        self.exact = exact
        // Grid points every 8 codes from 0 to 2^bits, so that neutral chroma (128 or 512) is a grid point:
        // near white, where the smallest tint is far out of gamut, the conversion bends sharply there.
        let size = (1 << (inputBits - Self.cellBits)) + 1
        self.size = size
        let step = Double(1 << Self.cellBits)
        // The largest entry leaves room in its lane for four samples' sums weighted by up to 16 (6 bits).
        let scale = Double(1 << fractionBits), largest = Double(Self.lane >> 6), offset = offset
        // Each Y′ layer of grid points is made on its own, then laid in place.
        let layers = Self.cores.map(Array(0..<size)) { y in
            func fixed(_ code: Double) -> UInt64 { UInt64(min(max(((code + offset) * scale).rounded(), 0), largest)) }
            var layer: [UInt64] = []
            layer.reserveCapacity(size * size)
            for u in 0..<size {
                for v in 0..<size {
                    let out = convert(SIMD3(Double(y), Double(u), Double(v)) * step)
                    layer.append(fixed(out.x) | fixed(out.y) << Self.laneBits | fixed(out.z) << (2 * Self.laneBits))
                }
            }
            return layer
        }
        let grid = FixedTable<UInt64>(count: size * size * size) { grid in
            for (y, layer) in layers.enumerated() {
                _ = grid[(y * size * size)...].initialize(from: layer)
            }
        }
        entryTable = grid
        guard let exact else {
            markedTable = nil
            return
        }
        let cells = size - 1
        let lumaWords = (cells + 63) / 64
        let code = CodeScale(fractionBits: fractionBits, offset: offset, largest: Double((1 << outputBits) - 1))
        // Each Cb layer of cells makes its own words, then they are laid in place.
        let bits = Self.cores.map(Array(0..<cells)) { u in
            var words = [UInt64](repeating: 0, count: cells * lumaWords)
            for v in 0..<cells {
                for y in 0..<cells
                where measured(SIMD3(Double(y), Double(u), Double(v)) * step + step / 2)
                    && Self.misses(grid.base, size: size, cell: (y, u, v), code: code, exact: exact)
                {
                    words[v * lumaWords + y >> 6] |= 1 << UInt64(y & 63)
                }
            }
            return words
        }
        markedTable = FixedTable(Array(bits.joined()))
    }

    /// How a cell is tried at one point: the point's offsets in the cell (in codes, of its 8), and the
    /// tetrahedron that holds it: its four corners as steps from the cell's first corner along Y′, Cb and Cr,
    /// and their weights (in codes, adding up to 8).
    private struct Probe {
        var offsets: (y: Int, u: Int, v: Int)
        var corners: [(y: Int, u: Int, v: Int)]
        var weights: [Double]

        /// The cell's centre and the centre of each of its six tetrahedra, which take their corners in the
        /// order of the offsets' sizes.
        static let all: [Probe] = [(4, 4, 4), (6, 4, 2), (6, 2, 4), (4, 6, 2), (2, 6, 4), (4, 2, 6), (2, 4, 6)].map { offsets in
            let values = [offsets.0, offsets.1, offsets.2]
            let order = [0, 1, 2].sorted { values[$0] > values[$1] }
            var corner = [0, 0, 0]
            var corners = [(y: 0, u: 0, v: 0)]
            var weights = [Double((1 << cellBits) - values[order[0]])]
            for (rank, axis) in order.enumerated() {
                corner[axis] = 1
                corners.append((corner[0], corner[1], corner[2]))
                weights.append(Double(values[axis] - (rank < 2 ? values[order[rank + 1]] : 0)))
            }
            return Probe(offsets: (offsets.0, offsets.1, offsets.2), corners: corners, weights: weights)
        }
    }

    /// How packed entries hold output codes: the fixed point's fraction bits and offset, and the largest code.
    private struct CodeScale: Sendable {
        var fractionBits: Int
        var offset: Double
        var largest: Double

        /// The three output codes a packed entry holds.
        func codes(_ entry: UInt64) -> SIMD3<Double> {
            let lane = ColourCube.lane, laneBits = ColourCube.laneBits
            return SIMD3(Double(entry & lane), Double(entry >> laneBits & lane), Double(entry >> (2 * laneBits) & lane))
                / Double(1 << fractionBits) - offset
        }

        /// Output codes as a picture can hold them.
        func clamped(_ codes: SIMD3<Double>) -> SIMD3<Double> {
            codes.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: largest))
        }
    }

    /// True when the interpolation of `entries` misses `exact` by more than `tolerance` at one of a cell's probes.
    private static func misses(
        _ entries: UnsafeMutablePointer<UInt64>, size: Int, cell: (y: Int, u: Int, v: Int), code: CodeScale,
        exact: (Int, Int, Int) -> SIMD3<Double>
    ) -> Bool {
        let width = 1 << cellBits
        for probe in Probe.all {
            var interpolated = SIMD3<Double>.zero
            for (corner, weight) in zip(probe.corners, probe.weights) {
                let index = ((cell.y + corner.y) * size + cell.u + corner.u) * size + cell.v + corner.v
                interpolated += code.codes(entries[index]) * weight
            }
            let sample = exact(width * cell.y + probe.offsets.y, width * cell.u + probe.offsets.u, width * cell.v + probe.offsets.v)
            let difference = code.clamped(sample) - code.clamped(interpolated / Double(width))
            if pointwiseMax(difference, -difference).max() > tolerance { return true }
        }
        return false
    }

    /// The share of cells marked for the exact conversion (0 for a cube without one).
    package var markedShare: Double {
        guard let marked else { return 0 }
        let count = (0..<(cells * cells * lumaWords)).reduce(0) { $0 + marked[$1].nonzeroBitCount }
        return Double(count) / Double(cells * cells * cells)
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
        precondition(inputBits == 8 && outputBits == 8, "an 8-bit picture needs a cube of 8-bit codes")
        inBands(from: planes, into: planes, width: width, height: height, loop: loop) { loop, rows in
            #if arch(x86_64)
                switch loop {
                case .scalar: break
                case .avx2: dv_cube_apply8_avx2(entries, planes.kernel, planes.kernel, width, rows.lowerBound, rows.upperBound)
                case .avx512: dv_cube_apply8_avx512(entries, planes.kernel, planes.kernel, width, rows.lowerBound, rows.upperBound)
                }
            #endif
        }
    }

    /// Converts a `width`×`height` region (both even) of 4:2:0 planes of 10-bit samples (in 16-bit words)
    /// into the 8-bit planes of `target`, as the in-place variant does.
    package func apply(from source: Planes420<UInt16>, into target: Planes420<UInt8>, width: Int, height: Int, loop: Loop = .fastest) {
        precondition(inputBits == 10 && outputBits == 8, "a 10-bit picture into 8-bit planes needs a cube of 10-bit codes in, 8-bit out")
        inBands(from: source, into: target, width: width, height: height, loop: loop) { loop, rows in
            #if arch(x86_64)
                switch loop {
                case .scalar: break
                case .avx2: dv_cube_apply10_avx2(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
                case .avx512: dv_cube_apply10_avx512(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
                }
            #endif
        }
    }

    /// Converts a `width`×`height` region (both even) of 8-bit 4:2:0 planes into the 10-bit planes of
    /// `target`, as the other variants do: an SDR picture into an HLG reel's canvas.
    package func apply(from source: Planes420<UInt8>, into target: Planes420<UInt16>, width: Int, height: Int, loop: Loop = .fastest) {
        precondition(inputBits == 8 && outputBits == 10, "an 8-bit picture into 10-bit planes needs a cube of 8-bit codes in, 10-bit out")
        inBands(from: source, into: target, width: width, height: height, loop: loop) { loop, rows in
            #if arch(x86_64)
                switch loop {
                case .scalar: break
                case .avx2: dv_cube_apply8_to10_avx2(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
                case .avx512: dv_cube_apply8_to10_avx512(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
                }
            #endif
        }
    }

    /// Converts a `width`×`height` region (both even) of 10-bit 4:2:0 planes into the 10-bit planes of
    /// `target` (which may be `source`), as the other variants do: an HDR picture into an HLG reel's canvas,
    /// or a look on it.
    package func apply(from source: Planes420<UInt16>, into target: Planes420<UInt16>, width: Int, height: Int, loop: Loop = .fastest) {
        precondition(inputBits == 10 && outputBits == 10, "a 10-bit picture into 10-bit planes needs a cube of 10-bit codes in and out")
        inBands(from: source, into: target, width: width, height: height, loop: loop) { loop, rows in
            #if arch(x86_64)
                switch loop {
                case .scalar: break
                case .avx2: dv_cube_apply10_to10_avx2(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
                case .avx512: dv_cube_apply10_to10_avx512(entries, source.kernel, target.kernel, width, rows.lowerBound, rows.upperBound)
                }
            #endif
        }
    }

    /// What every `apply` does over each band of rows: the blocks in marked cells read (before the loop
    /// overwrites them when `target` is `source`), the Swift loop or `kernel` (CColourKernel's loop for
    /// `loop`, over the band's pairs of rows), then the marked blocks written exactly. Inlined into each
    /// `apply`, so that the Swift loop is specialised for its sample types.
    @inline(__always)
    private func inBands<Sample: FixedWidthInteger & SendableMetatype, Output: FixedWidthInteger & SendableMetatype>(
        from source: Planes420<Sample>, into target: Planes420<Output>, width: Int, height: Int, loop: Loop,
        kernel: @Sendable (Loop, Range<Int>) -> Void
    ) {
        precondition(Loop.available.contains(loop), "this CPU does not run \(loop)")
        let largest = (1 << inputBits) - 1
        inBands(height: height) { rows in
            let blocks = markedBlocks(in: source, width: width, rows: rows)
            if loop == .scalar {
                convert(from: source, into: target, width: width, rows: rows, largest: largest)
            } else {
                kernel(loop, rows)
            }
            writeExactly(blocks, into: target)
        }
    }

    /// A 2×2 block with a sample in a marked cell: where it is (its pair of rows, its column of chroma)
    /// and its codes, as the source holds them.
    private struct MarkedBlock {
        var row: Int
        var column: Int
        var lumas: (Int, Int, Int, Int)
        var cb: Int
        var cr: Int
    }

    /// Every 2×2 block over the pairs of rows `rows` of `source` that has a sample in a marked cell (none
    /// without an `exact` conversion).
    private func markedBlocks<Sample: FixedWidthInteger>(in source: Planes420<Sample>, width: Int, rows: Range<Int>) -> [MarkedBlock] {
        guard let marked, exact != nil else { return [] }
        let cells = self.cells, cellBits = Self.cellBits, lumaWords = self.lumaWords
        let largest = (1 << inputBits) - 1
        var blocks: [MarkedBlock] = []
        for row in rows {
            let (top, bottom, uRow, vRow) = source.rowPair(row)
            for column in 0..<(width / 2) {
                let cb = Int(uRow[column]) & largest, cr = Int(vRow[column]) & largest
                let lumaBits = marked + ((cb >> cellBits) * cells + (cr >> cellBits)) * lumaWords
                // Most blocks' chroma has no marked cell at any luma: its few words say so.
                guard (0..<lumaWords).contains(where: { lumaBits[$0] != 0 }) else { continue }
                let lumas = (
                    Int(top[2 * column]) & largest, Int(top[2 * column + 1]) & largest,
                    Int(bottom[2 * column]) & largest, Int(bottom[2 * column + 1]) & largest
                )
                @inline(__always) func isMarked(_ luma: Int) -> Bool {
                    let cell = luma >> cellBits
                    return lumaBits[cell >> 6] >> UInt64(cell & 63) & 1 != 0
                }
                guard isMarked(lumas.0) || isMarked(lumas.1) || isMarked(lumas.2) || isMarked(lumas.3) else { continue }
                blocks.append(MarkedBlock(row: row, column: column, lumas: lumas, cb: cb, cr: cr))
            }
        }
        return blocks
    }

    /// Writes `blocks` into `target` by the exact conversion: each luma sample its own codes, the chroma the
    /// mean of what the four became. What the conversion gave is remembered by the sample's codes (a flat
    /// highlight or a line of text repeats them), in a table of `rememberedCodes` entries indexed by a hash
    /// of the codes.
    private func writeExactly<Output: FixedWidthInteger>(_ blocks: [MarkedBlock], into target: Planes420<Output>) {
        guard let exact, !blocks.isEmpty else { return }
        let largest = largestCode
        @inline(__always) func code(_ value: Double) -> Output { Output(min(max(value.rounded(), 0), largest)) }
        var keys = [UInt32](repeating: .max, count: Self.rememberedCodes)
        var values = [SIMD3<Double>](repeating: .zero, count: Self.rememberedCodes)
        @inline(__always) func converted(_ luma: Int, _ cb: Int, _ cr: Int) -> SIMD3<Double> {
            let key = UInt32(luma << 20 | cb << 10 | cr)
            let slot = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> Self.rememberedShift)
            if keys[slot] == key { return values[slot] }
            let value = exact(luma, cb, cr)
            keys[slot] = key
            values[slot] = value
            return value
        }
        for block in blocks {
            let (outTop, outBottom, outU, outV) = target.rowPair(block.row)
            let column = block.column
            let a = converted(block.lumas.0, block.cb, block.cr), b = converted(block.lumas.1, block.cb, block.cr)
            let c = converted(block.lumas.2, block.cb, block.cr), d = converted(block.lumas.3, block.cb, block.cr)
            outTop[2 * column] = code(a.x)
            outTop[2 * column + 1] = code(b.x)
            outBottom[2 * column] = code(c.x)
            outBottom[2 * column + 1] = code(d.x)
            let mean = (a + b + c + d) / 4
            outU[column] = code(mean.y)
            outV[column] = code(mean.z)
        }
    }

    /// Entries of `writeExactly`'s table of remembered conversions, and the shift that takes a 32-bit hash to
    /// an index into it.
    private static let rememberedCodes = 4096, rememberedShift: UInt32 = 20

    /// Runs `convert` over the region's pairs of rows, in bands on the cores that are free when the region
    /// is large (each band writes only its own rows, so the result does not depend on how it was split).
    private func inBands(height: Int, _ convert: @Sendable (Range<Int>) -> Void) {
        let pairs = height / 2
        let bands = pairs >= 256 ? 4 : 1
        guard bands > 1 else { return convert(0..<pairs) }
        _ = Self.cores.map(Array(0..<bands)) { band in
            convert((band * pairs / bands)..<((band + 1) * pairs / bands))
        }
    }

    /// The Swift loop behind both `apply`s, over the pairs of rows `rows`; strides are in samples. Only a code's
    /// low bits (`largest` is all ones) are read, so that no code leads outside the grid.
    @inline(__always)
    private func convert<Sample: FixedWidthInteger, Output: FixedWidthInteger>(
        from source: Planes420<Sample>, into target: Planes420<Output>, width: Int, rows: Range<Int>, largest: Int
    ) {
        let entries = self.entries, cellBits = Self.cellBits
        let cellMask = (1 << cellBits) - 1, cellWeight = UInt64(1) << UInt64(cellBits)
        let yStep = size * size, uStep = size, uvStep = size + 1, far = yStep + uvStep
        let lumaShift = UInt64(cellBits + fractionBits), chromaShift = lumaShift + 2
        let laneBits = Self.laneBits, lane = Self.lane
        let offset = Int(self.offset), largestCode = (1 << outputBits) - 1
        @inline(__always) func code(_ sum: UInt64, shift: UInt64) -> Output {
            let rounded = Int(truncatingIfNeeded: (sum &+ (1 << (shift &- 1))) >> shift) &- offset
            return Output(truncatingIfNeeded: min(max(rounded, 0), largestCode))
        }
        for row in rows {
            let (top, bottom, uRow, vRow) = source.rowPair(row)
            let (outTop, outBottom, outU, outV) = target.rowPair(row)
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
        /// The same planes for CColourKernel.
        fileprivate var kernel: dv_planes16 { dv_planes16(y: y, y_stride: yStride, u: u, v: v, chroma_stride: chromaStride) }
    }
#endif

/// The first samples of the three planes of a 4:2:0 picture region and their strides, in samples.
///
/// Sendable so that bands of rows can be converted on several threads; each band writes its own rows.
package struct Planes420<Sample>: @unchecked Sendable {
    // @unchecked: the pointers are into a frame whose bands of rows are written by one thread each, which the compiler cannot see.
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

extension Planes420 {
    /// The first samples of pair of rows `row`: its two luma rows and its chroma rows.
    @inline(__always)
    func rowPair(_ row: Int) -> (
        top: UnsafeMutablePointer<Sample>, bottom: UnsafeMutablePointer<Sample>,
        u: UnsafeMutablePointer<Sample>, v: UnsafeMutablePointer<Sample>
    ) {
        let top = y + 2 * row * yStride
        return (top, top + yStride, u + row * chromaStride, v + row * chromaStride)
    }
}
