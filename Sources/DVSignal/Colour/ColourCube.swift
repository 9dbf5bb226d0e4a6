/// A colour conversion sampled once on a 33×33×33 grid over 8-bit Y′CbCr codes and applied to pictures by
/// tetrahedral interpolation: built once per source description, it costs the same per pixel whatever the
/// conversion does (matrices, transfer curves, tone mapping).
///
/// Immutable once built, so safe to share between tasks.
public final class ColourCube: @unchecked Sendable {
    /// Grid points per axis; 32 cells of about 8 codes each.
    static let size = 33
    /// Output codes (Y′, Cb, Cr, unused) at every grid point, Y′ slowest, Cr fastest.
    private let entries: UnsafeMutablePointer<SIMD4<Float>>
    /// For each 8-bit code, the first grid point of the cell it falls in, and where in the cell.
    private let cells: UnsafeMutablePointer<Int>
    private let fractions: UnsafeMutablePointer<Float>

    /// Samples `convert` (8-bit codes in, 8-bit codes out, unrounded) at every grid point.
    public init(_ convert: (SIMD3<Double>) -> SIMD3<Double>) {
        let size = Self.size
        let step = 255 / Double(size - 1)
        entries = .allocate(capacity: size * size * size)
        var index = 0
        for y in 0..<size {
            for u in 0..<size {
                for v in 0..<size {
                    let out = convert(SIMD3(Double(y) * step, Double(u) * step, Double(v) * step))
                    (entries + index).initialize(to: SIMD4(Float(out.x), Float(out.y), Float(out.z), 0))
                    index += 1
                }
            }
        }
        cells = .allocate(capacity: 256)
        fractions = .allocate(capacity: 256)
        for code in 0..<256 {
            let position = Double(code) / step
            let cell = min(Int(position), size - 2)
            (cells + code).initialize(to: cell)
            (fractions + code).initialize(to: Float(position - Double(cell)))
        }
    }

    deinit {
        entries.deallocate()
        cells.deallocate()
        fractions.deallocate()
    }

    /// The converted codes of one sample, interpolated between the four grid points of its tetrahedron.
    func convert(y: UInt8, u: UInt8, v: UInt8) -> SIMD4<Float> {
        let size = Self.size
        let base = (cells[Int(y)] * size + cells[Int(u)]) * size + cells[Int(v)]
        let fx = fractions[Int(y)], fy = fractions[Int(u)], fz = fractions[Int(v)]
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
    package func apply(
        y: UnsafeMutablePointer<UInt8>, yStride: Int,
        u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>, chromaStride: Int,
        width: Int, height: Int
    ) {
        for row in 0..<(height / 2) {
            let top = y + 2 * row * yStride, bottom = top + yStride
            let uRow = u + row * chromaStride, vRow = v + row * chromaStride
            for column in 0..<(width / 2) {
                let cb = uRow[column], cr = vRow[column]
                let a = convert(y: top[2 * column], u: cb, v: cr), b = convert(y: top[2 * column + 1], u: cb, v: cr)
                let c = convert(y: bottom[2 * column], u: cb, v: cr), d = convert(y: bottom[2 * column + 1], u: cb, v: cr)
                top[2 * column] = Self.code(a.x)
                top[2 * column + 1] = Self.code(b.x)
                bottom[2 * column] = Self.code(c.x)
                bottom[2 * column + 1] = Self.code(d.x)
                let chroma = a + b + c + d
                uRow[column] = Self.code(chroma.y / 4)
                vRow[column] = Self.code(chroma.z / 4)
            }
        }
    }

    /// `value` rounded to the nearest 8-bit code.
    static func code(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value + 0.5)))
    }
}
