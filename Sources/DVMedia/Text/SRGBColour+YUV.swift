import DVSignal

extension SRGBColour {
    /// BT.709 limited range (Y 16–235, U/V 16–240), what video encoders are handed; alpha left aside.
    package var bt709Limited: YUVColor {
        let ycc = YCbCrMatrix.bt709.ycc(unit)
        return YUVColor(y: Self.quantize(16 + 219 * ycc.x), u: Self.quantize(128 + 224 * ycc.y), v: Self.quantize(128 + 224 * ycc.z))
    }

    /// BT.601 full range (0–255), what JPEG (JFIF) stores; alpha left aside.
    package var bt601Full: YUVColor {
        let ycc = YCbCrMatrix.bt601.ycc(unit)
        return YUVColor(y: Self.quantize(255 * ycc.x), u: Self.quantize(128 + 255 * ycc.y), v: Self.quantize(128 + 255 * ycc.z))
    }

    /// The 10-bit codes of an HLG reel (`HLGReel`) for the colour shown as SDR is, at BT.2408's reference
    /// white; alpha left aside.
    package var hlg: SIMD3<UInt16> { HLGReel.codes(red: red, green: green, blue: blue) }

    /// `hlg` as a colour to draw with.
    package var hlg10: YUV10Color {
        let codes = hlg
        return YUV10Color(y: codes.x, u: codes.y, v: codes.z)
    }

    /// The colour's codes as a canvas of `format` shows it: BT.709 limited range on an 8-bit SDR canvas,
    /// HLG at BT.2408's reference white (`hlg`) on a 10-bit HLG one; alpha left aside.
    package func codes(on format: CanvasFormat) -> SIMD3<UInt16> {
        switch format {
        case .sdr8:
            let yuv = bt709Limited
            return SIMD3(UInt16(yuv.y), UInt16(yuv.u), UInt16(yuv.v))
        case .hlg10: return hlg
        }
    }

    /// The colour components in 0…1.
    private var unit: SIMD3<Double> { SIMD3(Double(red), Double(green), Double(blue)) / 255 }

    private static func quantize(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
