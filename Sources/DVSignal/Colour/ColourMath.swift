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

extension Matrix3 {
    /// Linear RGB to CIE XYZ (white at Y = 1) for red, green and blue of chromaticities `primaries` and the
    /// white of chromaticity `white`.
    static func rgbToXYZ(primaries: [(x: Double, y: Double)], white: (x: Double, y: Double)) -> Matrix3 {
        func xyz(_ chromaticity: (x: Double, y: Double)) -> SIMD3<Double> {
            SIMD3(chromaticity.x / chromaticity.y, 1, (1 - chromaticity.x - chromaticity.y) / chromaticity.y)
        }
        let columns = primaries.map(xyz)
        let unscaled = Matrix3(rows: (0..<3).map { row in columns.map { $0[row] } })
        let scale = unscaled.inverse.apply(xyz(white))
        return Matrix3(rows: (0..<3).map { row in (0..<3).map { columns[$0][row] * scale[$0] } })
    }

    /// The matrix whose columns are `columns`.
    init(columns: [SIMD3<Double>]) {
        self.init(rows: (0..<3).map { row in columns.map { $0[row] } })
    }

    /// Bradford's chromatic adaptation of CIE XYZ seen under white `source` to what looks the same under
    /// white `target` (both XYZ with Y = 1): the transform ICC profiles use to reach their D50 connection space.
    static func bradford(from source: SIMD3<Double>, to target: SIMD3<Double>) -> Matrix3 {
        let cone = Matrix3(rows: [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
        let gain = cone.apply(target) / cone.apply(source)
        let scaling = Matrix3(rows: [[gain.x, 0, 0], [0, gain.y, 0], [0, 0, gain.z]])
        return cone.inverse * scaling * cone
    }

    /// D65, the white of every video standard and of sRGB (CIE XYZ, Y = 1).
    static let d65 = SIMD3(0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290)
    /// D50, the white of the ICC profile connection space (the exact values ICC.1 fixes).
    static let d50 = SIMD3(0.9642, 1, 0.8249)
}

extension ColourPrimaries {
    /// Linear RGB in these primaries to CIE XYZ, white (D65) at Y = 1.
    var toXYZ: Matrix3 {
        Matrix3.rgbToXYZ(primaries: chromaticities, white: (0.3127, 0.3290))
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

    /// R′G′B′ to Y′CbCr (Y′ in 0…1, Cb and Cr in −0.5…0.5).
    public func ycc(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let (kr, kb) = weights
        let y = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
        return SIMD3(y, (rgb.z - y) / (2 * (1 - kb)), (rgb.x - y) / (2 * (1 - kr)))
    }
}

extension ColourDescription {
    /// Y′, Cb and Cr code values of `bits` bits in this description's range to Y′ in 0…1 and Cb, Cr in
    /// −0.5…0.5.
    func normalized(_ codes: SIMD3<Double>, bits: Int = 8) -> SIMD3<Double> {
        let scale = Double(1 << (bits - 8))
        if fullRange {
            let largest = Double((1 << bits) - 1)
            return SIMD3(codes.x / largest, (codes.y - 128 * scale) / largest, (codes.z - 128 * scale) / largest)
        }
        let eightBit = codes / scale
        return SIMD3((eightBit.x - 16) / 219, (eightBit.y - 128) / 224, (eightBit.z - 128) / 224)
    }

    /// 8-bit codes (unrounded) for Y′ in 0…1 and Cb, Cr in −0.5…0.5: the inverse of `normalized`.
    func codes(_ normalized: SIMD3<Double>) -> SIMD3<Double> {
        fullRange
            ? SIMD3(normalized.x * 255, normalized.y * 255 + 128, normalized.z * 255 + 128)
            : SIMD3(normalized.x * 219 + 16, normalized.y * 224 + 128, normalized.z * 224 + 128)
    }
}

/// The SDR display's electro-optical transfer function (ITU-R BT.1886 for an ideal display, black at 0):
/// what an SDR picture's signal means as light on the screen, and how tone-mapped HDR light becomes signal.
enum BT1886Curve {
    /// Signal (0…1) to display light relative to the display's white.
    static func decode(_ signal: Double) -> Double { pow(max(signal, 0), 2.4) }

    /// Display light relative to white to signal.
    static func encode(_ light: Double) -> Double { pow(max(light, 0), 1 / 2.4) }
}

/// SMPTE ST 2084, the perceptual quantizer: signal 0…1 ↔ absolute display light 0…10000 cd/m².
enum PQCurve {
    static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// Signal to cd/m².
    static func decode(_ signal: Double) -> Double {
        let power = pow(min(max(signal, 0), 1), 1 / m2)
        return 10000 * pow(max(power - c1, 0) / (c2 - c3 * power), 1 / m1)
    }

    /// cd/m² to signal.
    static func encode(_ luminance: Double) -> Double {
        let power = pow(min(max(luminance, 0), 10000) / 10000, m1)
        return pow((c1 + c2 * power) / (1 + c3 * power), m2)
    }
}

/// ARIB STD-B67 / ITU-R BT.2100 hybrid log-gamma.
enum HLGCurve {
    /// The display HLG is rendered for when nothing says otherwise (BT.2100's reference, 1000 cd/m²).
    static let nominalPeak = 1000.0
    static let a = 0.17883277, b = 1 - 4 * 0.17883277, c = 0.5 - 0.17883277 * log(4 * 0.17883277)

    /// Signal (0…1) to scene light (0…1): the inverse of the OETF.
    static func sceneLight(_ signal: Double) -> Double {
        let e = min(max(signal, 0), 1)
        return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
    }

    /// Scene light (0…1) to signal: the OETF.
    static func signal(_ light: Double) -> Double {
        let e = max(light, 0)
        return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }

    /// Display light in cd/m² for scene light `rgb` in primaries whose luma weights are `weights`, on a display
    /// of peak `displayPeak` cd/m²: BT.2100's OOTF, which scales all three by the scene luminance raised to
    /// the system gamma less one, so hues stay as they were shot.
    static func displayLight(_ rgb: SIMD3<Double>, weights: SIMD3<Double>, displayPeak: Double) -> SIMD3<Double> {
        let gamma = 1.2 + 0.42 * log10(displayPeak / 1000)
        let luminance = (rgb * weights).sum()
        return luminance > 0 ? rgb * (displayPeak * pow(luminance, gamma - 1)) : .zero
    }
}

/// Conversions from a source's description into the reel's (BT.709, limited range), sample by sample.
public enum ColourConversion {
    /// The 8-bit BT.709 limited-range Y′CbCr codes (unrounded) for 8-bit codes of an SDR `source`: decoded
    /// with its matrix and range, taken to linear light with the BT.709 curve, moved from its primaries
    /// to BT.709's, clipped to the BT.709 gamut, and encoded again. What zimg (`zscale`) does.
    public static func sdrToBT709(_ source: ColourDescription) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
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

extension ColourConversion {
    /// Looks on BT.709 limited-range codes: each sample's R′G′B′ (held to 0…1, as a picture in RGB would
    /// be) through each table in turn, each mixed with what it was given by its `strength`, back to codes.
    public static func look(_ grades: [(table: CubeLUT, strength: Double)]) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
        let target = ColourDescription.bt709
        return { codes in
            var rgb = target.matrix.rgb(target.normalized(codes)).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
            for grade in grades {
                rgb += grade.strength * (grade.table.apply(rgb) - rgb)
            }
            return target.codes(target.matrix.ycc(rgb))
        }
    }

    /// The brightest light, in cd/m², that the highlights of an HDR `source` are rolled off to: HLG's nominal
    /// 1000 cd/m² display whatever the clip declares; for PQ the `declared` peak (content light level or
    /// mastering display), else 10000, the most PQ can hold.
    public static func highlightPeak(of source: ColourDescription, declared: Double) -> Double {
        source.transfer == .hlg ? HLGCurve.nominalPeak : declared > 0 ? declared : 10000
    }

    /// `rgb` (linear BT.709) brought into 0…1 by the least change that keeps its hue: what lies below zero is
    /// clipped (the part of a colour outside BT.709's edge that no BT.709 colour has), then a colour brighter
    /// than 1 in some channel is moved straight toward a grey until it fits: toward the grey of its own
    /// luminance when it is bright (at least 70% of white: a tinted highlight loses its tint, not its light),
    /// toward black when its luminance is at most 40% of white (a BT.2020 red becomes BT.709's red, not a
    /// pink), toward a grey between the two in between. Colours inside are left as they are, and the change
    /// grows from nothing as a colour leaves the gamut: a colour just outside the edge moves just onto it.
    static func fitIntoGamut(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let positive = rgb.replacing(with: 0, where: rgb .< 0)
        let largest = positive.max()
        guard largest > 1 else { return positive }
        let luminance = min((YCbCrMatrix.bt709.lumaWeights * positive).sum(), 1)
        let grey = luminance * min(max((luminance - 0.4) / 0.3, 0), 1)
        return grey + (positive - grey) * ((1 - grey) / (largest - grey))
    }
}
