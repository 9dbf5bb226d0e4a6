/// Turning 8-bit planes by quarter turns, for pictures whose display matrix says so.
package enum PlaneRotation {
    /// Writes `source` (`width`×`height` samples) turned by `rotation` into `target`; the target area
    /// is `height`×`width` for quarter turns and `width`×`height` otherwise.
    package static func rotate(
        _ source: UnsafePointer<UInt8>, stride sourceStride: Int, width: Int, height: Int,
        into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, rotation: FrameRotation
    ) {
        switch rotation {
        case .none:
            for row in 0..<height {
                (target + row * targetStride).update(from: source + row * sourceStride, count: width)
            }
        case .upsideDown:
            for row in 0..<height {
                let from = source + (height - 1 - row) * sourceStride + width - 1
                let to = target + row * targetStride
                for column in 0..<width { to[column] = from[-column] }
            }
        case .clockwise90:
            // Target row r is source column r read from the bottom row up.
            for row in 0..<width {
                let to = target + row * targetStride
                var from = source + (height - 1) * sourceStride + row
                for column in 0..<height {
                    to[column] = from.pointee
                    from -= sourceStride
                }
            }
        case .counterClockwise90:
            // Target row r is source column (width - 1 - r) read from the top row down.
            for row in 0..<width {
                let to = target + row * targetStride
                var from = source + (width - 1 - row)
                for column in 0..<height {
                    to[column] = from.pointee
                    from += sourceStride
                }
            }
        }
    }
}
