/// Draws a view of a picture plane into a destination plane: separable, sub-pixel exact, deterministic.
///
/// The filter is Catmull-Rom's cubic, which passes through the samples (so identity scale at a whole-pixel
/// offset copies the picture exactly) and follows a smooth picture to third order between them; where the
/// picture shrinks its support widens by the step (2 × step pixels each side), so a picture 1–3× the
/// destination is low-passed before it is sampled and slow motion does not shimmer. Each destination row
/// is filtered vertically into a row of `Float`s over the columns it needs (loops over whole rows, up to four
/// taps each, which the compiler vectorises), then horizontally with taps and weights computed once per plane. `Float`
/// arithmetic in one fixed order gives the same bytes on every run; samples beyond the picture's edges
/// repeat the edge.
package enum StillResampler {
    /// The most picture pixels one destination pixel may span (a working picture is at most about twice
    /// the output's size; the filter's taps grow with the step).
    package static let largestStep = 16.0

    /// Fills `view.rect` of the destination plane with the picture plane seen through `view`; nothing else
    /// of the destination is touched. Strides are in samples; `maximum` is the largest code (255, 1023, …),
    /// which overshoot near sharp edges is clamped to (at most 2²² − 1). Specialised here for the two canvas
    /// samples: a caller in another module reaches those copies, not the generic loop, whose every sample
    /// would go through the protocol's witnesses (ten times slower).
    @_specialize(where Sample == UInt8)
    @_specialize(where Sample == UInt16)
    package static func draw<Sample: CanvasSample>(
        _ picture: UnsafePointer<Sample>, stride pictureStride: Int, width: Int, height: Int,
        into destination: UnsafeMutablePointer<Sample>, stride destinationStride: Int, view: StillView, maximum: Int
    ) {
        let rect = view.rect
        // A view no motion makes (a step beyond `largestStep` either way, an origin that is not a number or lies far
        // beyond any picture) draws nothing rather than trap or allocate without bound.
        let reach = Double(1 << 30)
        guard width > 0, height > 0, rect.width > 0, rect.height > 0, view.step > 0, view.step <= largestStep, view.rowStep > 0,
            view.rowStep <= largestStep,
            abs(view.originX) < reach, abs(view.originY) < reach
        else { return }
        let columns = Taps(count: rect.width, first: rect.x, origin: view.originX, step: view.step, size: width)
        let rows = Taps(count: rect.height, first: rect.y, origin: view.originY, step: view.rowStep, size: height)
        // The row of vertically filtered samples spans columns.lowest…columns.highest of the picture, edges
        // repeated beyond it.
        let span = columns.highest - columns.lowest + 1
        let inside = max(0, columns.lowest)..<min(width, columns.highest + 1)
        let lines = UnsafeMutablePointer<Float>.allocate(capacity: 2 * span)
        defer { lines.deallocate() }
        let ceiling = Float(maximum)
        let starts = columns.starts, allWeights = columns.weights, tapCount = columns.count, lowest = columns.lowest
        let chunks = tapCount / 4
        /// Output row `row` filtered vertically into `line`, its edges repeated.
        func filter(row: Int, into line: UnsafeMutablePointer<Float>) {
            filterRows(picture, stride: pictureStride, taps: rows, output: row, height: height, columns: inside, into: line - lowest)
            if lowest < 0 {
                let edge = line[-lowest]
                for index in 0..<(-lowest) { line[index] = edge }
            }
            if columns.highest >= width {
                let edge = line[width - 1 - lowest]
                for index in (width - lowest)..<span { line[index] = edge }
            }
        }
        /// The sum's sample: clamped, and rounded to the nearest whole number (ties to even) by adding
        /// 1.5 × 2²³, whose last place is 1, so the low bits of its pattern are the integer.
        func sample(_ sums: SIMD4<Float>) -> Sample {
            let sum = min(max((sums[0] + sums[1]) + (sums[2] + sums[3]), 0), ceiling)
            return Sample(truncatingIfNeeded: (sum + 12_582_912).bitPattern & 0x3F_FFFF)
        }
        // Two output rows at a time share each column's taps; each sum still runs four taps at a time in one
        // fixed order (the same bytes every run, and whichever row it is paired with).
        for pair in Swift.stride(from: 0, to: rect.height, by: 2) {
            let second = min(pair + 1, rect.height - 1)
            filter(row: pair, into: lines)
            if second != pair { filter(row: second, into: lines + span) }
            let above = destination + (rect.y + pair) * destinationStride + rect.x
            let below = destination + (rect.y + second) * destinationStride + rect.x
            let lineAbove = UnsafeRawPointer(lines), lineBelow = UnsafeRawPointer(second != pair ? lines + span : lines)
            for column in 0..<rect.width {
                let offset = (starts[column] - lowest) * 4
                let weights = UnsafeRawPointer(allWeights + column * tapCount)
                var weight = weights.loadUnaligned(as: SIMD4<Float>.self)
                var sumsAbove = lineAbove.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * weight
                var sumsBelow = lineBelow.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * weight
                if chunks > 1 {
                    for chunk in 1..<chunks {
                        weight = weights.loadUnaligned(fromByteOffset: chunk * 16, as: SIMD4<Float>.self)
                        sumsAbove += lineAbove.loadUnaligned(fromByteOffset: offset + chunk * 16, as: SIMD4<Float>.self) * weight
                        sumsBelow += lineBelow.loadUnaligned(fromByteOffset: offset + chunk * 16, as: SIMD4<Float>.self) * weight
                    }
                }
                above[column] = sample(sumsAbove)
                below[column] = sample(sumsBelow)
            }
        }
    }

    /// Output row `output`'s vertical filter over the picture's `columns`, into `line` (indexed by picture column):
    /// for each column, the products of its taps from the first nonzero weight to the last summed one after
    /// another in tap order. Up to four taps are summed in registers per pass over the line (fewer loads and
    /// stores than a pass a tap, the same additions in the same order; a zero weight between two others adds
    /// a zero, which changes no sum's bytes).
    private static func filterRows<Sample: CanvasSample>(
        _ picture: UnsafePointer<Sample>, stride: Int, taps: Taps, output: Int, height: Int, columns: Range<Int>,
        into line: UnsafeMutablePointer<Float>
    ) {
        let w = taps.weights + output * taps.count
        guard let low = (0..<taps.count).first(where: { w[$0] != 0 }), let high = (0..<taps.count).last(where: { w[$0] != 0 }) else { return }
        func row(_ tap: Int) -> UnsafePointer<Sample> { picture + min(max(taps.starts[output] + tap, 0), height - 1) * stride }
        func value(_ row: UnsafePointer<Sample>, _ column: Int) -> Float { Float(Int32(truncatingIfNeeded: row[column])) }
        var tap = low
        while tap <= high {
            let count = min(4, high + 1 - tap), first = tap == low
            let (r0, r1, r2, r3) = (row(tap), row(tap + min(1, count - 1)), row(tap + min(2, count - 1)), row(tap + min(3, count - 1)))
            let (w0, w1, w2, w3) = (w[tap], w[tap + min(1, count - 1)], w[tap + min(2, count - 1)], w[tap + min(3, count - 1)])
            switch (count, first) {
            case (4, true):
                for c in columns { line[c] = ((w0 * value(r0, c) + w1 * value(r1, c)) + w2 * value(r2, c)) + w3 * value(r3, c) }
            case (4, false):
                for c in columns { line[c] = (((line[c] + w0 * value(r0, c)) + w1 * value(r1, c)) + w2 * value(r2, c)) + w3 * value(r3, c) }
            case (3, true):
                for c in columns { line[c] = (w0 * value(r0, c) + w1 * value(r1, c)) + w2 * value(r2, c) }
            case (3, false):
                for c in columns { line[c] = ((line[c] + w0 * value(r0, c)) + w1 * value(r1, c)) + w2 * value(r2, c) }
            case (2, true):
                for c in columns { line[c] = w0 * value(r0, c) + w1 * value(r1, c) }
            case (2, false):
                for c in columns { line[c] = (line[c] + w0 * value(r0, c)) + w1 * value(r1, c) }
            case (_, true):
                for c in columns { line[c] = w0 * value(r0, c) }
            default:
                for c in columns { line[c] += w0 * value(r0, c) }
            }
            tap += count
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
