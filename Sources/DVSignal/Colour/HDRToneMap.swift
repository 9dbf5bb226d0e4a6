import Foundation

/// How a high dynamic range source's 10-bit Y′CbCr codes become the reel's 8-bit BT.709 limited-range codes
/// (unrounded), sample by sample: decoded with the source's matrix and range, taken to display light (PQ's
/// EOTF, or HLG's inverse OETF and BT.2100's OOTF for its nominal 1000 cd/m² display), moved into BT.709
/// primaries, scaled so the HDR reference white (203 cd/m²) is SDR white, its highlights rolled off by
/// `HighlightRollOff` up to `peak`, what is still outside BT.709 brought in by
/// `ColourConversion.fitIntoGamut`, then encoded for a BT.1886 display.
///
/// `codes(_:)` computes it with the curves themselves: the definition. `tabulated(y:cb:cr:)` computes the
/// same with fine tables of the curves, within two hundredths of an output code of `codes`, fast enough to
/// build a `ColourCube` from and to convert the samples where the cube's lattice does not follow the
/// conversion closely (at the gamut's edges, where an output channel leaves zero along BT.1886's steep
/// start, and near white, where a tint meets the gamut's top).
///
/// Immutable once built, so safe to share between threads.
package final class HDRToneMap: Sendable {
    private let source: ColourDescription
    /// The rows of the matrix from the source's primaries to BT.709's, in linear light.
    private let toRed: SIMD3<Double>, toGreen: SIMD3<Double>, toBlue: SIMD3<Double>
    /// Normalized Y′ and Cb/Cr from a 10-bit code: code × scale + offset.
    private let lumaScale: Double, lumaOffset: Double, chromaScale: Double, chromaOffset: Double
    /// R′ = Y′ + `redFromCr` × Cr, B′ = Y′ + `blueFromCb` × Cb, G′ = (Y′ − kR R′ − kB B′) / kG.
    private let redFromCr: Double, blueFromCb: Double, redWeight: Double, blueWeight: Double, greenWeight: Double
    /// The source primaries' luminance weights (for HLG's OOTF).
    private let weights: SIMD3<Double>
    /// True for HLG, whose OOTF needs the three channels' scene light together.
    private let isHLG: Bool
    /// BT.709's luma weights (the luminance of linear BT.709 light too), and what scales Cb and Cr from blue
    /// and red less luma.
    private let outputWeights: SIMD3<Double>, outputBlueScale: Double, outputRedScale: Double
    private let rollOff: HighlightRollOff
    /// Each channel's light (relative to reference white; scene light for HLG, whose OOTF needs all three
    /// channels) at `signalSteps` + 1 evenly spaced signals from 0 to 1, and the last once more.
    private let light: FixedTable<Double>
    /// BT.1886's encoding at `encodingSteps` + 1 points evenly spaced in the square root of light (where its
    /// steep start is gentle), and the last once more.
    private let encoding: FixedTable<Double>
    /// For HLG, what BT.2100's OOTF multiplies scene light by (relative to reference white) at `signalSteps` + 1
    /// points evenly spaced in the square root of scene luminance from 0 to 1, and the last once more.
    private let sceneGain: FixedTable<Double>
    /// What the roll-off makes of luminance at `signalSteps` + 1 points evenly spaced in the square root of
    /// luminance from 0 to `brightest`, and the last once more.
    private let rolledLuminance: FixedTable<Double>
    /// The brightest luminance relative to reference white that the source can hold.
    private let brightest: Double
    private static let signalSteps = 16384, encodingSteps = 4096
    /// The relative luminance below which the roll-off leaves light as it is (`HighlightRollOff`'s knee).
    private static let knee = 0.85

    /// The conversion for `source` (PQ or HLG) whose highlights roll off up to `peak` cd/m²
    /// (`ColourConversion.highlightPeak(of:declared:)`).
    package init(_ source: ColourDescription, peak: Double) {
        self.source = source
        let toBT709 = source.primaries.conversion(to: .bt709)
        (toRed, toGreen, toBlue) = (SIMD3(toBT709.rows[0]), SIMD3(toBT709.rows[1]), SIMD3(toBT709.rows[2]))
        let zero = source.normalized(.zero, bits: 10), one = source.normalized(SIMD3(repeating: 1), bits: 10)
        (lumaOffset, lumaScale, chromaOffset, chromaScale) = (zero.x, one.x - zero.x, zero.y, one.y - zero.y)
        let (kr, kb) = source.matrix.weights
        (redWeight, blueWeight, greenWeight) = (kr, kb, 1 - kr - kb)
        (redFromCr, blueFromCb) = (2 * (1 - kr), 2 * (1 - kb))
        let toXYZ = source.primaries.toXYZ
        weights = SIMD3(toXYZ.rows[1][0], toXYZ.rows[1][1], toXYZ.rows[1][2])
        isHLG = source.transfer == .hlg
        outputWeights = YCbCrMatrix.bt709.lumaWeights
        (outputBlueScale, outputRedScale) = (1 / (2 * (1 - outputWeights.z)), 1 / (2 * (1 - outputWeights.x)))
        let rollOff = HighlightRollOff(peak: peak)
        self.rollOff = rollOff
        let transfer = source.transfer
        light = Self.table(steps: Self.signalSteps) { Self.channelLight($0, transfer) }
        encoding = Self.table(steps: Self.encodingSteps) { BT1886Curve.encode($0 * $0) }
        let brightest = (transfer == .pq ? 10000 : HLGCurve.nominalPeak) / HighlightRollOff.referenceWhite
        self.brightest = brightest
        rolledLuminance = Self.table(steps: Self.signalSteps) { rollOff.map($0 * $0 * brightest) }
        let white = SIMD3<Double>(repeating: 1)
        let weights = weights
        sceneGain = Self.table(steps: Self.signalSteps) { root in
            // The OOTF of a grey of scene luminance root², relative to the grey itself.
            let grey = white * (root * root)
            return root > 0
                ? HLGCurve.displayLight(grey, weights: weights, displayPeak: HLGCurve.nominalPeak).x / (root * root)
                    / HighlightRollOff.referenceWhite : 0
        }
    }

    /// `value` at `steps` + 1 evenly spaced points from 0 to 1, and at 1 once more (so that interpolation at
    /// 1 reads inside the table).
    private static func table(steps: Int, _ value: (Double) -> Double) -> FixedTable<Double> {
        FixedTable(count: steps + 2) { table in
            for step in 0...(steps + 1) {
                table.initializeElement(at: step, to: value(Double(min(step, steps)) / Double(steps)))
            }
        }
    }

    /// Linearly between the entries of a `table` of `steps`, at `position` (clamped to 0…1).
    @inline(__always)
    private static func interpolate(_ table: FixedTable<Double>, steps: Int, at position: Double) -> Double {
        let table = table.base
        let scaled = min(max(position, 0), 1) * Double(steps)
        let index = Int(scaled)
        return table[index] + (scaled - Double(index)) * (table[index + 1] - table[index])
    }

    /// One channel's signal (0…1) as light: relative to reference white for PQ and SDR, scene light for HLG.
    private static func channelLight(_ signal: Double, _ transfer: TransferFunction) -> Double {
        switch transfer {
        case .pq: PQCurve.decode(signal) / HighlightRollOff.referenceWhite
        case .hlg: HLGCurve.sceneLight(signal)
        case .bt709: BT1886Curve.decode(signal)
        }
    }

    /// The 8-bit codes for 10-bit `codes` (Y′, Cb, Cr), through the curves themselves.
    package func codes(_ codes: SIMD3<Double>) -> SIMD3<Double> {
        let signal = source.matrix.rgb(source.normalized(codes, bits: 10))
        let transfer = source.transfer
        func light(_ value: Double) -> Double { Self.channelLight(min(max(value, 0), 1), transfer) }
        let channels = SIMD3(light(signal.x), light(signal.y), light(signal.z))
        let display =
            isHLG
            ? HLGCurve.displayLight(channels, weights: weights, displayPeak: HLGCurve.nominalPeak) / HighlightRollOff.referenceWhite
            : channels
        let relative = inBT709(display)
        let sdr = ColourConversion.fitIntoGamut((outputWeights * relative).sum() > Self.knee ? rollOff.apply(relative) : relative)
        return outputCodes(SIMD3(BT1886Curve.encode(sdr.x), BT1886Curve.encode(sdr.y), BT1886Curve.encode(sdr.z)))
    }

    /// The same codes as `codes(_:)` for the 10-bit codes `y`, `cb`, `cr`, through the tables.
    package func tabulated(y: Int, cb: Int, cr: Int) -> SIMD3<Double> {
        let luma = Double(y) * lumaScale + lumaOffset
        let blueDifference = Double(cb) * chromaScale + chromaOffset, redDifference = Double(cr) * chromaScale + chromaOffset
        let red = luma + redFromCr * redDifference, blue = luma + blueFromCb * blueDifference
        let green = (luma - redWeight * red - blueWeight * blue) / greenWeight
        let steps = Self.signalSteps
        let channels = SIMD3(
            Self.interpolate(light, steps: steps, at: red), Self.interpolate(light, steps: steps, at: green),
            Self.interpolate(light, steps: steps, at: blue))
        let display =
            isHLG
            ? channels * Self.interpolate(sceneGain, steps: steps, at: (channels * weights).sum().squareRoot()) : channels
        var relative = inBT709(display)
        let luminance = (outputWeights * relative).sum()
        if luminance > Self.knee {
            relative *= Self.interpolate(rolledLuminance, steps: steps, at: (luminance / brightest).squareRoot()) / luminance
        }
        let sdr = ColourConversion.fitIntoGamut(relative)
        let encodingSteps = Self.encodingSteps
        let roots = sdr.squareRoot()
        return outputCodes(
            SIMD3(
                Self.interpolate(encoding, steps: encodingSteps, at: roots.x), Self.interpolate(encoding, steps: encodingSteps, at: roots.y),
                Self.interpolate(encoding, steps: encodingSteps, at: roots.z)))
    }

    /// True when 10-bit `codes` decode to R′G′B′ the source can hold (`ColourDescription.holdsSignal`).
    package func holdsSignal(_ codes: SIMD3<Double>) -> Bool {
        source.holdsSignal(codes, bits: 10)
    }

    /// Linear light in the source's primaries moved into BT.709's.
    @inline(__always)
    private func inBT709(_ light: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((toRed * light).sum(), (toGreen * light).sum(), (toBlue * light).sum())
    }

    /// BT.709 limited-range codes (unrounded) of R′G′B′: BT.709's matrix and range, as
    /// `ColourDescription.bt709.codes(YCbCrMatrix.bt709.ycc(_:))` give them, from constants kept at hand.
    @inline(__always)
    private func outputCodes(_ signal: SIMD3<Double>) -> SIMD3<Double> {
        let luma = (outputWeights * signal).sum()
        return SIMD3(16 + 219 * luma, 128 + 224 * (signal.z - luma) * outputBlueScale, 128 + 224 * (signal.x - luma) * outputRedScale)
    }
}
