import Foundation

/// Conversions from a source's description into the reel's (BT.709, limited range), sample by sample.
package enum ColourConversion {
    /// The 8-bit BT.709 limited-range Y′CbCr codes (unrounded) for 8-bit codes of an SDR `source`: decoded
    /// with its matrix and range, taken to display light by BT.1886's EOTF (the light an SDR display shows
    /// for the signal), moved from its primaries to BT.709's, clipped to the BT.709 gamut, and encoded again
    /// for the same display. What zimg (`zscale`, display-referred by default) and players do.
    package static func sdrToBT709(_ source: ColourDescription) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
        let primaries = source.primaries.conversion(to: .bt709)
        let target = ColourDescription.bt709
        return { codes in
            let rgb = source.matrix.rgb(source.normalized(codes))
            let light = primaries.apply(SIMD3(BT1886Curve.decode(rgb.x), BT1886Curve.decode(rgb.y), BT1886Curve.decode(rgb.z)))
            let clipped = light.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
            let signal = SIMD3(BT1886Curve.encode(clipped.x), BT1886Curve.encode(clipped.y), BT1886Curve.encode(clipped.z))
            return target.codes(target.matrix.ycc(signal))
        }
    }
}

extension ColourConversion {
    /// Looks on BT.709 limited-range codes: each sample's R′G′B′ (held to 0…1, as a picture in RGB would
    /// be) through each table in turn, each mixed with what it was given by its `strength`, back to codes.
    package static func look(_ grades: [(table: CubeLUT, strength: Double)]) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
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
    package static func highlightPeak(of source: ColourDescription, declared: Double) -> Double {
        source.transfer == .hlg ? HLGCurve.nominalPeak : declared > 0 ? declared : 10000
    }

    /// `rgb` (linear BT.709) brought into 0…1 by the least change that keeps its hue: what lies below zero is
    /// clipped (the part of a colour outside BT.709's edge that no BT.709 colour has), then a colour brighter
    /// than 1 in some channel is moved straight toward a grey until it fits: toward the grey of its own
    /// luminance when it is bright (at least 70% of white: a tinted highlight loses its tint, not its light),
    /// toward black when its luminance is at most 40% of white (a BT.2020 red becomes BT.709's red, not a
    /// pink), toward a grey between the two in between. Colours inside are left as they are, and the change
    /// grows from nothing as a colour leaves the gamut: a colour just outside the edge moves just onto it.
    /// `weights` are the primaries' luminance weights (BT.709's unless told otherwise).
    static func fitIntoGamut(_ rgb: SIMD3<Double>, weights: SIMD3<Double> = YCbCrMatrix.bt709.lumaWeights) -> SIMD3<Double> {
        let positive = rgb.replacing(with: 0, where: rgb .< 0)
        let largest = positive.max()
        guard largest > 1 else { return positive }
        let luminance = min((weights * positive).sum(), 1)
        let grey = luminance * min(max((luminance - 0.4) / 0.3, 0), 1)
        return grey + (positive - grey) * ((1 - grey) / (largest - grey))
    }
}
