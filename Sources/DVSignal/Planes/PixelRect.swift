/// A rectangle of pixels in a picture: left and top edges, width and height; y grows downwards.
package struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right-most column.
    package var maxX: Int { x + width }
    /// One past the bottom row.
    package var maxY: Int { y + height }

    /// True when the pixel (`x`, `y`) lies inside.
    package func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// `120x86+24+300` (size, then offsets, as ImageMagick writes geometry).
    package var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
