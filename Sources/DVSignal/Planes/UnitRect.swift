/// A rectangle in fractions of a frame or picture: origin top-left, y growing downwards, all values 0…1, so
/// it holds at any size. The job's `Job.UnitRect` as the painter places it (`OverlayPlacement.pixelRect(of:)`),
/// and a face box of a still (`StillMotion.plan`).
package struct UnitRect: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `rect` of a `width`×`height` picture.
    package init(_ rect: PixelRect, width: Int, height: Int) {
        self.init(
            x: Double(rect.x) / Double(max(1, width)), y: Double(rect.y) / Double(max(1, height)),
            width: Double(rect.width) / Double(max(1, width)), height: Double(rect.height) / Double(max(1, height)))
    }

    /// One past the right edge.
    package var maxX: Double { x + width }
    /// One past the bottom edge.
    package var maxY: Double { y + height }
}
