import DVMedia

/// A title card drawn once and shown for its frames: the card stage's product.
public struct CardFrames: CanvasFrameSource {
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

/// Card: draws an intro or outro card, its text centred on one line (shrunk to fit the width).
struct CardStage {
    let canvas: CanvasSettings

    /// Text height as a share of the canvas height, and the share of the width it may take.
    private static let textHeight = 0.08
    private static let textWidth = 0.9

    func render(_ card: TitleCardSource, frameCount: Int) throws -> CardFrames {
        let picture = try VideoFrame(width: canvas.width, height: canvas.height)
        picture.fill(card.background.bt709Limited)
        if !card.text.isEmpty {
            let font = try FontFace(path: card.fontPath, pixelSize: max(8, Int(Double(canvas.height) * Self.textHeight)))
            var mask = try font.render(card.text)
            let widest = Int(Double(canvas.width) * Self.textWidth)
            if mask.width > widest {
                try font.setPixelSize(max(8, font.pixelSize * widest / mask.width))
                mask = try font.render(card.text)
            }
            picture.blend(
                mask, x: (canvas.width - mask.width) / 2, y: (canvas.height - mask.height) / 2, color: card.textColor.bt709Limited
            )
        }
        return CardFrames(picture: picture, frameCount: frameCount)
    }
}
