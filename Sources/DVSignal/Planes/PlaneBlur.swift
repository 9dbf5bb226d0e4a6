/// A box blur and darkening for small 8-bit planes (the blurred background), reusing one scratch buffer.
package final class PlaneBlur {
    private var scratch: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    package init() {
        capacity = 0
        scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    }

    deinit { scratch.deallocate() }

    /// Blurs the plane in place with a (2 × `radius` + 1)-wide box, horizontally then vertically;
    /// samples beyond the edges repeat the edge.
    package func blur(_ plane: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, radius: Int) {
        reserve(max(width, height))
        for row in 0..<height {
            boxPass(plane + row * stride, step: 1, count: width, radius: radius)
        }
        for column in 0..<width {
            boxPass(plane + column, step: stride, count: height, radius: radius)
        }
    }

    /// Scales each sample's distance from `neutral` by `factor`/256 (darkening luma, muting chroma).
    package static func scale(
        _ plane: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, neutral: Int, factor: Int
    ) {
        for row in 0..<height {
            let line = plane + row * stride
            for column in 0..<width {
                line[column] = UInt8(truncatingIfNeeded: neutral + (((Int(line[column]) - neutral) * factor) >> 8))
            }
        }
    }

    /// One running-sum box pass over `count` samples `step` bytes apart.
    private func boxPass(_ line: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int) {
        for index in 0..<count { scratch[index] = line[index * step] }
        let window = 2 * radius + 1
        var sum = 0
        for offset in -radius...radius {
            sum += Int(scratch[min(count - 1, max(0, offset))])
        }
        for index in 0..<count {
            line[index * step] = UInt8(truncatingIfNeeded: (sum + window / 2) / window)
            sum += Int(scratch[min(count - 1, index + radius + 1)]) - Int(scratch[max(0, index - radius)])
        }
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        scratch.deallocate()
        scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        capacity = count
    }
}
