import DVSignal

extension TextMask {
    /// A mask with both diagonals of a `width`×`height` box drawn as anti-aliased lines `thickness` pixels wide.
    package static func cross(width: Int, height: Int, thickness: Double) -> TextMask {
        var mask = TextMask(width: width, height: height)
        let w = Double(width), h = Double(height)
        let length = (w * w + h * h).squareRoot()
        guard length > 0 else { return mask }
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                // Distances from the pixel's centre to the lines (0,0)–(w,h) and (w,0)–(0,h).
                let down = abs(h * px - w * py) / length
                let up = abs(h * px + w * py - w * h) / length
                let coverage = max(0, min(1, thickness / 2 + 0.5 - min(down, up)))
                mask[x, y] = UInt8((coverage * 255).rounded())
            }
        }
        return mask
    }
}
