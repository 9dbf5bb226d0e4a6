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
    /// Each text's and picture's place and fit, by item index, once the first frame is drawn (`arrangement()`).
    private var arranged: [Int: TextPlacement.Placed]?
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
        var fit: TextPlacement.Fit
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

    /// Draws what shows on the piece's frame `index` (counted from the piece's first frame) into `frame`, each
    /// text and picture where the piece's placement put it (`textPlacement()`); with `only`, just the item of
    /// that index, where the placement of them all put it (a layer on its own, as the render composes it).
    package func draw(into frame: VideoFrame, atFrame index: Int, only: Int? = nil) throws {
        let arranged = try arrangement()
        for (number, item, opacity) in drawing.visibleItems(atFrame: index) where only == nil || only == number {
            let place = arranged[number]
            switch item {
            case let .text(text):
                let sprite = try self.sprite(for: text, fit: place?.fit ?? .asked)
                let origin = place.map { ($0.rect.x, $0.rect.y) } ?? placement.origin(of: text.position, width: sprite.width, height: sprite.height)
                sprite.draw(into: frame, x: origin.0, y: origin.1, opacity: opacity)
            case let .image(image):
                let picture = try self.picture(for: image, scale: place?.fit.scale ?? 1)
                let origin =
                    place.map { ($0.rect.x, $0.rect.y) } ?? placement.origin(of: image.position, width: picture.width, height: picture.height)
                frame.blend(picture, x: origin.0, y: origin.1, opacity: image.opacity * opacity)
            case let .video(video):
                try movie(for: video).draw(into: frame, atFrame: index, opacity: video.opacity * opacity)
            }
        }
    }

    /// The piece's texts and pictures where `textPlacement()` puts them, each with what it is and the piece's
    /// frames it shows on.
    package func placedItems() throws -> [(item: TextPlacement.Item, placed: TextPlacement.Placed)] {
        let (_, items) = placementItems()
        return Array(zip(items, try textPlacement().placement.placed))
    }

    /// The piece's texts and pictures laid out together (`TextPlacement`), in drawing order as priority,
    /// with the item index of each.
    package func textPlacement() throws -> (items: [Int], placement: TextPlacement) {
        let (numbers, items) = placementItems()
        let margin = placement.margin
        let result = try TextPlacement(
            items: items, area: PixelRect(x: placement.area.x, y: placement.area.y, width: placement.area.width, height: placement.area.height),
            margin: margin, gap: max(1, margin / 2)
        ) { index, fit in
            switch drawing.items[numbers[index]] {
            case let .text(text):
                let sprite = try self.sprite(for: text, fit: fit)
                let origin = placement.origin(of: text.position, width: sprite.width, height: sprite.height)
                return PixelRect(x: origin.x, y: origin.y, width: sprite.width, height: sprite.height)
            case let .image(image):
                let picture = try self.picture(for: image, scale: fit.scale)
                let origin = placement.origin(of: image.position, width: picture.width, height: picture.height)
                return PixelRect(x: origin.x, y: origin.y, width: picture.width, height: picture.height)
            case .video:
                return PixelRect(x: 0, y: 0, width: 0, height: 0)
            }
        }
        return (numbers, result)
    }

    /// The texts and pictures placed together, as `TextPlacement` items in drawing order, with the item
    /// index of each (movies keep their rectangles and are not among them).
    private func placementItems() -> (numbers: [Int], items: [TextPlacement.Item]) {
        var numbers: [Int] = []
        var items: [TextPlacement.Item] = []
        for (number, item) in drawing.items.enumerated() {
            switch item {
            case let .text(text):
                numbers.append(number)
                items.append(
                    TextPlacement.Item(name: "the text \"\(text.text)\"", frames: text.firstFrame..<text.endFrame, side: side(of: text.position)))
            case let .image(image):
                numbers.append(number)
                let name = image.file.split(separator: "/").last.map(String.init) ?? image.file
                items.append(TextPlacement.Item(name: "the picture \(name)", frames: 0..<Int.max, side: side(of: image.position)))
            case .video: continue
            }
        }
        return (numbers, items)
    }

    private func arrangement() throws -> [Int: TextPlacement.Placed] {
        if let arranged { return arranged }
        let (numbers, result) = try textPlacement()
        let arranged = Dictionary(uniqueKeysWithValues: zip(numbers, result.placed))
        self.arranged = arranged
        return arranged
    }

    /// Which way an overlay at `position` moves when it must: away from the edge it sits at.
    private func side(of position: OverlayPlacement.Position) -> TextPlacement.Side {
        switch position {
        case let .anchor(anchor): anchor.rawValue.hasPrefix("top") ? .down : .up
        case let .point(_, y): y < 0.5 ? .down : .up
        }
    }

    private func picture(for image: OverlayDrawing.Image, scale: Double) throws -> OverlayPicture {
        let width = Int((image.width * scale * Double(placement.frameWidth)).rounded())
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

    private func sprite(for text: OverlayDrawing.Text, fit: TextPlacement.Fit) throws -> TextSprite {
        let path = text.font?.path ?? fontPath
        let key = SpriteKey(
            text: text.text, size: text.size, style: text.style, font: path, fallbacks: text.fallbacks, direction: text.direction,
            language: text.language, fit: fit)
        if let cached = sprites[key] { return cached }
        let pixelSize = max(4, Int((text.size * fit.scale * Double(placement.frameHeight)).rounded()))
        let sprite = try TextSprite(
            text: text.text, style: text.style, fontPath: path, fallbacks: text.fallbacks.isEmpty ? nil : text.fallbacks, fonts: fonts,
            pixelSize: pixelSize, maxWidth: min(placement.maxWidth, fit.wrapWidth ?? placement.maxWidth),
            alignment: text.alignment ?? .center, direction: text.direction ?? .auto, language: text.language, format: format
        )
        sprites[key] = sprite
        return sprite
    }
}
