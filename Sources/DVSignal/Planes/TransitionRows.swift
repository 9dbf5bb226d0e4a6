/// Row operations for transitions: tight loops over 8-bit samples, no allocation.
///
/// Blends use 8-bit fixed-point weights: `(a × (256 − w) + b × w + 128) >> 8`, which never exceeds
/// 65 408 and so runs in 16-bit lanes the compiler can vectorise.
package enum TransitionRows {
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

    /// Copies `count` samples.
    package static func copy(_ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        output.update(from: source, count: count)
    }
}
