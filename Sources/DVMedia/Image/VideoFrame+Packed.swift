internal import CFFmpeg

extension VideoFrame {
    /// A frame of any pixel format and any positive size (odd sizes too), for packed RGB pictures that the
    /// 4:2:0 initializer does not cover.
    static func packed(width: Int, height: Int, format: AVPixelFormat) throws -> VideoFrame {
        guard width > 0, height > 0 else {
            throw MediaError.invalidSize(width: width, height: height, reason: "a picture needs a positive size")
        }
        let frame = try makeEmpty()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.rawValue
        try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer")
        return frame
    }
}
