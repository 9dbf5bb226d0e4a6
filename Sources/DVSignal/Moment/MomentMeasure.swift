import Foundation

/// The measures a clip's moments are judged by, each in 0…1 (1 is best), from luma proxies and sound.
/// Sums are in whole numbers and each measure is rounded to thousandths, so that the same decoded
/// pictures give the same numbers on every machine.
///
/// - sharpness: the variance of the 4-neighbour Laplacian, v / (v + 100): 0 on a flat or blurred picture.
/// - exposure: penalises a mean level far from mid-grey and samples at the ends of the range (≤ 24 or
///   ≥ 240, crushed or clipped): 0 on black.
/// - steadiness: 1 / (1 + s), s the global shift in proxy pixels between neighbouring proxies that best
///   aligns them (searched within ±3, compared on every other row): a shaken camera moves the whole picture.
/// - motion: what still differs once the pictures are aligned (mean absolute difference / 3, at most 1):
///   something moving in a steady shot.
/// - sound: the level (−60 dBFS → 0, −20 dBFS → 1), lowered when most of the energy is below about
///   150 Hz, as wind and handling noise are.
package enum MomentMeasure {
    /// `sharpness` and `exposure` of one proxy.
    package static func still(_ proxy: LumaProxy) -> (sharpness: Double, exposure: Double) {
        let width = proxy.width, height = proxy.height
        var sum = 0, squares = 0, count = 0
        proxy.samples.withUnsafeBufferPointer { pixels in
            guard width >= 3, height >= 3 else { return }
            for row in 1..<(height - 1) {
                let line = row * width
                for column in 1..<(width - 1) {
                    let at = line + column
                    let laplacian =
                        4 * Int(pixels[at]) - Int(pixels[at - 1]) - Int(pixels[at + 1]) - Int(pixels[at - width]) - Int(pixels[at + width])
                    sum += laplacian
                    squares += laplacian * laplacian
                    count += 1
                }
            }
        }
        let variance = count == 0 ? 0 : Double(squares * count - sum * sum) / Double(count * count)
        var total = 0, clipped = 0
        for sample in proxy.samples {
            total += Int(sample)
            if sample <= 24 || sample >= 240 { clipped += 1 }
        }
        let samples = max(1, proxy.samples.count)
        let mean = Double(total) / Double(samples)
        let clippedShare = Double(clipped) / Double(samples)
        let level = max(0, 1 - abs(mean - 118) / 102)
        return (thousandths(variance / (variance + 100)), thousandths(level * max(0, 1 - 2 * clippedShare)))
    }

    /// `steadiness` and `motion` between two proxies of the same size, one proxy frame apart.
    package static func change(from previous: LumaProxy, to current: LumaProxy) -> (steadiness: Double, motion: Double) {
        precondition(previous.width == current.width && previous.height == current.height, "proxies of one clip have one size")
        let width = current.width, height = current.height, reach = 3
        guard width > 2 * reach + 1, height > 2 * reach + 1 else { return (1, 0) }
        var best = (difference: Int.max, dx: 0, dy: 0)
        previous.samples.withUnsafeBufferPointer { before in
            current.samples.withUnsafeBufferPointer { after in
                for dy in -reach...reach {
                    for dx in -reach...reach {
                        var difference = 0
                        for row in Swift.stride(from: reach, to: height - reach, by: 2) {
                            let line = row * width, shifted = (row + dy) * width + dx
                            for column in reach..<(width - reach) {
                                difference += abs(Int(after[line + column]) - Int(before[shifted + column]))
                            }
                        }
                        let closer = abs(dx) + abs(dy) < abs(best.dx) + abs(best.dy)
                        if difference < best.difference || (difference == best.difference && closer) {
                            best = (difference, dx, dy)
                        }
                    }
                }
            }
        }
        let compared = (width - 2 * reach) * ((height - 2 * reach + 1) / 2)
        let shift = (Double(best.dx * best.dx + best.dy * best.dy)).squareRoot()
        let residual = Double(best.difference) / Double(compared)
        return (thousandths(1 / (1 + shift)), thousandths(min(1, residual / 3)))
    }

    /// `sound` of a stretch of mono samples at `sampleRate`.
    package static func sound(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        guard !samples.isEmpty else { return 0 }
        // A one-pole low-pass at about 150 Hz: the share of the energy that passes it.
        let coefficient = Float(1 - exp(-2 * Double.pi * 150 / Double(sampleRate)))
        var energy: Double = 0, low: Double = 0
        var filtered: Float = 0
        for sample in samples {
            filtered += coefficient * (sample - filtered)
            energy += Double(sample * sample)
            low += Double(filtered * filtered)
        }
        let rms = (energy / Double(samples.count)).squareRoot()
        guard rms > 0 else { return 0 }
        let level = max(0, min(1, (20 * log10(rms) + 60) / 40))
        let rumble = max(0, min(1, (low / energy - 0.5) * 2))
        return thousandths(level * (1 - rumble))
    }

    /// `value` clamped to 0…1 and rounded to thousandths.
    package static func thousandths(_ value: Double) -> Double {
        (max(0, min(1, value)) * 1000).rounded() / 1000
    }
}
