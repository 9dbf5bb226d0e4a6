/// Turning 8-bit or 16-bit planes by quarter turns, for pictures whose display matrix says so.
///
/// Strides are in samples (elements of the pointer's type): bytes for 8-bit planes, half the FFmpeg
/// line size for 16-bit ones.
package enum PlaneRotation {
    /// Writes `source` (`width`×`height` 8-bit samples) turned by `rotation` into `target`; the target area
    /// is `height`×`width` for quarter turns and `width`×`height` otherwise. Strides are in samples (bytes).
    package static func rotate(
        _ source: UnsafePointer<UInt8>, stride sourceStride: Int, width: Int, height: Int,
        into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, rotation: FrameRotation
    ) {
        turn(source, stride: sourceStride, width: width, height: height, into: target, stride: targetStride, rotation: rotation)
    }

    /// Writes `source` (`width`×`height` 16-bit samples, such as a 10-bit canvas plane) turned by `rotation`
    /// into `target`, as the 8-bit `rotate` does. Strides are in samples, not bytes.
    package static func rotate(
        _ source: UnsafePointer<UInt16>, stride sourceStride: Int, width: Int, height: Int,
        into target: UnsafeMutablePointer<UInt16>, stride targetStride: Int, rotation: FrameRotation
    ) {
        turn(source, stride: sourceStride, width: width, height: height, into: target, stride: targetStride, rotation: rotation)
    }

    /// The turn for either depth: only copies, so the samples keep every bit. Called from the concrete
    /// overloads above so that each is specialised here rather than run generically in the caller's module.
    private static func turn<Sample: FixedWidthInteger & UnsignedInteger>(
        _ source: UnsafePointer<Sample>, stride sourceStride: Int, width: Int, height: Int,
        into target: UnsafeMutablePointer<Sample>, stride targetStride: Int, rotation: FrameRotation
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
