import DVMedia

/// Frames and pixel reads for the render tests.
enum TestFrames {
    /// A yuv420p frame with every sample of each plane set to one value.
    static func uniform(width: Int, height: Int, y: UInt8, u: UInt8, v: UInt8) throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height)
        frame.fill(y: y, u: u, v: v)
        return frame
    }

    /// The sample at (x, y) of `plane`, in that plane's own coordinates.
    static func sample(_ frame: VideoFrame, plane: Int, x: Int, y: Int) -> UInt8 {
        frame.plane(plane)[y * frame.stride(plane) + x]
    }

    /// The distinct values in the given rectangle of `plane` (plane coordinates).
    static func values(_ frame: VideoFrame, plane: Int, columns: Range<Int>, rows: Range<Int>) -> Set<UInt8> {
        var found = Set<UInt8>()
        for row in rows {
            for column in columns { found.insert(sample(frame, plane: plane, x: column, y: row)) }
        }
        return found
    }

    /// The plane's visible size.
    static func size(_ frame: VideoFrame, plane: Int) -> (width: Int, height: Int) {
        plane == 0 ? (frame.width, frame.height) : (frame.width / 2, frame.height / 2)
    }
}
