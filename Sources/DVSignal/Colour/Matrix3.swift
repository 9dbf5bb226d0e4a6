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
            [c02, m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]]
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
