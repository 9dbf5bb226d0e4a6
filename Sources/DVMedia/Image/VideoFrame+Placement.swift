internal import CFFmpeg
import DVSignal

extension VideoFrame {
    /// Copies `picture` into this frame centred in `rect` (whose offsets are even), keeping only what falls
    /// inside `rect` and the frame. Both frames are 8-bit yuv420p, or both 10-bit yuv420p10le; samples are
    /// copied as they are.
    ///
    /// - Throws: `MediaError.invalidSize` when either frame is neither, or their depths differ.
    package func place(_ picture: VideoFrame, centredIn rect: PixelRect) throws {
        guard let format = canvasFormat, picture.canvasFormat == format else {
            throw MediaError.invalidSize(
                width: picture.width, height: picture.height, reason: "placing needs two yuv420p or two yuv420p10le frames")
        }
        let sampleBytes = format.bytesPerSample
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
                let source = sourceBase + (row - (top >> shift)) * sourceStride + (firstColumn - (left >> shift)) * sampleBytes
                (targetBase + row * targetStride + firstColumn * sampleBytes).update(from: source, count: (lastColumn - firstColumn) * sampleBytes)
            }
        }
    }

    /// Puts `picture` with its top-left corner at (`x`, `y`) (both even), mixed by `opacity`; the parts
    /// outside the frame are clipped, and nothing outside the rectangle is touched. Both frames are of one
    /// canvas format: 8-bit ones are mixed by `opacity` in 1/255 steps, 10-bit ones in 1/65 536 steps (so a
    /// slow fade in or out does not band). Opacity 1 copies the picture exactly; 0 leaves the frame as it is.
    package func paste(_ picture: VideoFrame, x: Int, y: Int, opacity: Double) {
        let format = canvasFormat
        precondition(
            format != nil && picture.canvasFormat == format && x % 2 == 0 && y % 2 == 0,
            "pictures are pasted into canvas frames of their own format (yuv420p or yuv420p10le) at even places")
        let opacity = max(0, min(1, opacity))
        switch format {
        case .sdr8?: paste(picture, x: x, y: y, weight: Int((opacity * 255).rounded()), of: 255, as: UInt8.self)
        case .hlg10?: paste(picture, x: x, y: y, weight: Int((opacity * 65536).rounded()), of: 65536, as: UInt16.self)
        case nil: break
        }
    }

    /// `paste` with samples of `Sample`, mixed by `weight` out of `unit`.
    private func paste<Sample: CanvasSample>(_ picture: VideoFrame, x: Int, y: Int, weight: Int, of unit: Int, as: Sample.Type) {
        guard weight > 0 else { return }
        for index in 0..<3 {
            let shift = index == 0 ? 0 : 1
            let left = max(0, x) >> shift
            let top = max(0, y) >> shift
            let right = min(width, x + picture.width) >> shift
            let bottom = min(height, y + picture.height) >> shift
            guard left < right, top < bottom else { continue }
            for row in top..<bottom {
                let target = samples(index, row: row, as: Sample.self)
                let source = picture.samples(index, row: row - (y >> shift), as: Sample.self) - (x >> shift)
                if weight == unit {
                    (target + left).update(from: source + left, count: right - left)
                } else {
                    for column in left..<right {
                        target[column] = Sample(clamping: Self.mix(Int(target[column]), Int(source[column]), weight: weight, of: unit))
                    }
                }
            }
        }
    }
}
