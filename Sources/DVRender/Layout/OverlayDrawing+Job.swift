import DVMedia
import DVPlanning
import DVSignal

// The job's overlay words (colours, text styles, places, rectangles, fonts), mapped once per piece into
// the painter's drawing model: nothing below DVRender reads the job's.

extension SRGBColour {
    /// The job's `#RRGGBBAA` colour.
    package init(_ colour: RGBAColor) {
        self.init(red: colour.red, green: colour.green, blue: colour.blue, alpha: colour.alpha)
    }
}

extension TextSprite.Style {
    /// How the painter paints a text in the job's text style.
    package init(_ style: Job.TextStyle) {
        self.init(
            color: SRGBColour(style.color), shadow: style.shadow.map(SRGBColour.init), outline: style.outline.map(SRGBColour.init),
            box: style.box.map(SRGBColour.init))
    }
}

extension OverlayPlacement.Position {
    /// The job's place for an overlay.
    package init(_ position: Position) {
        switch position {
        case let .anchor(anchor): self = .anchor(Anchor(anchor))
        case let .point(x, y): self = .point(x: x, y: y)
        }
    }
}

extension OverlayPlacement.Position.Anchor {
    /// The job's named place.
    package init(_ anchor: Position.Anchor) {
        switch anchor {
        case .topLeft: self = .topLeft
        case .top: self = .top
        case .topRight: self = .topRight
        case .left: self = .left
        case .center: self = .center
        case .right: self = .right
        case .bottomLeft: self = .bottomLeft
        case .bottom: self = .bottom
        case .bottomRight: self = .bottomRight
        }
    }
}

extension TextLayout.Alignment {
    /// The job's `align:`.
    package init(_ alignment: TextAlignment) {
        switch alignment {
        case .left: self = .left
        case .center: self = .center
        case .right: self = .right
        case .start: self = .start
        case .end: self = .end
        }
    }
}

extension TextLayout.Direction {
    /// The job's `direction:`.
    package init(_ direction: TextDirection) {
        switch direction {
        case .auto: self = .auto
        case .ltr: self = .ltr
        case .rtl: self = .rtl
        }
    }
}

extension UnitRect {
    /// The job's rectangle in fractions of the frame.
    package init(_ rect: Job.UnitRect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

extension OverlayPlacement.Insets {
    /// The job's safe area as the painter insets the frame by it.
    package init(_ safeArea: SafeArea) {
        self.init(top: safeArea.top, bottom: safeArea.bottom, left: safeArea.left, right: safeArea.right)
    }
}

extension FontFile {
    /// The face a job's font names.
    package init(_ font: OverlayFont) {
        self.init(path: font.path, index: font.index)
    }
}

extension OverlayDrawing {
    /// What the painter draws for a piece's overlays, item for item.
    package init(_ overlays: PieceOverlays) {
        self.init(items: overlays.items.map(Item.init))
    }
}

extension OverlayDrawing.Item {
    /// One of a piece's overlays as the painter draws it.
    package init(_ item: PieceOverlays.Item) {
        switch item {
        case let .text(text): self = .text(OverlayDrawing.Text(text))
        case let .image(image):
            self = .image(
                OverlayDrawing.Image(
                    file: image.file, position: OverlayPlacement.Position(image.position), width: image.width, opacity: image.opacity))
        case let .video(video):
            self = .video(OverlayDrawing.Video(file: video.file, rect: UnitRect(video.rect), loop: video.loop, opacity: video.opacity))
        }
    }
}

extension OverlayDrawing.Text {
    /// A piece's text as the painter draws it.
    package init(_ text: OverlayText) {
        self.init(
            text: text.text, position: OverlayPlacement.Position(text.position), size: text.size, style: TextSprite.Style(text.look),
            firstFrame: text.firstFrame, endFrame: text.endFrame, fadeFrames: text.fadeFrames, font: text.font.map(FontFile.init),
            alignment: text.align.map(TextLayout.Alignment.init), direction: text.direction.map(TextLayout.Direction.init), language: text.language,
            fallbacks: text.fallbacks.map(FontFile.init))
    }
}

extension OverlayPainter {
    /// A painter for a piece's `overlays`, mapped into its drawing once (see `init(drawing:…)`), placed
    /// inside `safeArea`.
    package convenience init(
        overlays: PieceOverlays, frameWidth: Int, frameHeight: Int, safeArea: SafeArea = .none, fps: Int = 30,
        fontPath: String = TextStyle.defaultFontPath, fonts: FontPool = FontPool(), toneMap: Bool = true, format: CanvasFormat = .sdr8
    ) {
        self.init(
            drawing: OverlayDrawing(overlays), frameWidth: frameWidth, frameHeight: frameHeight, insets: OverlayPlacement.Insets(safeArea),
            fps: fps, fontPath: fontPath, fonts: fonts, toneMap: toneMap, format: format)
    }

    /// The painter of a piece's `overlays` on `canvas`'s frames: their size, safe area, rate, tone mapping and
    /// format, as the overlay stage draws them and the layout places them.
    package convenience init(overlays: PieceOverlays, canvas: CanvasSettings, fonts: FontPool) {
        self.init(
            overlays: overlays, frameWidth: canvas.width, frameHeight: canvas.height, safeArea: canvas.safeArea ?? .none, fps: canvas.fps,
            fonts: fonts, toneMap: canvas.toneMap, format: canvas.format)
    }
}
