/// Draws a view of a picture plane into a destination plane: separable, sub-pixel exact, deterministic.
///
/// The filter is Catmull-Rom's cubic, which passes through the samples (so identity scale at a whole-pixel
/// offset copies the picture exactly) and follows a smooth picture to third order between them; where the
/// picture shrinks its support widens by the step (2 × step pixels each side), so a picture 1–3× the
/// destination is low-passed before it is sampled and slow motion does not shimmer. Each destination row
/// is filtered vertically into a row of `Float`s over the columns it needs (a loop over whole rows, which
/// the compiler vectorises), then horizontally with taps and weights computed once per plane. `Float`
/// arithmetic in one fixed order gives the same bytes on every run; samples beyond the picture's edges
/// repeat the edge.
package enum StillResampler {
    /// Fills `view.rect` of the destination plane with the picture plane seen through `view`; nothing else
    /// of the destination is touched. Strides are in samples; `maximum` is the largest code (255, 1023, …),
    /// which overshoot near sharp edges is clamped to.
    package static func draw<Sample: CanvasSample>(
        _ picture: UnsafePointer<Sample>, stride pictureStride: Int, width: Int, height: Int,
        into destination: UnsafeMutablePointer<Sample>, stride destinationStride: Int, view: StillView, maximum: Int
    ) {
        let rect = view.rect
        guard width > 0, height > 0, rect.width > 0, rect.height > 0, view.step > 0, view.step.isFinite else { return }
        let columns = Taps(count: rect.width, first: rect.x, origin: view.originX, step: view.step, size: width)
        let rows = Taps(count: rect.height, first: rect.y, origin: view.originY, step: view.step, size: height)
        // The row of vertically filtered samples spans columns.lowest…columns.highest of the picture, edges
        // repeated beyond it.
        let span = columns.highest - columns.lowest + 1
        let inside = max(0, columns.lowest)..<min(width, columns.highest + 1)
        let line = UnsafeMutablePointer<Float>.allocate(capacity: span)
        defer { line.deallocate() }
        let ceiling = Float(maximum)
        let starts = columns.starts, allWeights = columns.weights, tapCount = columns.count, lowest = columns.lowest
        let chunks = tapCount / 4
        for row in 0..<rect.height {
            filterRows(
                picture, stride: pictureStride, taps: rows, output: row, height: height, columns: inside, into: line - columns.lowest)
            if columns.lowest < 0 {
                let edge = line[-columns.lowest]
                for index in 0..<(-columns.lowest) { line[index] = edge }
            }
            if columns.highest >= width {
                let edge = line[width - 1 - columns.lowest]
                for index in (width - columns.lowest)..<span { line[index] = edge }
            }
            let target = destination + (rect.y + row) * destinationStride + rect.x
            for column in 0..<rect.width {
                // Four taps at a time, in one fixed order (the same sums every run).
                let source = UnsafeRawPointer(line + (starts[column] - lowest))
                let weights = UnsafeRawPointer(allWeights + column * tapCount)
                var sums = source.loadUnaligned(as: SIMD4<Float>.self) * weights.loadUnaligned(as: SIMD4<Float>.self)
                if chunks > 1 {
                    for chunk in 1..<chunks {
                        sums +=
                            source.loadUnaligned(fromByteOffset: chunk * 16, as: SIMD4<Float>.self)
                            * weights.loadUnaligned(fromByteOffset: chunk * 16, as: SIMD4<Float>.self)
                    }
                }
                let sum = min(max((sums[0] + sums[1]) + (sums[2] + sums[3]), 0), ceiling)
                // Rounded to the nearest whole number (ties to even) by adding 1.5 × 2²³, whose last
                // place is 1: the low bits of the sum's pattern are then the integer, without a conversion.
                target[column] = Sample(truncatingIfNeeded: (sum + 12_582_912).bitPattern & 0x3F_FFFF)
            }
        }
    }

    /// Output row `output`'s vertical filter over the picture's `columns`, into `line` (indexed by picture column).
    private static func filterRows<Sample: CanvasSample>(
        _ picture: UnsafePointer<Sample>, stride: Int, taps: Taps, output: Int, height: Int, columns: Range<Int>,
        into line: UnsafeMutablePointer<Float>
    ) {
        let weights = taps.weights + output * taps.count
        var first = true
        for tap in 0..<taps.count where weights[tap] != 0 {
            let weight = weights[tap]
            let source = picture + min(max(taps.starts[output] + tap, 0), height - 1) * stride
            if first {
                for column in columns { line[column] = weight * Float(Int32(truncatingIfNeeded: source[column])) }
                first = false
            } else {
                for column in columns { line[column] += weight * Float(Int32(truncatingIfNeeded: source[column])) }
            }
        }
    }

    /// The filter's taps along one axis: for each destination pixel, the first picture pixel it reads and
    /// `count` weights (summing to 1; a multiple of four), in buffers it owns.
    final class Taps {
        let count: Int
        let starts: UnsafeMutablePointer<Int>
        let weights: UnsafeMutablePointer<Float>
        /// The lowest and highest picture pixel read (either may lie beyond the picture).
        let lowest: Int, highest: Int

        /// Taps for `count` destination pixels from `first`, the picture's coordinate being
        /// `origin + destination × step`, over a picture `size` pixels long.
        init(count destinationCount: Int, first: Int, origin: Double, step: Double, size: Int) {
            let scale = max(1, step), radius = 2 * max(1, step)
            // The picture pixels strictly within the radius of a centre: at most 2 × radius rounded up of
            // them, padded with zero weights to a multiple of four.
            let count = (Int((2 * radius).rounded(.up)) + 3) / 4 * 4
            let starts = UnsafeMutablePointer<Int>.allocate(capacity: max(1, destinationCount))
            let weights = UnsafeMutablePointer<Float>.allocate(capacity: max(1, destinationCount * count))
            var raw = [Double](repeating: 0, count: count)
            for pixel in 0..<destinationCount {
                // The picture position of the pixel's centre, in sample indices (sample i's centre at i).
                let centre = origin + (Double(first + pixel) + 0.5) * step - 0.5
                let start = Int((centre - radius).rounded(.down)) + 1
                var sum = 0.0
                for tap in 0..<count {
                    raw[tap] = Self.catmullRom((Double(start + tap) - centre) / scale)
                    sum += raw[tap]
                }
                starts[pixel] = start
                for tap in 0..<count { weights[pixel * count + tap] = Float(raw[tap] / sum) }
            }
            self.count = count
            self.starts = starts
            self.weights = weights
            lowest = destinationCount > 0 ? starts[0] : 0
            highest = (destinationCount > 0 ? starts[destinationCount - 1] : 0) + count - 1
        }

        deinit {
            starts.deallocate()
            weights.deallocate()
        }

        /// Catmull-Rom's cubic (Keys' with a = −0.5): 1 at 0, 0 at every other whole number, 0 beyond ±2.
        static func catmullRom(_ distance: Double) -> Double {
            let x = abs(distance)
            if x < 1 { return (1.5 * x - 2.5) * x * x + 1 }
            if x < 2 { return ((-0.5 * x + 2.5) * x - 4) * x + 2 }
            return 0
        }
    }
}
