internal import CFFmpeg

/// A movie's streams described from its header alone, as `avformat_find_stream_info` would describe them
/// after decoding the first pictures: the MP4/MOV header gives the sizes, rates and durations; the sound's
/// layout comes from its decoder opened on the stream's configuration; a video stream's pixel format and
/// colour come from its parameter sets (HEVC: libavcodec's decoder opened
/// on the `hvcC` record, which reads its sequence parameter set; H.264: `AVCSequenceParameters` from the
/// `avcC` record, mapped as libavcodec's decoder maps it). A probe that reads the header only reads a few
/// KiB of a movie instead of its first keyframe, which is most of what a first scan of a library fetches.
///
/// Only what is certain is completed this way: another container, another codec, an unusual parameter
/// set, or a stream whose frame rate the header does not fix (uneven sample durations, whose rate
/// `avformat_find_stream_info` estimates from the first timestamps) leaves the file to the full reading.
enum HeaderStreamInfo {
    /// Completes every stream of `context` from the header; false (with nothing changed that matters) when
    /// some stream needs the full reading.
    static func complete(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard String(cString: context.pointee.iformat.pointee.name).hasPrefix("mov,") else { return false }
        var completed: [(stream: UnsafeMutablePointer<AVStream>, apply: (UnsafeMutablePointer<AVCodecParameters>) -> Void)] = []
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index] else { return false }
            let parameters = stream.pointee.codecpar.pointee
            switch parameters.codec_type {
            case AVMEDIA_TYPE_AUDIO:
                guard let apply = audioParameters(of: stream.pointee.codecpar) else { return false }
                completed.append((stream, apply))
            case AVMEDIA_TYPE_VIDEO:
                let rate = stream.pointee.r_frame_rate
                guard stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0, rate.num > 0, rate.den > 0,
                    let apply = videoParameters(of: stream.pointee.codecpar)
                else { return false }
                completed.append((stream, apply))
            default:
                continue
            }
        }
        for (stream, apply) in completed {
            apply(stream.pointee.codecpar)
        }
        return true
    }

    /// The sound as its decoder describes it once opened on the stream's configuration (an AAC
    /// `AudioSpecificConfig` gives the channel layout libavcodec names, which the `esds` box alone does not):
    /// sample rate, channel layout and sample format; nil when the decoder cannot tell them without decoding.
    private static func audioParameters(
        of parameters: UnsafeMutablePointer<AVCodecParameters>
    ) -> ((UnsafeMutablePointer<AVCodecParameters>) -> Void)? {
        openedDecoder(of: parameters) { decoder in audioParameters(of: parameters, from: decoder) }
    }

    private static func audioParameters(
        of parameters: UnsafeMutablePointer<AVCodecParameters>, from decoder: UnsafeMutablePointer<AVCodecContext>
    ) -> ((UnsafeMutablePointer<AVCodecParameters>) -> Void)? {
        guard decoder.pointee.sample_rate > 0, decoder.pointee.ch_layout.nb_channels > 0, decoder.pointee.sample_fmt != AV_SAMPLE_FMT_NONE,
            decoder.pointee.ch_layout.order != AV_CHANNEL_ORDER_CUSTOM
        else { return nil }
        // AAC at 24 kHz or less may carry SBR (and parametric stereo) signalled only in its frames: the decoder
        // doubles the rate (and the channels) once it decodes one.
        if parameters.pointee.codec_id == AV_CODEC_ID_AAC, decoder.pointee.sample_rate <= 24_000 { return nil }
        // A native or unspecified layout owns no memory: it is copied as a value.
        let (rate, format, layout) = (decoder.pointee.sample_rate, decoder.pointee.sample_fmt, decoder.pointee.ch_layout)
        return { target in
            target.pointee.sample_rate = rate
            target.pointee.format = format.rawValue
            av_channel_layout_uninit(&target.pointee.ch_layout)
            target.pointee.ch_layout = layout
        }
    }

    /// What the decoder would set in `parameters`: pixel format, colour and size; nil when it cannot be told.
    private static func videoParameters(
        of parameters: UnsafeMutablePointer<AVCodecParameters>
    ) -> ((UnsafeMutablePointer<AVCodecParameters>) -> Void)? {
        switch parameters.pointee.codec_id {
        case AV_CODEC_ID_HEVC: hevc(parameters)
        case AV_CODEC_ID_H264: h264(parameters)
        default: nil
        }
    }

    /// libavcodec's HEVC decoder reads the `hvcC` record's parameter sets when it opens and sets the pixel
    /// format, size and colour from the sequence parameter set, as decoding the first picture would.
    private static func hevc(_ parameters: UnsafeMutablePointer<AVCodecParameters>) -> ((UnsafeMutablePointer<AVCodecParameters>) -> Void)? {
        guard parameters.pointee.extradata_size > 0 else { return nil }
        return openedDecoder(of: parameters) { decoder in hevc(from: decoder) }
    }

    private static func hevc(from decoder: UnsafeMutablePointer<AVCodecContext>) -> ((UnsafeMutablePointer<AVCodecParameters>) -> Void)? {
        guard decoder.pointee.pix_fmt != AV_PIX_FMT_NONE, decoder.pointee.width > 0, decoder.pointee.height > 0 else { return nil }
        let (format, width, height) = (decoder.pointee.pix_fmt, decoder.pointee.width, decoder.pointee.height)
        let (primaries, transfer, matrix, range) =
            (decoder.pointee.color_primaries, decoder.pointee.color_trc, decoder.pointee.colorspace, decoder.pointee.color_range)
        return { target in
            target.pointee.format = format.rawValue
            target.pointee.width = width
            target.pointee.height = height
            target.pointee.color_primaries = primaries
            target.pointee.color_trc = transfer
            target.pointee.color_space = matrix
            target.pointee.color_range = range
        }
    }

    /// The H.264 decoder takes the range and colour codes from the VUI where it gives them (else keeps the
    /// container's) and shows 8-bit full-range pictures in the `yuvj` formats.
    private static func h264(_ parameters: UnsafeMutablePointer<AVCodecParameters>) -> ((UnsafeMutablePointer<AVCodecParameters>) -> Void)? {
        guard let extradata = parameters.pointee.extradata, parameters.pointee.extradata_size > 0,
            let sequence = AVCSequenceParameters(avcC: Array(UnsafeBufferPointer(start: extradata, count: Int(parameters.pointee.extradata_size))))
        else { return nil }
        // The decoder keeps the container's size unless the parameter set says otherwise (it rounds both up to
        // macroblocks and keeps the container's when they agree): only a size both give is certain.
        guard parameters.pointee.width == Int32(sequence.width), parameters.pointee.height == Int32(sequence.height) else { return nil }
        let range = sequence.fullRange.map { $0 ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG } ?? parameters.pointee.color_range
        // Codes FFmpeg has no name for are reserved: its decoder reads them as unspecified.
        let colour = sequence.colour.map { codes in
            let primaries = AVColorPrimaries(UInt32(codes.primaries)), transfer = AVColorTransferCharacteristic(UInt32(codes.transfer))
            let matrix = AVColorSpace(UInt32(codes.matrix))
            return (
                av_color_primaries_name(primaries) == nil ? AVCOL_PRI_UNSPECIFIED : primaries,
                av_color_transfer_name(transfer) == nil ? AVCOL_TRC_UNSPECIFIED : transfer,
                av_color_space_name(matrix) == nil ? AVCOL_SPC_UNSPECIFIED : matrix
            )
        }
        let matrix = colour?.2 ?? parameters.pointee.color_space
        guard matrix != AVCOL_SPC_RGB, matrix != AVCOL_SPC_YCGCO, let format = pixelFormat(of: sequence, fullRange: range == AVCOL_RANGE_JPEG)
        else { return nil }
        return { target in
            target.pointee.format = format.rawValue
            target.pointee.color_range = range
            if let (primaries, transfer, matrix) = colour {
                target.pointee.color_primaries = primaries
                target.pointee.color_trc = transfer
                target.pointee.color_space = matrix
            }
        }
    }

    /// `read`'s answer about the stream's decoder opened (one thread, not fed a packet) on `parameters`, which
    /// reads the stream's configuration (extradata) as it opens; nil when it does not open. Freed after.
    private static func openedDecoder<Answer>(
        of parameters: UnsafeMutablePointer<AVCodecParameters>, _ read: (UnsafeMutablePointer<AVCodecContext>) -> Answer?
    ) -> Answer? {
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id), let decoder = avcodec_alloc_context3(codec) else { return nil }
        defer {
            var owned: UnsafeMutablePointer<AVCodecContext>? = decoder
            avcodec_free_context(&owned)
        }
        decoder.pointee.thread_count = 1
        guard avcodec_parameters_to_context(decoder, parameters) >= 0, avcodec_open2(decoder, codec, nil) >= 0 else { return nil }
        return read(decoder)
    }

    /// The pixel format libavcodec's H.264 decoder gives pictures of `sequence`'s chroma format and depth.
    private static func pixelFormat(of sequence: AVCSequenceParameters, fullRange: Bool) -> AVPixelFormat? {
        switch (sequence.bitDepth, sequence.chromaFormat) {
        case (8, 1): fullRange ? AV_PIX_FMT_YUVJ420P : AV_PIX_FMT_YUV420P
        case (8, 2): fullRange ? AV_PIX_FMT_YUVJ422P : AV_PIX_FMT_YUV422P
        case (8, 3): fullRange ? AV_PIX_FMT_YUVJ444P : AV_PIX_FMT_YUV444P
        case (10, 1): AV_PIX_FMT_YUV420P10LE
        case (10, 2): AV_PIX_FMT_YUV422P10LE
        case (10, 3): AV_PIX_FMT_YUV444P10LE
        default: nil
        }
    }
}
