import DVSignal

/// Drawing an sRGB colour as a reel's canvas shows it (`SRGBColour.codes(on:)`): BT.709 limited-range codes
/// on an SDR reel's 8-bit frames, HLG codes at BT.2408's reference white on an HLG reel's 10-bit frames.
extension VideoFrame {
    /// Paints the whole frame, a canvas frame, in `colour`.
    package func fill(shown colour: SRGBColour) {
        let codes = colour.codes(on: shownFormat)
        switch shownFormat {
        case .sdr8: fill(y: UInt8(codes.x), u: UInt8(codes.y), v: UInt8(codes.z))
        case .hlg10: fillTenBit(y: codes.x, u: codes.y, v: codes.z)
        }
    }

    /// Blends a drawn text with its top-left corner at (`x`, `y`): its glyphs in `colour`, its colour
    /// glyphs in their own colours, both scaled by `opacity`.
    package func draw(_ text: TextImage, x: Int, y: Int, shown colour: SRGBColour, opacity: Double = 1) {
        blend(text.mask, x: x, y: y, codes: colour.codes(on: shownFormat), opacity: opacity)
        if let glyphs = text.colour {
            let picture = OverlayPicture(rgba: glyphs.rgba, width: text.mask.width, height: text.mask.height, format: shownFormat)
            blend(picture, x: x, y: y, opacity: opacity)
        }
    }

    /// Blends `mask` in `codes`, a colour's codes on the frame's canvas format (`SRGBColour.codes(on:)`).
    func blend(_ mask: TextMask, x: Int, y: Int, codes: SIMD3<UInt16>, opacity: Double) {
        switch shownFormat {
        case .sdr8: blend(mask, x: x, y: y, color: YUVColor(y: UInt8(codes.x), u: UInt8(codes.y), v: UInt8(codes.z)), opacity: opacity)
        case .hlg10: blend(mask, x: x, y: y, color: YUV10Color(y: codes.x, u: codes.y, v: codes.z), opacity: opacity)
        }
    }

    /// The canvas format whose codes the frame holds: its own, or for another 8-bit frame (a sheet) SDR's.
    var shownFormat: CanvasFormat { canvasFormat ?? .sdr8 }
}
