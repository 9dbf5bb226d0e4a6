/// A frame reduced to a small 8-bit grey picture, at most `maxWidth` wide, for judging how it looks: each
/// proxy sample is the mean of a square block of luma samples, in whole numbers, so the same frame gives
/// the same proxy on every machine.
package struct LumaProxy: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// Row after row, `width` samples each.
    package let samples: [UInt8]

    /// The proxy of a `width`×`height` luma plane at `plane` (rows `stride` bytes apart), of 8-bit samples
    /// or, with `bytesPerSample` 2, little-endian words of `bits` significant bits.
    package init(plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, bytesPerSample: Int, bits: Int, maxWidth: Int = 160) {
        let factor = max(1, (width + maxWidth - 1) / maxWidth)
        let proxyWidth = max(1, width / factor), proxyHeight = max(1, height / factor)
        let shift = max(0, bits - 8)
        let used = proxyWidth * factor
        var sums = [Int](repeating: 0, count: proxyWidth * proxyHeight)
        // Each band of `factor` rows is first added down into one row of column sums (a plain loop over
        // contiguous samples, which the compiler vectorises), then each `factor` columns of it across.
        var columns = [UInt32](repeating: 0, count: used)
        columns.withUnsafeMutableBufferPointer { columns in
            for band in 0..<proxyHeight {
                columns.update(repeating: 0)
                for row in (band * factor)..<((band + 1) * factor) {
                    if bytesPerSample == 2 {
                        let line = UnsafeRawPointer(plane + row * stride).assumingMemoryBound(to: UInt16.self)
                        for column in 0..<used {
                            columns[column] &+= UInt32(UInt16(littleEndian: line[column]) >> shift)
                        }
                    } else {
                        let line = plane + row * stride
                        for column in 0..<used {
                            columns[column] &+= UInt32(line[column])
                        }
                    }
                }
                for column in 0..<proxyWidth {
                    var sum = 0
                    for sample in (column * factor)..<((column + 1) * factor) {
                        sum += Int(columns[sample])
                    }
                    sums[band * proxyWidth + column] = sum
                }
            }
        }
        let count = factor * factor
        self.width = proxyWidth
        self.height = proxyHeight
        samples = sums.map { UInt8(clamping: ($0 + count / 2) / count) }
    }

    /// A proxy made of `samples` directly (tests, pictures drawn for them).
    package init(width: Int, height: Int, samples: [UInt8]) {
        precondition(samples.count == width * height, "a proxy holds width × height samples")
        self.width = width
        self.height = height
        self.samples = samples
    }
}
