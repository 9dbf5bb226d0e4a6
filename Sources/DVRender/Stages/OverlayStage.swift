import DVMedia

/// A normalized or layered clip with its overlays drawn on every frame: the overlay stage's product.
package struct OverlaidClip: CanvasFrameSource {
    private var clip: any ClipFrames
    private let painter: OverlayPainter
    /// The piece's frame index of the next frame.
    private var index: Int

    fileprivate init(clip: any ClipFrames, painter: OverlayPainter, firstFrame: Int) {
        self.clip = clip
        self.painter = painter
        index = firstFrame
    }

    /// The clip as planned.
    var source: ClipSource { clip.source }

    /// The clip's frame index of the next frame.
    var nextFrame: Int { clip.nextFrame }

    /// Reads on for `frames` more frames after the current end: the next segment's part of the clip.
    mutating func extendWindow(by frames: Int) {
        clip.extendWindow(by: frames)
    }

    mutating func next() throws -> VideoFrame? {
        guard let frame = try clip.next() else { return nil }
        do {
            try painter.draw(into: frame, atFrame: index)
        } catch let error as MediaError {
            throw RenderError.overlayFailed(day: clip.source.day, reason: error.description)
        }
        index += 1
        return frame
    }
}

/// Overlay: draws the clip's dates, captions, texts, pictures and movies over its canvas frames.
struct OverlayStage {
    let canvas: CanvasSettings
    let fonts: FontPool

    /// `clip`, whose first frame is the piece's frame `firstFrame`, with its overlays drawn.
    func overlay(_ clip: any ClipFrames, firstFrame: Int) -> OverlaidClip {
        let painter = OverlayPainter(
            overlays: clip.source.overlays, canvas: canvas, fonts: fonts
        )
        return OverlaidClip(clip: clip, painter: painter, firstFrame: firstFrame)
    }
}
