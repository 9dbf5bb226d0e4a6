/// What one frame of a moving still shows: an affine map from destination pixels to picture pixels, and the
/// destination rectangle the picture covers.
///
/// Coordinates are continuous, with pixel `i` spanning `i…i + 1` (its centre at `i + 0.5`), so the centre of
/// destination pixel (`x`, `y`) shows the picture at (`originX + (x + 0.5) × step`, `originY + (y + 0.5) × rowStep`).
/// Pictures and canvases have square pixels, so the two steps are one, except on a working picture whose even
/// size shrinks the photo a little more one way than the other.
package struct StillView: Sendable, Hashable {
    /// The picture's x at the destination's left edge (x = 0).
    package var originX: Double
    /// The picture's y at the destination's top edge (y = 0).
    package var originY: Double
    /// Picture pixels per destination pixel: above 1 the picture shrinks, below 1 it grows.
    package var step: Double
    /// Picture rows per destination row: `step`, unless the picture was scaled differently down than across.
    package var rowStep: Double
    /// The destination pixels the picture covers (even offsets and sizes, for 4:2:0); the rest is the
    /// background's.
    package var rect: PixelRect

    package init(originX: Double, originY: Double, step: Double, rowStep: Double? = nil, rect: PixelRect) {
        self.originX = originX
        self.originY = originY
        self.step = step
        self.rowStep = rowStep ?? step
        self.rect = rect
    }

    /// The part of the picture shown in `rect`, in picture pixels: (left, top, width, height).
    package var window: (x: Double, y: Double, width: Double, height: Double) {
        (originX + Double(rect.x) * step, originY + Double(rect.y) * rowStep, Double(rect.width) * step, Double(rect.height) * rowStep)
    }

    /// The same view on the chroma planes of 4:2:0 pictures and canvases: half the size each way, chroma
    /// sited as H.264 and MPEG-2 site it by default (horizontally with the left luma column of each pair,
    /// vertically between the two rows), in the picture and the destination alike.
    package var chroma: StillView {
        // Chroma centre c (chroma units) lies at luma 2c − 0.5 across and 2c down; mapping luma through
        // the view and back gives the chroma origin.
        StillView(
            originX: (originX + 0.5 * (1 - step)) / 2, originY: originY / 2, step: step, rowStep: rowStep,
            rect: PixelRect(x: rect.x / 2, y: rect.y / 2, width: rect.width / 2, height: rect.height / 2))
    }
}
