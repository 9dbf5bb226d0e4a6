/// Where a photo's interest lies and how good a photo it is, from its luma proxy: what a still's push
/// heads for when it has no faces, and what `order: best` ranks a day's photos by.
///
/// The centre is the centroid of the cells of an 8 × 8 grid weighted by how far each cell's gradient
/// energy (squared central differences: local sharpness and contrast together) exceeds the cells' mean, so
/// a sharp subject on a soft or plain background draws it and an evenly textured picture keeps it near the
/// middle. The score is (2 × sharpness + exposure + contrast) / 4, sharpness and exposure as
/// `MomentMeasure.still` gives them for clips, contrast the samples' standard deviation over 64 (at most
/// 1). Whole-number sums and thousandths, so the same proxy gives the same point on every machine.
package struct InterestPoint: Sendable, Hashable {
    /// The centre of interest, in unit coordinates of the picture.
    package let centre: UnitPoint
    /// How good a photo it is, 0…1 (1 is best).
    package let score: Double

    /// Cells across and down the grid.
    static let grid = 8

    package init(_ proxy: LumaProxy) {
        let width = proxy.width, height = proxy.height, grid = Self.grid
        var energy = [Int](repeating: 0, count: grid * grid)
        var sum = 0, squares = 0
        proxy.samples.withUnsafeBufferPointer { pixels in
            for sample in pixels {
                sum += Int(sample)
                squares += Int(sample) * Int(sample)
            }
            guard width >= 3, height >= 3 else { return }
            for row in 1..<(height - 1) {
                let line = row * width, cellRow = row * grid / height * grid
                for column in 1..<(width - 1) {
                    let at = line + column
                    let dx = Int(pixels[at + 1]) - Int(pixels[at - 1]), dy = Int(pixels[at + width]) - Int(pixels[at - width])
                    energy[cellRow + column * grid / width] += dx * dx + dy * dy
                }
            }
        }
        let mean = energy.reduce(0, +) / energy.count
        var total = 0, weightedX = 0, weightedY = 0
        for (cell, value) in energy.enumerated() where value > mean {
            let weight = value - mean
            total += weight
            weightedX += weight * (2 * (cell % grid) + 1)
            weightedY += weight * (2 * (cell / grid) + 1)
        }
        centre =
            total == 0
            ? .centre
            : UnitPoint(
                x: MomentMeasure.thousandths(Double(weightedX) / Double(total * 2 * grid)),
                y: MomentMeasure.thousandths(Double(weightedY) / Double(total * 2 * grid)))
        let count = max(1, proxy.samples.count)
        let variance = Double(squares * count - sum * sum) / Double(count * count)
        let contrast = min(1, variance.squareRoot() / 64)
        let still = MomentMeasure.still(proxy)
        score = MomentMeasure.thousandths((2 * still.sharpness + still.exposure + contrast) / 4)
    }
}
