/// The looks that ship with dvpipe's built-in themes, made by code rather than read from a file: each one
/// a grade of BT.709 R′G′B′, sampled into a 33-point `CubeLUT` like any `.cube` look (and written out as
/// one by `dvpipe themes --export`).
package enum ThemeLook: String, CaseIterable, Sendable {
    /// Warm highlights and cool shadows, lifted blacks, a soft shoulder and a touch less colour.
    case film
    /// More contrast and more colour, for a punchy reel.
    case bold
    /// Less contrast and muted colour, for a quiet reel.
    case soft

    /// What names a look made by code in a job's `lut:`, before its name: the job's `BuiltInTheme.prefix`.
    package static let prefix = "theme:"

    /// The name of the look made by code that the `lut:` value `lut` names (`soft` for `theme:soft`), or nil
    /// when it names a file.
    package static func name(inLUT lut: String) -> String? {
        lut.hasPrefix(prefix) ? String(lut.dropFirst(prefix.count)) : nil
    }

    /// Bumped when a grade changes, so that the segments graded with it are made again.
    package static let version = 1

    /// The look's grade of one R′G′B′ colour (0…1 in and out).
    package func grade(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let luma = (rgb * SIMD3(0.2126, 0.7152, 0.0722)).sum()
        func saturated(_ colour: SIMD3<Double>, by amount: Double) -> SIMD3<Double> {
            let grey = (colour * SIMD3(0.2126, 0.7152, 0.0722)).sum()
            return SIMD3(repeating: grey) + amount * (colour - SIMD3(repeating: grey))
        }
        let graded: SIMD3<Double>
        switch self {
        case .film:
            let shoulder = rgb.replacing(with: 0, where: rgb .< 0)
            let toned = 0.035 + 0.94 * (shoulder - shoulder * shoulder * 0.18) / 0.82
            let split = luma * SIMD3(0.035, 0.01, -0.03) + (1 - luma) * SIMD3(-0.02, 0.005, 0.025)
            graded = saturated(toned + split, by: 0.95)
        case .bold:
            let curve = rgb * rgb * (3 - 2 * rgb)
            graded = saturated(rgb + 0.45 * (curve - rgb), by: 1.25)
        case .soft:
            graded = saturated(0.05 + 0.88 * rgb, by: 0.8)
        }
        return graded.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
    }

    /// The grade as a 33-point 3D table.
    package var table: CubeLUT { CubeLUT(size: 33, title: "dvpipe \(rawValue) look \(Self.version)", grade) }
}
