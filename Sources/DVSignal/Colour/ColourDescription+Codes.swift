import Foundation

extension ColourDescription {
    /// Y′, Cb and Cr code values of `bits` bits in this description's range to Y′ in 0…1 and Cb, Cr in
    /// −0.5…0.5.
    func normalized(_ codes: SIMD3<Double>, bits: Int = 8) -> SIMD3<Double> {
        let scale = Double(1 << (bits - 8))
        if fullRange {
            let largest = Double((1 << bits) - 1)
            return SIMD3(codes.x / largest, (codes.y - 128 * scale) / largest, (codes.z - 128 * scale) / largest)
        }
        let eightBit = codes / scale
        return SIMD3((eightBit.x - 16) / 219, (eightBit.y - 128) / 224, (eightBit.z - 128) / 224)
    }

    /// 8-bit codes (unrounded) for Y′ in 0…1 and Cb, Cr in −0.5…0.5: the inverse of `normalized`.
    func codes(_ normalized: SIMD3<Double>) -> SIMD3<Double> {
        fullRange
            ? SIMD3(normalized.x * 255, normalized.y * 255 + 128, normalized.z * 255 + 128)
            : SIMD3(normalized.x * 219 + 16, normalized.y * 224 + 128, normalized.z * 224 + 128)
    }
}
