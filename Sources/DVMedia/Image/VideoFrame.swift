internal import CFFmpeg
import DVSignal

/// One picture in planar YUV, owning its `AVFrame` and the buffers behind it.
package final class VideoFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Picture width in pixels.
    package var width: Int { Int(pointer.pointee.width) }
    /// Picture height in pixels.
    package var height: Int { Int(pointer.pointee.height) }
    /// The pixel format's FFmpeg name (`yuv420p`, `yuv420p10le`, …).
    package var pixelFormatName: String {
        av_get_pix_fmt_name(AVPixelFormat(pointer.pointee.format)).map { String(cString: $0) } ?? "unknown"
    }

    /// True for 8-bit planar 4:2:0 (`yuv420p`), the canvas and encoder format.
    var isYUV420P: Bool { pointer.pointee.format == AV_PIX_FMT_YUV420P.rawValue }
    /// True for the canvas formats: 8-bit `yuv420p` (SDR) or 10-bit `yuv420p10le` (HLG).
    var isPlanar420: Bool { isYUV420P || pointer.pointee.format == AV_PIX_FMT_YUV420P10LE.rawValue }

    /// Allocates a frame of the given size in a canvas format; `yuv420p` unless told otherwise (dimensions must be even).
    package convenience init(width: Int, height: Int, format: CanvasFormat = .sdr8) throws {
        try self.init(width: width, height: height, format: format.pixelFormat)
    }

    /// Allocates a frame; `rowPadding` extra bytes at the end of every luma row (half as many for
    /// chroma) let libswscale's vector code write past the picture's width without harm. The frame is
    /// tagged BT.709, limited range: what dvpipe draws into the frames it makes.
    init(width: Int, height: Int, format: AVPixelFormat, rowPadding: Int = 0) throws {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0, rowPadding >= 0 else {
            throw MediaError.invalidSize(width: width, height: height, reason: "4:2:0 frames need even, positive sizes")
        }
        guard let frame = av_frame_alloc() else {
            throw MediaError.ffmpeg(operation: "av_frame_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        pointer = frame
        frame.pointee.width = Int32(width + rowPadding)
        frame.pointee.height = Int32(height)
        frame.pointee.format = format.rawValue
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        frame.pointee.width = Int32(width)
    }

    /// A frame with no picture yet, for a decoder to fill.
    static func makeEmpty() throws -> VideoFrame {
        guard let frame = av_frame_alloc() else {
            throw MediaError.ffmpeg(operation: "av_frame_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        return VideoFrame(taking: frame)
    }

    /// Wraps a frame that this object now owns.
    init(taking frame: UnsafeMutablePointer<AVFrame>) {
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// The start of plane `index` (0 = Y, 1 = U, 2 = V).
    package func plane(_ index: Int) -> UnsafeMutablePointer<UInt8> {
        dv_frame_plane(pointer, Int32(index))
    }

    /// Bytes from one row of plane `index` to the next.
    package func stride(_ index: Int) -> Int {
        Int(dv_frame_linesize(pointer, Int32(index)))
    }

    /// Makes the buffers writable (copying them if an encoder still holds a reference).
    package func makeWritable() throws {
        try check(av_frame_make_writable(pointer), "av_frame_make_writable")
    }

    /// Copies the picture of `source`, a frame of the same size and pixel format, into this frame's buffers.
    package func copyPicture(from source: VideoFrame) throws {
        try makeWritable()
        try check(av_frame_copy(pointer, source.pointer), "av_frame_copy")
    }

    /// A second frame showing this one's picture: the same buffers, referenced rather than copied, so it
    /// stays valid after this frame is filled again. Only for reading: neither frame may be drawn into
    /// while the other is in use.
    package func sharedReference() throws -> VideoFrame {
        let copy = try VideoFrame.makeEmpty()
        try check(av_frame_ref(copy.pointer, pointer), "av_frame_ref")
        return copy
    }

    /// Sets every 8-bit sample of the three planes to one value each.
    package func fill(y: UInt8, u: UInt8, v: UInt8) {
        let chromaHeight = (height + 1) / 2
        for (index, value, rows) in [(0, y, height), (1, u, chromaHeight), (2, v, chromaHeight)] {
            let base = plane(index)
            let rowBytes = stride(index)
            base.update(repeating: value, count: rowBytes * rows)
        }
    }

    /// Sets every sample of the three planes of a 10-bit frame (yuv420p10le) to one 10-bit code each.
    package func fillTenBit(y: UInt16, u: UInt16, v: UInt16) {
        precondition(pointer.pointee.format == AV_PIX_FMT_YUV420P10LE.rawValue, "a 10-bit fill is for yuv420p10le frames")
        let chromaHeight = (height + 1) / 2
        for (index, value, rows) in [(0, y, height), (1, u, chromaHeight), (2, v, chromaHeight)] {
            let base = UnsafeMutableRawPointer(plane(index)).assumingMemoryBound(to: UInt16.self)
            base.update(repeating: value, count: stride(index) / 2 * rows)
        }
    }
}
