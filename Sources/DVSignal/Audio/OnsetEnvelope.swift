import Foundation

/// How strongly new sound starts in each short frame of mono audio: the spectral flux of a mel-spaced,
/// log-compressed short-time spectrum, the beat tracker's input.
///
/// Frames are centred on multiples of `hop` samples (frame 0 on the first sample, the signal padded with
/// silence) and Hann-windowed over `16 × hop` samples (about 90 ms: a window that long hears the notes and
/// drums that carry the beat, where a short one hears every hi-hat, which in much music falls on the
/// off-beats and pulls the beats half a beat late). Only every other frame is transformed: a window that
/// long changes little in one hop, so an odd frame's band levels are the mean of its neighbours' (half the
/// transforms; the flux of a frame pair is then the rise over two hops, split evenly). Each of about 40 bands, evenly spaced on the mel
/// scale from 30 Hz to 11 kHz, takes its power in decibels, floored 80 dB below the loudest band of the
/// whole signal so near-silence adds no noise; the flux of a frame is the mean of the bands' rises since
/// the frame before (falls count nothing). `low` is the rise of the power below 250 Hz (bass and kick
/// drum), which the downbeat search weighs.
struct OnsetEnvelope {
    /// Samples between frames, at the rate analysed: the power of two nearest to 5 ms (128 at 48 and 44.1 kHz,
    /// halved to 24 and 22.05 kHz).
    let hop: Int
    /// Frames in a window.
    static let window = 16
    /// Frames per second.
    let frameRate: Double
    /// The flux of every band, one value per frame (0 for frame 0).
    let strength: [Float]
    /// The rise of the power (linear, so a louder kick counts more) of the bands below 250 Hz, one value per frame.
    let low: [Float]
    /// Each frame's band levels in decibels, floored (band-major within a frame: `bands` values a frame).
    let levels: [Float]
    /// Bands per frame in `levels`.
    let bands: Int

    /// The envelope of `samples` at `sampleRate` Hz. Above 32 kHz, each pair of samples is first averaged
    /// (a gentle low-pass, then half the rate): the bands stop at 11 kHz anyway, and the transforms halve.
    init(samples input: [Float], sampleRate inputRate: Int) {
        let halved = inputRate > 32_000
        let samples = halved ? (0..<input.count / 2).map { (input[2 * $0] + input[2 * $0 + 1]) / 2 } : input
        let sampleRate = halved ? inputRate / 2 : inputRate
        let hop = 1 << max(5, Int((log2(Double(sampleRate) * 0.005)).rounded()))
        let size = Self.window * hop
        self.hop = hop
        frameRate = Double(sampleRate) / Double(hop)
        let edges = Self.bandEdges(size: size, sampleRate: sampleRate)
        let bands = edges.count - 1
        self.bands = bands
        let lowBands = max(1, edges.dropLast().filter { Double($0) * Double(sampleRate) / Double(size) < 250 }.count)
        let frames = samples.isEmpty ? 0 : samples.count / hop + 1
        // Transformed frames: every other one, and one past the last when the last is odd.
        let transformed = frames == 0 ? 0 : frames / 2 + 1
        let window = (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
        let transform = RealFourierTransform(size: size)
        var spectra = [Float](repeating: 0, count: transformed * bands)
        var frame = [Float](repeating: 0, count: size)
        var power = [Float](repeating: 0, count: size / 2 + 1)
        var real = [Float](repeating: 0, count: size / 2)
        var imaginary = [Float](repeating: 0, count: size / 2)
        samples.withUnsafeBufferPointer { samples in
            frame.withUnsafeMutableBufferPointer { frame in
                power.withUnsafeMutableBufferPointer { power in
                    real.withUnsafeMutableBufferPointer { real in
                        imaginary.withUnsafeMutableBufferPointer { imaginary in
                            for index in 0..<transformed {
                                let start = 2 * index * hop - size / 2
                                let first = max(0, -start)
                                let last = max(first, min(size, samples.count - start))
                                for offset in 0..<first { frame[offset] = 0 }
                                for offset in first..<last { frame[offset] = samples[start + offset] * window[offset] }
                                for offset in last..<size { frame[offset] = 0 }
                                transform.power(
                                    of: frame.baseAddress!, into: power.baseAddress!, real: real.baseAddress!,
                                    imaginary: imaginary.baseAddress!)
                                for band in 0..<bands {
                                    var sum: Float = 0
                                    for bin in edges[band]..<edges[band + 1] { sum += power[bin] }
                                    spectra[index * bands + band] = 10 * log10(sum + 1e-12)
                                }
                            }
                        }
                    }
                }
            }
        }
        let floor = (spectra.max() ?? 0) - 80
        for index in spectra.indices where spectra[index] < floor { spectra[index] = floor }
        var levels = [Float](repeating: 0, count: frames * bands)
        for index in 0..<frames {
            for band in 0..<bands {
                let before = spectra[index / 2 * bands + band]
                levels[index * bands + band] = index % 2 == 0 ? before : (before + spectra[(index / 2 + 1) * bands + band]) / 2
            }
        }
        var strength = [Float](repeating: 0, count: frames)
        var low = [Float](repeating: 0, count: frames)
        var previousBass: Float = 0
        for index in 0..<frames {
            var all: Float = 0
            var bass: Float = 0
            for band in 0..<bands {
                if index > 0 { all += max(0, levels[index * bands + band] - levels[(index - 1) * bands + band]) }
                if band < lowBands { bass += pow(10, levels[index * bands + band] / 10) }
            }
            strength[index] = all / Float(bands)
            low[index] = index > 0 ? max(0, bass - previousBass) : 0
            previousBass = bass
        }
        self.strength = strength
        self.low = low
        self.levels = levels
    }

    /// The first FFT bin of each band and one past the last bin of the last: about 40 bands evenly spaced
    /// on the mel scale from 30 Hz to 11 kHz (or the Nyquist frequency), each at least one bin wide.
    static func bandEdges(size: Int, sampleRate: Int) -> [Int] {
        func mel(_ hertz: Double) -> Double { 2595 * log10(1 + hertz / 700) }
        func hertz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let top = min(11_000, Double(sampleRate) / 2)
        let count = 40
        var edges: [Int] = []
        for index in 0...count {
            let frequency = hertz(mel(30) + (mel(top) - mel(30)) * Double(index) / Double(count))
            let bin = min(size / 2, max(1, Int((frequency * Double(size) / Double(sampleRate)).rounded())))
            if let last = edges.last, bin <= last {
                if index == count, last < size / 2 { edges.append(last + 1) }
                continue
            }
            edges.append(bin)
        }
        return edges
    }
}

/// A radix-2 fast Fourier transform of real frames of one power-of-two size, computed as a complex
/// transform of half the size (even samples real, odd imaginary) and split into the real spectrum.
struct RealFourierTransform {
    /// Samples per frame.
    let size: Int
    /// Points in the complex transform.
    let half: Int
    private let bitReversed: [Int]
    /// The split's twiddles e^(−2πik/size), k < size/2.
    private let cosines: [Float]
    private let sines: [Float]
    /// Each stage's twiddles from span 4 on, one after the other (span values a stage).
    private let stageCosines: [Float]
    private let stageSines: [Float]

    /// A transform of frames of `size` samples (a power of two, at least 16).
    init(size: Int) {
        precondition(size >= 16 && size & (size - 1) == 0, "the frame size is a power of two of at least 16")
        self.size = size
        half = size / 2
        let bits = half.trailingZeroBitCount
        bitReversed = (0..<size / 2).map { index in
            var reversed = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            return reversed
        }
        cosines = (0..<size / 2).map { Float(cos(2 * Double.pi * Double($0) / Double(size))) }
        sines = (0..<size / 2).map { Float(-sin(2 * Double.pi * Double($0) / Double(size))) }
        var stageCosines: [Float] = []
        var stageSines: [Float] = []
        var span = 4
        while span < size / 2 {
            for offset in 0..<span {
                stageCosines.append(Float(cos(Double.pi * Double(offset) / Double(span))))
                stageSines.append(Float(-sin(Double.pi * Double(offset) / Double(span))))
            }
            span *= 2
        }
        self.stageCosines = stageCosines
        self.stageSines = stageSines
    }

    /// One radix-2 stage of `span` (a multiple of 8) over the whole transform, eight butterflies at a time
    /// (the same operations, lane by lane, as one at a time), with the stage's twiddles at `cosines` and `sines`.
    private func butterflies(
        span: Int, cosines: UnsafePointer<Float>, sines: UnsafePointer<Float>, real: UnsafeMutablePointer<Float>,
        imaginary: UnsafeMutablePointer<Float>
    ) {
        func load(_ pointer: UnsafePointer<Float>, _ index: Int) -> SIMD8<Float> {
            UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD8<Float>.self)
        }
        func store(_ value: SIMD8<Float>, _ pointer: UnsafeMutablePointer<Float>, _ index: Int) {
            UnsafeMutableRawPointer(pointer + index).storeBytes(of: value, as: SIMD8<Float>.self)
        }
        for start in stride(from: 0, to: half, by: 2 * span) {
            for offset in stride(from: 0, to: span, by: 8) {
                let c = load(cosines, offset)
                let s = load(sines, offset)
                let even = start + offset
                let odd = even + span
                let (oddReal, oddImaginary) = (load(real, odd), load(imaginary, odd))
                let (evenReal, evenImaginary) = (load(real, even), load(imaginary, even))
                let tr = oddReal * c - oddImaginary * s
                let ti = oddReal * s + oddImaginary * c
                store(evenReal - tr, real, odd)
                store(evenImaginary - ti, imaginary, odd)
                store(evenReal + tr, real, even)
                store(evenImaginary + ti, imaginary, even)
            }
        }
    }

    /// The power |X(k)|² of bins 0...size/2 of the `size` samples at `frame`, into `power` (size/2 + 1
    /// values); `real` and `imaginary` are scratch space of size/2 values each.
    func power(
        of frame: UnsafePointer<Float>, into power: UnsafeMutablePointer<Float>, real: UnsafeMutablePointer<Float>,
        imaginary: UnsafeMutablePointer<Float>
    ) {
        let half = half
        bitReversed.withUnsafeBufferPointer { bitReversed in
            for index in 0..<half {
                real[bitReversed[index]] = frame[2 * index]
                imaginary[bitReversed[index]] = frame[2 * index + 1]
            }
        }
        // Spans 1 and 2 at once (a radix-4 butterfly, whose twiddles are 1 and −i).
        for start in stride(from: 0, to: half, by: 4) {
            let (r0, i0, r1, i1) = (real[start], imaginary[start], real[start + 1], imaginary[start + 1])
            let (r2, i2, r3, i3) = (real[start + 2], imaginary[start + 2], real[start + 3], imaginary[start + 3])
            let (ar, ai, br, bi) = (r0 + r1, i0 + i1, r0 - r1, i0 - i1)
            let (cr, ci, dr, di) = (r2 + r3, i2 + i3, r2 - r3, i2 - i3)
            real[start] = ar + cr
            imaginary[start] = ai + ci
            real[start + 2] = ar - cr
            imaginary[start + 2] = ai - ci
            // (dr + i·di)·(−i) = di − i·dr
            real[start + 1] = br + di
            imaginary[start + 1] = bi - dr
            real[start + 3] = br - di
            imaginary[start + 3] = bi + dr
        }
        stageCosines.withUnsafeBufferPointer { stageCosines in
            stageSines.withUnsafeBufferPointer { stageSines in
                var span = 4
                var table = 0
                while span < half {
                    if span >= 8 {
                        butterflies(
                            span: span, cosines: stageCosines.baseAddress! + table, sines: stageSines.baseAddress! + table, real: real,
                            imaginary: imaginary)
                        table += span
                        span *= 2
                        continue
                    }
                    for start in stride(from: 0, to: half, by: 2 * span) {
                        for offset in 0..<span {
                            let c = stageCosines[table + offset]
                            let s = stageSines[table + offset]
                            let even = start + offset
                            let odd = even + span
                            let tr = real[odd] * c - imaginary[odd] * s
                            let ti = real[odd] * s + imaginary[odd] * c
                            real[odd] = real[even] - tr
                            imaginary[odd] = imaginary[even] - ti
                            real[even] += tr
                            imaginary[even] += ti
                        }
                    }
                    table += span
                    span *= 2
                }
            }
        }
        // Split: X(k) = E(k) + e^(−2πik/N)·O(k), E and O recovered from Z(k) and conj(Z(N/2 − k)).
        cosines.withUnsafeBufferPointer { cosines in
            sines.withUnsafeBufferPointer { sines in
                for bin in 0...half {
                    let k = bin == half ? 0 : bin
                    let m = bin == 0 ? 0 : half - bin
                    let er = (real[k] + real[m]) / 2
                    let ei = (imaginary[k] - imaginary[m]) / 2
                    let or = (imaginary[k] + imaginary[m]) / 2
                    let oi = -(real[k] - real[m]) / 2
                    let c = bin < half ? cosines[bin] : -1
                    let s = bin < half ? sines[bin] : 0
                    let xr = er + or * c - oi * s
                    let xi = ei + or * s + oi * c
                    power[bin] = xr * xr + xi * xi
                }
            }
        }
    }
}
