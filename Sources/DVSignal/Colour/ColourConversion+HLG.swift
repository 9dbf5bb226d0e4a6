import Foundation

/// What an HLG reel is: ITU-R BT.2100 hybrid log-gamma, BT.2020 primaries and non-constant-luminance
/// matrix, 10-bit limited range, shown on BT.2100's nominal 1000 cd/m² display, with ITU-R BT.2408's
/// reference white (203 cd/m²) at 75% of the signal.
package enum HLGReel {
    /// The reel's own description.
    package static let description = ColourDescription(primaries: .bt2020, transfer: .hlg, matrix: .bt2020, fullRange: false)
    /// The display light, in cd/m², HLG's signal 1 stands for: BT.2100's nominal peak.
    package static let displayPeak = HLGCurve.nominalPeak
    /// BT.2408's reference white, in cd/m², where SDR white, captions and cards go.
    package static let referenceWhite = HighlightRollOff.referenceWhite
    /// BT.2100's system gamma for the nominal display.
    static let systemGamma = 1.2
}

extension ColourConversion {
    /// The 10-bit HLG codes (unrounded, `HLGReel.description`) for codes of `bits` bits of `source`, as
    /// BT.2100 and BT.2408 define the conversion in display light on the reel's 1000 cd/m² display:
    /// - SDR sources are shown on a BT.1886 display whose white is BT.2408's 203 cd/m² (so SDR white lands
    ///   on 75% HLG);
    /// - PQ sources keep their absolute light, their luminance above 85% of 1000 cd/m² rolled off in the PQ
    ///   domain (`HighlightRollOff`) up to `peak` (nothing to roll off when `peak` is at most 1000);
    /// - HLG sources are shown on the same 1000 cd/m² display (the OOTF of their own primaries' luminance).
    /// The light is moved into BT.2020 primaries, what still lies outside brought in by the least change
    /// (`fitIntoGamut`), then encoded by HLG's inverse EOTF (the inverse OOTF on BT.2020 luminance, then the
    /// OETF, what is too bright for its colour brought in again in scene light) and BT.2020's matrix.
    package static func toHLG(_ source: ColourDescription, bits: Int, peak: Double) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
        let primaries = source.primaries.conversion(to: .bt2020)
        let sourceWeights = source.primaries.luminanceWeights
        let weights = YCbCrMatrix.bt2020.lumaWeights
        let sdrWhite = HLGReel.referenceWhite / HLGReel.displayPeak
        let rollOff = HighlightRollOff(peak: peak, white: HLGReel.displayPeak)
        let transfer = source.transfer
        return { codes in
            let signal = source.matrix.rgb(source.normalized(codes, bits: bits))
            // Display light in the source's primaries, relative to the reel's display peak.
            let light: SIMD3<Double> =
                switch transfer {
                case .bt709:
                    SIMD3(BT1886Curve.decode(signal.x), BT1886Curve.decode(signal.y), BT1886Curve.decode(signal.z)) * sdrWhite
                case .pq:
                    SIMD3(PQCurve.decode(signal.x), PQCurve.decode(signal.y), PQCurve.decode(signal.z)) / HLGReel.displayPeak
                case .hlg:
                    HLGCurve.displayLight(
                        SIMD3(HLGCurve.sceneLight(signal.x), HLGCurve.sceneLight(signal.y), HLGCurve.sceneLight(signal.z)),
                        weights: sourceWeights, displayPeak: HLGReel.displayPeak) / HLGReel.displayPeak
                }
            var bt2020 = primaries.apply(light)
            if transfer == .pq {
                let luminance = (weights * bt2020.replacing(with: 0, where: bt2020 .< 0)).sum()
                if luminance > 0 { bt2020 *= rollOff.map(luminance) / luminance }
            }
            let fitted = fitIntoGamut(bt2020, weights: weights)
            return HLGReel.codes(displayLight: fitted)
        }
    }

    /// Looks on an HLG reel's 10-bit codes: each sample's R′G′B′ (the HLG signal, held to 0…1) through each
    /// table in turn, each mixed with what it was given by its `strength`, back to codes. A look grades the
    /// HLG signal as it grades an SDR reel's.
    package static func hlgLook(_ grades: [(table: CubeLUT, strength: Double)]) -> @Sendable (SIMD3<Double>) -> SIMD3<Double> {
        let target = HLGReel.description
        return { codes in
            var rgb = target.matrix.rgb(target.normalized(codes, bits: 10)).clamped(
                lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
            for grade in grades {
                rgb += grade.strength * (grade.table.apply(rgb) - rgb)
            }
            return target.codes(target.matrix.ycc(rgb)) * 4
        }
    }
}

extension HLGReel {
    /// The 10-bit codes (unrounded) for linear BT.2020 display light relative to the display's peak (0…1):
    /// BT.2100's inverse OOTF on the luminance, the OETF, BT.2020's matrix. A bright saturated colour can be
    /// inside the display's primaries yet brighter than its OOTF lets that colour be (pure blue shows at most
    /// 0.0593^0.2 of the peak): its scene light, above 1 in some channel, is brought in as display light is
    /// (`fitIntoGamut`), so the signal stays within 0…1.
    static func codes(displayLight light: SIMD3<Double>) -> SIMD3<Double> {
        let weights = YCbCrMatrix.bt2020.lumaWeights
        let luminance = (weights * light).sum()
        let scene = ColourConversion.fitIntoGamut(
            luminance > 0 ? light * pow(luminance, (1 - systemGamma) / systemGamma) : .zero, weights: weights)
        let signal = SIMD3(HLGCurve.signal(scene.x), HLGCurve.signal(scene.y), HLGCurve.signal(scene.z))
        return description.codes(description.matrix.ycc(signal)) * 4
    }

    /// The 10-bit codes (rounded) of an 8-bit sRGB colour drawn on the reel (a caption, a card, a
    /// background): its BT.709 signal shown at SDR reference white, as SDR clips are.
    package static func codes(red: UInt8, green: UInt8, blue: UInt8) -> SIMD3<UInt16> {
        let convert = ColourConversion.toHLG(.bt709, bits: 8, peak: displayPeak)
        let sdr = ColourDescription.bt709
        let codes = sdr.codes(sdr.matrix.ycc(SIMD3(Double(red), Double(green), Double(blue)) / 255))
        let hlg = convert(codes)
        return SIMD3(UInt16(hlg.x.rounded()), UInt16(hlg.y.rounded()), UInt16(hlg.z.rounded()))
    }
}

extension ColourPrimaries {
    /// The luminance (CIE Y) of linear light in these primaries, per channel: BT.2100's rounded weights for
    /// BT.2020 (which its OOTF and its inverse use), else computed from the chromaticities.
    var luminanceWeights: SIMD3<Double> {
        guard self != .bt2020 else { return YCbCrMatrix.bt2020.lumaWeights }
        let toXYZ = self.toXYZ
        return SIMD3(toXYZ.rows[1][0], toXYZ.rows[1][1], toXYZ.rows[1][2])
    }
}

extension ColourDescription {
    /// True when `codes` of `bits` bits decode to R′G′B′ a source of this description can hold (each within
    /// 0…1, give or take 5%, what a cell of a cube spans and what compression overshoots): the codes worth
    /// measuring a cube at.
    package func holdsSignal(_ codes: SIMD3<Double>, bits: Int) -> Bool {
        let signal = matrix.rgb(normalized(codes, bits: bits))
        return signal.min() >= -0.05 && signal.max() <= 1.05
    }
}
