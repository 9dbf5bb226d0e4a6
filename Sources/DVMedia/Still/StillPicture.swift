/// A photo decoded once: upright, in the canvas's colour, at a working size.
package final class StillPicture {
    /// The picture, in the canvas format's pixel format and colour (8-bit 4:2:0 BT.709 limited for .sdr8,
    /// 10-bit HLG BT.2020 for .hlg10, exactly as CanvasNormalizer's output for a clip), even width and height.
    package let frame: VideoFrame
    /// The photo's own upright size in pixels, before any reduction (EXIF orientation / irot applied, clap applied).
    package let fullWidth: Int
    package let fullHeight: Int

    init(frame: VideoFrame, fullWidth: Int, fullHeight: Int) {
        self.frame = frame
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
    }
}
