internal import CFFmpeg
import DVMediaFacts
import Foundation

/// A `mov_text` (3GPP timed text) subtitle stream in an MP4: cues encoded by libavcodec and written
/// through a `Muxer`, interleaved with the picture as the join goes (`write(upTo:)`). Each cue is one
/// sample timed in milliseconds; the MP4 muxer fills the gaps between cues with empty samples.
final class SubtitleStream {
    private let cues: [SubtitleCue]
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let muxer: Muxer
    private let stream: Int
    private var written = 0
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Cue times are whole milliseconds.
    private static let timeBase = AVRational(num: 1, den: 1000)

    /// The one style every cue uses, as the ASS script header the encoder reads its defaults from (it does
    /// not open without one): white sans text, centred at the bottom.
    private static let header = [
        "[Script Info]", "ScriptType: v4.00+", "PlayResX: 384", "PlayResY: 288", "",
        "[V4+ Styles]",
        "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, "
            + "Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, "
            + "MarginR, MarginV, Encoding",
        "Style: Default,Sans,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1", "",
        "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text", ""
    ].joined(separator: "\r\n")

    /// Opens the encoder and adds the stream to `muxer` (before its header is written).
    init(cues: [SubtitleCue], muxer: Muxer, language: String = "und") throws {
        self.cues = cues.sorted { $0.startMilliseconds < $1.startMilliseconds }
        self.muxer = muxer
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MOV_TEXT) else {
            throw MediaError.codecUnavailable(name: "mov_text")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(operation: "avcodec_alloc_context3", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        self.context = context
        context.pointee.time_base = Self.timeBase
        guard let header = av_strdup(Self.header) else {
            throw MediaError.ffmpeg(operation: "av_strdup", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        context.pointee.subtitle_header = UnsafeMutableRawPointer(header).assumingMemoryBound(to: UInt8.self)
        context.pointee.subtitle_header_size = Int32(Self.header.utf8.count)
        try check(avcodec_open2(context, codec, nil), "opening the mov_text encoder")
        guard var parameters = Optional(avcodec_parameters_alloc()), let allocated = parameters else {
            throw MediaError.ffmpeg(operation: "avcodec_parameters_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        defer { avcodec_parameters_free(&parameters) }
        try check(avcodec_parameters_from_context(allocated, context), "copying the subtitle parameters")
        stream = try muxer.addStream(copying: try StreamParameters(copying: allocated, timeBase: Self.timeBase))
        muxer.setMetadata("language", language, stream: stream)
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Writes the cues not written yet that start before `milliseconds` (`Int.max` at the end).
    func write(upTo milliseconds: Int) throws {
        while written < cues.count, cues[written].startMilliseconds < milliseconds {
            try muxer.write(try encode(cues[written]), stream: stream)
            written += 1
        }
    }

    /// One cue as a `mov_text` packet.
    private func encode(_ cue: SubtitleCue) throws -> Packet {
        let duration = max(1, cue.endMilliseconds - cue.startMilliseconds)
        var subtitle = AVSubtitle()
        defer { avsubtitle_free(&subtitle) }
        guard
            let rects = av_mallocz(MemoryLayout<UnsafeMutablePointer<AVSubtitleRect>?>.size)?
                .assumingMemoryBound(to: UnsafeMutablePointer<AVSubtitleRect>?.self),
            let rect = av_mallocz(MemoryLayout<AVSubtitleRect>.size)?.assumingMemoryBound(to: AVSubtitleRect.self)
        else {
            throw MediaError.ffmpeg(operation: "av_mallocz", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        rects[0] = rect
        subtitle.rects = rects
        subtitle.num_rects = 1
        subtitle.end_display_time = UInt32(clamping: duration)
        rect.pointee.type = SUBTITLE_ASS
        rect.pointee.ass = av_strdup("0,0,Default,,0,0,0,,\(Self.assText(cue.text))")
        let needed = cue.text.utf8.count * 2 + 64
        if buffer.count < needed {
            buffer = [UInt8](repeating: 0, count: needed)
        }
        let size = buffer.withUnsafeMutableBufferPointer { bytes in
            avcodec_encode_subtitle(context, bytes.baseAddress, Int32(bytes.count), &subtitle)
        }
        try check(size, "encoding a subtitle")
        let packet = try Packet()
        try check(av_new_packet(packet.pointer, size), "allocating a subtitle packet")
        buffer.withUnsafeBufferPointer { bytes in
            guard let source = bytes.baseAddress, let target = packet.pointer.pointee.data else { return }
            target.update(from: source, count: Int(size))
        }
        packet.pointer.pointee.pts = Int64(cue.startMilliseconds)
        packet.pointer.pointee.dts = Int64(cue.startMilliseconds)
        packet.duration = Int64(duration)
        packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
        return packet
    }

    /// `text` as ASS event text: line breaks as `\N`, and a zero-width space after each backslash so that
    /// nothing in a caption reads as an ASS override code.
    static func assText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\u{200B}").replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\n", with: "\\N")
    }

    /// The cues of the first `mov_text` stream of the file at `url`, read straight from its samples (a
    /// 16-bit big-endian length, then UTF-8 text); the empty samples between cues are left out.
    static func cues(in url: URL) throws -> [SubtitleCue] {
        let container = try ContainerReader(.file(url.path))
        let candidates = (0..<Int(container.context.pointee.nb_streams)).filter {
            container.stream($0).pointee.codecpar.pointee.codec_id == AV_CODEC_ID_MOV_TEXT
        }
        guard let index = candidates.first else { throw MediaError.noStream(kind: "mov_text subtitle", path: url.path) }
        let timeBase = container.stream(index).pointee.time_base
        let milliseconds = { (value: Int64) in Int(av_rescale_q(value, timeBase, Self.timeBase)) }
        let packet = try Packet()
        var cues: [SubtitleCue] = []
        while try container.read(into: packet) {
            defer { packet.reset() }
            guard packet.streamIndex == index else { continue }
            let bytes = [UInt8](packet.data)
            guard bytes.count >= 2 else { continue }
            let length = min(bytes.count - 2, Int(bytes[0]) << 8 | Int(bytes[1]))
            guard length > 0 else { continue }
            let start = milliseconds(packet.pts)
            cues.append(
                SubtitleCue(
                    startMilliseconds: start, endMilliseconds: start + milliseconds(packet.duration),
                    text: String(decoding: bytes[2..<(2 + length)], as: UTF8.self)
                ))
        }
        return cues
    }
}

/// Reading back what a reel's subtitle track holds, for checks and tests.
package enum SubtitleReader {
    /// The cues of the first `mov_text` stream in the file at `url`.
    package static func cues(in url: URL) throws -> [SubtitleCue] {
        try SubtitleStream.cues(in: url)
    }
}
