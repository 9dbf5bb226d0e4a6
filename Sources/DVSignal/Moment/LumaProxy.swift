/// A frame reduced to a small 8-bit grey picture, at most `maxWidth` wide, for judging how it looks: each
/// proxy sample is the mean of a square block of luma samples, in whole numbers, so the same frame gives
/// the same proxy on every machine.
public struct LumaProxy: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row after row, `width` samples each.
    public let samples: [UInt8]

    /// The proxy of a `width`×`height` luma plane at `plane` (rows `stride` bytes apart), of 8-bit samples
    /// or, with `bytesPerSample` 2, little-endian words of `bits` significant bits.
    public init(plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, bytesPerSample: Int, bits: Int, maxWidth: Int = 160) {
        let factor = max(1, (width + maxWidth - 1) / maxWidth)
        let proxyWidth = max(1, width / factor), proxyHeight = max(1, height / factor)
        let shift = max(0, bits - 8)
        var sums = [Int](repeating: 0, count: proxyWidth * proxyHeight)
        sums.withUnsafeMutableBufferPointer { sums in
            for row in 0..<(proxyHeight * factor) {
                let target = sums.baseAddress! + (row / factor) * proxyWidth
                if bytesPerSample == 2 {
                    let line = UnsafeRawPointer(plane + row * stride).assumingMemoryBound(to: UInt16.self)
                    for column in 0..<proxyWidth {
                        var sum = 0
                        for sample in (column * factor)..<((column + 1) * factor) {
                            sum += Int(UInt16(littleEndian: line[sample])) >> shift
                        }
                        target[column] += sum
                    }
                } else {
                    let line = plane + row * stride
                    for column in 0..<proxyWidth {
                        var sum = 0
                        for sample in (column * factor)..<((column + 1) * factor) {
                            sum += Int(line[sample])
                        }
                        target[column] += sum
                    }
                }
            }
        }
        let count = factor * factor
        self.width = proxyWidth
        self.height = proxyHeight
        samples = sums.map { UInt8(clamping: ($0 + count / 2) / count) }
    }

    /// A proxy made of `samples` directly (tests, pictures drawn for them).
    public init(width: Int, height: Int, samples: [UInt8]) {
        precondition(samples.count == width * height, "a proxy holds width × height samples")
        self.width = width
        self.height = height
        self.samples = samples
    }
}
