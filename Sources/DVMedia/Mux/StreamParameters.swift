internal import CFFmpeg

/// An encoded stream's codec parameters and time base, owned (for stream copy into a new file).
package final class StreamParameters {
    let pointer: UnsafeMutablePointer<AVCodecParameters>
    let timeBase: AVRational

    init(copying source: UnsafePointer<AVCodecParameters>, timeBase: AVRational) throws {
        guard let parameters = avcodec_parameters_alloc() else {
            throw MediaError.ffmpeg(operation: "avcodec_parameters_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        pointer = parameters
        self.timeBase = timeBase
        try check(avcodec_parameters_copy(parameters, source), "copying codec parameters")
    }

    deinit {
        var parameters: UnsafeMutablePointer<AVCodecParameters>? = pointer
        avcodec_parameters_free(&parameters)
    }

    /// The codec's out-of-band headers; segments join by stream copy only when these are identical.
    package var extradata: [UInt8] {
        guard let bytes = pointer.pointee.extradata, pointer.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(pointer.pointee.extradata_size)))
    }

    /// Time base as numerator and denominator.
    package var timeBaseFraction: (numerator: Int, denominator: Int) {
        (Int(timeBase.num), Int(timeBase.den))
    }

    /// Frames the decoder holds back before the first output (B-frame reorder delay).
    package var videoDelay: Int { Int(pointer.pointee.video_delay) }
}
