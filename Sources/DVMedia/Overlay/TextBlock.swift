import DVSignal

/// A text drawn by `TextLayout` to fit a width: broken into lines where it may when `wrap` is set, and
/// shrunk until its widest line fits, so it is never cut off.
package struct TextBlock {
    /// The lines' coverage and colour glyphs; the block's height is the lines' full height (ascender to
    /// descender, and any ink beyond), so texts of the same size line up whatever letters they hold.
    package let image: TextImage
    /// The lines' coverage in the text's colour.
    package var mask: TextMask { image.mask }
    /// The pixel size the text ended up at.
    package let pixelSize: Int

    /// Draws `text` with the font at `fontPath` (what it lacks with `fallbacks`, or fontconfig's choices when
    /// nil; the faces from `fonts`) at `pixelSize`
    /// pixels per em, smaller when wider than `maxWidth`, its lines lined up as `alignment` says; with
    /// `wrap`, broken into lines no wider than `maxWidth` where Unicode's rules allow first.
    package init(
        _ text: String, fontPath: String, fallbacks: [FontFile]? = nil, fonts: FontSet, pixelSize: Int, maxWidth: Int,
        alignment: TextLayout.Alignment = .center,
        direction: TextLayout.Direction = .auto, language: String? = nil, wrap: Bool = false
    ) throws {
        var size = max(1, pixelSize)
        func draw(_ size: Int) throws -> TextImage {
            let settings = TextLayout.Settings(
                pixelSize: size, language: language, direction: direction, alignment: alignment, wrapWidth: wrap ? max(1, maxWidth) : nil)
            let layout = try TextLayout(text, fontPath: fontPath, fallbacks: fallbacks, settings: settings, fonts: fonts)
            return try layout.image()
        }
        var image = try draw(size)
        while image.mask.width > maxWidth, size > 1 {
            size = max(1, min(size - 1, size * maxWidth / image.mask.width))
            image = try draw(size)
        }
        self.image = image
        self.pixelSize = size
    }
}
