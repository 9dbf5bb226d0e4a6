import DVSignal

/// What a painter draws over one piece, in drawing order: its texts, pictures and movies with the frames
/// they show on, in the painter's own words (pixels' worth of colours and fractions of the frame). The
/// render maps the piece's overlays (`PieceOverlays`) into it once per piece (`Layout/OverlayDrawing+Job`).
package struct OverlayDrawing: Sendable, Hashable {
    /// One layer, in the order it is drawn.
    package enum Item: Sendable, Hashable {
        case text(Text)
        case image(Image)
        case video(Video)
    }

    /// A text: what it says, how it is painted, where, and on which of the piece's frames.
    package struct Text: Sendable, Hashable {
        /// The text; `\n` breaks lines.
        package var text: String
        package var position: OverlayPlacement.Position
        /// Text height as a fraction of the frame height.
        package var size: Double
        package var style: TextSprite.Style
        /// The first frame it shows on, counted from the piece's first frame.
        package var firstFrame: Int
        /// One past the last frame it shows on.
        package var endFrame: Int
        /// Frames over which it fades in after `firstFrame` and out before `endFrame` (0: no fade).
        package var fadeFrames: Int
        /// The font it is drawn with; nil: the painter's default.
        package var font: FontFile?
        /// How its lines line up; nil: centred.
        package var alignment: TextLayout.Alignment?
        /// Which way it runs; nil: from its text.
        package var direction: TextLayout.Direction?
        /// Its language, for choosing fonts and shaping; nil: from its script.
        package var language: String?
        /// The fonts that draw what `font` lacks; empty: fontconfig's choices.
        package var fallbacks: [FontFile]

        package init(
            text: String, position: OverlayPlacement.Position, size: Double, style: TextSprite.Style, firstFrame: Int, endFrame: Int,
            fadeFrames: Int = 0, font: FontFile? = nil, alignment: TextLayout.Alignment? = nil, direction: TextLayout.Direction? = nil,
            language: String? = nil, fallbacks: [FontFile] = []
        ) {
            self.text = text
            self.position = position
            self.size = size
            self.style = style
            self.firstFrame = firstFrame
            self.endFrame = endFrame
            self.fadeFrames = fadeFrames
            self.font = font
            self.alignment = alignment
            self.direction = direction
            self.language = language
            self.fallbacks = fallbacks
        }

        /// How opaque the text is on the piece's frame `frame`: 0 outside its frames, ramping over the fades.
        package func opacity(atFrame frame: Int) -> Double {
            guard frame >= firstFrame, frame < endFrame else { return 0 }
            guard fadeFrames > 0 else { return 1 }
            let steps = min(frame - firstFrame + 1, endFrame - frame)
            return min(1, Double(steps) / Double(fadeFrames + 1))
        }
    }

    /// A picture (a PNG or JPEG file) drawn over every frame.
    package struct Image: Sendable, Hashable {
        package var file: String
        package var position: OverlayPlacement.Position
        /// Width as a fraction of the frame width; the height follows the picture's aspect ratio.
        package var width: Double
        package var opacity: Double

        package init(file: String, position: OverlayPlacement.Position, width: Double, opacity: Double) {
            self.file = file
            self.position = position
            self.width = width
            self.opacity = opacity
        }
    }

    /// A movie drawn over every frame in a rectangle, its frame `n` on the piece's frame `n`.
    package struct Video: Sendable, Hashable {
        package var file: String
        /// Where it goes, in fractions of the frame; the movie covers it, cropped to its aspect ratio.
        package var rect: UnitRect
        /// Start again at the end; otherwise hold the last picture.
        package var loop: Bool
        package var opacity: Double

        package init(file: String, rect: UnitRect, loop: Bool, opacity: Double) {
            self.file = file
            self.rect = rect
            self.loop = loop
            self.opacity = opacity
        }
    }

    package var items: [Item]

    package init(items: [Item] = []) {
        self.items = items
    }

    /// The items that show on the piece's frame `frame` (counted from its first frame), each with its
    /// opacity, in drawing order.
    package func visible(atFrame frame: Int) -> [(item: Item, opacity: Double)] {
        visibleItems(atFrame: frame).map { ($0.item, $0.opacity) }
    }

    /// The items that show on the piece's frame `frame`, each with its index in `items` and its opacity, in
    /// drawing order.
    package func visibleItems(atFrame frame: Int) -> [(index: Int, item: Item, opacity: Double)] {
        items.enumerated().compactMap { index, item in
            switch item {
            case let .text(text):
                let opacity = text.opacity(atFrame: frame)
                return opacity > 0 ? (index, item, opacity) : nil
            case let .image(image):
                return image.opacity > 0 ? (index, item, 1) : nil
            case let .video(video):
                return video.opacity > 0 ? (index, item, 1) : nil
            }
        }
    }
}
