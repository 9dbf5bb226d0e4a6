import DVPlanning
import DVSignal

/// How one clip gives way to the next (the job's `transition.style`), drawn on the YUV planes of two
/// canvas frames.
///
/// Progress `p` runs from 0 (only the outgoing frame A) to 1 (only the incoming frame B). Every style
/// gives exactly A at `p = 0` and exactly B at `p = 1`. Results are integer-exact and deterministic.
extension Job.Transition.Style {
    /// Draws the transition at `progress` (clamped to 0…1) from `from` to `to` into `output`.
    /// All three are yuv420p frames of one size; `output` must be a third frame.
    public func render(from a: VideoFrame, to b: VideoFrame, progress: Double, into output: VideoFrame) throws {
        guard a.width == b.width, a.height == b.height, a.width == output.width, a.height == output.height,
            a.isYUV420P, b.isYUV420P, output.isYUV420P
        else {
            throw MediaError.invalidSize(width: output.width, height: output.height, reason: "a transition needs three yuv420p frames of one size")
        }
        precondition(output !== a && output !== b, "a transition draws into a third frame")
        try output.makeWritable()
        let p = min(1, max(0, progress.isNaN ? 0 : progress))
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let planes = Planes(
                a: a.plane(plane), aStride: a.stride(plane), b: b.plane(plane), bStride: b.stride(plane),
                output: output.plane(plane), outputStride: output.stride(plane),
                width: a.width >> shift, height: a.height >> shift, shift: shift, black: plane == 0 ? 16 : 128
            )
            draw(planes, progress: p, fullWidth: a.width, fullHeight: a.height)
        }
    }

    /// One plane of the three frames.
    private struct Planes {
        let a: UnsafeMutablePointer<UInt8>, aStride: Int
        let b: UnsafeMutablePointer<UInt8>, bStride: Int
        let output: UnsafeMutablePointer<UInt8>, outputStride: Int
        let width: Int, height: Int, shift: Int
        let black: UInt8

        func rowA(_ row: Int) -> UnsafeMutablePointer<UInt8> { a + row * aStride }
        func rowB(_ row: Int) -> UnsafeMutablePointer<UInt8> { b + row * bStride }
        func rowOutput(_ row: Int) -> UnsafeMutablePointer<UInt8> { output + row * outputStride }
    }

    private func draw(_ planes: Planes, progress p: Double, fullWidth: Int, fullHeight: Int) {
        let width = planes.width
        // Boundaries are computed on the luma grid, even, then halved for chroma.
        let columns = Self.evenFraction(p, of: fullWidth) >> planes.shift
        let rows = Self.evenFraction(p, of: fullHeight) >> planes.shift
        for row in 0..<planes.height {
            let a = planes.rowA(row), b = planes.rowB(row), out = planes.rowOutput(row)
            switch self {
            case .cut:
                TransitionRows.copy(p < 0.5 ? a : b, into: out, count: width)
            case .crossfade:
                TransitionRows.blend(a, b, into: out, count: width, weight: Self.weight(p))
            case .fade:
                if p < 0.5 {
                    TransitionRows.blend(a, toward: planes.black, into: out, count: width, weight: Self.weight(p * 2))
                } else {
                    TransitionRows.blend(b, toward: planes.black, into: out, count: width, weight: Self.weight(2 - p * 2))
                }
            case .wipeLeft:
                TransitionRows.copy(a, into: out, count: width - columns)
                TransitionRows.copy(b + width - columns, into: out + width - columns, count: columns)
            case .wipeRight:
                TransitionRows.copy(b, into: out, count: columns)
                TransitionRows.copy(a + columns, into: out + columns, count: width - columns)
            case .wipeUp:
                TransitionRows.copy(row >= planes.height - rows ? b : a, into: out, count: width)
            case .wipeDown:
                TransitionRows.copy(row < rows ? b : a, into: out, count: width)
            case .slideLeft:
                TransitionRows.copy(a + columns, into: out, count: width - columns)
                TransitionRows.copy(b, into: out + width - columns, count: columns)
            case .slideRight:
                TransitionRows.copy(b + width - columns, into: out, count: columns)
                TransitionRows.copy(a, into: out + columns, count: width - columns)
            }
        }
    }

    /// `p` as a blend weight out of 256.
    private static func weight(_ p: Double) -> Int { min(256, max(0, Int((p * 256).rounded()))) }

    /// `p × length`, rounded to an even number so chroma boundaries fall on whole samples.
    private static func evenFraction(_ p: Double, of length: Int) -> Int {
        min(length, Int((p * Double(length) / 2).rounded()) * 2)
    }
}
