/// Masks derived from others: outlines grown around text, and rounded boxes.
extension TextMask {
    /// This mask grown by `radius` pixels on every side (a disc-shaped maximum filter), for outlines
    /// and shadows. The result is `2 × radius` larger in each direction, the original centred in it.
    package func dilated(radius: Int) -> TextMask {
        guard radius > 0 else { return self }
        var grown = TextMask(width: width + 2 * radius, height: height + 2 * radius, baseline: baseline + radius)
        var offsets: [(dx: Int, dy: Int)] = []
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy <= radius * radius {
                offsets.append((dx, dy))
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let value = self[x, y]
                guard value > 0 else { continue }
                for (dx, dy) in offsets where grown[x + radius + dx, y + radius + dy] < value {
                    grown[x + radius + dx, y + radius + dy] = value
                }
            }
        }
        return grown
    }

    /// A filled `width × height` rectangle with corners rounded to `radius`, edges anti-aliased.
    package static func roundedBox(width: Int, height: Int, radius: Int) -> TextMask {
        var box = TextMask(width: width, height: height)
        let corner = Double(max(0, min(radius, width / 2, height / 2)))
        for y in 0..<box.height {
            for x in 0..<box.width {
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                let dx = max(0, corner - px, px - (Double(width) - corner))
                let dy = max(0, corner - py, py - (Double(height) - corner))
                let outside = (dx * dx + dy * dy).squareRoot() - corner
                let coverage = max(0, min(1, 0.5 - outside))
                box[x, y] = UInt8((coverage * 255).rounded())
            }
        }
        return box
    }
}
