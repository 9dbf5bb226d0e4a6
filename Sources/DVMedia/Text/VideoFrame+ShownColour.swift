import DVPlanning

/// Drawing an sRGB colour as a reel's canvas shows it: BT.709 limited-range codes on an SDR reel's 8-bit
/// frames, HLG codes at BT.2408's reference white (`RGBAColor.hlg`) on an HLG reel's 10-bit frames.
extension VideoFrame {
    /// Paints the whole frame in `colour`.
    public func fill(shown colour: RGBAColor) {
        if bitDepth == 10 {
            let codes = colour.hlg
            fillTenBit(y: codes.x, u: codes.y, v: codes.z)
        } else {
            let codes = colour.bt709Limited
            fill(y: codes.y, u: codes.u, v: codes.v)
        }
    }

    /// Blends a drawn text with its top-left corner at (`x`, `y`): its glyphs in `colour`, its colour
    /// glyphs in their own colours, both scaled by `opacity`.
    public func draw(_ text: TextImage, x: Int, y: Int, shown colour: RGBAColor, opacity: Double = 1) {
        if bitDepth == 10 {
            blend(text.mask, x: x, y: y, color: colour.hlg10, opacity: opacity)
        } else {
            blend(text.mask, x: x, y: y, color: colour.bt709Limited, opacity: opacity)
        }
        if let glyphs = text.colour {
            let picture = OverlayPicture(
                rgba: glyphs.rgba, width: text.mask.width, height: text.mask.height, range: bitDepth == 10 ? .hlg : .sdr)
            blend(picture, x: x, y: y, opacity: opacity)
        }
    }
}
