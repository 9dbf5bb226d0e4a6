/// Row operations for transitions: tight loops over a canvas format's samples, no allocation, written once
/// generic over the sample type and specialised here for each (the entry points take the format and
/// dispatch once a row).
///
/// A weight's unit is `1 << Sample.weightBits`: 8-bit blends use 8-bit fixed-point weights,
/// `(a × (256 − w) + b × w + 128) >> 8`, which never exceeds 65 408 and so runs in 16-bit lanes the
/// compiler can vectorise. 16-bit blends (10-bit canvases) use 16-bit fixed-point weights,
/// `(a × (65 536 − w) + b × w + 32 768) >> 16`, in 32-bit lanes: exact for samples up to 16 383, so a
/// 10-bit crossfade is not quantised to 256 steps.
package enum TransitionRows {
    /// The weight that gives `b` (or the constant) exactly in rows of `format`.
    package static func unit(of format: CanvasFormat) -> Int {
        switch format {
        case .sdr8: 1 << UInt8.weightBits
        case .hlg10: 1 << UInt16.weightBits
        }
    }

    /// `count` samples of `format` from `a`, blended towards `b` by `weight`/`unit(of:)`, into `output`.
    package static func blend(
        _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, into output: UnsafeMutableRawPointer, count: Int, weight: Int, format: CanvasFormat
    ) {
        switch format {
        case .sdr8: blend(a, b, into: output, count: count, weight: weight, as: UInt8.self)
        case .hlg10: blend(a, b, into: output, count: count, weight: weight, as: UInt16.self)
        }
    }

    /// `count` samples of `format` from `a`, blended towards the constant `value` by `weight`/`unit(of:)`,
    /// into `output`.
    package static func blend(
        _ a: UnsafeRawPointer, toward value: Int, into output: UnsafeMutableRawPointer, count: Int, weight: Int, format: CanvasFormat
    ) {
        switch format {
        case .sdr8: blend(a, toward: value, into: output, count: count, weight: weight, as: UInt8.self)
        case .hlg10: blend(a, toward: value, into: output, count: count, weight: weight, as: UInt16.self)
        }
    }

    private static func blend<Sample: CanvasSample>(
        _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, into output: UnsafeMutableRawPointer, count: Int, weight: Int, as: Sample.Type
    ) {
        let a = a.assumingMemoryBound(to: Sample.self), b = b.assumingMemoryBound(to: Sample.self)
        let output = output.assumingMemoryBound(to: Sample.self)
        let forward = Sample.Wide(weight), backward = Sample.Wide((1 << Sample.weightBits) - weight)
        let half = Sample.Wide(1) << (Sample.weightBits - 1)
        for index in 0..<count {
            let mixed = Sample.Wide(truncatingIfNeeded: a[index]) &* backward &+ Sample.Wide(truncatingIfNeeded: b[index]) &* forward &+ half
            output[index] = Sample(truncatingIfNeeded: mixed >> Sample.weightBits)
        }
    }

    private static func blend<Sample: CanvasSample>(
        _ a: UnsafeRawPointer, toward value: Int, into output: UnsafeMutableRawPointer, count: Int, weight: Int, as: Sample.Type
    ) {
        let a = a.assumingMemoryBound(to: Sample.self), output = output.assumingMemoryBound(to: Sample.self)
        let backward = Sample.Wide((1 << Sample.weightBits) - weight)
        let constant = Sample.Wide(value) &* Sample.Wide(weight) &+ Sample.Wide(1) << (Sample.weightBits - 1)
        for index in 0..<count {
            output[index] = Sample(truncatingIfNeeded: (Sample.Wide(truncatingIfNeeded: a[index]) &* backward &+ constant) >> Sample.weightBits)
        }
    }

    /// Copies `count` bytes (samples of any depth, counted in bytes).
    package static func copy(_ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        output.update(from: source, count: count)
    }
}
