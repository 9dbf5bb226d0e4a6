import DVSignal

/// A text overlay drawn once into the masks it is blended with on every frame: an optional rounded box,
/// shadow and outline under the glyphs, each with its colour and opacity, then its colour glyphs (emoji).
package struct TextSprite {
    /// One mask to blend, its offset inside the sprite, its colour and opacity.
    struct Layer {
        var mask: TextMask
        var x: Int
        var y: Int
        /// The colour's codes on the sprite's canvas format.
        var codes: SIMD3<UInt16>
        var opacity: Double
    }

    /// How the text is painted: its colour, and an optional shadow, outline and rounded background box, each
    /// a colour whose alpha is its opacity. The job's `Job.TextStyle` as the painter draws it.
    package struct Style: Sendable, Hashable {
        package var color: SRGBColour
        package var shadow: SRGBColour?
        package var outline: SRGBColour?
        package var box: SRGBColour?

        package init(color: SRGBColour = .white, shadow: SRGBColour? = nil, outline: SRGBColour? = nil, box: SRGBColour? = nil) {
            self.color = color
            self.shadow = shadow
            self.outline = outline
            self.box = box
        }
    }

    /// The sprite's size in pixels: text, padding, outline and shadow together.
    package let width: Int
    package let height: Int
    /// The canvas format the sprite is drawn for.
    let format: CanvasFormat
    let layers: [Layer]
    /// The colour glyphs and their offset inside the sprite, drawn over the layers.
    let colour: (picture: OverlayPicture, x: Int, y: Int)?

    /// Draws `text` at `pixelSize` in `style` with the font at `fontPath` (what it lacks with `fallbacks`, or
    /// fontconfig's choices when nil; the faces from `fonts`), its lines lined up as `alignment` says, broken where they may and shrunk so that the whole
    /// sprite fits `maxWidth`, for canvases of `format`.
    package init(
        text: String, style: TextSprite.Style, fontPath: String, fallbacks: [FontFile]? = nil, fonts: FontSet, pixelSize: Int, maxWidth: Int,
        alignment: TextLayout.Alignment = .center,
        direction: TextLayout.Direction = .auto, language: String? = nil, format: CanvasFormat = .sdr8
    ) throws {
        let padding = style.box == nil ? 0 : max(2, pixelSize * 3 / 10)
        let outline = style.outline == nil ? 0 : max(1, pixelSize / 14)
        let shadow = style.shadow == nil ? 0 : max(1, pixelSize / 16)
        let margin = max(padding, outline)
        let block = try TextBlock(
            text, fontPath: fontPath, fallbacks: fallbacks, fonts: fonts, pixelSize: pixelSize, maxWidth: max(1, maxWidth - 2 * margin - shadow),
            alignment: alignment,
            direction: direction, language: language, wrap: true
        )
        let glyphs = block.mask
        width = glyphs.width + 2 * margin + shadow
        height = glyphs.height + 2 * margin + shadow
        var layers: [Layer] = []
        if let box = style.box {
            let mask = TextMask.roundedBox(width: glyphs.width + 2 * padding, height: glyphs.height + 2 * padding, radius: padding)
            layers.append(Layer(rgba: box, mask: mask, x: margin - padding, y: margin - padding, format: format))
        }
        let outlined = block.image.ink.dilated(radius: outline)
        if let color = style.shadow {
            layers.append(Layer(rgba: color, mask: outlined, x: margin - outline + shadow, y: margin - outline + shadow, format: format))
        }
        if let color = style.outline {
            layers.append(Layer(rgba: color, mask: outlined, x: margin - outline, y: margin - outline, format: format))
        }
        layers.append(Layer(rgba: style.color, mask: glyphs, x: margin, y: margin, format: format))
        self.layers = layers
        self.format = format
        colour = block.image.colour.map {
            (OverlayPicture(rgba: $0.rgba, width: glyphs.width, height: glyphs.height, format: format), margin, margin)
        }
    }

    /// Blends the sprite into `frame` with its top-left corner at (`x`, `y`), all layers scaled by `opacity`.
    package func draw(into frame: VideoFrame, x: Int, y: Int, opacity: Double = 1) {
        precondition(frame.shownFormat == format, "a sprite is drawn into canvas frames of its own format")
        for layer in layers {
            frame.blend(layer.mask, x: x + layer.x, y: y + layer.y, codes: layer.codes, opacity: layer.opacity * opacity)
        }
        if let colour {
            frame.blend(colour.picture, x: x + colour.x, y: y + colour.y, opacity: opacity)
        }
    }
}

extension TextSprite.Layer {
    init(rgba: SRGBColour, mask: TextMask, x: Int, y: Int, format: CanvasFormat) {
        self.init(mask: mask, x: x, y: y, codes: rgba.codes(on: format), opacity: Double(rgba.alpha) / 255)
    }
}
