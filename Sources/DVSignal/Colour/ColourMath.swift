import Foundation

/// A 3×3 matrix of doubles, row-major, for colour space arithmetic.
struct Matrix3: Equatable {
    var rows: [[Double]]

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(rows: (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a.rows[i][$1] * b.rows[$1][j] } } })
    }

    func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
            rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
            rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z
        )
    }

    /// The inverse (the matrices here are never singular).
    var inverse: Matrix3 {
        let m = rows
        let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let determinant = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
        let adjugate = [
            [c00, m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [c01, m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [c02, m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ]
        return Matrix3(rows: adjugate.map { $0.map { $0 / determinant } })
    }
}

extension ColourPrimaries {
    /// Linear RGB in these primaries to CIE XYZ, white (D65) at Y = 1.
    var toXYZ: Matrix3 {
        let white = SIMD3(0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290)
        let columns = chromaticities.map { SIMD3($0.x / $0.y, 1, (1 - $0.x - $0.y) / $0.y) }
        let primaries = Matrix3(rows: (0..<3).map { row in columns.map { $0[row] } })
        let scale = primaries.inverse.apply(white)
        return Matrix3(rows: (0..<3).map { row in (0..<3).map { columns[$0][row] * scale[$0] } })
    }

    /// Linear RGB in these primaries to linear RGB in `target`'s.
    func conversion(to target: ColourPrimaries) -> Matrix3 {
        target.toXYZ.inverse * toXYZ
    }
}

/// The BT.709 opto-electronic transfer function and its inverse, with BT.2020's exact constants
/// (the same curve zimg and libplacebo use); odd, so that excursions below black survive a round trip.
enum BT709Curve {
    static let alpha = 1.09929682680944
    static let beta = 0.018053968510807

    /// Scene light (0…1) to signal.
    static func encode(_ light: Double) -> Double {
        let magnitude = abs(light)
        let signal = magnitude < beta ? 4.5 * magnitude : alpha * pow(magnitude, 0.45) - (alpha - 1)
        return light < 0 ? -signal : signal
    }

    /// Signal to scene light.
    static func decode(_ signal: Double) -> Double {
        let magnitude = abs(signal)
        let light = magnitude < 4.5 * beta ? magnitude / 4.5 : pow((magnitude + alpha - 1) / alpha, 1 / 0.45)
        return signal < 0 ? -light : light
    }
}

extension YCbCrMatrix {
    /// Y′CbCr (Y′ in 0…1, Cb and Cr in −0.5…0.5) to R′G′B′.
    func rgb(_ ycc: SIMD3<Double>) -> SIMD3<Double> {
        let (kr, kb) = weights
        let kg = 1 - kr - kb
        let r = ycc.x + 2 * (1 - kr) * ycc.z
        let b = ycc.x + 2 * (1 - kb) * ycc.y
        return SIMD3(r, (ycc.x - kr * r - kb * b) / kg, b)
    }

    /// R′G′B′ to Y′CbCr.
    func ycc(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let (kr, kb) = weights
        let y = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
        return SIMD3(y, (rgb.z - y) / (2 * (1 - kb)), (rgb.x - y) / (2 * (1 - kr)))
    }
}

extension ColourDescription {
    /// 8-bit Y′, Cb and Cr code values in this description's range to Y′ in 0…1 and Cb, Cr in −0.5…0.5.
    func normalized(_ codes: SIMD3<Double>) -> SIMD3<Double> {
        fullRange
            ? SIMD3(codes.x / 255, (codes.y - 128) / 255, (codes.z - 128) / 255)
            : SIMD3((codes.x - 16) / 219, (codes.y - 128) / 224, (codes.z - 128) / 224)
    }

    /// The inverse of `normalized`.
    func codes(_ normalized: SIMD3<Double>) -> SIMD3<Double> {
        fullRange
            ? SIMD3(normalized.x * 255, normalized.y * 255 + 128, normalized.z * 255 + 128)
            : SIMD3(normalized.x * 219 + 16, normalized.y * 224 + 128, normalized.z * 224 + 128)
    }
}

/// Conversions from a source's description into the reel's (BT.709, limited range), sample by sample.
public enum ColourConversion {
    /// The 8-bit BT.709 limited-range Y′CbCr codes (unrounded) for 8-bit codes of an SDR `source`: decoded
    /// with its matrix and range, taken to linear light with the BT.709 curve, moved from its primaries
    /// to BT.709's, clipped to the BT.709 gamut, and encoded again. What zimg (`zscale`) does.
    public static func sdrToBT709(_ source: ColourDescription) -> (SIMD3<Double>) -> SIMD3<Double> {
        let primaries = source.primaries.conversion(to: .bt709)
        let target = ColourDescription.bt709
        return { codes in
            let rgb = source.matrix.rgb(source.normalized(codes))
            let light = primaries.apply(SIMD3(BT709Curve.decode(rgb.x), BT709Curve.decode(rgb.y), BT709Curve.decode(rgb.z)))
            let clipped = light.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
            let signal = SIMD3(BT709Curve.encode(clipped.x), BT709Curve.encode(clipped.y), BT709Curve.encode(clipped.z))
            return target.codes(target.matrix.ycc(signal))
        }
    }
}
