import Foundation

/// The K-weighting pre-filter of ITU-R BS.1770-4: two biquads in series, designed here for any rate
/// (dvpipe uses 48 kHz) from the analog prototype the recommendation's 48 kHz table was derived from.
///
/// 1. A high shelf of about +4 dB above ~1.7 kHz, modelling the acoustic effect of the head.
/// 2. The "RLB" (revised low-frequency B-curve) high-pass at ~38 Hz, which stops rumble from
///    counting as loudness.
///
/// Both are mapped to the digital domain with the bilinear transform (pre-warped through
/// K = tan(π·f₀/fs)); at 48 kHz the coefficients match the table in BS.1770-4 to 1e-8
/// (checked in the tests), and at other rates they give the same response.
package struct KWeightingFilter {
    /// One second-order section, y = (b0 + b1·z⁻¹ + b2·z⁻²) / (1 + a1·z⁻¹ + a2·z⁻²).
    struct Biquad: Equatable {
        var b0, b1, b2, a1, a2: Double
    }

    let shelf: Biquad
    let highPass: Biquad

    init(sampleRate: Int) {
        let rate = Double(sampleRate)

        // High shelf: centre 1681.97 Hz, gain 3.99984 dB, Q 0.70718. The shelf's mid-point gain
        // (Vb) uses the exponent 0.49967 that reproduces the recommendation's coefficients.
        let shelfK = tan(Double.pi * 1681.974450955533 / rate)
        let shelfQ = 0.7071752369554196
        let high = pow(10, 3.999843853973347 / 20)
        let band = pow(high, 0.4996667741545416)
        let shelfNorm = 1 + shelfK / shelfQ + shelfK * shelfK
        shelf = Biquad(
            b0: (high + band * shelfK / shelfQ + shelfK * shelfK) / shelfNorm,
            b1: 2 * (shelfK * shelfK - high) / shelfNorm,
            b2: (high - band * shelfK / shelfQ + shelfK * shelfK) / shelfNorm,
            a1: 2 * (shelfK * shelfK - 1) / shelfNorm,
            a2: (1 - shelfK / shelfQ + shelfK * shelfK) / shelfNorm
        )

        // RLB high-pass: 38.1355 Hz, Q 0.50033; numerator 1, −2, 1 (a double zero at DC).
        let passK = tan(Double.pi * 38.13547087602444 / rate)
        let passQ = 0.5003270373238773
        let passNorm = 1 + passK / passQ + passK * passK
        highPass = Biquad(
            b0: 1, b1: -2, b2: 1,
            a1: 2 * (passK * passK - 1) / passNorm,
            a2: (1 - passK / passQ + passK * passK) / passNorm
        )
    }

    /// Filters `input` through both stages and adds the squared K-weighted samples of each
    /// consecutive run of `blockLength` samples into `sums` (one entry per complete run; a partial
    /// run at the end is not counted, as BS.1770 gates whole blocks only).
    func accumulateSquares(of input: UnsafeBufferPointer<Float>, blockLength: Int, into sums: inout [Double]) {
        // Direct form I, state in Double: the high-pass poles sit within 0.01 of the unit circle,
        // where single precision would add audible-level error to quiet signals.
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
        var u1 = 0.0, u2 = 0.0
        let s = shelf, h = highPass
        for block in 0..<sums.count {
            var sum = 0.0
            for index in block * blockLength..<(block + 1) * blockLength {
                let x = Double(input[index])
                let y = s.b0 * x + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2
                x2 = x1
                x1 = x
                let u = y - 2 * y1 + y2 - h.a1 * u1 - h.a2 * u2
                y2 = y1
                y1 = y
                u2 = u1
                u1 = u
                sum += u * u
            }
            sums[block] += sum
        }
    }
}
