internal import CFFmpeg
import DVSignal

/// Drawing into 4:2:0 frames (8-bit, full-range 8-bit or 10-bit): filled rectangles and text masks.
extension VideoFrame {
    /// Bits per sample of the frame's planes (8 or 10).
    var bitDepth: Int {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(pointer.pointee.format)) else { return 8 }
        return Int(descriptor.pointee.comp.0.depth)
    }

    /// The canvas format of the frame's pixels (`yuv420p` or `yuv420p10le`), nil for any other format.
    package var canvasFormat: CanvasFormat? {
        CanvasFormat.allCases.first { $0.pixelFormat.rawValue == pointer.pointee.format }
    }

    /// Plane `index` read as samples of `Sample` (`UInt16` for a frame deeper than 8 bits), and its stride in samples.
    func plane<Sample>(_ index: Int, as: Sample.Type) -> (base: UnsafeMutablePointer<Sample>, stride: Int) {
        (UnsafeMutableRawPointer(plane(index)).assumingMemoryBound(to: Sample.self), stride(index) / MemoryLayout<Sample>.size)
    }

    /// The start of row `row` of plane `index`, read as samples of `Sample`.
    func samples<Sample>(_ index: Int, row: Int, as sample: Sample.Type) -> UnsafeMutablePointer<Sample> {
        let plane = plane(index, as: sample)
        return plane.base + row * plane.stride
    }

    /// Paints the rectangle (`x`, `y`, `width`, `height`), clipped to the frame, in `color` (times 4 in a
    /// 10-bit frame). Chroma is painted for every 2×2 block the rectangle touches.
    package func fill(_ color: YUVColor, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) {
        guard bitDepth == 8 else {
            fill(YUV10Color(color), x: x, y: y, width: width, height: height)
            return
        }
        for (index, value, columns, rows) in blocks(x: x, y: y, width: width, height: height, color: [color.y, color.u, color.v]) {
            for row in rows {
                (plane(index) + row * stride(index) + columns.lowerBound).update(repeating: value, count: columns.count)
            }
        }
    }

    /// Paints the rectangle (`x`, `y`, `width`, `height`) of a 10-bit frame, clipped to it, in `color`.
    /// Chroma is painted for every 2×2 block the rectangle touches.
    package func fill(_ color: YUV10Color, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) {
        precondition(bitDepth == 10, "a 10-bit colour is painted into 10-bit frames")
        for (index, value, columns, rows) in blocks(x: x, y: y, width: width, height: height, color: [color.y, color.u, color.v]) {
            for row in rows {
                (samples(index, row: row, as: UInt16.self) + columns.lowerBound).update(repeating: value, count: columns.count)
            }
        }
    }

    /// For each plane: its index, its value of `color` and the samples the rectangle covers, clipped to
    /// the frame (none when the rectangle lies outside it).
    private func blocks<Sample>(
        x: Int, y: Int, width: Int?, height: Int?, color: [Sample]
    ) -> [(Int, Sample, Range<Int>, Range<Int>)] {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(self.width, x + (width ?? self.width))
        let bottom = min(self.height, y + (height ?? self.height))
        guard left < right, top < bottom else { return [] }
        let chromaColumns = left / 2..<(right + 1) / 2, chromaRows = top / 2..<(bottom + 1) / 2
        return [(0, color[0], left..<right, top..<bottom), (1, color[1], chromaColumns, chromaRows), (2, color[2], chromaColumns, chromaRows)]
    }

    /// Blends `mask` in `color` with its top-left corner at (`x`, `y`): luma per pixel, chroma per 2×2
    /// block with the block's mean coverage. Parts outside the frame are clipped. In a 10-bit frame the
    /// samples are mixed at 8-bit scale (so that it looks as the 8-bit frame does, times 4); samples the
    /// mask does not cover keep every bit.
    package func blend(_ mask: TextMask, x: Int, y: Int, color: YUVColor, opacity: Double = 1) {
        let scale = Int((max(0, min(1, opacity)) * 256).rounded())
        let lumaColumns = max(0, x)..<min(width, x + mask.width)
        let lumaRows = max(0, y)..<min(height, y + mask.height)
        guard !lumaColumns.isEmpty, !lumaRows.isEmpty else { return }
        if bitDepth == 8 {
            blend8(mask, x: x, y: y, color: color, scale: scale, columns: lumaColumns, rows: lumaRows)
            return
        }
        let shift = bitDepth - 8
        let values = [color.y, color.u, color.v]
        blendWide(mask, x: x, y: y, columns: lumaColumns, rows: lumaRows) { old, index, coverage in
            let weight = (index == 0 ? coverage : coverage / 4) * scale / 256
            return weight == 0 ? old : Self.mix(old >> shift, Int(values[index]), weight: weight, of: 255) << shift
        }
    }

    /// Blends `mask` in the 10-bit `color` into a 10-bit frame with its top-left corner at (`x`, `y`), as the
    /// 8-bit `blend` does but at 10-bit precision: a sample moves by its coverage × `opacity` (out of
    /// 255 × 256 for luma, 1020 × 256 for chroma's 2×2 block) towards the colour. Fully covered samples
    /// at opacity 1 take the colour exactly; uncovered ones keep every bit.
    package func blend(_ mask: TextMask, x: Int, y: Int, color: YUV10Color, opacity: Double = 1) {
        precondition(bitDepth == 10, "a 10-bit colour is blended into 10-bit frames")
        let scale = Int((max(0, min(1, opacity)) * 256).rounded())
        let lumaColumns = max(0, x)..<min(width, x + mask.width)
        let lumaRows = max(0, y)..<min(height, y + mask.height)
        guard !lumaColumns.isEmpty, !lumaRows.isEmpty, scale > 0 else { return }
        let values = [Int(color.y), Int(color.u), Int(color.v)]
        blendWide(mask, x: x, y: y, columns: lumaColumns, rows: lumaRows) { old, index, coverage in
            Self.mix(old, values[index], weight: coverage * scale, of: (index == 0 ? 255 : 1020) * 256)
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
                        line[column] = UInt8(clamping: Self.mix(Int(line[column]), Int(color.y), weight: coverage, of: 255))
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
                            line[column] = UInt8(clamping: Self.mix(Int(line[column]), Int(value), weight: coverage, of: 255))
                        }
                    }
                }
            }
        }
    }

    /// Walks the samples of a frame with 16-bit samples that `mask` (top-left corner at (`x`, `y`), clipped
    /// to `columns` × `rows` of luma) covers, and stores `mix(old, plane, coverage)` in each: coverage is
    /// the mask's value (0…255) for luma, the sum of its 2×2 block's values (0…1020) for chroma. Samples
    /// with no coverage are not visited, so they keep every bit.
    private func blendWide(
        _ mask: TextMask, x: Int, y: Int, columns: Range<Int>, rows: Range<Int>, mix: (_ old: Int, _ plane: Int, _ coverage: Int) -> Int
    ) {
        mask.alpha.withUnsafeBufferPointer { alpha in
            for row in rows {
                let line = samples(0, row: row, as: UInt16.self)
                let coverageRow = alpha.baseAddress! + (row - y) * mask.width - x
                for column in columns where coverageRow[column] != 0 {
                    line[column] = UInt16(clamping: mix(Int(line[column]), 0, Int(coverageRow[column])))
                }
            }
            let chromaColumns = columns.lowerBound / 2..<(columns.upperBound + 1) / 2
            let chromaRows = rows.lowerBound / 2..<(rows.upperBound + 1) / 2
            let cover = { (mx: Int, my: Int) -> Int in
                mx >= 0 && my >= 0 && mx < mask.width && my < mask.height ? Int(alpha[my * mask.width + mx]) : 0
            }
            for index in 1...2 {
                for row in chromaRows {
                    let line = samples(index, row: row, as: UInt16.self)
                    let my = row * 2 - y
                    for column in chromaColumns {
                        let mx = column * 2 - x
                        let sum = cover(mx, my) + cover(mx + 1, my) + cover(mx, my + 1) + cover(mx + 1, my + 1)
                        if sum != 0 {
                            line[column] = UInt16(clamping: mix(Int(line[column]), index, sum))
                        }
                    }
                }
            }
        }
    }

    /// Copies every plane of `source`, a frame of the same size and format, into this frame.
    package func copyPixels(from source: VideoFrame) {
        let bytesPerSample = bitDepth > 8 ? 2 : 1
        for index in 0..<3 {
            let rows = index == 0 ? height : (height + 1) / 2
            let rowBytes = (index == 0 ? width : (width + 1) / 2) * bytesPerSample
            for row in 0..<rows {
                (plane(index) + row * stride(index)).update(from: source.plane(index) + row * source.stride(index), count: rowBytes)
            }
        }
    }

    /// `old` moved towards `value` by `weight`/`total`, rounded to the nearest code: `old` itself at a
    /// weight of 0, `value` exactly at `total`.
    static func mix(_ old: Int, _ value: Int, weight: Int, of total: Int) -> Int {
        let change = (value - old) * weight
        let half = (total - 1) / 2
        return old + (change >= 0 ? change + half : change - half) / total
    }
}
