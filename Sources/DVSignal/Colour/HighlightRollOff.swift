import Foundation

/// How the light of a high dynamic range picture fits under SDR white. Light is measured relative to the
/// HDR reference white of ITU-R BT.2408 (203 cd/m², where HDR productions put paper and skin-lit white),
/// which becomes SDR white. Light up to 85% of reference white is left as it is; above it, the luminance
/// is compressed in the PQ signal domain (where equal steps look equal) by a logarithmic curve that leaves
/// the knee with slope 1 and reaches SDR white at the content's peak, so highlights stay distinct and in
/// order instead of clipping. Colours are scaled as a whole, so their hue and saturation stay as they were.
///
/// An HLG reel rolls PQ light off the same way under its display's peak (1000 cd/m²) instead: `white` is then
/// that peak, and light is measured relative to it.
package struct HighlightRollOff: Sendable, Hashable {
    /// ITU-R BT.2408's HDR reference white, in cd/m².
    package static let referenceWhite = 203.0
    /// The share of reference white below which light is left as it is.
    static let kneeShare = 0.85

    /// The light, in cd/m², that relative luminance 1 stands for and that the peak is brought down to.
    private let whiteLight: Double
    /// PQ signals of the knee, of white and of the peak.
    private let knee: Double, white: Double, top: Double
    /// The curve's strength: `log(1 + strength × s) / log(1 + strength × range)` has slope 1 at the knee.
    private let strength: Double

    /// A roll-off for content whose brightest light is `peak` cd/m² (`ColourConversion.highlightPeak`) under
    /// `white` cd/m² (SDR white's reference white unless told otherwise).
    package init(peak: Double, white whiteLight: Double = referenceWhite) {
        self.whiteLight = whiteLight
        knee = PQCurve.encode(Self.kneeShare * whiteLight)
        white = PQCurve.encode(whiteLight)
        top = PQCurve.encode(max(peak, whiteLight))
        let range = (top - knee) / (white - knee)
        var strength = 1.0
        if range > 1 {
            for _ in 0..<200 {
                strength = log(1 + strength * range)
            }
        }
        self.strength = strength
    }

    /// The luminance, relative to white, that `relative` (luminance relative to white) is shown at: itself up
    /// to the knee, at most 1 above.
    package func map(_ relative: Double) -> Double {
        let signal = PQCurve.encode(relative * whiteLight)
        guard signal > knee else { return relative }
        guard top > white else { return min(relative, 1) }
        let s = min(signal, top) - knee, range = top - knee
        let compressed = knee + (white - knee) * log(1 + strength * s / (white - knee)) / log(1 + strength * range / (white - knee))
        return PQCurve.decode(compressed) / whiteLight
    }

    /// Linear BT.709 light relative to reference white, scaled by what `map` makes of its luminance.
    func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let luminance = (YCbCrMatrix.bt709.lumaWeights * rgb).sum()
        guard luminance > 0 else { return rgb }
        return rgb * (map(luminance) / luminance)
    }
}
