internal import CFFmpeg
import DVSignal

/// A video codec the encoder can produce. Reels are H.264, HEVC or AV1; MPEG-4 Part 2 and VP9 exist so the
/// sample generator can make the other inputs phones and cameras give.
package enum VideoCodec: String, Sendable, CaseIterable, Codable {
    case h264
    case hevc
    /// AV1 through SVT-AV1: `crf` on its own 1–63 scale, `preset` mapped from x264's names
    /// (`VideoEncoder.svtPreset`).
    case av1
    /// MPEG-4 Part 2 (libavcodec's own encoder, at its default bit rate; `crf` and `preset` are not used).
    case mpeg4
    /// VP9 through libvpx, constant quality from `crf`, its fastest mode (`preset` is not used).
    case vp9

    /// The libavcodec encoder behind the codec.
    package var encoderName: String {
        switch self {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .av1: "libsvtav1"
        case .mpeg4: "mpeg4"
        case .vp9: "libvpx-vp9"
        }
    }

    /// True when the linked FFmpeg has the encoder.
    package var isAvailable: Bool { avcodec_find_encoder_by_name(encoderName) != nil }
}

/// What an encoded stream says its colours are.
package enum EncodedColour: String, Sendable, Hashable, Codable {
    /// BT.709 primaries, transfer and matrix, limited range: an SDR reel.
    case bt709
    /// BT.2020 primaries and matrix (non-constant luminance), HLG transfer, limited range, 10-bit 4:2:0: an
    /// HLG reel (HEVC Main 10 or AV1 Main).
    case hlg
    /// Nothing said (test media for the guess untagged sources get).
    case unspecified
}

/// Encodes `VideoFrame`s with libx264, libx265 or SVT-AV1 (or, for test media, MPEG-4 Part 2 or VP9)
/// through libavcodec, with a fixed thread count.
package final class VideoEncoder {
    /// Everything that decides the encoder's output bytes.
    package struct Settings: Sendable, Hashable, Codable {
        package var codec: VideoCodec
        package var width: Int
        package var height: Int
        package var fps: Int
        package var crf: Int
        package var preset: String
        /// Fixed so that the output is the same on every machine.
        package var threads: Int
        /// 10-bit 4:2:0 input and output (an HLG reel, and test media).
        package var tenBit: Bool
        /// Codec headers out of band, as MP4 wants them.
        package var globalHeader: Bool
        /// Frames between keyframes; 0 leaves the codec's default.
        package var keyframeInterval: Int
        /// SPS/PPS that stay identical across separately encoded segments, so they join by stream copy.
        package var stitchable: Bool
        /// What the stream (the VUI, and so the MP4's `colr` box) says the pictures are, so players need not
        /// guess: what dvpipe draws.
        package var colour: EncodedColour
        /// The highest bitrate in bits per second, held over any second (x264/x265's VBV with a
        /// one-second buffer); 0 for no cap.
        package var maximumBitrate: Int

        package init(
            codec: VideoCodec, width: Int, height: Int, fps: Int, crf: Int, preset: String, threads: Int,
            tenBit: Bool = false, globalHeader: Bool = true, keyframeInterval: Int = 0, stitchable: Bool = false,
            colour: EncodedColour = .bt709, maximumBitrate: Int = 0
        ) {
            self.codec = codec
            self.width = width
            self.height = height
            self.fps = fps
            self.crf = crf
            self.preset = preset
            self.threads = threads
            self.tenBit = tenBit
            self.globalHeader = globalHeader
            self.keyframeInterval = keyframeInterval
            self.stitchable = stitchable
            self.colour = colour
            self.maximumBitrate = maximumBitrate
        }
    }

    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: Packet
    /// Frames sent to the encoder so far.
    private var framesSent = 0
    /// The settings the encoder was opened with.
    package let settings: Settings

    /// Opens the encoder; throws `codecUnavailable` when the FFmpeg build lacks it.
    package init(settings: Settings) throws {
        self.settings = settings
        guard let codec = avcodec_find_encoder_by_name(settings.codec.encoderName) else {
            throw MediaError.codecUnavailable(name: settings.codec.encoderName)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        self.context = context
        packet = try Packet()
        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.pix_fmt = settings.tenBit ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
        context.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
        context.pointee.thread_count = Int32(settings.threads)
        context.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT))
        switch settings.colour {
        case .bt709:
            context.pointee.color_primaries = AVCOL_PRI_BT709
            context.pointee.color_trc = AVCOL_TRC_BT709
            context.pointee.colorspace = AVCOL_SPC_BT709
            context.pointee.color_range = AVCOL_RANGE_MPEG
        case .hlg:
            context.pointee.color_primaries = AVCOL_PRI_BT2020
            context.pointee.color_trc = AVCOL_TRC_ARIB_STD_B67
            context.pointee.colorspace = AVCOL_SPC_BT2020_NCL
            context.pointee.color_range = AVCOL_RANGE_MPEG
        case .unspecified:
            break
        }
        if settings.globalHeader {
            context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        if settings.keyframeInterval > 0 {
            context.pointee.gop_size = Int32(settings.keyframeInterval)
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        switch settings.codec {
        case .h264, .hevc:
            av_dict_set(&options, "crf", String(settings.crf), 0)
            av_dict_set(&options, "preset", settings.preset, 0)
            av_dict_set(&options, settings.codec == .h264 ? "x264-params" : "x265-params", x26xParameters, 0)
        case .av1:
            av_dict_set(&options, "crf", String(settings.crf), 0)
            av_dict_set(&options, "preset", String(Self.svtPreset(settings.preset)), 0)
            av_dict_set(&options, "svtav1-params", "lp=\(settings.threads)", 0)
        case .vp9:
            av_dict_set(&options, "crf", String(settings.crf), 0)
            av_dict_set(&options, "deadline", "realtime", 0)
            av_dict_set(&options, "cpu-used", "8", 0)
        case .mpeg4:
            break
        }
        try check(avcodec_open2(context, codec, &options), "opening the \(settings.codec.encoderName) encoder")
    }

    /// SVT-AV1's preset (0 slowest … 13 fastest) for an x264 preset name: `veryfast`, dvpipe's default,
    /// is 10; each slower name one step slower, `placebo` 2.
    package static func svtPreset(_ name: String) -> Int {
        let names = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        let steps = [13, 12, 10, 9, 8, 7, 6, 5, 4, 2]
        return names.firstIndex(of: name).map { steps[$0] } ?? 10
    }

    /// The `x264-params` or `x265-params` string: a fixed thread count, headers that stay identical
    /// across segments when stitchable, and the bitrate cap.
    private var x26xParameters: String {
        var params: [String]
        if settings.codec == .h264 {
            // cpu-independent: x264 may otherwise pick code paths whose results differ between CPUs, so the
            // same job would give other bytes on another machine.
            params = ["threads=\(settings.threads)", "cpu-independent=1"]
            if settings.stitchable { params.append("stitchable=1") }
        } else {
            params = ["log-level=error", "pools=\(settings.threads)", "frame-threads=\(settings.threads)"]
            if settings.stitchable { params.append("repeat-headers=1") }
            // x265 opens its GOPs by default (x264 does not); a keyframe interval asked for is a platform's
            // closed GOP.
            if settings.keyframeInterval > 0 { params.append("open-gop=0") }
        }
        if settings.maximumBitrate > 0 {
            let kilobits = settings.maximumBitrate / 1000
            params += ["vbv-maxrate=\(kilobits)", "vbv-bufsize=\(kilobits)"]
        }
        return params.joined(separator: ":")
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// The codec's out-of-band headers (SPS/PPS for H.264), empty if none.
    package var extradata: [UInt8] {
        guard let bytes = context.pointee.extradata, context.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(context.pointee.extradata_size)))
    }

    /// Sends one frame with its presentation time in frames, and hands every packet that comes out to `output`.
    /// `forceKeyframe` makes the frame an IDR picture (x264 and x265 open a closed GOP there).
    package func encode(_ frame: VideoFrame, pts: Int64, forceKeyframe: Bool = false, output: (Packet) throws -> Void) throws {
        frame.pointer.pointee.pts = pts
        frame.pointer.pointee.pict_type = forceKeyframe ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        try check(avcodec_send_frame(context, frame.pointer), "sending a frame to \(settings.codec.encoderName)")
        framesSent += 1
        try drain(output)
    }

    /// Ends the stream and hands the delayed packets to `output`.
    package func flush(output: (Packet) throws -> Void) throws {
        try check(avcodec_send_frame(context, nil), "flushing \(settings.codec.encoderName)")
        try drain(output)
    }

    /// x265's largest reorder delay (its `m_bframeDelay`: 2 with B-pyramids, 1 without, 0 without B-frames).
    ///
    /// x265 (3.5) dates an encode's first packets `pts - m_bframeDelayTime`, a field that `Encoder::encode` sets
    /// only when frame `m_bframeDelay + 1` comes in and that its constructor leaves uninitialised. An encode of one
    /// or two frames so got decode times from whatever the heap held: other bytes on each run and, when the value
    /// was far off, a packet the MP4 muxer refuses ("pts/dts pair unsupported", AVERROR_PATCHWELCOME; or pts < dts).
    /// Packets that come out before a third frame is sent are all of such an encode (x265's lookahead holds a
    /// longer encode's frames until it has more), which reorders nothing: they decode at their presentation times,
    /// as libx264 dates them. Longer encodes keep x265's own times.
    private static let x265LargestDelay = 2

    private func drain(_ output: (Packet) throws -> Void) throws {
        try receivePackets(from: context, into: packet, encoderName: settings.codec.encoderName) { packet in
            if settings.codec == .hevc && framesSent <= Self.x265LargestDelay {
                packet.pointer.pointee.dts = packet.pointer.pointee.pts
            }
            try output(packet)
        }
    }
}

extension EncodedColour {
    /// What a stream of canvas frames of `format` says its colours are.
    package init(_ format: CanvasFormat) {
        switch format {
        case .sdr8: self = .bt709
        case .hlg10: self = .hlg
        }
    }
}
