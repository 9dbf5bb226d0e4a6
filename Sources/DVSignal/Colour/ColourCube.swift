/// A colour conversion sampled once on a grid over Y′CbCr codes (33³ over 8-bit codes, 65³ over 10-bit
/// ones, where HDR puts SDR's whole range into half the codes) and applied to
/// pictures by tetrahedral interpolation into 8-bit codes: built once per source description, it costs the
/// same per pixel whatever the conversion does (matrices, transfer curves, tone mapping).
///
/// Immutable once built, so safe to share between tasks.
public final class ColourCube: @unchecked Sendable {
    /// Grid points per axis: cells of 8 codes (8-bit) or 16 codes (10-bit) each.
    let size: Int
    /// Bits per input sample: 8, or 10 for the high dynamic range sources read without rounding.
    public let inputBits: Int
    /// Output codes (Y′, Cb, Cr, unused) at every grid point, Y′ slowest, Cr fastest.
    private let entries: UnsafeMutablePointer<SIMD4<Float>>
    /// For each input code, the first grid point of the cell it falls in, and where in the cell.
    private let cells: UnsafeMutablePointer<Int>
    private let fractions: UnsafeMutablePointer<Float>

    /// Samples `convert` (`inputBits` codes in, 8-bit codes out, unrounded) at every grid point.
    public init(inputBits: Int = 8, _ convert: (SIMD3<Double>) -> SIMD3<Double>) {
        precondition(inputBits == 8 || inputBits == 10, "a colour cube reads 8- or 10-bit codes")
        self.inputBits = inputBits
        let size = inputBits == 8 ? 33 : 65
        self.size = size
        let codes = 1 << inputBits
        // Grid points every `step` codes from 0 to 2^bits, so that neutral chroma (128 or 512) is a grid
        // point: near white, where the smallest tint is far out of gamut, the conversion bends sharply there.
        let step = codes / (size - 1)
        entries = .allocate(capacity: size * size * size)
        var index = 0
        for y in 0..<size {
            for u in 0..<size {
                for v in 0..<size {
                    let out = convert(SIMD3(Double(y * step), Double(u * step), Double(v * step)))
                    (entries + index).initialize(to: SIMD4(Float(out.x), Float(out.y), Float(out.z), 0))
                    index += 1
                }
            }
        }
        cells = .allocate(capacity: codes)
        fractions = .allocate(capacity: codes)
        for code in 0..<codes {
            (cells + code).initialize(to: code / step)
            (fractions + code).initialize(to: Float(code % step) / Float(step))
        }
    }

    deinit {
        entries.deallocate()
        cells.deallocate()
        fractions.deallocate()
    }

    /// The converted codes of one sample, interpolated between the four grid points of its tetrahedron.
    @inline(__always)
    func convert(y: Int, u: Int, v: Int) -> SIMD4<Float> {
        let base = (cells[y] * size + cells[u]) * size + cells[v]
        let fx = fractions[y], fy = fractions[u], fz = fractions[v]
        let dx = size * size, dy = size, dz = 1
        let e = entries
        let c000 = e[base], c111 = e[base + dx + dy + dz]
        if fx >= fy {
            if fy >= fz {
                let c100 = e[base + dx], c110 = e[base + dx + dy]
                return c000 + fx * (c100 - c000) + fy * (c110 - c100) + fz * (c111 - c110)
            } else if fx >= fz {
                let c100 = e[base + dx], c101 = e[base + dx + dz]
                return c000 + fx * (c100 - c000) + fz * (c101 - c100) + fy * (c111 - c101)
            } else {
                let c001 = e[base + dz], c101 = e[base + dx + dz]
                return c000 + fz * (c001 - c000) + fx * (c101 - c001) + fy * (c111 - c101)
            }
        } else {
            if fz >= fy {
                let c001 = e[base + dz], c011 = e[base + dy + dz]
                return c000 + fz * (c001 - c000) + fy * (c011 - c001) + fx * (c111 - c011)
            } else if fz >= fx {
                let c010 = e[base + dy], c011 = e[base + dy + dz]
                return c000 + fy * (c010 - c000) + fz * (c011 - c010) + fx * (c111 - c011)
            } else {
                let c010 = e[base + dy], c110 = e[base + dx + dy]
                return c000 + fy * (c010 - c000) + fx * (c110 - c010) + fz * (c111 - c110)
            }
        }
    }

    /// Converts a `width`×`height` region (both even) of 8-bit 4:2:0 planes in place: each luma sample
    /// with the chroma of its 2×2 block, each chroma sample the mean of what its four pixels became.
    package func apply(inPlace planes: Planes420<UInt8>, width: Int, height: Int) {
        precondition(inputBits == 8, "an 8-bit picture needs a cube of 8-bit codes")
        convert(from: planes, into: planes, width: width, height: height, largest: 255)
    }

    /// Converts a `width`×`height` region (both even) of 4:2:0 planes of 10-bit samples (in 16-bit words)
    /// into the 8-bit planes of `target`, as the in-place variant does.
    package func apply(from source: Planes420<UInt16>, into target: Planes420<UInt8>, width: Int, height: Int) {
        precondition(inputBits == 10, "a 10-bit picture needs a cube of 10-bit codes")
        convert(from: source, into: target, width: width, height: height, largest: 1023)
    }

    /// The loop behind both `apply`s; strides are in samples. Codes above `largest` are read as `largest`.
    @inline(__always)
    private func convert<Sample: FixedWidthInteger>(
        from source: Planes420<Sample>, into target: Planes420<UInt8>, width: Int, height: Int, largest: Int
    ) {
        for row in 0..<(height / 2) {
            let top = source.y + 2 * row * source.yStride, bottom = top + source.yStride
            let uRow = source.u + row * source.chromaStride, vRow = source.v + row * source.chromaStride
            let outTop = target.y + 2 * row * target.yStride, outBottom = outTop + target.yStride
            let outU = target.u + row * target.chromaStride, outV = target.v + row * target.chromaStride
            for column in 0..<(width / 2) {
                let cb = min(Int(uRow[column]), largest), cr = min(Int(vRow[column]), largest)
                let a = convert(y: min(Int(top[2 * column]), largest), u: cb, v: cr)
                let b = convert(y: min(Int(top[2 * column + 1]), largest), u: cb, v: cr)
                let c = convert(y: min(Int(bottom[2 * column]), largest), u: cb, v: cr)
                let d = convert(y: min(Int(bottom[2 * column + 1]), largest), u: cb, v: cr)
                outTop[2 * column] = Self.code(a.x)
                outTop[2 * column + 1] = Self.code(b.x)
                outBottom[2 * column] = Self.code(c.x)
                outBottom[2 * column + 1] = Self.code(d.x)
                let chroma = a + b + c + d
                outU[column] = Self.code(chroma.y / 4)
                outV[column] = Self.code(chroma.z / 4)
            }
        }
    }

    /// `value` rounded to the nearest 8-bit code.
    @inline(__always)
    static func code(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value + 0.5)))
    }
}

/// The first samples of the three planes of a 4:2:0 picture region and their strides, in samples.
package struct Planes420<Sample> {
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
