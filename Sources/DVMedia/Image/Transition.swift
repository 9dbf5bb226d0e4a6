import DVSignal

/// How one clip gives way to the next (the job's `transition.style`, which `DVRender` maps here), drawn on
/// the YUV planes of two canvas frames.
///
/// Progress `p` runs from 0 (only the outgoing frame A) to 1 (only the incoming frame B). Every style
/// gives exactly A at `p = 0` and exactly B at `p = 1`. Results are integer-exact and deterministic.
package enum TransitionStyle: Sendable, Hashable, CaseIterable {
    /// The outgoing picture until half way, then the incoming one.
    case cut
    /// The outgoing picture dissolves into the incoming one.
    case crossfade
    /// Through black: the outgoing picture fades out in the first half, the incoming fades in.
    case fade
    /// The incoming picture is uncovered from the right edge, the boundary moving left.
    case wipeLeft
    /// The incoming picture is uncovered from the left edge, the boundary moving right.
    case wipeRight
    /// The incoming picture is uncovered from the bottom edge, the boundary moving up.
    case wipeUp
    /// The incoming picture is uncovered from the top edge, the boundary moving down.
    case wipeDown
    /// The outgoing picture slides out to the left while the incoming slides in from the right.
    case slideLeft
    /// The outgoing picture slides out to the right while the incoming slides in from the left.
    case slideRight

    /// Draws the transition at `progress` (clamped to 0…1) from `from` to `to` into `output`.
    /// All three are canvas frames of one size and format; `output` must be a third frame.
    ///
    /// 8-bit blends weigh by 1/256 steps; 10-bit ones by 1/65 536, so a slow 10-bit crossfade or fade moves
    /// through every code rather than in 256 jumps. Fade's black is 16/128 in 8 bits, 64/512 in 10.
    package func render(from a: VideoFrame, to b: VideoFrame, progress: Double, into output: VideoFrame) throws {
        guard a.width == b.width, a.width == output.width, a.height == b.height, a.height == output.height,
            let format = output.canvasFormat, a.canvasFormat == format, b.canvasFormat == format
        else {
            throw MediaError.invalidSize(
                width: output.width, height: output.height, reason: "a transition needs three yuv420p (or three yuv420p10le) frames of one size")
        }
        precondition(output !== a && output !== b, "a transition draws into a third frame")
        try output.makeWritable()
        let p = min(1, max(0, progress.isNaN ? 0 : progress))
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let black = plane == 0 ? format.black.luma : format.black.chroma
            let planes = Planes(
                a: a.plane(plane), aStride: a.stride(plane), b: b.plane(plane), bStride: b.stride(plane),
                output: output.plane(plane), outputStride: output.stride(plane),
                width: a.width >> shift, height: a.height >> shift, shift: shift, black: black, format: format
            )
            draw(planes, progress: p, fullWidth: a.width, fullHeight: a.height)
        }
    }

    /// One plane of the three frames. Row pointers and column offsets are in bytes, so wipes and slides
    /// copy either depth alike; only blends look at the samples.
    private struct Planes {
        let a: UnsafeMutablePointer<UInt8>, aStride: Int
        let b: UnsafeMutablePointer<UInt8>, bStride: Int
        let output: UnsafeMutablePointer<UInt8>, outputStride: Int
        /// Plane size in samples.
        let width: Int, height: Int, shift: Int
        /// Fade's black at the plane's depth.
        let black: Int
        /// The samples' format.
        let format: CanvasFormat

        /// Bytes per sample.
        var sampleBytes: Int { format.bytesPerSample }
        /// The blend weight that gives the other picture (or black) exactly.
        var unit: Int { TransitionRows.unit(of: format) }

        func rowA(_ row: Int) -> UnsafeMutablePointer<UInt8> { a + row * aStride }
        func rowB(_ row: Int) -> UnsafeMutablePointer<UInt8> { b + row * bStride }
        func rowOutput(_ row: Int) -> UnsafeMutablePointer<UInt8> { output + row * outputStride }

        /// One row of `a` blended towards `b` by `weight`/`unit`.
        func blend(_ a: UnsafeMutablePointer<UInt8>, _ b: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, weight: Int) {
            TransitionRows.blend(a, b, into: out, count: width, weight: weight, format: format)
        }

        /// One row of `a` blended towards black by `weight`/`unit`.
        func fade(_ a: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, weight: Int) {
            TransitionRows.blend(a, toward: black, into: out, count: width, weight: weight, format: format)
        }
    }

    private func draw(_ planes: Planes, progress p: Double, fullWidth: Int, fullHeight: Int) {
        let bytes = planes.sampleBytes
        let width = planes.width * bytes
        // Boundaries are computed on the luma grid, even, then halved for chroma.
        let columns = (Self.evenFraction(p, of: fullWidth) >> planes.shift) * bytes
        let rows = Self.evenFraction(p, of: fullHeight) >> planes.shift
        for row in 0..<planes.height {
            let a = planes.rowA(row), b = planes.rowB(row), out = planes.rowOutput(row)
            switch self {
            case .cut:
                TransitionRows.copy(p < 0.5 ? a : b, into: out, count: width)
            case .crossfade:
                planes.blend(a, b, into: out, weight: Self.weight(p, unit: planes.unit))
            case .fade:
                if p < 0.5 {
                    planes.fade(a, into: out, weight: Self.weight(p * 2, unit: planes.unit))
                } else {
                    planes.fade(b, into: out, weight: Self.weight(2 - p * 2, unit: planes.unit))
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

    /// `p` as a blend weight out of `unit`.
    private static func weight(_ p: Double, unit: Int) -> Int { min(unit, max(0, Int((p * Double(unit)).rounded()))) }

    /// `p × length`, rounded to an even number so chroma boundaries fall on whole samples.
    private static func evenFraction(_ p: Double, of length: Int) -> Int {
        min(length, Int((p * Double(length) / 2).rounded()) * 2)
    }
}
