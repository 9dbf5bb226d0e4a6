import Foundation

extension YCbCrMatrix {
    /// Y′CbCr (Y′ in 0…1, Cb and Cr in −0.5…0.5) to R′G′B′.
    func rgb(_ ycc: SIMD3<Double>) -> SIMD3<Double> {
        let (kr, kb) = weights
        let kg = 1 - kr - kb
        let r = ycc.x + 2 * (1 - kr) * ycc.z
        let b = ycc.x + 2 * (1 - kb) * ycc.y
        return SIMD3(r, (ycc.x - kr * r - kb * b) / kg, b)
    }

    /// R′G′B′ to Y′CbCr (Y′ in 0…1, Cb and Cr in −0.5…0.5).
    package func ycc(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let (kr, kb) = weights
        let y = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
        return SIMD3(y, (rgb.z - y) / (2 * (1 - kb)), (rgb.x - y) / (2 * (1 - kr)))
    }
}
