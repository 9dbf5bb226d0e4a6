import DVSignal
import DVTestBasics
import Testing

/// The proxy is each block's mean, rounded, whatever the plane's size, padding and sample width.
@Suite struct LumaProxyTests {
    /// The mean of each `factor`-square block, summed sample by sample.
    static func blockMeans(_ samples: [Int], width: Int, height: Int, maxWidth: Int) -> [UInt8] {
        let factor = max(1, (width + maxWidth - 1) / maxWidth)
        let columns = max(1, width / factor), rows = max(1, height / factor)
        return (0..<(rows * columns)).map { index in
            let (row, column) = (index / columns, index % columns)
            var sum = 0
            for y in (row * factor)..<((row + 1) * factor) {
                for x in (column * factor)..<((column + 1) * factor) { sum += samples[y * width + x] }
            }
            return UInt8(clamping: (sum + factor * factor / 2) / (factor * factor))
        }
    }

    @Test(
        "8-bit and 10-bit planes of odd sizes, with row padding, give each block's rounded mean",
        arguments: [
            (1920, 1080, 400), (1918, 1077, 160), (401, 33, 400), (64, 36, 160), (7, 5, 3)
        ])
    func blockMeansOfAnyPlane(width: Int, height: Int, maxWidth: Int) {
        var random = SplitMix64(seed: UInt64(width * 7 + height))
        let stride = width + 13
        let eight = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let proxy = eight.withUnsafeBufferPointer {
            LumaProxy(plane: $0.baseAddress!, stride: stride, width: width, height: height, bytesPerSample: 1, bits: 8, maxWidth: maxWidth)
        }
        let visible = (0..<(width * height)).map { Int(eight[($0 / width) * stride + $0 % width]) }
        #expect(proxy.samples == Self.blockMeans(visible, width: width, height: height, maxWidth: maxWidth))

        let words = (0..<(stride * height)).map { _ in UInt16.random(in: 0...1023, using: &random) }
        let bytes = words.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let deep = bytes.withUnsafeBufferPointer {
            LumaProxy(plane: $0.baseAddress!, stride: 2 * stride, width: width, height: height, bytesPerSample: 2, bits: 10, maxWidth: maxWidth)
        }
        let shifted = (0..<(width * height)).map { Int(words[($0 / width) * stride + $0 % width] >> 2) }
        #expect(deep.samples == Self.blockMeans(shifted, width: width, height: height, maxWidth: maxWidth))
    }
}
