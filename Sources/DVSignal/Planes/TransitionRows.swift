/// Row operations for transitions: tight loops over 8-bit or 16-bit samples, no allocation.
///
/// 8-bit blends use 8-bit fixed-point weights: `(a × (256 − w) + b × w + 128) >> 8`, which never exceeds
/// 65 408 and so runs in 16-bit lanes the compiler can vectorise. 16-bit blends (10-bit canvases) use
/// 16-bit fixed-point weights, `(a × (65 536 − w) + b × w + 32 768) >> 16`, in 32-bit lanes: exact for
/// samples up to 16 383, so a 10-bit crossfade is not quantised to 256 steps.
package enum TransitionRows {
    /// The full weight of the 16-bit blends: a weight of `tenBitUnit` gives `b` (or `value`) exactly.
    package static let tenBitUnit = 1 << 16

    /// `output = a` blended towards `b` by `weight`/256.
    package static func blend(
        _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, count: Int, weight: Int
    ) {
        let forward = UInt16(weight), backward = UInt16(256 - weight)
        for index in 0..<count {
            let mixed = UInt16(a[index]) &* backward &+ UInt16(b[index]) &* forward &+ 128
            output[index] = UInt8(truncatingIfNeeded: mixed >> 8)
        }
    }

    /// `output = a` blended towards the constant `value` by `weight`/256.
    package static func blend(
        _ a: UnsafePointer<UInt8>, toward value: UInt8, into output: UnsafeMutablePointer<UInt8>, count: Int, weight: Int
    ) {
        let backward = UInt16(256 - weight)
        let constant = UInt16(value) &* UInt16(weight) &+ 128
        for index in 0..<count {
            output[index] = UInt8(truncatingIfNeeded: (UInt16(a[index]) &* backward &+ constant) >> 8)
        }
    }

    /// `output = a` blended towards `b` by `weight`/`tenBitUnit`; samples must not exceed 16 383.
    package static func blend(
        _ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, into output: UnsafeMutablePointer<UInt16>, count: Int, weight: Int
    ) {
        let forward = UInt32(weight), backward = UInt32(tenBitUnit - weight)
        for index in 0..<count {
            let mixed = UInt32(a[index]) &* backward &+ UInt32(b[index]) &* forward &+ 0x8000
            output[index] = UInt16(truncatingIfNeeded: mixed >> 16)
        }
    }

    /// `output = a` blended towards the constant `value` by `weight`/`tenBitUnit`; samples must not exceed 16 383.
    package static func blend(
        _ a: UnsafePointer<UInt16>, toward value: UInt16, into output: UnsafeMutablePointer<UInt16>, count: Int, weight: Int
    ) {
        let backward = UInt32(tenBitUnit - weight)
        let constant = UInt32(value) &* UInt32(weight) &+ 0x8000
        for index in 0..<count {
            output[index] = UInt16(truncatingIfNeeded: (UInt32(a[index]) &* backward &+ constant) >> 16)
        }
    }

    /// Copies `count` bytes (samples of any depth, counted in bytes).
    package static func copy(_ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        output.update(from: source, count: count)
    }
}
