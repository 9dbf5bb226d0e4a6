internal import CFFmpeg
import DVSignal

/// Drawing into 4:2:0 frames (8-bit, full-range 8-bit or 10-bit): filled rectangles and text masks.
extension VideoFrame {
    /// Bits per sample of the frame's planes (8 or 10).
    var bitDepth: Int {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(pointer.pointee.format)) else { return 8 }
        return Int(descriptor.pointee.comp.0.depth)
    }

    /// Paints the rectangle (`x`, `y`, `width`, `height`), clipped to the frame, in `color`.
    /// Chroma is painted for every 2×2 block the rectangle touches.
    public func fill(_ color: YUVColor, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(self.width, x + (width ?? self.width))
        let bottom = min(self.height, y + (height ?? self.height))
        guard left < right, top < bottom else { return }
        let planes = [
            (0, color.y, left, top, right, bottom),
            (1, color.u, left / 2, top / 2, (right + 1) / 2, (bottom + 1) / 2),
            (2, color.v, left / 2, top / 2, (right + 1) / 2, (bottom + 1) / 2)
        ]
        for (index, value, x0, y0, x1, y1) in planes {
            forEachSample(plane: index, columns: x0..<x1, rows: y0..<y1) { _, _, _ in Int(value) }
        }
    }

    /// Blends `mask` in `color` with its top-left corner at (`x`, `y`): luma per pixel, chroma per 2×2
    /// block with the block's mean coverage. Parts outside the frame are clipped.
    public func blend(_ mask: TextMask, x: Int, y: Int, color: YUVColor, opacity: Double = 1) {
        let scale = Int((max(0, min(1, opacity)) * 256).rounded())
        let lumaColumns = max(0, x)..<min(width, x + mask.width)
        let lumaRows = max(0, y)..<min(height, y + mask.height)
        guard !lumaColumns.isEmpty, !lumaRows.isEmpty else { return }
        if bitDepth == 8 {
            blend8(mask, x: x, y: y, color: color, scale: scale, columns: lumaColumns, rows: lumaRows)
            return
        }
        forEachSample(plane: 0, columns: lumaColumns, rows: lumaRows) { column, row, old in
            let coverage = Int(mask[column - x, row - y]) * scale / 256
            return Self.mix(old, color.y, coverage)
        }
        let chromaColumns = lumaColumns.lowerBound / 2..<(lumaColumns.upperBound + 1) / 2
        let chromaRows = lumaRows.lowerBound / 2..<(lumaRows.upperBound + 1) / 2
        for (index, value) in [(1, color.u), (2, color.v)] {
            forEachSample(plane: index, columns: chromaColumns, rows: chromaRows) { column, row, old in
                let mx = column * 2 - x
                let my = row * 2 - y
                let sum = Int(mask[mx, my]) + Int(mask[mx + 1, my]) + Int(mask[mx, my + 1]) + Int(mask[mx + 1, my + 1])
                return Self.mix(old, value, sum / 4 * scale / 256)
            }
        }
    }

    /// `blend` into an 8-bit frame, reading the mask's rows directly and leaving the samples it does not
    /// cover untouched: the same arithmetic, and so the same bytes, as the general path (`mix` with a
    /// coverage of 0 keeps a sample as it is), without a bounds check or a call per sample.
    private func blend8(_ mask: TextMask, x: Int, y: Int, color: YUVColor, scale: Int, columns: Range<Int>, rows: Range<Int>) {
        mask.alpha.withUnsafeBufferPointer { alpha in
            let luma = plane(0), lumaStride = stride(0)
            for row in rows {
                let line = luma + row * lumaStride
                let coverageRow = alpha.baseAddress! + (row - y) * mask.width - x
                for column in columns {
                    let coverage = Int(coverageRow[column]) * scale / 256
                    if coverage != 0 {
                        line[column] = UInt8(clamping: Self.mix(Int(line[column]), color.y, coverage))
                    }
                }
            }
            // A chroma sample covers a 2×2 block of luma; the block's samples outside the mask count as 0.
            let chromaColumns = columns.lowerBound / 2..<(columns.upperBound + 1) / 2
            let chromaRows = rows.lowerBound / 2..<(rows.upperBound + 1) / 2
            let cover = { (mx: Int, my: Int) -> Int in
                mx >= 0 && my >= 0 && mx < mask.width && my < mask.height ? Int(alpha[my * mask.width + mx]) : 0
            }
            for (index, value) in [(1, color.u), (2, color.v)] {
                let base = plane(index), chromaStride = stride(index)
                for row in chromaRows {
                    let line = base + row * chromaStride
                    let my = row * 2 - y
                    for column in chromaColumns {
                        let mx = column * 2 - x
                        let sum = cover(mx, my) + cover(mx + 1, my) + cover(mx, my + 1) + cover(mx + 1, my + 1)
                        let coverage = sum / 4 * scale / 256
                        if coverage != 0 {
                            line[column] = UInt8(clamping: Self.mix(Int(line[column]), value, coverage))
                        }
                    }
                }
            }
        }
    }

    /// Copies every plane of `source`, a frame of the same size and format, into this frame.
    public func copyPixels(from source: VideoFrame) {
        let bytesPerSample = bitDepth > 8 ? 2 : 1
        for index in 0..<3 {
            let rows = index == 0 ? height : (height + 1) / 2
            let rowBytes = (index == 0 ? width : (width + 1) / 2) * bytesPerSample
            for row in 0..<rows {
                (plane(index) + row * stride(index)).update(from: source.plane(index) + row * source.stride(index), count: rowBytes)
            }
        }
    }

    /// `old` moved towards the 8-bit `value` by `coverage`/255, at 8-bit scale.
    static func mix(_ old: Int, _ value: UInt8, _ coverage: Int) -> Int {
        let change = (Int(value) - old) * coverage
        return old + (change >= 0 ? change + 127 : change - 127) / 255
    }

    /// Calls `update` for every sample of `plane` in the given ranges with its value at 8-bit scale,
    /// and stores the result (scaled back up for 10-bit frames).
    private func forEachSample(plane index: Int, columns: Range<Int>, rows: Range<Int>, update: (Int, Int, Int) -> Int) {
        let shift = bitDepth - 8
        let base = plane(index)
        let rowBytes = stride(index)
        for row in rows {
            if shift == 0 {
                let line = base + row * rowBytes
                for column in columns {
                    line[column] = UInt8(clamping: update(column, row, Int(line[column])))
                }
            } else {
                let line = UnsafeMutableRawPointer(base + row * rowBytes).assumingMemoryBound(to: UInt16.self)
                for column in columns {
                    let value = update(column, row, Int(line[column]) >> shift)
                    line[column] = UInt16(clamping: value << shift)
                }
            }
        }
    }
}
