/// An 8-bit coverage mask (0 = transparent, 255 = opaque), row by row, as `TextLayout` draws text into it.
package struct TextMask: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Row of the text's baseline, counted from the top (may lie outside the mask for text without descent).
    package let baseline: Int
    /// `width × height` coverage values, top row first.
    package private(set) var alpha: [UInt8]

    /// A fully transparent mask of the given size.
    package init(width: Int, height: Int, baseline: Int = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.baseline = baseline
        alpha = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The coverage at (`x`, `y`), 0 outside the mask.
    package subscript(x: Int, y: Int) -> UInt8 {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            return alpha[y * width + x]
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            alpha[y * width + x] = newValue
        }
    }

    /// Draws `other` into this mask with its top-left corner at (`x`, `y`), keeping the larger coverage.
    package mutating func place(_ other: TextMask, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                let index = (y + row) * width + x + column
                alpha[index] = max(alpha[index], other.alpha[row * other.width + column])
            }
        }
    }

    /// The mask cut tight around its ink (coverage above 0), its baseline kept on the same row of ink; an
    /// empty mask when it has none.
    package func trimmed() -> TextMask {
        let rows = (0..<height).filter { row in (0..<width).contains { alpha[row * width + $0] > 0 } }
        let columns = (0..<width).filter { column in (0..<height).contains { alpha[$0 * width + column] > 0 } }
        guard let top = rows.first, let bottom = rows.last, let left = columns.first, let right = columns.last else {
            return TextMask(width: 0, height: 0)
        }
        var cut = TextMask(width: right - left + 1, height: bottom - top + 1, baseline: baseline - top)
        for row in 0..<cut.height {
            for column in 0..<cut.width {
                cut.alpha[row * cut.width + column] = alpha[(row + top) * width + column + left]
            }
        }
        return cut
    }

    /// The mask turned clockwise by `degrees` (a multiple of 90).
    package func rotated(clockwise degrees: Int) -> TextMask {
        switch ((degrees % 360) + 360) % 360 {
        case 90:
            var turned = TextMask(width: height, height: width)
            for y in 0..<turned.height {
                for x in 0..<turned.width {
                    turned.alpha[y * turned.width + x] = alpha[(height - 1 - x) * width + y]
                }
            }
            return turned
        case 180:
            var turned = TextMask(width: width, height: height)
            turned.alpha = alpha.reversed()
            return turned
        case 270:
            return rotated(clockwise: 90).rotated(clockwise: 180)
        default:
            return self
        }
    }
}
