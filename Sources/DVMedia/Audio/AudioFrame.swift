internal import CFFmpeg

/// A block of planar float audio samples, owning its `AVFrame`.
package final class AudioFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Number of samples per channel in the frame.
    package var sampleCount: Int { Int(pointer.pointee.nb_samples) }
    /// Number of channels (one plane each).
    package var channelCount: Int { Int(pointer.pointee.ch_layout.nb_channels) }

    /// Allocates `sampleCount` samples per channel of planar float audio in `layout` at `sampleRate`.
    package init(sampleCount: Int, layout: ChannelLayout, sampleRate: Int) throws {
        guard let frame = av_frame_alloc() else {
            throw MediaError.ffmpeg(operation: "av_frame_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        pointer = frame
        frame.pointee.nb_samples = Int32(sampleCount)
        frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        frame.pointee.sample_rate = Int32(sampleRate)
        frame.pointee.ch_layout = layout.ffmpegLayout
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    }

    /// An empty frame for a decoder to fill.
    convenience init() throws {
        guard let frame = av_frame_alloc() else {
            throw MediaError.ffmpeg(operation: "av_frame_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        self.init(taking: frame)
    }

    init(taking frame: UnsafeMutablePointer<AVFrame>) {
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// The samples of channel `index`, writable.
    package func samples(channel index: Int) -> UnsafeMutableBufferPointer<Float> {
        let raw = UnsafeMutableRawPointer(dv_frame_plane(pointer, Int32(index)))!
        return UnsafeMutableBufferPointer(start: raw.assumingMemoryBound(to: Float.self), count: sampleCount)
    }
}

/// The channel layouts dvpipe reads and writes.
package enum ChannelLayout: String, Sendable, Codable, CaseIterable {
    case mono
    case stereo
    case surround51 = "5.1"

    var ffmpegLayout: AVChannelLayout {
        switch self {
        case .mono: dv_channel_layout_mono()
        case .stereo: dv_channel_layout_stereo()
        case .surround51: dv_channel_layout_5point1()
        }
    }

    /// Number of channels in the layout.
    package var channelCount: Int {
        switch self {
        case .mono: 1
        case .stereo: 2
        case .surround51: 6
        }
    }
}
