internal import CFFmpeg
import DVSignal

extension VideoFrame {
    /// Copies `picture`, an 8-bit yuv420p frame, into this 8-bit yuv420p frame centred in `rect` (whose
    /// offsets are even), keeping only what falls inside `rect` and the frame.
    ///
    /// - Throws: `MediaError.invalidSize` when either frame is not 8-bit yuv420p.
    public func place(_ picture: VideoFrame, centredIn rect: PixelRect) throws {
        guard isYUV420P, picture.isYUV420P else {
            throw MediaError.invalidSize(width: picture.width, height: picture.height, reason: "placing needs 8-bit yuv420p frames")
        }
        let left = (rect.x + (rect.width - picture.width) / 2) & ~1
        let top = (rect.y + (rect.height - picture.height) / 2) & ~1
        let columns = max(rect.x, left, 0)..<min(rect.maxX, left + picture.width, width)
        let rows = max(rect.y, top, 0)..<min(rect.maxY, top + picture.height, height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let firstColumn = columns.lowerBound >> shift, lastColumn = (columns.upperBound + shift) >> shift
            let sourceBase = picture.plane(plane), targetBase = self.plane(plane)
            let sourceStride = picture.stride(plane), targetStride = stride(plane)
            for row in (rows.lowerBound >> shift)..<((rows.upperBound + shift) >> shift) {
                let source = sourceBase + (row - (top >> shift)) * sourceStride + firstColumn - (left >> shift)
                (targetBase + row * targetStride + firstColumn).update(from: source, count: lastColumn - firstColumn)
            }
        }
    }
}
