import DVSignal

/// Draws a piece's overlays into its canvas frames. Each text is laid out once (cached by text, size,
/// style, font, direction and language) from glyphs the font faces keep (borrowed from a `FontPool`, given
/// back when the painter goes away, so the next clip's painter finds them rendered), and each picture decoded once, so a frame costs only blends; each movie is
/// decoded one frame per frame drawn (see `OverlayMovie`). Keep an instance on one task.
package final class OverlayPainter {
    private let drawing: OverlayDrawing
    private let placement: OverlayPlacement
    private let fontPath: String
    private let fonts: FontSet
    private var sprites: [SpriteKey: TextSprite] = [:]
    private var pictures: [String: OverlayPicture] = [:]
    private var movies: [OverlayDrawing.Video: OverlayMovie] = [:]
    private let fps: Int
    private let toneMap: Bool
    private let format: CanvasFormat

    private struct SpriteKey: Hashable {
        var text: String
        var size: Double
        var style: TextSprite.Style
        var font: String
        var fallbacks: [FontFile]
        var direction: TextLayout.Direction?
        var language: String?
    }

    /// A painter for `drawing` on `frameWidth × frameHeight` frames at `fps` frames a second, drawing
    /// text with the font at `fontPath` where the text names none, with faces borrowed from `fonts`, and
    /// HDR movies tone mapped unless `toneMap` is false; into canvas frames of `format`. Texts and pictures
    /// are placed in the frame inset by `insets` (the output's safe area); movies keep their rectangles.
    package init(
        drawing: OverlayDrawing, frameWidth: Int, frameHeight: Int, insets: OverlayPlacement.Insets = .none, fps: Int = 30,
        fontPath: String = TextStyle.defaultFontPath, fonts: FontPool = FontPool(), toneMap: Bool = true, format: CanvasFormat = .sdr8
    ) {
        self.drawing = drawing
        self.toneMap = toneMap
        self.format = format
        self.fonts = FontSet(pool: fonts)
        self.fps = fps
        placement = OverlayPlacement(frameWidth: frameWidth, frameHeight: frameHeight, insets: insets)
        self.fontPath = fontPath
    }

    /// Draws what shows on the piece's frame `index` (counted from the piece's first frame) into `frame`.
    package func draw(into frame: VideoFrame, atFrame index: Int) throws {
        for (item, opacity) in drawing.visible(atFrame: index) {
            switch item {
            case let .text(text):
                let sprite = try self.sprite(for: text)
                let origin = placement.origin(of: text.position, width: sprite.width, height: sprite.height)
                sprite.draw(into: frame, x: origin.x, y: origin.y, opacity: opacity)
            case let .image(image):
                let picture = try self.picture(for: image)
                let origin = placement.origin(of: image.position, width: picture.width, height: picture.height)
                frame.blend(picture, x: origin.x, y: origin.y, opacity: image.opacity * opacity)
            case let .video(video):
                try movie(for: video).draw(into: frame, atFrame: index, opacity: video.opacity * opacity)
            }
        }
    }

    private func picture(for image: OverlayDrawing.Image) throws -> OverlayPicture {
        let width = Int((image.width * Double(placement.frameWidth)).rounded())
        let key = "\(width) \(image.file)"
        if let cached = pictures[key] { return cached }
        let picture = try OverlayPicture(path: image.file, width: width, format: format)
        pictures[key] = picture
        return picture
    }

    private func movie(for video: OverlayDrawing.Video) throws -> OverlayMovie {
        if let cached = movies[video] { return cached }
        let movie = try OverlayMovie(
            path: video.file, rect: placement.pixelRect(of: video.rect), loop: video.loop, fps: fps, toneMap: toneMap, format: format)
        movies[video] = movie
        return movie
    }

    private func sprite(for text: OverlayDrawing.Text) throws -> TextSprite {
        let path = text.font?.path ?? fontPath
        let key = SpriteKey(
            text: text.text, size: text.size, style: text.style, font: path, fallbacks: text.fallbacks, direction: text.direction,
            language: text.language)
        if let cached = sprites[key] { return cached }
        let pixelSize = max(4, Int((text.size * Double(placement.frameHeight)).rounded()))
        let sprite = try TextSprite(
            text: text.text, style: text.style, fontPath: path, fallbacks: text.fallbacks.isEmpty ? nil : text.fallbacks, fonts: fonts,
            pixelSize: pixelSize, maxWidth: placement.maxWidth,
            alignment: text.alignment ?? .center, direction: text.direction ?? .auto, language: text.language, format: format
        )
        sprites[key] = sprite
        return sprite
    }
}
