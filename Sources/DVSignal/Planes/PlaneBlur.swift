/// A box blur and darkening for small 8-bit or 16-bit planes (the blurred background), reusing one
/// scratch buffer.
///
/// Strides are in samples (elements of the pointer's type): bytes for 8-bit planes, half the FFmpeg
/// line size for 16-bit ones.
package final class PlaneBlur {
    /// One line of the plane being blurred; 16 bits wide so that either depth fits.
    private var scratch: UnsafeMutablePointer<UInt16>
    private var capacity: Int

    package init() {
        capacity = 0
        scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
    }

    deinit { scratch.deallocate() }

    /// Blurs the 8-bit plane in place with a (2 × `radius` + 1)-wide box, horizontally then vertically;
    /// samples beyond the edges repeat the edge. `stride` is in samples (bytes).
    package func blur(_ plane: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, radius: Int) {
        boxBlur(plane, stride: stride, width: width, height: height, radius: radius)
    }

    /// Blurs the 16-bit plane (such as a 10-bit canvas plane) in place, as the 8-bit `blur` does.
    /// `stride` is in samples, not bytes.
    package func blur(_ plane: UnsafeMutablePointer<UInt16>, stride: Int, width: Int, height: Int, radius: Int) {
        boxBlur(plane, stride: stride, width: width, height: height, radius: radius)
    }

    /// Scales each 8-bit sample's distance from `neutral` by `factor`/256 (darkening luma towards 16,
    /// muting chroma towards 128). `stride` is in samples (bytes).
    package static func scale(
        _ plane: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, neutral: Int, factor: Int
    ) {
        scaleSamples(plane, stride: stride, width: width, height: height, neutral: neutral, factor: factor)
    }

    /// Scales each 16-bit sample's distance from `neutral` by `factor`/256, as the 8-bit `scale` does; for
    /// a 10-bit limited-range plane the neutral values are 64 (luma) and 512 (chroma). `stride` is in
    /// samples, not bytes.
    package static func scale(
        _ plane: UnsafeMutablePointer<UInt16>, stride: Int, width: Int, height: Int, neutral: Int, factor: Int
    ) {
        scaleSamples(plane, stride: stride, width: width, height: height, neutral: neutral, factor: factor)
    }

    private static func scaleSamples<Sample: FixedWidthInteger & UnsignedInteger>(
        _ plane: UnsafeMutablePointer<Sample>, stride: Int, width: Int, height: Int, neutral: Int, factor: Int
    ) {
        for row in 0..<height {
            let line = plane + row * stride
            for column in 0..<width {
                line[column] = Sample(truncatingIfNeeded: neutral + (((Int(line[column]) - neutral) * factor) >> 8))
            }
        }
    }

    private func boxBlur<Sample: FixedWidthInteger & UnsignedInteger>(
        _ plane: UnsafeMutablePointer<Sample>, stride: Int, width: Int, height: Int, radius: Int
    ) {
        reserve(max(width, height))
        for row in 0..<height {
            boxPass(plane + row * stride, step: 1, count: width, radius: radius)
        }
        for column in 0..<width {
            boxPass(plane + column, step: stride, count: height, radius: radius)
        }
    }

    /// One running-sum box pass over `count` samples `step` samples apart.
    private func boxPass<Sample: FixedWidthInteger & UnsignedInteger>(
        _ line: UnsafeMutablePointer<Sample>, step: Int, count: Int, radius: Int
    ) {
        for index in 0..<count { scratch[index] = UInt16(truncatingIfNeeded: line[index * step]) }
        let window = 2 * radius + 1
        var sum = 0
        for offset in -radius...radius {
            sum += Int(scratch[min(count - 1, max(0, offset))])
        }
        for index in 0..<count {
            line[index * step] = Sample(truncatingIfNeeded: (sum + window / 2) / window)
            sum += Int(scratch[min(count - 1, index + radius + 1)]) - Int(scratch[max(0, index - radius)])
        }
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        scratch.deallocate()
        scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        capacity = count
    }
}
