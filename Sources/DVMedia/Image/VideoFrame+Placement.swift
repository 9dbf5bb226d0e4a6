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

    /// Puts `picture`, an 8-bit 4:2:0 frame, with its top-left corner at (`x`, `y`) (both even), mixed by
    /// `opacity`; the parts outside the frame are clipped, and nothing outside the rectangle is touched.
    public func paste(_ picture: VideoFrame, x: Int, y: Int, opacity: Double) {
        precondition(isYUV420P && picture.isYUV420P && x % 2 == 0 && y % 2 == 0, "pictures are pasted into 8-bit canvas frames at even places")
        let coverage = Int((max(0, min(1, opacity)) * 255).rounded())
        for index in 0..<3 {
            let shift = index == 0 ? 0 : 1
            let left = max(0, x) >> shift
            let top = max(0, y) >> shift
            let right = min(width, x + picture.width) >> shift
            let bottom = min(height, y + picture.height) >> shift
            guard left < right, top < bottom else { continue }
            for row in top..<bottom {
                let target = plane(index) + row * stride(index)
                let source = picture.plane(index) + (row - (y >> shift)) * picture.stride(index) - (x >> shift)
                if coverage == 255 {
                    (target + left).update(from: source + left, count: right - left)
                } else {
                    for column in left..<right {
                        target[column] = UInt8(clamping: Self.mix(Int(target[column]), source[column], coverage))
                    }
                }
            }
        }
    }
}
