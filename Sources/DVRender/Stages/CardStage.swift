import DVMedia
import DVSignal
import Foundation

/// A title card drawn once and shown for its frames: the card stage's product.
package struct CardFrames: CanvasFrameSource {
    private let picture: VideoFrame
    private var remaining: Int

    fileprivate init(picture: VideoFrame, frameCount: Int) {
        self.picture = picture
        remaining = frameCount
    }

    mutating func next() throws -> VideoFrame? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return picture
    }
}

/// Card: draws an intro or outro card on its colour or on a blurred still of a clip, its text centred in
/// the frame less the output's safe area (or where placing it clear of the texts of a clip it crossfades
/// with put it, `TitleCardSource.placed`),
/// broken onto several lines where Unicode's rules allow when long, and shrunk when a word alone is too wide
/// or the lines are taller than that area.
struct CardStage {
    let canvas: CanvasSettings
    let fonts: FontPool
    /// How a backdrop's file opens.
    var files = LibraryFiles()

    /// Text height as a share of the canvas height, and the share of the width it may take.
    private static let textHeight = 0.08
    private static let textWidth = 0.9

    func render(_ card: TitleCardSource, frameCount: Int) throws -> CardFrames {
        let picture = try background(of: card)
        if !card.text.isEmpty {
            let fit = card.placed.map { TextPlacement.Fit(scale: $0.scale, wrapWidth: $0.wrapWidth) } ?? .asked
            let (block, centred) = try Self.text(of: card, canvas: canvas, fonts: fonts, fit: fit)
            let at = card.placed?.rect ?? centred
            picture.draw(block.image, x: at.x, y: at.y, shown: SRGBColour(card.textColor), opacity: card.textOpacity ?? 1)
        }
        return CardFrames(picture: picture, frameCount: frameCount)
    }

    /// `card`'s text laid out on `canvas` at `fit` (`TextPlacement`'s size and wrapping width) and where it
    /// goes centred in the frame less the canvas's safe area: a share of the frame's height tall at `fit`'s
    /// scale, wrapped at a share of the area's width (or `fit`'s width), made smaller until its lines fit
    /// the area's height.
    static func text(
        of card: TitleCardSource, canvas: CanvasSettings, fonts: FontPool, fit: TextPlacement.Fit = .asked
    ) throws -> (block: TextBlock, rect: PixelRect) {
        let area = OverlayPlacement(
            frameWidth: canvas.width, frameHeight: canvas.height, insets: OverlayPlacement.Insets(canvas.safeArea ?? .none)
        ).area
        let asked = max(8, Int(Double(canvas.height) * textHeight))
        var pixelSize = fit.scale == 1 ? asked : max(1, Int((Double(asked) * fit.scale).rounded()))
        let widest = fit.wrapWidth ?? Int(Double(area.width) * textWidth)
        let lay = { (size: Int) in
            try TextBlock(
                card.text, fontPath: card.fontPath, fallbacks: card.fallbacks?.map(FontFile.init), fonts: FontSet(pool: fonts), pixelSize: size,
                maxWidth: widest, wrap: true)
        }
        var block = try lay(pixelSize)
        // A text whose lines are taller than the area is laid out again smaller, until it fits.
        while block.mask.height > area.height, pixelSize > 1 {
            pixelSize = max(1, min(pixelSize - 1, pixelSize * area.height / block.mask.height))
            block = try lay(pixelSize)
        }
        let mask = block.mask
        let rect = PixelRect(
            x: area.x + (area.width - mask.width) / 2, y: area.y + (area.height - mask.height) / 2, width: mask.width, height: mask.height)
        return (block, rect)
    }

    /// The card's colour, or its backdrop clip's frame blurred. A clip that cannot be read fails like a
    /// clip in the reel (so the plan is made again without it).
    private func background(of card: TitleCardSource) throws -> VideoFrame {
        guard let backdrop = card.backdrop else {
            let picture = try VideoFrame(width: canvas.width, height: canvas.height, format: canvas.format)
            picture.fill(shown: SRGBColour(card.background))
            return picture
        }
        let normalizer = try CanvasNormalizer(
            canvasWidth: canvas.width, canvasHeight: canvas.height, fit: .blur, background: SRGBColour(card.background),
            toneMap: canvas.toneMap, format: canvas.format
        )
        let picture = try normalizer.makeCanvas()
        do {
            if backdrop.isPhoto {
                let still = try StillDecoder.decode(
                    files.location(backdrop.path, byteRange: nil), covering: (canvas.width, canvas.height), format: canvas.format,
                    toneMap: canvas.toneMap, look: nil)
                try normalizer.drawBackdropOnly(still.frame, rotation: .none, into: picture)
                return picture
            }
            let reader = try ClipReader(
                files.location(backdrop.path, byteRange: backdrop.byteRange), start: backdrop.seconds, duration: 1 / Double(canvas.fps),
                outputFPS: canvas.fps,
                threads: 1
            )
            guard let still = try reader.next() else {
                throw RenderError.clipFailed(path: backdrop.path, reason: "no picture for the card's backdrop")
            }
            try normalizer.drawBackdropOnly(still.picture, rotation: reader.rotation, into: picture)
        } catch let error as MediaError {
            throw RenderError.clipFailed(path: backdrop.path, reason: error.reason(besides: backdrop.path))
        }
        return picture
    }
}
